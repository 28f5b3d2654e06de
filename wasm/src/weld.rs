//! Vertex welding: merges vertices closer than a tolerance so that meshes exported per face (STEP
//! tessellation, STL soups) share vertices along their seams before any topology check.

use crate::{check_finite, try_vec, try_with_capacity, Buffer, GeomError, GeomResult, Output};

/// Tolerance used when the caller asks for the automatic one, relative to the bounding-box diagonal.
pub const RELATIVE_TOLERANCE: f64 = 1e-6;
const EMPTY: u32 = u32::MAX;
const CELL_PER_TOLERANCE: f64 = 16.0;

/// Output: buffers [positions f32, indices u32, remap u32 (input vertex -> welded vertex)];
/// scalars [welded vertex count, tolerance used].
pub fn weld(p: &[f32], idx: &[u32], tolerance: f64) -> GeomResult<Output> {
    let nv = p.len() / 3;
    check_finite(p, "positions")?;
    let soup = idx.is_empty();
    if soup && nv % 3 != 0 {
        return Err(GeomError::invalid(format!("a triangle soup needs a multiple of 3 vertices, got {}", nv)));
    }
    if !soup {
        if idx.len() % 3 != 0 {
            return Err(GeomError::invalid(format!("index count {} is not a multiple of 3", idx.len())));
        }
        if let Some(bad) = idx.iter().find(|&&i| i as usize >= nv) {
            return Err(GeomError::invalid(format!("index {} is out of range for {} vertices", bad, nv)));
        }
    }
    let (lo, hi) = crate::bounds(p);
    let diag = if nv == 0 {
        0.0
    } else {
        (0..3).map(|a| ((hi[a] - lo[a]) as f64).powi(2)).sum::<f64>().sqrt()
    };
    let extent = if nv == 0 { 0.0 } else { (0..3).map(|a| (lo[a].abs().max(hi[a].abs())) as f64).fold(0.0, f64::max) };
    let mut tol = if tolerance < 0.0 { RELATIVE_TOLERANCE * diag } else { tolerance };
    if !tol.is_finite() {
        return Err(GeomError::invalid("weld tolerance must be finite"));
    }
    // Below this the cell index would overflow, and the tolerance is under f32 resolution anyway.
    if tol > 0.0 && extent / (CELL_PER_TOLERANCE * tol) > (1u64 << 30) as f64 {
        tol = 0.0;
    }

    let remap = weld_positions(p, tol)?;
    let count = remap.iter().map(|&r| r as usize + 1).max().unwrap_or(0);
    let mut positions = try_vec(count * 3, 0f32)?;
    let mut seen = try_vec(count, false)?;
    for (i, &r) in remap.iter().enumerate() {
        let r = r as usize;
        if !seen[r] {
            seen[r] = true;
            positions[3 * r..3 * r + 3].copy_from_slice(&p[3 * i..3 * i + 3]);
        }
    }
    let indices: Vec<u32> = if soup {
        remap.clone()
    } else {
        let mut v = try_with_capacity(idx.len())?;
        v.extend(idx.iter().map(|&i| remap[i as usize]));
        v
    };
    Ok(Output {
        buffers: vec![Buffer::F32(positions), Buffer::U32(indices), Buffer::U32(remap)],
        scalars: vec![count as f64, tol],
    })
}

/// Open-addressing table from cell keys to the newest welded vertex in the cell; grows as cells
/// fill, so a soup with many duplicates keeps a small, cache-friendly table.
struct CellTable {
    keys: Vec<[i32; 3]>,
    heads: Vec<u32>,
    used: usize,
}

