//! Point-in-mesh tests and lattice filling of closed triangle meshes, by casting rays along +x and
//! summing signed crossings (winding number). Triangles are binned over the (y, z) plane; a ray that
//! hits an edge or a vertex is counted once thanks to a half-open rule on the projected edges.

use crate::{check_finite, try_vec, Buffer, GeomError, GeomResult, Output};

struct RayIndex<'a> {
    p: &'a [f32],
    idx: &'a [u32],
    lo: [f64; 2],
    inv_cell: [f64; 2],
    dims: [usize; 2],
    start: Vec<u32>,
    tris: Vec<u32>,
}

#[inline]
fn yz(p: &[f32], v: u32) -> [f64; 2] {
    [p[3 * v as usize + 1] as f64, p[3 * v as usize + 2] as f64]
}

#[inline]
fn orient(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// Side of `c` relative to the line a -> b, computed from the edge's endpoints in a fixed order so
/// that the two triangles sharing an edge get exactly opposite values (rounding included).
#[inline]
fn edge_side(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    if (a[0], a[1]) <= (b[0], b[1]) {
        orient(a, b, c)
    } else {
        -orient(b, a, c)
    }
}

/// Half-open rule: of an edge's two directions exactly one is included, so a point on an edge
/// shared by two triangles belongs to one of them, and a point on a vertex to exactly one of a fan.
#[inline]
fn edge_included(a: [f64; 2], b: [f64; 2]) -> bool {
    let d = [b[0] - a[0], b[1] - a[1]];
    d[1] > 0.0 || (d[1] == 0.0 && d[0] < 0.0)
}

impl<'a> RayIndex<'a> {
    fn new(p: &'a [f32], idx: &'a [u32]) -> GeomResult<Self> {
        let nv = p.len() / 3;
        let nt = idx.len() / 3;
        check_finite(p, "positions")?;
        if let Some(bad) = idx.iter().find(|&&i| i as usize >= nv) {
            return Err(GeomError::invalid(format!("index {} is out of range for {} vertices", bad, nv)));
        }
        if nt == 0 {
            return Err(GeomError::invalid("the mesh has no triangles"));
        }
        let mut lo = [f64::INFINITY; 2];
        let mut hi = [f64::NEG_INFINITY; 2];
        for &v in idx {
            let q = yz(p, v);
            for a in 0..2 {
                lo[a] = lo[a].min(q[a]);
                hi[a] = hi[a].max(q[a]);
            }
        }
        let ext = [(hi[0] - lo[0]).max(1e-30), (hi[1] - lo[1]).max(1e-30)];
        // About one bin per triangle, square bins, at most 2048 per side.
        let cell = (ext[0] * ext[1] / nt as f64).sqrt().max(ext[0].max(ext[1]) / 2048.0);
        let dims = [((ext[0] / cell).ceil() as usize).clamp(1, 2048), ((ext[1] / cell).ceil() as usize).clamp(1, 2048)];
        let inv_cell = [dims[0] as f64 / ext[0], dims[1] as f64 / ext[1]];
        let mut start = try_vec(dims[0] * dims[1] + 1, 0u32)?;
        let bin_range = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| -> [usize; 4] {
            let f = |v: f64, ax: usize| (((v - lo[ax]) * inv_cell[ax]).floor() as i64).clamp(0, dims[ax] as i64 - 1) as usize;
            [
                f(a[0].min(b[0]).min(c[0]), 0),
                f(a[0].max(b[0]).max(c[0]), 0),
                f(a[1].min(b[1]).min(c[1]), 1),
                f(a[1].max(b[1]).max(c[1]), 1),
            ]
        };
        let mut total = 0usize;
        for pass in 0..2 {
            let mut tris: Vec<u32> = if pass == 1 { try_vec(total, 0u32)? } else { Vec::new() };
            let mut cursor: Vec<u32> = if pass == 1 { start.clone() } else { Vec::new() };
            for t in 0..nt {
                let (a, b, c) = (yz(p, idx[3 * t]), yz(p, idx[3 * t + 1]), yz(p, idx[3 * t + 2]));
                if orient(a, b, c) == 0.0 {
                    continue; // parallel to the rays: never crossed
                }
                let r = bin_range(a, b, c);
                for u in r[0]..=r[1] {
                    for v in r[2]..=r[3] {
                        let bin = u * dims[1] + v;
                        if pass == 0 {
                            start[bin + 1] += 1;
                            total += 1;
                        } else {
                            tris[cursor[bin] as usize] = t as u32;
                            cursor[bin] += 1;
                        }
                    }
                }
            }
            if pass == 0 {
                for i in 0..dims[0] * dims[1] {
                    start[i + 1] += start[i];
                }
            } else {
                return Ok(RayIndex { p, idx, lo, inv_cell, dims, start, tris });
            }
        }
        unreachable!()
    }

    /// Crossings of the ray through (y, z) along +x: (x, +1 entering / -1 leaving for outward
    /// normals), unsorted.
    fn crossings(&self, q: [f64; 2], out: &mut Vec<(f64, i32)>) {
        out.clear();
        let u = ((q[0] - self.lo[0]) * self.inv_cell[0]).floor();
        let v = ((q[1] - self.lo[1]) * self.inv_cell[1]).floor();
        if u < 0.0 || v < 0.0 || u >= self.dims[0] as f64 || v >= self.dims[1] as f64 {
            // Points exactly on the upper bounds still belong to the last bin.
            let on_edge = |x: f64, lo: f64, inv: f64, d: usize| x >= lo && (x - lo) * inv <= d as f64;
            if !(on_edge(q[0], self.lo[0], self.inv_cell[0], self.dims[0]) && on_edge(q[1], self.lo[1], self.inv_cell[1], self.dims[1])) {
                return;
            }
        }
        let u = (u.max(0.0) as usize).min(self.dims[0] - 1);
        let v = (v.max(0.0) as usize).min(self.dims[1] - 1);
        let bin = u * self.dims[1] + v;
        for &t in &self.tris[self.start[bin] as usize..self.start[bin + 1] as usize] {
            let t = t as usize;
            let (ia, mut ib, mut ic) = (self.idx[3 * t], self.idx[3 * t + 1], self.idx[3 * t + 2]);
            let a = yz(self.p, ia);
            let mut b = yz(self.p, ib);
            let mut c = yz(self.p, ic);
            let o = orient(a, b, c);
            // n.x > 0 (facing +x): the ray leaves the solid there.
            let sign = if o > 0.0 { -1 } else { 1 };
            if o < 0.0 {
                std::mem::swap(&mut b, &mut c);
                std::mem::swap(&mut ib, &mut ic);
            }
            let w0 = edge_side(b, c, q);
            let w1 = edge_side(c, a, q);
            let w2 = edge_side(a, b, q);
            let ok = |w: f64, e0: [f64; 2], e1: [f64; 2]| w > 0.0 || (w == 0.0 && edge_included(e0, e1));
            if !(ok(w0, b, c) && ok(w1, c, a) && ok(w2, a, b)) {
                continue;
            }
            let s = w0 + w1 + w2;
            let xa = self.p[3 * ia as usize] as f64;
            let xb = self.p[3 * ib as usize] as f64;
            let xc = self.p[3 * ic as usize] as f64;
            let x = (w0 * xa + w1 * xb + w2 * xc) / s;
            out.push((x, sign));
        }
    }
}

/// Output: buffers [one byte per query point, 1 inside / 0 outside]; scalars [inside count].
pub fn points_in_mesh(p: &[f32], idx: &[u32], q: &[f32]) -> GeomResult<Output> {
    check_finite(q, "query points")?;
    let index = RayIndex::new(p, idx)?;
    let nq = q.len() / 3;
    let mut flags = try_vec(nq, 0u8)?;
    let mut hits = Vec::new();
    let mut inside = 0usize;
    for i in 0..nq {
        index.crossings([q[3 * i + 1] as f64, q[3 * i + 2] as f64], &mut hits);
        let x = q[3 * i] as f64;
        let w: i32 = hits.iter().filter(|h| h.0 < x).map(|h| h.1).sum();
        if w != 0 {
            flags[i] = 1;
            inside += 1;
        }
    }
    Ok(Output { buffers: vec![Buffer::U8(flags)], scalars: vec![inside as f64] })
}

/// The lattice origin + (first + i, first + j, first + k) * spacing over the mesh's bounds, walked
/// row by row along x: each row's runs of points inside the mesh come from its crossings alone.
struct LatticeRows<'a> {
    index: RayIndex<'a>,
    spacing: f64,
    origin: [f64; 3],
    first: [i64; 3],
    count: [i64; 3],
    hits: Vec<(f64, i32)>,
}

