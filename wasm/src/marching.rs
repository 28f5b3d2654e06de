//! Marching-cubes case table, generated at start-up rather than typed in: the iso-contour on each cube
//! face is traced with a fixed orientation rule, ambiguous faces are resolved by the bilinear saddle
//! (asymptotic decider) so that neighbouring cubes agree, and each closed contour is fanned into
//! triangles without creating an edge that another cube could also create. The resulting surface is
//! a closed 2-manifold with consistent outward winding (towards lower density).

use std::sync::Once;

/// Corner c of a cube sits at (c & 1, (c >> 1) & 1, (c >> 2) & 1).
pub const EDGE_CORNERS: [(usize, usize); 12] = [
    (0, 1), (2, 3), (4, 5), (6, 7), // along x
    (0, 2), (1, 3), (4, 6), (5, 7), // along y
    (0, 4), (1, 5), (2, 6), (3, 7), // along z
];

/// Edge -> (start corner offset, axis).
pub const EDGE_START: [([usize; 3], usize); 12] = [
    ([0, 0, 0], 0), ([0, 1, 0], 0), ([0, 0, 1], 0), ([0, 1, 1], 0),
    ([0, 0, 0], 1), ([1, 0, 0], 1), ([0, 0, 1], 1), ([1, 0, 1], 1),
    ([0, 0, 0], 2), ([1, 0, 0], 2), ([0, 1, 0], 2), ([1, 1, 0], 2),
];

/// Faces with their corners counter-clockwise seen from outside the cube (-x, +x, -y, +y, -z, +z).
pub const FACES: [[usize; 4]; 6] = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];

pub struct Table {
    /// First case of each configuration; a configuration has 2^(ambiguous faces) cases.
    pub base: [u32; 256],
    pub ambiguous: [[u8; 6]; 256],
    pub ambiguous_count: [u8; 256],
    /// Case -> range into `triangles`: three corners per triangle, each an edge number (0..12) or
    /// `EXTRA + j` for the j-th extra vertex of the case.
    pub case_offsets: Vec<u32>,
    pub triangles: Vec<u8>,
    /// Case -> range into `extras`: for each extra vertex, its edge count then the edges whose
    /// crossings it averages (a contour's centre).
    pub extra_offsets: Vec<u32>,
    pub extras: Vec<u8>,
}

/// Triangle corners from this number on denote extra vertices placed at a contour's centre.
pub const EXTRA: u8 = 12;

static INIT: Once = Once::new();
static mut TABLE: Option<Table> = None;

pub fn table() -> &'static Table {
    unsafe {
        INIT.call_once(|| TABLE = Some(build()));
        TABLE.as_ref().unwrap()
    }
}

fn edge_of(a: usize, b: usize) -> usize {
    let (a, b) = if a < b { (a, b) } else { (b, a) };
    EDGE_CORNERS.iter().position(|&e| e == (a, b)).expect("corners of a cube edge")
}

fn faces_of_edge(e: usize) -> [usize; 2] {
    let mut out = [usize::MAX; 2];
    let mut k = 0;
    for (f, corners) in FACES.iter().enumerate() {
        let (a, b) = EDGE_CORNERS[e];
        if corners.contains(&a) && corners.contains(&b) {
            out[k] = f;
            k += 1;
        }
    }
    out
}

fn share_face(a: usize, b: usize) -> bool {
    let fa = faces_of_edge(a);
    let fb = faces_of_edge(b);
    fa.iter().any(|f| fb.contains(f))
}

/// Whether the inside corners of an ambiguous face are joined through the face: the bilinear
/// interpolant's saddle value is inside. `values` are the face corners in `FACES` order, minus iso.
#[inline]
pub fn joins_inside(v: [f32; 4]) -> bool {
    if v[0] >= 0.0 {
        v[0] * v[2] >= v[1] * v[3]
    } else {
        v[1] * v[3] >= v[0] * v[2]
    }
}

