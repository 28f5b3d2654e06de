//! Mesh health and shape info: holes (boundary loops), non-manifold edges and vertices, degenerate
//! faces and inconsistent winding, each defect with a location; plus area, centre, normal, planarity,
//! bounding box and enclosed volume.

use crate::{check_finite, try_vec, Buffer, GeomError, GeomResult, Output};

/// A triangle is degenerate when twice its area is below this fraction of its longest edge squared
/// (an angle of about a microradian): below f32 resolution such faces have no usable normal.
const DEGENERATE_RATIO: f64 = 1e-6;
/// Vertices within this fraction of the bounding-box diagonal of a plane count as lying on it.
const PLANAR_TOLERANCE: f64 = 1e-6;

pub const CATEGORIES: usize = 5;
pub const SCALARS: usize = 30;

/// Defects of one kind before grouping: each item has vertices (for grouping and the location),
/// triangles and edges (vertex pairs) to highlight.
#[derive(Default)]
struct Items {
    vert_off: Vec<u32>,
    verts: Vec<u32>,
    tri_off: Vec<u32>,
    tris: Vec<u32>,
    edges: Vec<u32>,
    edge_off: Vec<u32>,
}

impl Items {
    fn new() -> Self {
        Items { vert_off: vec![0], tri_off: vec![0], edge_off: vec![0], ..Default::default() }
    }
    fn len(&self) -> usize {
        self.vert_off.len() - 1
    }
    fn push(&mut self, verts: &[u32], tris: &[u32], edges: &[u32]) {
        self.verts.extend_from_slice(verts);
        self.vert_off.push(self.verts.len() as u32);
        self.tris.extend_from_slice(tris);
        self.tri_off.push(self.tris.len() as u32);
        self.edges.extend_from_slice(edges);
        self.edge_off.push(self.edges.len() as u32);
    }
}

#[inline]
fn next_corner(c: usize) -> usize {
    if c % 3 == 2 {
        c - 2
    } else {
        c + 1
    }
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[x as usize];
        parent[x as usize] = parent[p as usize];
        x = parent[x as usize];
    }
    x
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let ra = find(parent, a);
    let rb = find(parent, b);
    if ra != rb {
        // The smaller index becomes the root: grouping then depends only on the input.
        if ra < rb {
            parent[rb as usize] = ra;
        } else {
            parent[ra as usize] = rb;
        }
    }
}

