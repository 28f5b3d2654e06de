//! Point-cloud reduction to an exact target count, spread evenly over space. The bounding cube is an
//! octree of up to 1024^3 cells in Morton (Z) order. With `m` points to keep, take the finest level
//! whose parent level has fewer than `m` occupied cells: every occupied parent cell keeps one point
//! (its middle occupied child), and the remaining picks are spread evenly in Z-order over the other
//! occupied children. A chosen cell keeps its lowest-index point. Deterministic.
//!
//! Volumetric clouds are served from occupancy bitmaps: one pass over the points for the bounds, one
//! that marks the 256^3 cells and notes the first point of each; the picks then read only those
//! notes. Clouds so sparse that the picks need cells finer than 256^3 fall back to a Morton sort of
//! all points.

use crate::{try_vec, try_with_capacity, Buffer, GeomError, GeomResult, Output};

const BITS: u32 = 10;
const LEVELS: usize = BITS as usize; // octree levels 0 (finest cell) ..= 10 (whole cube)
/// Finest level kept as a bitmap: 256^3 cells, 2 MB.
const BITMAP_LEVEL: usize = 2;

/// Output: buffers [kept indices u32, ascending]; scalars [coverage cell size (every occupied cell of
/// this size keeps a point), kept count, level of the picked cells (-1: single points)].
pub fn reduce_points(p: &[f32], target: usize) -> GeomResult<Output> {
    let n = p.len() / 3;
    let (lo, hi, finite) = bounds_checked(p);
    if !finite {
        return Err(GeomError::invalid("positions contain a non-finite value"));
    }
    if n > u32::MAX as usize {
        return Err(GeomError::limit("more than 2^32 points"));
    }
    let done = |kept: Vec<u32>, cell: f64, level: f64| {
        let k = kept.len() as f64;
        Ok(Output { buffers: vec![Buffer::U32(kept)], scalars: vec![cell, k, level] })
    };
    if target >= n {
        return done((0..n as u32).collect(), 0.0, -1.0);
    }
    if target == 0 {
        return done(Vec::new(), 0.0, -1.0);
    }
    let ext = (0..3).map(|a| hi[a] - lo[a]).fold(0.0f32, f32::max);
    if ext == 0.0 || target == 1 {
        // All points at one place (or one to keep): an evenly strided subset.
        let kept: Vec<u32> = (0..target).map(|i| ((i as u64 * n as u64) / target as u64) as u32).collect();
        return done(kept, ext as f64, LEVELS as f64);
    }
    let q = Quantizer::new(lo, ext);
    let spread = spread_table();
    let m = target as u64;

    // Occupancy per level from the 256^3 bitmap upwards.
    let mut maps: Vec<Vec<u64>> = Vec::with_capacity(LEVELS + 1);
    let (finest, firsts) = occupancy(p, &q, &spread)?;
    maps.push(finest);
    for _ in BITMAP_LEVEL + 1..=LEVELS {
        let up = coarsen(maps.last().unwrap());
        maps.push(up);
    }
    let occupied = |l: usize| -> u64 { maps[l - BITMAP_LEVEL].iter().map(|w| w.count_ones() as u64).sum() };
    if occupied(BITMAP_LEVEL) >= m {
        let mut child = LEVELS;
        while occupied(child) < m {
            child -= 1;
        }
        let chosen = choose_cells(&maps[child - BITMAP_LEVEL], occupied(child + 1), occupied(child), m)?;
        let kept = first_points(&firsts, child, &chosen, target)?;
        return done(kept, cell_size(ext, child + 1), child as f64);
    }
    drop(maps);
    drop(firsts);
    sorted_reduce(p, &q, &spread, m, ext)
}

fn cell_size(ext: f32, level: usize) -> f64 {
    ext as f64 / (1u64 << BITS) as f64 * (1u64 << level) as f64
}

struct Quantizer {
    lo: [f32; 3],
    scale: f32,
}