fn build() -> Table {
    let mut base = [0u32; 256];
    let mut ambiguous = [[0u8; 6]; 256];
    let mut ambiguous_count = [0u8; 256];
    let mut case_offsets = vec![0u32];
    let mut triangles: Vec<u8> = Vec::new();
    let mut extra_offsets = vec![0u32];
    let mut extras: Vec<u8> = Vec::new();
    for cfg in 0..256usize {
        let inside = |c: usize| cfg >> c & 1 == 1;
        let mut amb = Vec::new();
        for (f, corners) in FACES.iter().enumerate() {
            let flips = (0..4).filter(|&k| inside(corners[k]) != inside(corners[(k + 1) % 4])).count();
            if flips == 4 {
                amb.push(f);
            }
        }
        base[cfg] = (case_offsets.len() - 1) as u32;
        ambiguous_count[cfg] = amb.len() as u8;
        for (j, &f) in amb.iter().enumerate() {
            ambiguous[cfg][j] = f as u8;
        }
        for bits in 0..(1usize << amb.len()) {
            let mut next = [usize::MAX; 12];
            for (f, corners) in FACES.iter().enumerate() {
                // Crossings in counter-clockwise order: (edge, entering the inside?).
                let mut crossings: Vec<(usize, bool)> = Vec::new();
                for k in 0..4 {
                    let (a, b) = (corners[k], corners[(k + 1) % 4]);
                    if inside(a) != inside(b) {
                        crossings.push((edge_of(a, b), inside(b)));
                    }
                }
                let n = crossings.len();
                if n == 0 {
                    continue;
                }
                let join = amb.iter().position(|&x| x == f).map(|j| bits >> j & 1 == 1).unwrap_or(false);
                for i in 0..n {
                    let (e, entering) = crossings[i];
                    if !entering {
                        continue;
                    }
                    // A contour segment runs from where the walk enters the inside to where it leaves:
                    // the next exit when inside corners are cut off separately, the previous one
                    // when they are joined across the face.
                    let x = if join { crossings[(i + n - 1) % n] } else { crossings[(i + 1) % n] };
                    debug_assert!(!x.1);
                    next[e] = x.0;
                }
            }
            let mut seen = [false; 12];
            let mut extra_count = 0u8;
            for s in 0..12 {
                if next[s] == usize::MAX || seen[s] {
                    continue;
                }
                let mut contour = Vec::new();
                let mut e = s;
                while !seen[e] {
                    seen[e] = true;
                    contour.push(e);
                    e = next[e];
                }
                let mut tris = Vec::new();
                if triangulate(&contour, &mut tris) {
                    triangles.extend(tris.iter().map(|&e| e as u8));
                } else {
                    // No triangulation avoids face-sharing diagonals: fan around the contour's centre.
                    let centre = EXTRA + extra_count;
                    extra_count += 1;
                    extras.push(contour.len() as u8);
                    extras.extend(contour.iter().map(|&e| e as u8));
                    for i in 0..contour.len() {
                        triangles.extend_from_slice(&[contour[i] as u8, contour[(i + 1) % contour.len()] as u8, centre]);
                    }
                }
            }
            case_offsets.push(triangles.len() as u32);
            extra_offsets.push(extras.len() as u32);
        }
    }
    Table { base, ambiguous, ambiguous_count, case_offsets, triangles, extra_offsets, extras }
}

/// Triangulates a contour using only diagonals that never join two edges of one cube face: such a
/// diagonal could also be produced by the neighbouring cube and make the edge non-manifold.
fn triangulate(poly: &[usize], out: &mut Vec<usize>) -> bool {
    let l = poly.len();
    if l < 3 {
        return true;
    }
    if l == 3 {
        out.extend_from_slice(poly);
        return true;
    }
    // The side (first, last) belongs to one triangle; try each apex.
    for k in 1..l - 1 {
        let left_ok = k == 1 || !share_face(poly[0], poly[k]);
        let right_ok = k == l - 2 || !share_face(poly[k], poly[l - 1]);
        if !(left_ok && right_ok) {
            continue;
        }
        let mark = out.len();
        out.extend_from_slice(&[poly[0], poly[k], poly[l - 1]]);
        if triangulate(&poly[..=k], out) && triangulate(&poly[k..], out) {
            return true;
        }
        out.truncate(mark);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_builds_and_single_corner_points_outward() {
        let t = table();
        // Corner 0 inside: one triangle around it, wound so its normal points away from corner 0.
        let c = t.base[1] as usize;
        let tri = &t.triangles[t.case_offsets[c] as usize..t.case_offsets[c + 1] as usize];
        assert_eq!(tri.len(), 3);
        let with_extras = (0..t.case_offsets.len() - 1).filter(|&c| t.extra_offsets[c + 1] > t.extra_offsets[c]).count();
        eprintln!("cases: {}, with a centre vertex: {}", t.case_offsets.len() - 1, with_extras);
        let mid = |e: u8| {
            let (a, b) = EDGE_CORNERS[e as usize];
            let p = |c: usize| [(c & 1) as f32, (c >> 1 & 1) as f32, (c >> 2 & 1) as f32];
            let (pa, pb) = (p(a), p(b));
            [(pa[0] + pb[0]) / 2.0, (pa[1] + pb[1]) / 2.0, (pa[2] + pb[2]) / 2.0]
        };
        let (a, b, cc) = (mid(tri[0]), mid(tri[1]), mid(tri[2]));
        let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let v = [cc[0] - a[0], cc[1] - a[1], cc[2] - a[2]];
        let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
        assert!(n[0] > 0.0 && n[1] > 0.0 && n[2] > 0.0);
    }
}
