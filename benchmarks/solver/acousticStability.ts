// Linear stability of the CPU and GPU step (classical RK4) for the sound waves of the δ-SPH scheme on a
// cubic lattice at rest: the largest acoustic CFL number Δt c0 / h for which no Fourier mode grows.
// `node benchmarks/solver/acousticStability.ts`.
//
// About a uniform state (ρ0, v = 0) a mode δρ, δv ∝ exp(i k·x) obeys, with g(k) = Σ_j V sin(k·r_ij) F r_ij
// (F the kernel gradient factor, ∇_i W_ij = F r_ij) and c(k) = Σ_j V (1 − cos k·r_ij) (≥ 0):
//   dδρ/dt = 2 δ h c0 Σ_j V F (1 − cos k·r_ij) δρ + i ρ0 g·δv            (continuity, δ-SPH diffusion)
//   dδv/dt = i c0² g δρ / ρ0 + Σ_j V F (1 − cos k·r_ij) r rᵀ/(r² + η²) (α h c0 + 10 ν) δv  (pressure, viscosity)
// so a longitudinal mode is a 2 × 2 system whose eigenvalues λ are the sound wave (imaginary, ±i c0 |g|)
// with the damping of the diffusion and the viscosity. RK4 is stable while |1 + z + z²/2 + z³/6 + z⁴/24| ≤ 1
// for every z = λ Δt; the program scans k over the Brillouin zone and bisects on the CFL number.
import { SMOOTHING_RATIO, kernelConstants, wendlandGradFactor } from '../../src/solver/kernel.ts';

interface Complex { re: number; im: number }

function rk4Amplification(z: Complex): number {
  // 1 + z + z²/2 + z³/6 + z⁴/24 by Horner's rule.
  let re = 1 / 24, im = 0;
  for (const c of [1 / 6, 1 / 2, 1, 1]) {
    const r = re * z.re - im * z.im + c;
    im = re * z.im + im * z.re;
    re = r;
  }
  return Math.hypot(re, im);
}

/** Eigenvalues (per unit c0 / h, so z = CFL λ) of the longitudinal and transverse modes at every k of the scan. */
function modeEigenvalues(delta: number, alpha: number, steps: number): Complex[] {
  const dx = 1, h = SMOOTHING_RATIO * dx, c0 = 1, rho0 = 1;
  const k = kernelConstants(h);
  const reach = Math.ceil(2 * h / dx);
  const pairs: { r: [number, number, number]; F: number }[] = [];
  for (let a = -reach; a <= reach; a++) {
    for (let b = -reach; b <= reach; b++) {
      for (let c = -reach; c <= reach; c++) {
        const r = Math.hypot(a, b, c);
        if (r === 0 || r >= 2 * h) continue;
        pairs.push({ r: [a, b, c], F: wendlandGradFactor(r, k) });
      }
    }
  }
  const V = dx * dx * dx;
  const eta2 = 0.01 * h * h;
  const out: Complex[] = [];
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= i; j++) {
      for (let l = 0; l <= j; l++) {
        const kv = [Math.PI * i / steps, Math.PI * j / steps, Math.PI * l / steps];
        const g = [0, 0, 0];
        let diffusion = 0;
        const M = [0, 0, 0, 0, 0, 0, 0, 0, 0];
        for (const p of pairs) {
          const kr = kv[0] * p.r[0] + kv[1] * p.r[1] + kv[2] * p.r[2];
          const s = Math.sin(kr), oneMinusCos = 1 - Math.cos(kr);
          const r2 = p.r[0] ** 2 + p.r[1] ** 2 + p.r[2] ** 2;
          for (let a = 0; a < 3; a++) {
            g[a] += V * s * p.F * p.r[a];
            for (let b = 0; b < 3; b++) M[3 * a + b] += V * p.F * oneMinusCos * p.r[a] * p.r[b] / (r2 + eta2);
          }
          diffusion += 2 * delta * h * c0 * V * p.F * oneMinusCos;
        }
        const gl = Math.hypot(g[0], g[1], g[2]);
        const visc = alpha * h * c0;
        // Viscous damping along g (longitudinal) and the largest across it (transverse, bounded by the trace).
        let mu = 0, trace = 0;
        for (let a = 0; a < 3; a++) trace += M[4 * a] * visc;
        if (gl > 0) {
          for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) mu += (g[a] / gl) * M[3 * a + b] * (g[b] / gl) * visc;
        }
        // [[diffusion, i ρ0 |g|], [i c0² |g| / ρ0, mu]]: λ = m ± sqrt(d² − c0² |g|²), m the mean, d the half difference.
        const m = (diffusion + mu) / 2, d = (diffusion - mu) / 2;
        const disc = d * d - c0 * c0 * gl * gl * (rho0 / rho0);
        const scale = h / c0;
        if (disc >= 0) {
          out.push({ re: (m + Math.sqrt(disc)) * scale, im: 0 }, { re: (m - Math.sqrt(disc)) * scale, im: 0 });
        } else {
          out.push({ re: m * scale, im: Math.sqrt(-disc) * scale });
        }
        out.push({ re: trace * scale, im: 0 });
      }
    }
  }
  return out;
}