impl Quantizer {
    fn new(lo: [f32; 3], ext: f32) -> Self {
        Quantizer { lo, scale: (1u32 << BITS) as f32 / ext }
    }
    /// Cell coordinates at the finest level, 0..1023 per axis.
    #[inline]
    fn cell(&self, v: &[f32]) -> [u32; 3] {
        let max = (1u32 << BITS) - 1;
        [
            (((v[0] - self.lo[0]) * self.scale) as u32).min(max),
            (((v[1] - self.lo[1]) * self.scale) as u32).min(max),
            (((v[2] - self.lo[2]) * self.scale) as u32).min(max),
        ]
    }
}

/// Spreads 10 bits to every third bit of 30 (one axis of a Morton key).
fn spread_table() -> Vec<u32> {
    (0..1u32 << BITS)
        .map(|x| {
            let mut x = x;
            x = (x | (x << 16)) & 0x0300_00ff;
            x = (x | (x << 8)) & 0x0300_f00f;
            x = (x | (x << 4)) & 0x030c_30c3;
            (x | (x << 2)) & 0x0924_9249
        })
        .collect()
}

#[inline]
fn morton(spread: &[u32], c: [u32; 3], level: usize) -> u32 {
    spread[(c[0] >> level) as usize] | (spread[(c[1] >> level) as usize] << 1) | (spread[(c[2] >> level) as usize] << 2)
}

/// Occupancy bitmap of the 256^3 level, and the first point met in each occupied cell there, as
/// (Morton key << 32 | point index) in index order. The first point of any coarser cell is then the
/// first of these whose key falls in it, so the picks never scan all points a second time.
fn occupancy(p: &[f32], q: &Quantizer, spread: &[u32]) -> GeomResult<(Vec<u64>, Vec<u64>)> {
    let cells = 1usize << (3 * (LEVELS - BITMAP_LEVEL));
    let n = p.len() / 3;
    let mut map = try_vec(cells / 64, 0u64)?;
    // A slot per cell that can be occupied. The branch below is taken for about one point in eight
    // in a volumetric cloud; a branch-free append (write every point's slot, advance on new cells)
    // was slower, as each store's address then waits for every earlier bitmap load.
    let mut firsts = try_with_capacity::<u64>(n.min(cells))?;
    let mut len = 0usize;
    {
        let slots = firsts.spare_capacity_mut();
        let mut visit = |key: u32, index: usize| {
            let word = &mut map[(key >> 6) as usize];
            let bit = 1u64 << (key & 63);
            if *word & bit == 0 {
                *word |= bit;
                slots[len].write(((key as u64) << 32) | index as u64);
                len += 1;
            }
        };
        let done = occupancy_simd(p, q, &mut visit);
        for (i, v) in p.chunks_exact(3).enumerate().skip(done) {
            visit(morton(spread, q.cell(v), BITMAP_LEVEL), i);
        }
    }
    // SAFETY: the first `len` slots were written.
    unsafe { firsts.set_len(len) };
    Ok((map, firsts))
}