impl CellTable {
    fn new(expected: usize) -> GeomResult<Self> {
        let cap = (2 * expected).next_power_of_two().max(64);
        Ok(CellTable { keys: try_vec(cap, [0i32; 3])?, heads: try_vec(cap, EMPTY)?, used: 0 })
    }
    #[inline]
    fn slot(&self, k: [i32; 3]) -> (usize, bool) {
        let mask = self.keys.len() - 1;
        let mut s = (hash3(k) >> 32) as usize & mask;
        loop {
            if self.heads[s] == EMPTY {
                return (s, false);
            }
            if self.keys[s] == k {
                return (s, true);
            }
            s = (s + 1) & mask;
        }
    }
    #[inline]
    fn head(&self, k: [i32; 3]) -> u32 {
        let (s, hit) = self.slot(k);
        if hit {
            self.heads[s]
        } else {
            EMPTY
        }
    }
    /// Makes `w` the head of cell `k`; returns the previous head.
    fn push(&mut self, k: [i32; 3], w: u32) -> GeomResult<u32> {
        if 2 * (self.used + 1) > self.keys.len() {
            let mut bigger = CellTable::new(self.keys.len())?;
            for (s, &h) in self.heads.iter().enumerate() {
                if h != EMPTY {
                    let (t, _) = bigger.slot(self.keys[s]);
                    bigger.keys[t] = self.keys[s];
                    bigger.heads[t] = h;
                }
            }
            bigger.used = self.used;
            *self = bigger;
        }
        let (s, hit) = self.slot(k);
        let previous = if hit { self.heads[s] } else { EMPTY };
        if !hit {
            self.keys[s] = k;
            self.used += 1;
        }
        self.heads[s] = w;
        Ok(previous)
    }
}

/// Maps every input vertex to a welded vertex number; the first vertex of a cluster represents it,
/// so the result depends only on the input order (deterministic).
pub fn weld_positions(p: &[f32], tol: f64) -> GeomResult<Vec<u32>> {
    let nv = p.len() / 3;
    let mut remap = try_vec(nv, 0u32)?;
    let mut table = CellTable::new(nv / 8)?;
    // Per welded vertex: the next older vertex in its cell, and its position.
    let mut next: Vec<u32> = try_with_capacity(nv / 4 + 1)?;
    let mut rep: Vec<[f32; 3]> = try_with_capacity(nv / 4 + 1)?;
    let exact = tol == 0.0;
    // Cells much wider than the tolerance: a vertex's neighbourhood then rarely crosses into
    // another cell, so most lookups touch one cell.
    let cell = CELL_PER_TOLERANCE * tol;
    let tol2 = tol * tol;

    for i in 0..nv {
        let v = [p[3 * i], p[3 * i + 1], p[3 * i + 2]];
        let mut found = EMPTY;
        let own: [i32; 3];
        if exact {
            // +0.0 folds -0.0 into 0.0 so that both weld.
            own = [(v[0] + 0.0).to_bits() as i32, (v[1] + 0.0).to_bits() as i32, (v[2] + 0.0).to_bits() as i32];
            let mut w = table.head(own);
            while w != EMPTY {
                if rep[w as usize] == v {
                    found = w;
                    break;
                }
                w = next[w as usize];
            }
        } else {
            let f = [v[0] as f64, v[1] as f64, v[2] as f64];
            own = [(f[0] / cell).floor() as i32, (f[1] / cell).floor() as i32, (f[2] / cell).floor() as i32];
            let within = |w: u32| {
                let r = rep[w as usize];
                let dx = r[0] as f64 - f[0];
                let dy = r[1] as f64 - f[1];
                let dz = r[2] as f64 - f[2];
                dx * dx + dy * dy + dz * dz <= tol2
            };
            // The vertex's own cell first: duplicates almost always sit there.
            let mut w = table.head(own);
            while w != EMPTY {
                if within(w) {
                    found = w;
                    break;
                }
                w = next[w as usize];
            }
            if found == EMPTY {
                let mut lo = [0i32; 3];
                let mut hi = [0i32; 3];
                for a in 0..3 {
                    lo[a] = ((f[a] - tol) / cell).floor() as i32;
                    hi[a] = ((f[a] + tol) / cell).floor() as i32;
                }
                'cells: for cz in lo[2]..=hi[2] {
                    for cy in lo[1]..=hi[1] {
                        for cx in lo[0]..=hi[0] {
                            if [cx, cy, cz] == own {
                                continue;
                            }
                            let mut w = table.head([cx, cy, cz]);
                            while w != EMPTY {
                                if within(w) {
                                    found = w;
                                    break 'cells;
                                }
                                w = next[w as usize];
                            }
                        }
                    }
                }
            }
        }
        if found == EMPTY {
            found = rep.len() as u32;
            rep.push(v);
            next.push(table.push(own, found)?);
        }
        remap[i] = found;
    }
    Ok(remap)
}

#[inline]
fn hash3(k: [i32; 3]) -> u64 {
    let h = (k[0] as u32 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (k[1] as u32 as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ (k[2] as u32 as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
    h ^ (h >> 29)
}
