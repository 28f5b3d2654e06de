//! Native checks of the kernels' invariants (run with `cargo test` on the host).

use crate::{health, iso, Buffer, Output};

fn f32s(o: &Output, i: usize) -> &[f32] {
    match &o.buffers[i] {
        Buffer::F32(v) => v,
        _ => panic!("buffer {} is not f32", i),
    }
}
fn u32s(o: &Output, i: usize) -> &[u32] {
    match &o.buffers[i] {
        Buffer::U32(v) => v,
        _ => panic!("buffer {} is not u32", i),
    }
}

/// Small deterministic generator for test clouds.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32) / (1u64 << 24) as f32
    }
}

fn assert_closed(out: &Output) {
    let pos = f32s(out, 0);
    let idx = u32s(out, 1);
    assert!(!idx.is_empty(), "surface is empty");
    let h = health::mesh_health(pos, idx, 10).unwrap();
    let s = &h.scalars;
    assert_eq!(s[3], 0.0, "boundary edges");
    assert_eq!(s[4], 0.0, "non-manifold edges");
    assert_eq!(s[5], 0.0, "non-manifold vertices");
    assert_eq!(s[7], 0.0, "inconsistent winding");
    assert!(s[22] > 0.0, "volume must be positive (outward normals), got {}", s[22]);
}

#[test]
fn random_clouds_give_closed_surfaces() {
    for seed in 0..6u64 {
        let mut rng = Lcg(seed + 1);
        let mut p = Vec::new();
        // Clumps and scattered particles: many ambiguous configurations.
        for _ in 0..3000 {
            p.push(rng.next() * 0.4);
            p.push(rng.next() * 0.4);
            p.push(rng.next() * 0.4);
        }
        for (cube, thr) in [(1.0f32, 0.3f32), (0.7, 0.2), (1.5, 0.6), (0.5, 0.05)] {
            let prm = iso::IsoParams { particle_radius: 0.01, smoothing_length: 2.0, cube_size: cube, iso_threshold: thr, max_triangles: 10_000_000 };
            let out = iso::reconstruct(&p, &[], &prm).unwrap();
            assert_closed(&out);
        }
    }
}

#[test]
fn ball_area_close_to_sphere() {
    let dp = 0.02f32;
    let radius = 0.3f32;
    let mut p = Vec::new();
    let n = (radius / dp).ceil() as i32 + 1;
    for i in -n..=n {
        for j in -n..=n {
            for k in -n..=n {
                let (x, y, z) = ((i as f32 + 0.5) * dp, (j as f32 + 0.5) * dp, (k as f32 + 0.5) * dp);
                if x * x + y * y + z * z <= radius * radius {
                    p.extend_from_slice(&[x, y, z]);
                }
            }
        }
    }
    let prm = iso::IsoParams { particle_radius: dp / 2.0, smoothing_length: 2.0, cube_size: 1.0, iso_threshold: 0.5, max_triangles: 10_000_000 };
    let out = iso::reconstruct(&p, &[], &prm).unwrap();
    assert_closed(&out);
    let h = health::mesh_health(f32s(&out, 0), u32s(&out, 1), 10).unwrap();
    let area = h.scalars[8];
    let expected = 4.0 * std::f64::consts::PI * (radius as f64).powi(2);
    assert!((area / expected - 1.0).abs() < 0.05, "area {} vs {}", area, expected);
}

/// Closed UV sphere with `n` segments around and `n / 2` rings, outward normals.
fn uv_sphere(r: f32, c: [f32; 3], n: usize) -> (Vec<f32>, Vec<u32>) {
    let mut p = vec![c[0], c[1], c[2] + r, c[0], c[1], c[2] - r];
    let rings = n / 2;
    for i in 1..rings {
        let t = std::f32::consts::PI * i as f32 / rings as f32;
        for j in 0..n {
            let f = 2.0 * std::f32::consts::PI * j as f32 / n as f32;
            p.extend_from_slice(&[c[0] + r * t.sin() * f.cos(), c[1] + r * t.sin() * f.sin(), c[2] + r * t.cos()]);
        }
    }
    let v = |i: usize, j: usize| (2 + (i - 1) * n + j % n) as u32;
    let mut idx = Vec::new();
    for j in 0..n {
        idx.extend_from_slice(&[0, v(1, j), v(1, j + 1)]);
        idx.extend_from_slice(&[1, v(rings - 1, j + 1), v(rings - 1, j)]);
        for i in 1..rings - 1 {
            idx.extend_from_slice(&[v(i, j), v(i + 1, j), v(i + 1, j + 1), v(i, j), v(i + 1, j + 1), v(i, j + 1)]);
        }
    }
    (p, idx)
}

#[test]
fn lattice_runs_hold_the_points_of_the_lattice_fill() {
    let (p, idx) = uv_sphere(0.5, [0.3, -0.2, 0.1], 40);
    for &(d, o) in &[(0.05f64, [0.025f64, 0.025, 0.025]), (0.037, [0.0, 0.01, -0.003])] {
        let fill = crate::inside::lattice_fill(&p, &idx, d, o, 1 << 30).unwrap();
        let runs = crate::inside::lattice_runs(&p, &idx, d, o, 1 << 30).unwrap();
        let pts = f32s(&fill, 0);
        let r = u32s(&runs, 0);
        let s = &runs.scalars;
        assert_eq!(s[1] as usize, pts.len() / 3);
        assert_eq!(s[0] as usize, r.len() / 4);
        let mut from_runs: Vec<[i64; 3]> = Vec::new();
        for run in r.chunks_exact(4) {
            for i in run[2]..=run[3] {
                from_runs.push([i as i64 + s[2] as i64, run[0] as i64 + s[3] as i64, run[1] as i64 + s[4] as i64]);
            }
        }
        let mut from_points: Vec<[i64; 3]> =
            pts.chunks_exact(3).map(|q| [0, 1, 2].map(|a| ((q[a] as f64 - o[a]) / d).round() as i64)).collect();
        from_runs.sort_unstable();
        from_points.sort_unstable();
        assert_eq!(from_runs, from_points);
    }
    assert!(crate::inside::lattice_runs(&p, &idx, 0.05, [0.0; 3], 3).is_err());
}