function largestStableCfl(eigen: Complex[]): number {
  let lo = 0, hi = 10;
  for (let it = 0; it < 50; it++) {
    const cfl = (lo + hi) / 2;
    const stable = eigen.every((e) => rk4Amplification({ re: cfl * e.re, im: cfl * e.im }) <= 1 + 1e-12);
    if (stable) lo = cfl;
    else hi = cfl;
  }
  return lo;
}

/**
 * Wall damping of the Riemann wall (β = c0): a fluid particle's velocity normal to the wall decays as
 * dv/dt = −2 β Σ_w V_w |F| (r·n_w) n_w (n_w·v) (pairs in front of the wall particle only), a real negative
 * eigenvalue that RK4 bounds at |z| ≤ 2.785 on the real axis. The fluid particle sits half a spacing from
 * the wall surface(s); wall particles fill the lattice behind the face, the edge or the corner, with the
 * lattice normals the discretizer gives them (face, edge and corner diagonals). Returns the largest
 * eigenvalue of the damping matrix in units of c0 / h.
 */
function wallDamping(walls: 1 | 2 | 3): number {
  const dx = 1, h = SMOOTHING_RATIO * dx, beta = 1;
  const k = kernelConstants(h);
  const M = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const reach = Math.ceil(2 * h) + 1;
  for (let a = -reach; a <= reach; a++) {
    for (let b = -reach; b <= reach; b++) {
      for (let c = -reach; c <= reach; c++) {
        // Fluid at the origin, half a spacing from the wall planes x = −0.5, (y = −0.5, z = −0.5).
        const p = [a, b, c];
        const behind = p.map((v, axis) => axis < walls && v < 0);
        if (!behind.some(Boolean)) continue;
        const n = behind.map((v) => (v ? 1 : 0));
        const nl = Math.hypot(n[0], n[1], n[2]);
        const r = [-a, -b, -c];
        const rl = Math.hypot(r[0], r[1], r[2]);
        if (rl >= 2 * h) continue;
        const rn = (r[0] * n[0] + r[1] * n[1] + r[2] * n[2]) / nl;
        if (rn <= 0) continue;
        const F = -wendlandGradFactor(rl, k);
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) M[3 * i + j] += 2 * beta * dx ** 3 * F * rn * (n[i] / nl) * (n[j] / nl);
      }
    }
  }
  // Largest eigenvalue of the symmetric matrix by power iteration.
  let v = [1, 0.7, 0.4];
  let lambda = 0;
  for (let it = 0; it < 200; it++) {
    const w = [0, 1, 2].map((i) => M[3 * i] * v[0] + M[3 * i + 1] * v[1] + M[3 * i + 2] * v[2]);
    lambda = Math.hypot(w[0], w[1], w[2]);
    v = w.map((x) => x / lambda);
  }
  return lambda * h;
}

export function printAcousticStability(): void {
  const steps = 24;
  console.log('\n--- RK4 stability of sound waves on a cubic lattice (h = 1.3 Δx, Wendland C2), Δt = CFL h / c0');
  for (const [label, delta, alpha] of [
    ['pressure and continuity only', 0, 0],
    ['with δ-SPH diffusion (δ = 0.1)', 0.1, 0],
    ['with diffusion and artificial viscosity (α = 0.02)', 0.1, 0.02],
  ] as const) {
    const eigen = modeEigenvalues(delta, alpha, steps);
    const maxIm = Math.max(...eigen.map((e) => e.im));
    console.log(`${label.padEnd(52)} largest |ω| h/c0 ${maxIm.toFixed(3)}  largest stable CFL ${largestStableCfl(eigen).toFixed(3)}`);
  }
  for (const [label, walls] of [['Riemann wall damping (β = c0), flat wall', 1], ['... in an edge', 2], ['... in a corner', 3]] as const) {
    const d = wallDamping(walls);
    console.log(`${label.padEnd(52)} largest damping h/c0 ${d.toFixed(3)}  largest stable CFL ${largestStableCfl([{ re: -d, im: 0 }]).toFixed(3)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printAcousticStability();