impl<'a> LatticeRows<'a> {
    fn new(p: &'a [f32], idx: &'a [u32], spacing: f64, origin: [f64; 3]) -> GeomResult<Self> {
        if !(spacing.is_finite() && spacing > 0.0) {
            return Err(GeomError::invalid("lattice spacing must be a positive number"));
        }
        if origin.iter().any(|v| !v.is_finite()) {
            return Err(GeomError::invalid("lattice origin must be finite"));
        }
        let index = RayIndex::new(p, idx)?;
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for &v in idx {
            for a in 0..3 {
                let x = p[3 * v as usize + a] as f64;
                lo[a] = lo[a].min(x);
                hi[a] = hi[a].max(x);
            }
        }
        let mut first = [0i64; 3];
        let mut count = [0i64; 3];
        for a in 0..3 {
            let f = ((lo[a] - origin[a]) / spacing).ceil();
            let l = ((hi[a] - origin[a]) / spacing).floor();
            if !(f.abs() < 1e15 && l.abs() < 1e15) {
                return Err(GeomError::limit("the lattice spacing is too small for this mesh"));
            }
            first[a] = f as i64;
            count[a] = (l as i64 - f as i64 + 1).max(0);
        }
        if count[1] as u64 * count[2] as u64 > 1u64 << 32 {
            return Err(GeomError::limit("the lattice spacing is too small for this mesh"));
        }
        Ok(LatticeRows { index, spacing, origin, first, count, hits: Vec::new() })
    }