/// Output: scalars (see `SCALARS` layout in the loader) and, per category in the order holes,
/// non-manifold edges, non-manifold vertices, degenerate faces, inconsistent winding, five buffers:
/// points (xyz per defect), triangle offsets, triangles, edge offsets, edges (vertex pairs).
pub fn mesh_health(p: &[f32], idx: &[u32], max_defects: usize) -> GeomResult<Output> {
    let nv = p.len() / 3;
    let nt = idx.len() / 3;
    check_finite(p, "positions")?;
    if let Some(bad) = idx.iter().find(|&&i| i as usize >= nv) {
        return Err(GeomError::invalid(format!("index {} is out of range for {} vertices", bad, nv)));
    }
    let pos = |v: u32| -> [f64; 3] {
        let i = v as usize * 3;
        [p[i] as f64, p[i + 1] as f64, p[i + 2] as f64]
    };

    let (lo, hi) = if nv > 0 { crate::bounds(p) } else { ([0.0; 3], [0.0; 3]) };
    let diag = (0..3).map(|a| ((hi[a] - lo[a]) as f64).powi(2)).sum::<f64>().sqrt();
    let bbox_center = [(lo[0] as f64 + hi[0] as f64) * 0.5, (lo[1] as f64 + hi[1] as f64) * 0.5, (lo[2] as f64 + hi[2] as f64) * 0.5];

    // Geometry pass: area, centroid, summed normal, volume, degenerate faces.
    let mut area = 0.0f64;
    let mut centroid = [0.0f64; 3];
    let mut normal_sum = [0.0f64; 3];
    let mut volume6 = 0.0f64;
    let mut largest = (0.0f64, [0.0f64; 3]);
    let mut valid = try_vec(nt, true)?;
    let mut degenerate = Items::new();
    for t in 0..nt {
        let (ia, ib, ic) = (idx[3 * t], idx[3 * t + 1], idx[3 * t + 2]);
        let (a, b, c) = (pos(ia), pos(ib), pos(ic));
        let u = sub(b, a);
        let v = sub(c, a);
        let n = cross(u, v);
        let twice = norm(n);
        let lmax2 = dot(u, u).max(dot(v, v)).max(dot(sub(c, b), sub(c, b)));
        let index_degenerate = ia == ib || ib == ic || ia == ic;
        if index_degenerate {
            valid[t] = false;
        }
        if index_degenerate || twice <= DEGENERATE_RATIO * lmax2 || lmax2 == 0.0 {
            let e = [ia, ib, ib, ic, ic, ia];
            degenerate.push(&[ia, ib, ic], &[t as u32], &e);
        }
        // Sums of twice the area, area-weighted vertex sums and twice the vector area; halved and
        // divided once after the loop.
        area += twice;
        for k in 0..3 {
            centroid[k] += twice * (a[k] + b[k] + c[k]);
            normal_sum[k] += n[k];
        }
        if twice > largest.0 {
            largest = (twice, n);
        }
        let (ra, rb, rc) = (sub(a, bbox_center), sub(b, bbox_center), sub(c, bbox_center));
        volume6 += dot(ra, cross(rb, rc));
    }
    let center = if area > 0.0 { scale(centroid, 1.0 / (3.0 * area)) } else { bbox_center };
    let area = 0.5 * area;
    let normal_sum = scale(normal_sum, 0.5);

    // Planarity: every vertex within tolerance of the plane through the centre. The summed normal
    // vanishes on closed or inconsistently wound meshes, so fall back to the largest face's normal.
    let ns = norm(normal_sum);
    let plane_n = if ns > 1e-9 * area && ns > 0.0 {
        scale(normal_sum, 1.0 / ns)
    } else if largest.0 > 0.0 {
        scale(largest.1, 1.0 / norm(largest.1))
    } else {
        [0.0; 3]
    };
    let mut is_planar = nt > 0 && norm(plane_n) > 0.0;
    if is_planar {
        let tol = PLANAR_TOLERANCE * diag.max(1e-30);
        for &v in idx {
            if dot(sub(pos(v), center), plane_n).abs() > tol {
                is_planar = false;
                break;
            }
        }
    }
    let normal = if is_planar {
        plane_n
    } else if ns > 1e-6 * area && ns > 0.0 {
        scale(normal_sum, 1.0 / ns)
    } else {
        [0.0; 3]
    };

    // Topology: bucket half-edges by their lower vertex (counting sort), then sort each small bucket
    // by the upper vertex; runs of equal (lower, upper) are the undirected edges.
    let mut start = try_vec(nv + 1, 0u32)?;
    for t in 0..nt {
        if !valid[t] {
            continue;
        }
        for k in 0..3 {
            let a = idx[3 * t + k];
            let b = idx[3 * t + (k + 1) % 3];
            start[a.min(b) as usize + 1] += 1;
        }
    }
    for v in 0..nv {
        start[v + 1] += start[v];
    }
    let total = start[nv] as usize;
    // Half-edges as (upper vertex << 32 | corner): one array, ordered by plain integer compares.
    let mut he = try_vec(total, 0u64)?;
    {
        let mut cursor = start.clone();
        for t in 0..nt {
            if !valid[t] {
                continue;
            }
            for k in 0..3 {
                let c = 3 * t + k;
                let a = idx[c];
                let b = idx[3 * t + (k + 1) % 3];
                let l = a.min(b) as usize;
                let slot = cursor[l] as usize;
                cursor[l] += 1;
                he[slot] = ((a.max(b) as u64) << 32) | c as u64;
            }
        }
    }

    let mut corner_parent: Vec<u32> = try_vec(3 * nt, 0u32)?;
    for (i, v) in corner_parent.iter_mut().enumerate() {
        *v = i as u32;
    }
    let mut on_nm_edge = try_vec(nv, false)?;
    let mut holes = Items::new();
    let mut nm_edges = Items::new();
    let mut winding = Items::new();
    let mut edge_count = 0usize;
    let mut run_tris: Vec<u32> = Vec::new();
    for v in 0..nv {
        let (s, e) = (start[v] as usize, start[v + 1] as usize);
        // Insertion sort: buckets hold a handful of half-edges.
        for i in s + 1..e {
            let x = he[i];
            let mut j = i;
            while j > s && he[j - 1] > x {
                he[j] = he[j - 1];
                j -= 1;
            }
            he[j] = x;
        }
        let hi_of = |x: u64| (x >> 32) as u32;
        let corner_of = |x: u64| x as u32 as usize;
        let mut i = s;
        while i < e {
            let h = hi_of(he[i]);
            let mut j = i + 1;
            while j < e && hi_of(he[j]) == h {
                j += 1;
            }
            edge_count += 1;
            let lo_v = v as u32;
            let m = j - i;
            if m == 1 {
                let c = corner_of(he[i]);
                // Keep the boundary edge in the direction of its triangle.
                let (a, b) = (idx[c], idx[next_corner(c)]);
                holes.push(&[a, b], &[(c / 3) as u32], &[a, b]);
            } else if m == 2 {
                let (c1, c2) = (corner_of(he[i]), corner_of(he[i + 1]));
                let forward1 = idx[c1] == lo_v;
                let forward2 = idx[c2] == lo_v;
                if forward1 == forward2 {
                    winding.push(&[lo_v, h], &[(c1 / 3) as u32, (c2 / 3) as u32], &[lo_v, h]);
                }
                // Join the two triangles' corners at each end of the edge: a vertex whose corners
                // end up in more than one group has more than one fan (non-manifold vertex).
                let (lo1, hi1) = if forward1 { (c1, next_corner(c1)) } else { (next_corner(c1), c1) };
                let (lo2, hi2) = if forward2 { (c2, next_corner(c2)) } else { (next_corner(c2), c2) };
                union(&mut corner_parent, lo1 as u32, lo2 as u32);
                union(&mut corner_parent, hi1 as u32, hi2 as u32);
            } else {
                run_tris.clear();
                run_tris.extend(he[i..j].iter().map(|&x| (corner_of(x) / 3) as u32));
                nm_edges.push(&[lo_v, h], &run_tris, &[lo_v, h]);
                on_nm_edge[v] = true;
                on_nm_edge[h as usize] = true;
            }
            i = j;
        }
    }
    drop(he);

    // Count fans per vertex: the roots among its corners.
    let mut fans = try_vec(nv, 0u8)?;
    for t in 0..nt {
        if !valid[t] {
            continue;
        }
        for k in 0..3 {
            let c = (3 * t + k) as u32;
            if find(&mut corner_parent, c) == c {
                let f = &mut fans[idx[c as usize] as usize];
                *f = f.saturating_add(1);
            }
        }
    }
    drop(corner_parent);
    let mut nm_vertex_item = try_vec(nv, u32::MAX)?;
    let mut nm_vertex_list: Vec<u32> = Vec::new();
    for v in 0..nv {
        if fans[v] >= 2 && !on_nm_edge[v] {
            nm_vertex_item[v] = nm_vertex_list.len() as u32;
            nm_vertex_list.push(v as u32);
        }
    }
    let mut nm_vertices = Items::new();
    if !nm_vertex_list.is_empty() {
        let mut tris_of: Vec<Vec<u32>> = vec![Vec::new(); nm_vertex_list.len()];
        for t in 0..nt {
            if !valid[t] {
                continue;
            }
            for k in 0..3 {
                let it = nm_vertex_item[idx[3 * t + k] as usize];
                if it != u32::MAX {
                    tris_of[it as usize].push(t as u32);
                }
            }
        }
        for (i, &v) in nm_vertex_list.iter().enumerate() {
            nm_vertices.push(&[v], &tris_of[i], &[]);
        }
    }

    let counts = [holes.len(), nm_edges.len(), nm_vertices.len(), degenerate.len(), winding.len()];
    let mut vertex_parent = try_vec(nv, u32::MAX)?;
    let mut buffers = Vec::with_capacity(5 * CATEGORIES);
    let mut clusters = [0usize; CATEGORIES];
    for (ci, items) in [&holes, &nm_edges, &nm_vertices, &degenerate, &winding].iter().enumerate() {
        let (bufs, n) = group(items, p, &mut vertex_parent, max_defects);
        clusters[ci] = n;
        buffers.extend(bufs);
    }

    let mut scalars = vec![0.0f64; SCALARS];
    scalars[0] = nt as f64;
    scalars[1] = nv as f64;
    scalars[2] = clusters[0] as f64; // holes: boundary loops
    scalars[3] = counts[0] as f64; // boundary edges
    scalars[4] = counts[1] as f64;
    scalars[5] = counts[2] as f64;
    scalars[6] = counts[3] as f64;
    scalars[7] = counts[4] as f64;
    scalars[8] = area;
    scalars[9..12].copy_from_slice(&center);
    scalars[12..15].copy_from_slice(&normal);
    scalars[15] = is_planar as u32 as f64;
    for a in 0..3 {
        scalars[16 + a] = lo[a] as f64;
        scalars[19 + a] = hi[a] as f64;
    }
    scalars[22] = volume6 / 6.0;
    scalars[23] = edge_count as f64;
    scalars[24] = (counts[0] == 0 && counts[1] == 0) as u32 as f64;
    for c in 0..CATEGORIES {
        scalars[25 + c] = clusters[c] as f64;
    }
    Ok(Output { buffers, scalars })
}

