//! Iso-surface reconstruction from SPH particles: a kernel-weighted volume fraction on a sparse grid
//! of blocks (hash map of block coordinates), evaluated only in the band of blocks that the surface
//! passes through, then marching cubes there. Attributes are interpolated from the particles at the
//! same grid points and carried onto the surface vertices.
//!
//! Parameters follow the usual SPH reconstruction conventions: particle radius r (the rest volume of a
//! particle is (2r)^3), smoothing length and cube size as multiples of r, compact support radius
//! 2 * smoothing length * r, and an iso threshold as a fraction of the rest volume fraction.

use crate::marching::{self, EDGE_START, FACES};
use crate::{try_vec, Buffer, GeomError, GeomResult, Output, ERR_INTERNAL};

pub struct IsoParams {
    pub particle_radius: f32,
    pub smoothing_length: f32,
    pub cube_size: f32,
    pub iso_threshold: f32,
    pub max_triangles: usize,
}

/// A particle block holding at least this fraction of a fully packed block, with all 26 neighbours
/// alike, is taken to be inside the fluid and is only evaluated if the surface reaches it (so only a
/// bubble smaller than a quarter of a block and enclosed in one can be missed).
const FULL_FRACTION: f32 = 0.75;
const MIN_BLOCK: usize = 8;
const MAX_BLOCK: usize = 48;
const BLOCK_BITS: u32 = 21;
const EMPTY: u32 = u32::MAX;

/// Open-addressing map from packed block coordinates to a dense id.
struct KeyMap {
    keys: Vec<u64>,
    vals: Vec<u32>,
    len: usize,
}

impl KeyMap {
    fn with_capacity(n: usize) -> Self {
        let cap = (2 * n).next_power_of_two().max(64);
        KeyMap { keys: vec![u64::MAX; cap], vals: vec![EMPTY; cap], len: 0 }
    }
    #[inline]
    fn slot(&self, k: u64) -> usize {
        let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.keys.len() - 1)
    }
    #[inline]
    fn get(&self, k: u64) -> u32 {
        let mask = self.keys.len() - 1;
        let mut s = self.slot(k);
        loop {
            let kk = self.keys[s];
            if kk == k {
                return self.vals[s];
            }
            if kk == u64::MAX {
                return EMPTY;
            }
            s = (s + 1) & mask;
        }
    }
    /// Inserts `v` unless the key is present; returns the stored value.
    fn insert(&mut self, k: u64, v: u32) -> u32 {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut s = self.slot(k);
        loop {
            let kk = self.keys[s];
            if kk == k {
                return self.vals[s];
            }
            if kk == u64::MAX {
                self.keys[s] = k;
                self.vals[s] = v;
                self.len += 1;
                return v;
            }
            s = (s + 1) & mask;
        }
    }
    fn grow(&mut self) {
        let old_k = std::mem::take(&mut self.keys);
        let old_v = std::mem::take(&mut self.vals);
        let cap = old_k.len() * 2;
        self.keys = vec![u64::MAX; cap];
        self.vals = vec![EMPTY; cap];
        self.len = 0;
        for (k, v) in old_k.into_iter().zip(old_v) {
            if k != u64::MAX {
                self.insert(k, v);
            }
        }
    }
}

#[inline]
fn pack(b: [i64; 3]) -> u64 {
    // Offset by 2 so that neighbours of block 0 stay non-negative.
    ((b[0] + 2) as u64) | (((b[1] + 2) as u64) << BLOCK_BITS) | (((b[2] + 2) as u64) << (2 * BLOCK_BITS))
}

#[inline]
fn unpack(k: u64) -> [i64; 3] {
    let m = (1u64 << BLOCK_BITS) - 1;
    [(k & m) as i64 - 2, ((k >> BLOCK_BITS) & m) as i64 - 2, ((k >> (2 * BLOCK_BITS)) & m) as i64 - 2]
}