/// The bulk of `occupancy`, four points per step with the wasm SIMD unit: quantise, spread the bits
/// of each axis and interleave them into Morton keys without table lookups, the same keys as
/// `Quantizer::cell` and `morton` give. Hands each key to `visit` with its point index and returns
/// how many points it did; the caller does the rest.
///
/// Written for what V8 makes of it: the deinterleave uses only shuffles that take two lanes from each
/// operand (one `shufps` each), the signed conversion (coordinates are at or above the box minimum, so
/// it equals the unsigned one and the clamp catches overflow) and constants read once through a
/// volatile load, which keeps them in registers instead of being rebuilt every step and keeps LLVM
/// from turning the bit spreading into multiplications.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn occupancy_simd(p: &[f32], q: &Quantizer, visit: &mut impl FnMut(u32, usize)) -> usize {
    use core::arch::wasm32::*;
    let constants = [
        u32x4_splat(0x0000_f00f),
        u32x4_splat(0x000c_30c3),
        u32x4_splat(0x0024_9249),
        u32x4_splat((1u32 << BITS) - 1),
    ];
    // SAFETY: reads a local array of plain values.
    let [m4, m2, m1, max] = unsafe { core::ptr::read_volatile(&constants) };
    // Bits 0..7 of each lane to every third bit (the 256^3 level has 8 bits per axis).
    let spread8 = |x: v128| -> v128 {
        let x = v128_and(v128_or(x, u32x4_shl(x, 8)), m4);
        let x = v128_and(v128_or(x, u32x4_shl(x, 4)), m2);
        v128_and(v128_or(x, u32x4_shl(x, 2)), m1)
    };
    let scale = f32x4_splat(q.scale);
    let (lx, ly, lz) = (f32x4_splat(q.lo[0]), f32x4_splat(q.lo[1]), f32x4_splat(q.lo[2]));
    let shift = BITMAP_LEVEL as u32;
    let cell = |v: v128, lo: v128| -> v128 {
        let c = u32x4_min(i32x4_trunc_sat_f32x4(f32x4_mul(f32x4_sub(v, lo), scale)), max);
        spread8(u32x4_shr(c, shift))
    };
    let quads = p.len() / 12;
    for i in 0..quads {
        // SAFETY: the 12 floats from 12 * i lie inside `p` (i < p.len() / 12).
        let (a, b, c) = unsafe {
            let src = p.as_ptr().add(12 * i);
            (v128_load(src as *const v128), v128_load(src.add(4) as *const v128), v128_load(src.add(8) as *const v128))
        };
        // a = x0 y0 z0 x1, b = y1 z1 x2 y2, c = z2 x3 y3 z3
        let t = i32x4_shuffle::<2, 3, 5, 6>(b, c); // x2 y2 x3 y3
        let u = i32x4_shuffle::<1, 2, 4, 5>(a, b); // y0 z0 y1 z1
        let xs = i32x4_shuffle::<0, 3, 4, 6>(a, t);
        let ys = i32x4_shuffle::<0, 2, 5, 7>(u, t);
        let zs = i32x4_shuffle::<1, 3, 4, 7>(u, c);
        let k = v128_or(cell(xs, lx), v128_or(u32x4_shl(cell(ys, ly), 1), u32x4_shl(cell(zs, lz), 2)));
        visit(u32x4_extract_lane::<0>(k), 4 * i);
        visit(u32x4_extract_lane::<1>(k), 4 * i + 1);
        visit(u32x4_extract_lane::<2>(k), 4 * i + 2);
        visit(u32x4_extract_lane::<3>(k), 4 * i + 3);
    }
    4 * quads
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn occupancy_simd(_p: &[f32], _q: &Quantizer, _visit: &mut impl FnMut(u32, usize)) -> usize {
    0
}

/// Occupancy one level up: a parent is occupied when any of its 8 consecutive children is.
fn coarsen(map: &[u64]) -> Vec<u64> {
    let parents = (map.len() * 64) / 8;
    let mut up = vec![0u64; (parents + 63) / 64];
    for (w, &bits) in map.iter().enumerate() {
        if bits == 0 {
            continue;
        }
        for byte in 0..8 {
            if (bits >> (8 * byte)) & 0xff != 0 {
                let parent = w * 8 + byte;
                up[parent >> 6] |= 1u64 << (parent & 63);
            }
        }
    }
    up
}

/// Picks `extra` of `total` candidates met one after another, evenly: the s-th candidate (from 0) is
/// picked when floor((s + 1) * extra / total) > floor(s * extra / total). Kept as a running remainder
/// (Bresenham) rather than two divisions per candidate. Needs extra <= total.
struct EvenPicks {
    extra: u64,
    total: u64,
    rem: u64,
}

impl EvenPicks {
    fn new(extra: u64, total: u64) -> Self {
        debug_assert!(extra <= total);
        EvenPicks { extra, total, rem: 0 }
    }
    #[inline]
    fn next(&mut self) -> bool {
        // rem = (s * extra) mod total before the step; the quotient grows exactly when it wraps.
        self.rem += self.extra;
        if self.rem >= self.total {
            self.rem -= self.total;
            true
        } else {
            false
        }
    }
}