/// Groups items that share vertices into defects (a hole's edges form one loop, a seam of
/// non-manifold edges is one defect), largest first, and writes the defect buffers.
fn group(items: &Items, p: &[f32], parent: &mut [u32], max_defects: usize) -> (Vec<Buffer>, usize) {
    let n = items.len();
    for &v in &items.verts {
        parent[v as usize] = v;
    }
    for i in 0..n {
        let vs = &items.verts[items.vert_off[i] as usize..items.vert_off[i + 1] as usize];
        for w in vs.windows(2) {
            union(parent, w[0], w[1]);
        }
    }
    let mut order: Vec<(u32, u32)> = (0..n)
        .map(|i| (find(parent, items.verts[items.vert_off[i] as usize]), i as u32))
        .collect();
    order.sort_unstable();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && order[j].0 == order[i].0 {
            j += 1;
        }
        runs.push((i, j));
        i = j;
    }
    let total = runs.len();
    runs.sort_by(|a, b| (b.1 - b.0).cmp(&(a.1 - a.0)).then(a.0.cmp(&b.0)));
    runs.truncate(max_defects);

    let mut points = Vec::with_capacity(runs.len() * 3);
    let mut tri_off = vec![0u32];
    let mut tris: Vec<u32> = Vec::new();
    let mut edge_off = vec![0u32];
    let mut edges: Vec<u32> = Vec::new();
    for &(s, e) in &runs {
        let mut acc = [0.0f64; 3];
        let mut k = 0usize;
        let t0 = tris.len();
        for &(_, it) in &order[s..e] {
            let it = it as usize;
            for &v in &items.verts[items.vert_off[it] as usize..items.vert_off[it + 1] as usize] {
                for a in 0..3 {
                    acc[a] += p[3 * v as usize + a] as f64;
                }
                k += 1;
            }
            tris.extend_from_slice(&items.tris[items.tri_off[it] as usize..items.tri_off[it + 1] as usize]);
            edges.extend_from_slice(&items.edges[items.edge_off[it] as usize..items.edge_off[it + 1] as usize]);
        }
        tris[t0..].sort_unstable();
        let mut w = t0;
        for r in t0..tris.len() {
            if r == t0 || tris[r] != tris[w - 1] {
                tris[w] = tris[r];
                w += 1;
            }
        }
        tris.truncate(w);
        for a in 0..3 {
            points.push((acc[a] / k.max(1) as f64) as f32);
        }
        tri_off.push(tris.len() as u32);
        edge_off.push(edges.len() as u32);
    }
    for &v in &items.verts {
        parent[v as usize] = u32::MAX;
    }
    (vec![Buffer::F32(points), Buffer::U32(tri_off), Buffer::U32(tris), Buffer::U32(edge_off), Buffer::U32(edges)], total)
}

#[inline]
fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
#[inline]
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
#[inline]
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
#[inline]
fn norm(a: [f64; 3]) -> f64 {
    dot(a, a).sqrt()
}
#[inline]
fn scale(a: [f64; 3], s: f64) -> [f64; 3] {
    [a[0] * s, a[1] * s, a[2] * s]
}