struct Grid {
    origin: [f32; 3],
    cell: f32,
    b: usize,
    radius2: f32,
    inv_radius2: f32,
    /// Particle rest volume times the kernel's normalisation.
    weight: f32,
}

impl Grid {
    /// World coordinates of the window points of a block along each axis; computed from global grid
    /// indices so that blocks sharing points compute bit-identical values. The z axis is padded to
    /// the row stride with far-away coordinates that no kernel reaches.
    fn axes(&self, blk: [i64; 3], lay: &Layout) -> [Vec<f32>; 3] {
        let n = self.b + 1;
        let mut out = [vec![0f32; n], vec![0f32; n], vec![FAR; lay.np]];
        for a in 0..3 {
            for i in 0..n {
                out[a][i] = self.origin[a] + ((blk[a] * self.b as i64 + i as i64) as f32) * self.cell;
            }
        }
        out
    }
}

const FAR: f32 = 1e30;

/// Window of (b+1)^3 grid points laid out [x][y][z], each z row padded so that four-wide SIMD steps
/// starting anywhere in a row stay inside it.
#[derive(Clone, Copy)]
struct Layout {
    n: usize,
    np: usize,
    size: usize,
}

impl Layout {
    fn new(b: usize) -> Self {
        let n = b + 1;
        let np = (n + 3 + 3) / 4 * 4;
        Layout { n, np, size: n * n * np }
    }
    #[inline]
    fn idx(&self, i: usize, j: usize, k: usize) -> usize {
        (i * self.n + j) * self.np + k
    }
}

struct Particles {
    map: KeyMap,
    start: Vec<u32>,
    pos: Vec<f32>,
    index: Vec<u32>,
}