/// Marks the chosen cells of a level: per occupied parent its middle occupied child, plus `m -
/// parents` more spread evenly (in Z-order) over the other occupied children.
fn choose_cells(children: &[u64], parents: u64, occupied: u64, m: u64) -> GeomResult<Vec<u64>> {
    let mut chosen = try_vec(children.len(), 0u64)?;
    let mut spread = EvenPicks::new(m - parents, occupied - parents);
    for (w, &bits) in children.iter().enumerate() {
        if bits == 0 {
            continue;
        }
        for byte in 0..8 {
            let group = ((bits >> (8 * byte)) & 0xff) as u32;
            if group == 0 {
                continue;
            }
            let primary = group.count_ones() / 2;
            let mut g = group;
            let mut r = 0;
            while g != 0 {
                let bit = g.trailing_zeros();
                g &= g - 1;
                let take = r == primary || spread.next();
                if take {
                    chosen[w] |= 1u64 << (8 * byte + bit);
                }
                r += 1;
            }
        }
    }
    Ok(chosen)
}

/// The lowest-index point of every chosen cell, in index order: the first entry of `firsts` (the
/// first point of each occupied bitmap cell, in index order) that falls in it.
fn first_points(firsts: &[u64], level: usize, chosen: &[u64], m: usize) -> GeomResult<Vec<u32>> {
    let mut open = chosen.to_vec();
    let mut kept = try_with_capacity::<u32>(m)?;
    let shift = 32 + 3 * (level - BITMAP_LEVEL) as u32;
    for &first in firsts {
        let k = (first >> shift) as usize;
        let bit = 1u64 << (k & 63);
        if open[k >> 6] & bit != 0 {
            open[k >> 6] &= !bit;
            kept.push(first as u32);
        }
    }
    Ok(kept)
}

/// Fallback for sparse clouds: sort (key << 32 | index) along the Morton curve and pick runs.
fn sorted_reduce(p: &[f32], q: &Quantizer, spread: &[u32], m: u64, ext: f32) -> GeomResult<Output> {
    let n = p.len() / 3;
    let (sorted, hist) = morton_sort(p, q, spread)?;
    // cells[l + 1] = occupied cells at level l, for l in -1 (single points) ..= 10; cells[12] = 0.
    let mut cells = [0u64; LEVELS + 3];
    cells[0] = n as u64;
    cells[LEVELS + 1] = 1;
    for l in (0..LEVELS).rev() {
        cells[l + 1] = cells[l + 2] + hist[l];
    }
    let mut child = LEVELS as i32;
    while cells[(child + 1) as usize] < m {
        child -= 1;
    }
    let parent = child + 1;
    let parent_cells = cells[(parent + 1) as usize];
    let mut spread = EvenPicks::new(m - parent_cells, cells[(child + 1) as usize] - parent_cells);
    // Level -1 compares whole packed values (unique: the index is in the low bits).
    let shift = |level: i32| -> u32 { if level < 0 { 0 } else { 32 + 3 * level as u32 } };
    let (ps, cs) = (shift(parent), shift(child));
    let key = |v: u64, s: u32| -> u64 { if s >= 64 { 0 } else { v >> s } };

    let mut kept_mask = try_vec((n + 63) / 64, 0u64)?;
    let mut runs: Vec<usize> = Vec::new();
    let mut i = 0usize;
    while i < n {
        let pk = key(sorted[i], ps);
        runs.clear();
        let mut j = i;
        while j < n && key(sorted[j], ps) == pk {
            runs.push(j);
            let ck = key(sorted[j], cs);
            j += 1;
            while j < n && key(sorted[j], cs) == ck {
                j += 1;
            }
        }
        let count = runs.len();
        for (r, &start) in runs.iter().enumerate() {
            let take = r == count / 2 || spread.next();
            if take {
                // Runs are in index order within equal keys: the start is the lowest index.
                let idx = (sorted[start] & 0xffff_ffff) as usize;
                kept_mask[idx >> 6] |= 1u64 << (idx & 63);
            }
        }
        i = j;
    }
    drop(sorted);
    let mut kept = try_with_capacity::<u32>(m as usize)?;
    for (w, &bits) in kept_mask.iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            kept.push((w * 64) as u32 + b.trailing_zeros());
            b &= b - 1;
        }
    }
    let k = kept.len() as f64;
    let cell = if parent > LEVELS as i32 { ext as f64 } else { cell_size(ext, parent as usize) };
    Ok(Output { buffers: vec![Buffer::U32(kept)], scalars: vec![cell, k, child as f64] })
}