    fn at(&self, axis: usize, i: i64) -> f64 {
        self.origin[axis] + (self.first[axis] + i) as f64 * self.spacing
    }

    /// Lattice indices i with a < x(i) <= b (a point is inside when the crossings strictly before
    /// it sum to a non-zero winding number).
    fn span(&self, a: f64, b: f64) -> (i64, i64) {
        let n = self.count[0];
        let mut i0 = (((a - self.origin[0]) / self.spacing).floor() as i64 - self.first[0]).max(0);
        while i0 < n && self.at(0, i0) <= a {
            i0 += 1;
        }
        while i0 > 0 && self.at(0, i0 - 1) > a {
            i0 -= 1;
        }
        let mut i1 = (((b - self.origin[0]) / self.spacing).floor() as i64 - self.first[0]).min(n - 1);
        while i1 >= 0 && self.at(0, i1) > b {
            i1 -= 1;
        }
        while i1 + 1 < n && self.at(0, i1 + 1) <= b {
            i1 += 1;
        }
        (i0, i1)
    }

    /// Runs [i0, i1] of points of row (j, k) inside the mesh, ascending.
    fn row(&mut self, j: i64, k: i64, spans: &mut Vec<(i64, i64)>) {
        spans.clear();
        let q = [self.at(1, j), self.at(2, k)];
        let mut hits = std::mem::take(&mut self.hits);
        self.index.crossings(q, &mut hits);
        if !hits.is_empty() {
            hits.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
            let mut w = 0i32;
            let mut start = 0.0;
            for &(x, s) in hits.iter() {
                let before = w;
                w += s;
                if before == 0 && w != 0 {
                    start = x;
                } else if before != 0 && w == 0 {
                    let (i0, i1) = self.span(start, x);
                    if i0 <= i1 {
                        spans.push((i0, i1));
                    }
                }
            }
            if w != 0 {
                // An open mesh leaves the winding non-zero: the rest of the row counts as inside.
                let (i0, i1) = self.span(start, f64::INFINITY);
                if i0 <= i1 {
                    spans.push((i0, i1));
                }
            }
        }
        self.hits = hits;
    }
}