/// Splats the particles of the 27 blocks around `blk` into the (b+1)^3 window of `blk`. For every
/// window point the contributions are added in one global particle order (block coordinates, then
/// particle index) with the same arithmetic, so a point shared by two windows gets the same value in
/// both. With `attrs`, also accumulates weight * attribute into `num` (components per point).
#[allow(clippy::too_many_arguments)]
fn splat(
    g: &Grid,
    lay: &Layout,
    parts: &Particles,
    blk: [i64; 3],
    axes: &[Vec<f32>; 3],
    win: &mut [f32],
    attrs: &[(&[f32], usize)],
    num: &mut [f32],
    comps: usize,
) {
    let n = lay.n;
    let r = g.radius2.sqrt();
    win.iter_mut().for_each(|v| *v = 0.0);
    num.iter_mut().for_each(|v| *v = 0.0);
    let lo = [axes[0][0], axes[1][0], axes[2][0]];
    let inv_cell = 1.0 / g.cell;
    for dz in -1..=1i64 {
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                let pb = parts.map.get(pack([blk[0] + dx, blk[1] + dy, blk[2] + dz]));
                if pb == EMPTY {
                    continue;
                }
                let (s, e) = (parts.start[pb as usize] as usize, parts.start[pb as usize + 1] as usize);
                for pi in s..e {
                    let px = parts.pos[3 * pi];
                    let py = parts.pos[3 * pi + 1];
                    let pz = parts.pos[3 * pi + 2];
                    // Conservative index ranges; the exact test is per point below.
                    let i0 = (((px - r - lo[0]) * inv_cell).floor() as i64 - 1).max(0);
                    let i1 = (((px + r - lo[0]) * inv_cell).ceil() as i64 + 1).min(n as i64 - 1);
                    let j0 = (((py - r - lo[1]) * inv_cell).floor() as i64 - 1).max(0);
                    let j1 = (((py + r - lo[1]) * inv_cell).ceil() as i64 + 1).min(n as i64 - 1);
                    let k0 = (((pz - r - lo[2]) * inv_cell).floor() as i64 - 1).max(0);
                    let k1 = (((pz + r - lo[2]) * inv_cell).ceil() as i64 + 1).min(n as i64 - 1);
                    if i0 > i1 || j0 > j1 || k0 > k1 {
                        continue;
                    }
                    let (k0, k1) = (k0 as usize, k1 as usize);
                    let orig = parts.index[pi] as usize;
                    for i in i0 as usize..=i1 as usize {
                        let ddx = px - axes[0][i];
                        let dx2 = ddx * ddx;
                        if dx2 >= g.radius2 {
                            continue;
                        }
                        for j in j0 as usize..=j1 as usize {
                            let ddy = py - axes[1][j];
                            let dxy = dx2 + ddy * ddy;
                            if dxy >= g.radius2 {
                                continue;
                            }
                            let row = lay.idx(i, j, 0);
                            if comps == 0 {
                                splat_row(g, &mut win[row..row + lay.np], &axes[2], pz, dxy, k0, k1);
                                continue;
                            }
                            for k in k0..=k1 {
                                let ddz = pz - axes[2][k];
                                let d2 = dxy + ddz * ddz;
                                if d2 < g.radius2 {
                                    let q = 1.0 - d2 * g.inv_radius2;
                                    let w = g.weight * (q * q * q);
                                    win[row + k] += w;
                                    let base = (row + k) * comps;
                                    let mut c = 0;
                                    for (arr, ac) in attrs {
                                        for a in 0..*ac {
                                            num[base + c] += w * arr[orig * ac + a];
                                            c += 1;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Adds one particle's kernel to the points k0..=k1 of a window row.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
fn splat_row(g: &Grid, row: &mut [f32], zs: &[f32], pz: f32, dxy: f32, k0: usize, k1: usize) {
    use core::arch::wasm32::*;
    let vpz = f32x4_splat(pz);
    let vdxy = f32x4_splat(dxy);
    let vr2 = f32x4_splat(g.radius2);
    let vinv = f32x4_splat(g.inv_radius2);
    let vw = f32x4_splat(g.weight);
    let one = f32x4_splat(1.0);
    let mut k = k0;
    while k <= k1 {
        // Lanes past k1 are either real points tested like any other or padding that no kernel
        // reaches; the row is padded so that k + 3 stays inside it.
        unsafe {
            let z = v128_load(zs.as_ptr().add(k) as *const v128);
            let dz = f32x4_sub(vpz, z);
            let d2 = f32x4_add(vdxy, f32x4_mul(dz, dz));
            let inside = f32x4_lt(d2, vr2);
            if v128_any_true(inside) {
                let q = f32x4_sub(one, f32x4_mul(d2, vinv));
                let w = f32x4_mul(vw, f32x4_mul(f32x4_mul(q, q), q));
                let p = row.as_mut_ptr().add(k) as *mut v128;
                let cur = v128_load(p);
                v128_store(p, v128_bitselect(f32x4_add(cur, w), cur, inside));
            }
        }
        k += 4;
    }
}

/// Adds one particle's kernel to the points k0..=k1 of a window row.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
fn splat_row(g: &Grid, row: &mut [f32], zs: &[f32], pz: f32, dxy: f32, k0: usize, k1: usize) {
    // Four points at a time like the SIMD build (lanes past k1 included), so both give equal sums.
    let mut k = k0;
    while k <= k1 {
        for l in k..k + 4 {
            let ddz = pz - zs[l];
            let d2 = dxy + ddz * ddz;
            if d2 < g.radius2 {
                let q = 1.0 - d2 * g.inv_radius2;
                row[l] += g.weight * (q * q * q);
            }
        }
        k += 4;
    }
}

/// Output: buffers [positions f32, indices u32, one f32 array per attribute]; scalars [vertex count,
/// triangle count, evaluated blocks, surface blocks, particle blocks, interior blocks skipped,
/// cube size, block size].
pub fn reconstruct(p: &[f32], attrs: &[(&[f32], usize)], prm: &IsoParams) -> GeomResult<Output> {
    let n = p.len() / 3;
    let r = prm.particle_radius;
    if !(r.is_finite() && r > 0.0) {
        return Err(GeomError::invalid("particle radius must be a positive number"));
    }
    if !(prm.smoothing_length.is_finite() && prm.smoothing_length > 0.0) {
        return Err(GeomError::invalid("smoothing length must be a positive number"));
    }
    if !(prm.cube_size.is_finite() && prm.cube_size > 0.0) {
        return Err(GeomError::invalid("cube size must be a positive number"));
    }
    if !(prm.iso_threshold.is_finite() && prm.iso_threshold > 0.0) {
        return Err(GeomError::invalid("iso threshold must be a positive number"));
    }
    crate::check_finite(p, "particle positions")?;
    for (a, _) in attrs {
        crate::check_finite(a, "particle attribute")?;
    }
    let comps: usize = attrs.iter().map(|a| a.1).sum();
    let empty = || {
        let mut buffers = vec![Buffer::F32(Vec::new()), Buffer::U32(Vec::new())];
        for _ in attrs {
            buffers.push(Buffer::F32(Vec::new()));
        }
        Ok(Output { buffers, scalars: vec![0.0; 8] })
    };
    if n == 0 {
        return empty();
    }

    let support = 2.0 * prm.smoothing_length * r;
    let cell = prm.cube_size * r;
    let b = ((support / cell).ceil() as usize).max(MIN_BLOCK);
    if b > MAX_BLOCK {
        return Err(GeomError::invalid(format!(
            "cube size {} r is too small for smoothing length {} r (at most {} cubes per kernel radius)",
            prm.cube_size, prm.smoothing_length, MAX_BLOCK
        )));
    }
    let volume = (2.0 * r).powi(3);
    let kernel_norm = 315.0 / (64.0 * std::f32::consts::PI * support.powi(3));
    let (lo, hi) = crate::bounds(p);
    // The margin is a whole number of particle spacings plus half a spacing, so that for particles
    // on a regular lattice (a typical initial state) block boundaries fall between particles and
    // the block counts that decide the interior are exact.
    let spacing = 2.0 * r;
    let margin = ((support + 2.0 * cell) / spacing).ceil() * spacing + 0.5 * spacing;
    let g = Grid {
        origin: [lo[0] - margin, lo[1] - margin, lo[2] - margin],
        cell,
        b,
        radius2: support * support,
        inv_radius2: 1.0 / (support * support),
        weight: volume * kernel_norm,
    };
    let block_edge = cell * b as f32;
    for a in 0..3 {
        let blocks = ((hi[a] - g.origin[a]) / block_edge).ceil() as f64 + 4.0;
        if blocks >= (1u64 << BLOCK_BITS) as f64 - 4.0 {
            return Err(GeomError::limit("the particles span too many cubes for this cube size"));
        }
    }
    let block_of = |x: f32, a: usize| -> i64 { ((x - g.origin[a]) / block_edge).floor() as i64 };

    // Bin particles by block (counting sort, stable in particle index).
    let mut pkeys = try_vec(n, 0u64)?;
    let mut map = KeyMap::with_capacity(1024);
    let mut counts: Vec<u32> = Vec::new();
    for i in 0..n {
        let k = pack([block_of(p[3 * i], 0), block_of(p[3 * i + 1], 1), block_of(p[3 * i + 2], 2)]);
        pkeys[i] = k;
        let id = map.insert(k, counts.len() as u32);
        if id as usize == counts.len() {
            counts.push(0);
        }
        counts[id as usize] += 1;
    }
    let nb = counts.len();
    let mut start = vec![0u32; nb + 1];
    for i in 0..nb {
        start[i + 1] = start[i] + counts[i];
    }
    let mut cursor = start.clone();
    let mut pos = try_vec(3 * n, 0f32)?;
    let mut index = try_vec(n, 0u32)?;
    for i in 0..n {
        let id = map.get(pkeys[i]) as usize;
        let s = cursor[id] as usize;
        cursor[id] += 1;
        pos[3 * s..3 * s + 3].copy_from_slice(&p[3 * i..3 * i + 3]);
        index[s] = i as u32;
    }
    drop(pkeys);
    let mut block_keys = vec![0u64; nb];
    for (slot, &k) in map.keys.iter().enumerate() {
        if k != u64::MAX {
            block_keys[map.vals[slot] as usize] = k;
        }
    }
    let parts = Particles { map, start, pos, index };

    // Seeds: particle blocks that are not surrounded by full blocks.
    let full = FULL_FRACTION * (block_edge * block_edge * block_edge) / volume;
    let is_full = |k: u64| -> bool {
        let id = parts.map.get(k);
        id != EMPTY && counts[id as usize] as f32 >= full
    };
    let mut queue: Vec<u64> = Vec::new();
    let mut slots = KeyMap::with_capacity(nb * 2);
    let mut skipped = 0usize;
    for &k in &block_keys {
        let c = unpack(k);
        let mut interior = true;
        'n: for dz in -1..=1 {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if !is_full(pack([c[0] + dx, c[1] + dy, c[2] + dz])) {
                        interior = false;
                        break 'n;
                    }
                }
            }
        }
        if interior {
            skipped += 1;
        } else if slots.insert(k, queue.len() as u32) as usize == queue.len() {
            queue.push(k);
        }
    }

    // Grow the band: evaluate blocks, and add a neighbour whenever the shared face layer has the
    // surface crossing it, so that every cube face with a crossing lies between two evaluated cubes.
    let iso = prm.iso_threshold;
    let lay = Layout::new(b);
    let w3 = lay.size;
    let mut windows: Vec<f32> = Vec::new();
    let mut mixed: Vec<bool> = Vec::new();
    let mut head = 0;
    let mut no_num: Vec<f32> = Vec::new();
    while head < queue.len() {
        let key = queue[head];
        head += 1;
        let blk = unpack(key);
        let axes = g.axes(blk, &lay);
        let off = windows.len();
        windows.try_reserve(w3).map_err(|_| GeomError::out_of_memory("out of memory while evaluating the density grid"))?;
        windows.resize(off + w3, 0.0);
        splat(&g, &lay, &parts, blk, &axes, &mut windows[off..off + w3], &[], &mut no_num, 0);
        let win = &windows[off..off + w3];
        let (mut mn, mut mx) = (f32::INFINITY, f32::NEG_INFINITY);
        for row in win.chunks_exact(lay.np) {
            for &v in &row[..lay.n] {
                mn = mn.min(v);
                mx = mx.max(v);
            }
        }
        let is_mixed = mn < iso && mx >= iso;
        mixed.push(is_mixed);
        if !is_mixed {
            continue;
        }
        for axis in 0..3 {
            for (side, layer) in [(-1i64, 0usize), (1, b)] {
                if layer_mixed(win, &lay, axis, layer, iso) {
                    let mut nbk = blk;
                    nbk[axis] += side;
                    let k = pack(nbk);
                    if slots.insert(k, queue.len() as u32) as usize == queue.len() {
                        queue.push(k);
                    }
                }
            }
        }
    }
    let evaluated = queue.len();

    // Vertices on the crossing edges each block owns (edges starting inside it), with attributes.
    let cells_per_block = b * b * b;
    let mut edge_table_of = vec![EMPTY; evaluated];
    let mut edge_tables: Vec<u32> = Vec::new();
    let mut positions: Vec<f32> = Vec::new();
    let mut attr_out: Vec<Vec<f32>> = attrs.iter().map(|_| Vec::new()).collect();
    let mut num = vec![0f32; if comps > 0 { w3 * comps } else { 0 }];
    let mut scratch = vec![0f32; if comps > 0 { w3 } else { 0 }];
    let mut surface_blocks = 0usize;
    for slot in 0..evaluated {
        if !mixed[slot] {
            continue;
        }
        surface_blocks += 1;
        let blk = unpack(queue[slot]);
        let axes = g.axes(blk, &lay);
        let win = &windows[slot * w3..(slot + 1) * w3];
        if comps > 0 {
            splat(&g, &lay, &parts, blk, &axes, &mut scratch, attrs, &mut num, comps);
        }
        let t0 = edge_tables.len();
        edge_tables.try_reserve(3 * cells_per_block).map_err(|_| GeomError::out_of_memory("out of memory while building the surface"))?;
        edge_tables.resize(t0 + 3 * cells_per_block, EMPTY);
        edge_table_of[slot] = (t0 / (3 * cells_per_block)) as u32;
        for i in 0..b {
            for j in 0..b {
                for k in 0..b {
                    let p0 = lay.idx(i, j, k);
                    let v0 = win[p0];
                    for axis in 0..3 {
                        let p1 = p0 + [lay.n * lay.np, lay.np, 1][axis];
                        let v1 = win[p1];
                        if (v0 >= iso) == (v1 >= iso) {
                            continue;
                        }
                        let t = ((iso - v0) / (v1 - v0)).max(0.0).min(1.0);
                        let vid = (positions.len() / 3) as u32;
                        let mut xyz = [axes[0][i], axes[1][j], axes[2][k]];
                        xyz[axis] += t * g.cell;
                        positions.extend_from_slice(&xyz);
                        if comps > 0 {
                            let den = v0 + t * (v1 - v0);
                            let mut c = 0;
                            for (ai, (_, ac)) in attrs.iter().enumerate() {
                                for _ in 0..*ac {
                                    let n0 = num[p0 * comps + c];
                                    let n1 = num[p1 * comps + c];
                                    attr_out[ai].push((n0 + t * (n1 - n0)) / den);
                                    c += 1;
                                }
                            }
                        }
                        edge_tables[t0 + ((i * b + j) * b + k) * 3 + axis] = vid;
                    }
                }
            }
        }
    }
    drop(num);

    // Triangles: each cube of a surface block, edges looked up in the owning block's table.
    let table = marching::table();
    let mut indices: Vec<u32> = Vec::new();
    // Corner c = x | y << 1 | z << 2 in a window laid out [x][y][z].
    let corner_offsets: [usize; 8] = std::array::from_fn(|c| lay.idx(c & 1, c >> 1 & 1, c >> 2 & 1));
    for slot in 0..evaluated {
        if !mixed[slot] {
            continue;
        }
        let blk = unpack(queue[slot]);
        let win = &windows[slot * w3..(slot + 1) * w3];
        // Tables of this block and its seven neighbours towards +x, +y, +z.
        let mut owner = [EMPTY; 8];
        for o in 0..8usize {
            let nk = pack([blk[0] + (o & 1) as i64, blk[1] + (o >> 1 & 1) as i64, blk[2] + (o >> 2 & 1) as i64]);
            let s = slots.get(nk);
            if s != EMPTY {
                owner[o] = edge_table_of[s as usize];
            }
        }
        for i in 0..b {
            for j in 0..b {
                for k in 0..b {
                    let base = lay.idx(i, j, k);
                    let mut vals = [0f32; 8];
                    let mut cfg = 0usize;
                    for c in 0..8 {
                        vals[c] = win[base + corner_offsets[c]] - iso;
                        if vals[c] >= 0.0 {
                            cfg |= 1 << c;
                        }
                    }
                    if cfg == 0 || cfg == 255 {
                        continue;
                    }
                    let mut bits = 0usize;
                    for a in 0..table.ambiguous_count[cfg] as usize {
                        let f = FACES[table.ambiguous[cfg][a] as usize];
                        if marching::joins_inside([vals[f[0]], vals[f[1]], vals[f[2]], vals[f[3]]]) {
                            bits |= 1 << a;
                        }
                    }
                    let case = table.base[cfg] as usize + bits;
                    let tris = &table.triangles[table.case_offsets[case] as usize..table.case_offsets[case + 1] as usize];
                    if indices.len() / 3 + tris.len() / 3 > prm.max_triangles {
                        return Err(GeomError::limit(format!("the surface has more than {} triangles, the limit", prm.max_triangles)));
                    }
                    let vertex_of = |e: u8| -> u32 {
                        let (off, axis) = EDGE_START[e as usize];
                        let s = [i + off[0], j + off[1], k + off[2]];
                        let o = (s[0] == b) as usize | ((s[1] == b) as usize) << 1 | ((s[2] == b) as usize) << 2;
                        let t = owner[o];
                        if t == EMPTY {
                            return EMPTY;
                        }
                        let l = [s[0] % b, s[1] % b, s[2] % b];
                        edge_tables[t as usize * 3 * cells_per_block + ((l[0] * b + l[1]) * b + l[2]) * 3 + axis]
                    };
                    // Contours with no safe triangulation get a vertex at their centre.
                    let mut extra_ids = [EMPTY; 4];
                    let (xs, xe) = (table.extra_offsets[case] as usize, table.extra_offsets[case + 1] as usize);
                    let mut x = xs;
                    let mut nx = 0;
                    while x < xe {
                        let len = table.extras[x] as usize;
                        let mut acc = [0f32; 3];
                        let attr_start: Vec<usize> = attr_out.iter().map(|a| a.len()).collect();
                        for (ai, (_, ac)) in attrs.iter().enumerate() {
                            attr_out[ai].resize(attr_start[ai] + ac, 0.0);
                        }
                        for &e in &table.extras[x + 1..x + 1 + len] {
                            let v = vertex_of(e);
                            if v == EMPTY {
                                return Err(missing_vertex());
                            }
                            for a in 0..3 {
                                acc[a] += positions[3 * v as usize + a] / len as f32;
                            }
                            for (ai, (_, ac)) in attrs.iter().enumerate() {
                                let dst = attr_start[ai];
                                for c in 0..*ac {
                                    let val = attr_out[ai][v as usize * ac + c] / len as f32;
                                    attr_out[ai][dst + c] += val;
                                }
                            }
                        }
                        extra_ids[nx] = (positions.len() / 3) as u32;
                        positions.extend_from_slice(&acc);
                        nx += 1;
                        x += 1 + len;
                    }
                    for &e in tris {
                        let vid = if e >= marching::EXTRA { extra_ids[(e - marching::EXTRA) as usize] } else { vertex_of(e) };
                        if vid == EMPTY {
                            return Err(missing_vertex());
                        }
                        indices.push(vid);
                    }
                }
            }
        }
    }

    let verts = positions.len() / 3;
    let tri_count = indices.len() / 3;
    let mut buffers = vec![Buffer::F32(positions), Buffer::U32(indices)];
    for a in attr_out {
        buffers.push(Buffer::F32(a));
    }
    Ok(Output {
        buffers,
        scalars: vec![verts as f64, tri_count as f64, evaluated as f64, surface_blocks as f64, nb as f64, skipped as f64, cell as f64, b as f64],
    })
}

fn missing_vertex() -> GeomError {
    GeomError { code: ERR_INTERNAL, message: "internal error: surface vertex missing in a neighbouring block".into() }
}

/// Whether the window layer `layer` across `axis` has points on both sides of the iso value.
fn layer_mixed(win: &[f32], lay: &Layout, axis: usize, layer: usize, iso: f32) -> bool {
    let (mut inside, mut outside) = (false, false);
    for u in 0..lay.n {
        for v in 0..lay.n {
            let idx = match axis {
                0 => lay.idx(layer, u, v),
                1 => lay.idx(u, layer, v),
                _ => lay.idx(u, v, layer),
            };
            if win[idx] >= iso {
                inside = true;
            } else {
                outside = true;
            }
            if inside && outside {
                return true;
            }
        }
    }
    false
}