/// Bounds, and whether every coordinate is finite (NaN and infinities turn `v * 0` into NaN).
fn bounds_checked(p: &[f32]) -> ([f32; 3], [f32; 3], bool) {
    let mut lo = [f32::INFINITY; 12];
    let mut hi = [f32::NEG_INFINITY; 12];
    let mut poison = [0.0f32; 12];
    let done = bounds_simd(p, &mut lo, &mut hi, &mut poison);
    let mut chunks = p[done..].chunks_exact(12);
    for c in &mut chunks {
        for k in 0..12 {
            let v = c[k];
            lo[k] = if v < lo[k] { v } else { lo[k] };
            hi[k] = if v > hi[k] { v } else { hi[k] };
            poison[k] += v * 0.0;
        }
    }
    for (k, &v) in chunks.remainder().iter().enumerate() {
        lo[k] = if v < lo[k] { v } else { lo[k] };
        hi[k] = if v > hi[k] { v } else { hi[k] };
        poison[k] += v * 0.0;
    }
    let mut l = [f32::INFINITY; 3];
    let mut h = [f32::NEG_INFINITY; 3];
    for k in 0..12 {
        l[k % 3] = l[k % 3].min(lo[k]);
        h[k % 3] = h[k % 3].max(hi[k]);
    }
    (l, h, poison.iter().all(|&v| v == 0.0))
}

/// The bulk of `bounds_checked` in 12-float steps (lane k holds axis k % 3), with the SIMD unit's
/// pseudo-minimum and maximum (single instructions on x86 and ARM, unlike the NaN-exact ones).
/// Returns how many floats it covered.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn bounds_simd(p: &[f32], lo: &mut [f32; 12], hi: &mut [f32; 12], poison: &mut [f32; 12]) -> usize {
    use core::arch::wasm32::*;
    let steps = p.len() / 12;
    let ld = |a: &[f32; 12], k: usize| -> v128 { f32x4(a[k], a[k + 1], a[k + 2], a[k + 3]) };
    let (mut l, mut h, mut z) = ([ld(lo, 0), ld(lo, 4), ld(lo, 8)], [ld(hi, 0), ld(hi, 4), ld(hi, 8)], [ld(poison, 0), ld(poison, 4), ld(poison, 8)]);
    let zero = f32x4_splat(0.0);
    for i in 0..steps {
        for j in 0..3 {
            // SAFETY: floats 12 * i + 4 * j .. + 4 lie inside `p` (i < p.len() / 12).
            let v = unsafe { v128_load(p.as_ptr().add(12 * i + 4 * j) as *const v128) };
            l[j] = f32x4_pmin(l[j], v);
            h[j] = f32x4_pmax(h[j], v);
            z[j] = f32x4_add(z[j], f32x4_mul(v, zero));
        }
    }
    for j in 0..3 {
        for (dst, src) in [(&mut *lo, l[j]), (&mut *hi, h[j]), (&mut *poison, z[j])] {
            dst[4 * j] = f32x4_extract_lane::<0>(src);
            dst[4 * j + 1] = f32x4_extract_lane::<1>(src);
            dst[4 * j + 2] = f32x4_extract_lane::<2>(src);
            dst[4 * j + 3] = f32x4_extract_lane::<3>(src);
        }
    }
    12 * steps
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn bounds_simd(_p: &[f32], _lo: &mut [f32; 12], _hi: &mut [f32; 12], _poison: &mut [f32; 12]) -> usize {
    0
}