/// Fills the lattice origin + (i, j, k) * spacing inside the mesh. Output: buffers [points xyz f32];
/// scalars [point count, lattice columns cast]. Points are counted first (per column, from the
/// crossings alone), so an over-large lattice fails before any work or memory is spent on it.
pub fn lattice_fill(p: &[f32], idx: &[u32], spacing: f64, origin: [f64; 3], max_points: usize) -> GeomResult<Output> {
    let mut rows = LatticeRows::new(p, idx, spacing, origin)?;
    let count = rows.count;
    let columns = count[1] as u64 * count[2] as u64;
    let mut spans: Vec<(i64, i64)> = Vec::new();
    let mut total: u64 = 0;
    for j in 0..count[1] {
        for k in 0..count[2] {
            rows.row(j, k, &mut spans);
            total += spans.iter().map(|&(a, b)| (b - a + 1) as u64).sum::<u64>();
        }
    }
    if total > max_points as u64 {
        return Err(GeomError::limit(format!("the lattice has {} points inside the mesh, more than the limit of {}", total, max_points)));
    }
    let oom = || GeomError::out_of_memory(format!("out of memory: {} lattice points need {} MB", total, (total * 12) >> 20));
    if 3 * total > (isize::MAX as u64) / 4 {
        return Err(oom());
    }
    let mut points: Vec<f32> = Vec::new();
    points.try_reserve_exact(3 * total as usize).map_err(|_| oom())?;
    for j in 0..count[1] {
        for k in 0..count[2] {
            rows.row(j, k, &mut spans);
            let (y, z) = (rows.at(1, j) as f32, rows.at(2, k) as f32);
            for &(a, b) in spans.iter() {
                for i in a..=b {
                    points.extend_from_slice(&[rows.at(0, i) as f32, y, z]);
                }
            }
        }
    }
    let n = points.len() / 3;
    Ok(Output { buffers: vec![Buffer::F32(points)], scalars: vec![n as f64, columns as f64] })
}

/// The same fill as runs of points along x, for callers that keep their own lattice (the solver's
/// discretizer): 16 bytes per run instead of 12 per point, and no coordinates to map back. Output:
/// buffers [runs u32: j, k, i0, i1 per run, lattice indices counted from `first`]; scalars [run count,
/// point count, first x, first y, first z, count x, count y, count z], where `first` is the index of
/// the first lattice point within the mesh's bounds and `count` the points spanned per axis.
pub fn lattice_runs(p: &[f32], idx: &[u32], spacing: f64, origin: [f64; 3], max_runs: usize) -> GeomResult<Output> {
    let mut rows = LatticeRows::new(p, idx, spacing, origin)?;
    let count = rows.count;
    if count.iter().any(|&c| c > u32::MAX as i64) {
        return Err(GeomError::limit("the lattice spacing is too small for this mesh"));
    }
    let mut spans: Vec<(i64, i64)> = Vec::new();
    let mut runs: Vec<u32> = Vec::new();
    let mut total: u64 = 0;
    for k in 0..count[2] {
        for j in 0..count[1] {
            rows.row(j, k, &mut spans);
            if runs.len() / 4 + spans.len() > max_runs {
                return Err(GeomError::limit(format!("the lattice fill has more than {} runs of points", max_runs)));
            }
            runs.try_reserve(4 * spans.len())
                .map_err(|_| GeomError::out_of_memory(format!("out of memory: {} runs of lattice points", runs.len() / 4)))?;
            for &(a, b) in spans.iter() {
                runs.extend_from_slice(&[j as u32, k as u32, a as u32, b as u32]);
                total += (b - a + 1) as u64;
            }
        }
    }
    let n = runs.len() / 4;
    let f = rows.first;
    Ok(Output {
        buffers: vec![Buffer::U32(runs)],
        scalars: vec![n as f64, total as f64, f[0] as f64, f[1] as f64, f[2] as f64, count[0] as f64, count[1] as f64, count[2] as f64],
    })
}