/// Sorts (Morton key << 32 | point index) by key: one most-significant-digit scatter into 1024
/// buckets, then two least-significant-digit passes per bucket while it sits in cache, where the
/// cells of every octree level are counted too (`hist[l]`: neighbours that first differ at level l).
/// Equal keys keep index order.
fn morton_sort(p: &[f32], q: &Quantizer, spread: &[u32]) -> GeomResult<(Vec<u64>, [u64; LEVELS])> {
    let n = p.len() / 3;
    let max = (1u32 << BITS) - 1;
    let mut keys = try_vec(n, 0u32)?;
    let mut top = vec![0u32; 1 << BITS];
    for (k, v) in keys.iter_mut().zip(p.chunks_exact(3)) {
        let m = morton(spread, q.cell(v), 0);
        top[(m >> 20) as usize] += 1;
        *k = m;
    }
    let mut offsets = vec![0usize; (1 << BITS) + 1];
    for d in 0..(1 << BITS) {
        offsets[d + 1] = offsets[d] + top[d] as usize;
    }
    let mut out = try_vec(n, 0u64)?;
    {
        let mut cursor = offsets.clone();
        for (i, &k) in keys.iter().enumerate() {
            let d = (k >> 20) as usize;
            out[cursor[d]] = ((k as u64) << 32) | i as u64;
            cursor[d] += 1;
        }
    }
    drop(keys);
    let mut scratch: Vec<u64> = Vec::new();
    let mut count = vec![0u32; 1 << BITS];
    let mut hist = [0u64; LEVELS];
    let mut prev: Option<u32> = None;
    for d in 0..(1 << BITS) {
        let (a, b) = (offsets[d], offsets[d + 1]);
        let len = b - a;
        if len == 0 {
            continue;
        }
        if len <= 64 {
            out[a..b].sort_unstable();
        } else {
            if scratch.len() < len {
                scratch.resize(len, 0);
            }
            for pass in 0..2u32 {
                let sh = 32 + pass * BITS;
                let (src, dst) = if pass == 0 { (&out[a..b], &mut scratch[..len]) } else { (&scratch[..len], &mut out[a..b]) };
                count.iter_mut().for_each(|c| *c = 0);
                for &v in src.iter() {
                    count[((v >> sh) & max as u64) as usize] += 1;
                }
                let mut sum = 0u32;
                for c in count.iter_mut() {
                    let t = *c;
                    *c = sum;
                    sum += t;
                }
                for &v in src.iter() {
                    let dgt = ((v >> sh) & max as u64) as usize;
                    dst[count[dgt] as usize] = v;
                    count[dgt] += 1;
                }
            }
        }
        for &v in &out[a..b] {
            let k = (v >> 32) as u32;
            if let Some(pk) = prev {
                let diff = k ^ pk;
                if diff != 0 {
                    hist[((31 - diff.leading_zeros()) / 3) as usize] += 1;
                }
            }
            prev = Some(k);
        }
    }
    Ok((out, hist))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(o: &Output) -> Vec<u32> {
        match &o.buffers[0] {
            Buffer::U32(v) => v.clone(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn both_paths_hit_the_target_and_cover_the_box() {
        let mut s: u64 = 7;
        let mut rnd = || {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((s >> 40) as f32) / (1u64 << 24) as f32
        };
        // Volume (bitmap path) and a thin spherical shell (sorted path for large targets).
        let vol: Vec<f32> = (0..3 * 200_000).map(|_| rnd()).collect();
        let mut shell = Vec::new();
        for _ in 0..200_000 {
            let (a, b) = (rnd() * 6.283, rnd() * 2.0 - 1.0);
            let r = (1.0 - b * b).sqrt();
            shell.extend_from_slice(&[r * a.cos(), r * a.sin(), b]);
        }
        for cloud in [&vol, &shell] {
            for target in [1usize, 2, 10, 999, 50_000, 150_000] {
                let o = reduce_points(cloud, target).unwrap();
                let k = kept(&o);
                assert_eq!(k.len(), target);
                assert!(k.windows(2).all(|w| w[0] < w[1]));
                if target >= 999 {
                    let cell = o.scalars[0] as f32;
                    let sub: Vec<f32> = k.iter().flat_map(|&i| cloud[3 * i as usize..3 * i as usize + 3].to_vec()).collect();
                    let (l0, h0) = crate::bounds(cloud);
                    let (l1, h1) = crate::bounds(&sub);
                    for a in 0..3 {
                        assert!(l1[a] - l0[a] <= cell * 1.0001 && h0[a] - h1[a] <= cell * 1.0001);
                    }
                }
            }
        }
    }
}
