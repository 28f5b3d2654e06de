// Surface tension of a free surface (settings.surfaceTension, sigma) and the contact angle of rigid parts
// (component contactAngle): continuum surface force (Brackbill, Kothe & Zemach 1992) on the fluid's
// outermost particles, a_i = −σ κ_i δ_i n_i / ρ_i, with
//   - n_i the outward unit normal of the kernel average of the colour gradient g_i = Σ_j ∇_iW_ij V_j over
//     fluid, buffer and wall neighbours (walls count as filled, so only the liquid–gas interface has a
//     gradient);
//   - δ_i = |g_i| / C the surface delta, C = Δx Σ_k |g_k| the colour gradient summed across the layers
//     of a flat lattice surface, so that the force of a column of surface particles is σ κ per unit area;
//   - κ_i = (d − 1) Σ_j (n_j − n_i)·∇_iW_ij V_j / Σ_j |F_ij| (r_ij² − (r_ij·n_i)²) V_j over neighbours with a
//     normal: the divergence of the normal normalised by its tangential second moment, exact for a
//     sphere to first order whatever the kernel's truncation at the surface (the plain SPH divergence
//     sees half a kernel there and gives about 70 % of the curvature);
//   - near a wall (the first particle layer, closer than Δx to its surface) the normal is set to the
//     contact angle θ of the wall's part: n = cos θ n_w + sin θ t, t the in-wall direction of the computed
//     normal (Breinlinger, Hashibon & Kraft 2013), so that the curvature near the contact line bends the
//     interface towards θ.
// With two fluids (multiphase) the heavier fluid carries σ (README, 'Surface tension between two fluids'):
// its colour gradient counts the other fluid's particles as empty, so its interface with the lighter
// fluid is a surface like a free one, loaded by the lighter fluid's pressure, and the force on it makes
// the whole jump σ κ; the lighter fluid has no surface force.
// The colour gradients and the normals are two passes of their own (colourGradients, interfaceNormals)
// before each rate evaluation, the curvature and the force part of the rate loop (physics/rates.ts). Equations and validation: src/solver/README.md.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import type { PhysicsParams } from '../params.ts';
import { NO_PERIOD, minImage } from '../periodic.ts';
import { decodeNeighbours, type NeighbourLists } from './neighbourLists.ts';

export interface SurfaceTensionParams {
  /** Surface tension coefficient σ (N/m). */
  sigma: number;
  /** 1 / C: turns |g| into the surface delta (1/m). */
  deltaScale: number;
  /** |g| above which a particle has an interface normal (1/m): a fifth of a flat surface's top layer. */
  normalThreshold: number;
  /** cos θ and sin θ of the contact angle of each body (by body id; 90° for bodies that are not walls). */
  contactCos: number[];
  contactSin: number[];
  /** Step bound of the capillary waves, 0.25 √(ρ Δx³ / (2π σ)) (s). */
  capillaryDt: number;
  /** The phase that carries σ with several fluids (the heavier one); -1 for one fluid. */
  phase: number;
}

/** Colour gradient magnitudes |g_k| of the layers k = 0, 1, ... under a flat surface of a cubic lattice. */
export function flatSurfaceGradients(dx: number, h: number, kernelGrad: number, layers = 6): number[] {
  const reach = Math.ceil((2 * h) / dx);
  const support2 = 4 * h * h;
  const out: number[] = [];
  for (let m = 0; m < layers; m++) {
    const zi = -(m + 0.5) * dx;
    let g = 0;
    for (let a = -reach; a <= reach; a++) {
      for (let b = -reach; b <= reach; b++) {
        for (let k = 0; k < m + reach + 1; k++) {
          const rx = -a * dx, ry = -b * dx, rz = zi + (k + 0.5) * dx;
          const r2 = rx * rx + ry * ry + rz * rz;
          if (r2 === 0 || r2 >= support2) continue;
          const t = 1 - (0.5 * Math.sqrt(r2)) / h;
          g += kernelGrad * t * t * t * rz * dx * dx * dx;
        }
      }
    }
    out.push(Math.abs(g));
  }
  return out;
}

/**
 * `rho0` is the fluid's density, or with two fluids the mean of both (the capillary waves of an interface
 * move both, Brackbill et al.); `phase` the phase that carries σ (-1: one fluid).
 */
export function surfaceTensionParamsOf(
  sigma: number, contactAngleDeg: number[], rho0: number, dx: number, h: number, kernelGrad: number, phase = -1,
): SurfaceTensionParams {
  const g = flatSurfaceGradients(dx, h, kernelGrad);
  const normalThreshold = 0.2 * g[0];
  // Only particles with a normal carry the force, so C sums the layers above the threshold.
  const c = dx * g.filter((v) => v >= normalThreshold).reduce((a, b) => a + b, 0);
  const rad = contactAngleDeg.map((d) => (d * Math.PI) / 180);
  return {
    sigma,
    deltaScale: 1 / c,
    normalThreshold,
    contactCos: rad.map((a) => Math.cos(a)),
    contactSin: rad.map((a) => Math.sin(a)),
    capillaryDt: capillaryDt(sigma, rho0, dx),
    phase,
  };
}

/** Largest stable step of capillary waves at the lattice scale (Brackbill et al. 1992): 0.25 √(ρ Δx³ / (2π σ)). */
export function capillaryDt(sigma: number, rho0: number, dx: number): number {
  return 0.25 * Math.sqrt((rho0 * dx * dx * dx) / (2 * Math.PI * sigma));
}

/** Sets up the neighbour list range of particle i: [k0, kw) walls, [kw, k1) fluid and buffers. */
function listOf(lists: NeighbourLists, i: number): { list: Int32Array; k0: number; kw: number; k1: number } {
  const packed = lists.count[i];
  const list = decodeNeighbours(lists, i);
  if (packed < 0) return { list, k0: 1, kw: 1 + list[0], k1: list.length };
  return { list, k0: 0, kw: packed >>> 16, k1: packed & 0xffff };
}

/**
 * First sweep: the colour gradient g_i = Σ_j ∇_iW_ij V_j (cgx..cgz) of the fluid particles in [start, end)
 * over fluid, buffer and wall neighbours. Other particles of the range get zeros, so that stale values of
 * a sort never pass for a neighbour's. With two fluids only the phase that carries σ has a gradient, and
 * the other phase's particles count as empty: its interface with them is its surface.
 */
export function colourGradients(s: ParticleStore, prm: PhysicsParams, start: number, end: number, lists: NeighbourLists): void {
  const { x, y, z, rho, mass, cgx, cgy, cgz } = s.f;
  const kind = s.kind;
  const body = s.body;
  const { h, support2, kernelGrad, wallVolume } = prm;
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const invH = 1 / h;
  const tensionPhase = prm.surfaceTension === null ? -1 : prm.surfaceTension.phase;
  const bodyPhase = prm.phases === null || tensionPhase < 0 ? null : prm.phases.bodyPhase;
  for (let i = start; i < end; i++) {
    cgx[i] = 0;
    cgy[i] = 0;
    cgz[i] = 0;
    if (kind[i] !== ParticleKind.fluid) continue;
    if (bodyPhase !== null && bodyPhase[body[i]] !== tensionPhase) continue;
    const xi = x[i], yi = y[i], zi = z[i];
    const { list, k0, kw, k1 } = listOf(lists, i);
    let gx = 0, gy = 0, gz = 0;
    for (let k = k0; k < k1; k++) {
      const j = list[k];
      if (bodyPhase !== null && k >= kw && kind[j] === ParticleKind.fluid && bodyPhase[body[j]] !== tensionPhase) continue;
      const rx = minImage(xi - x[j], px), ry = minImage(yi - y[j], py), rz = minImage(zi - z[j], pz);
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) continue;
      const t = 1 - 0.5 * Math.sqrt(r2) * invH;
      const fv = kernelGrad * t * t * t * (k < kw ? wallVolume : mass[j] / rho[j]);
      gx += fv * rx;
      gy += fv * ry;
      gz += fv * rz;
    }
    cgx[i] = gx;
    cgy[i] = gy;
    cgz[i] = gz;
  }
}

/**
 * Second sweep: interface normals (cnx..cnz, unit or zero) and surface deltas (cdel) of the fluid
 * particles in [start, end) whose colour gradient passes the threshold. The normal is the direction of
 * the kernel average Σ_j g_j W_ij V_j (self included): the gradient of one particle on a staircase of
 * the lattice is off by 8° on average, the average by 3.6°, and the curvature, a derivative of the
 * normal, by 10 % and 4 % (a lattice sphere of radius 10 Δx). Near a wall the contact angle sets it.
 */
export function interfaceNormals(s: ParticleStore, prm: PhysicsParams, start: number, end: number, lists: NeighbourLists): void {
  const st = prm.surfaceTension;
  if (st === null) return;
  const { x, y, z, rho, mass, nx: wnx, ny: wny, nz: wnz, wdepth, cgx, cgy, cgz, cnx, cny, cnz, cdel } = s.f;
  const kind = s.kind;
  const body = s.body;
  const { h, support2, kernelAlpha, dx } = prm;
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const invH = 1 / h;
  const { normalThreshold, deltaScale, contactCos, contactSin } = st;
  for (let i = start; i < end; i++) {
    cnx[i] = 0;
    cny[i] = 0;
    cnz[i] = 0;
    cdel[i] = 0;
    if (kind[i] !== ParticleKind.fluid) continue;
    const gl = Math.sqrt(cgx[i] * cgx[i] + cgy[i] * cgy[i] + cgz[i] * cgz[i]);
    if (gl < normalThreshold) continue;
    const xi = x[i], yi = y[i], zi = z[i];
    const { list, k0, kw, k1 } = listOf(lists, i);
    const w0 = kernelAlpha * (mass[i] / rho[i]);
    let gx = cgx[i] * w0, gy = cgy[i] * w0, gz = cgz[i] * w0;
    // Nearest wall surface: its distance and the wall particle that gives it.
    let wallDist = dx, wallJ = -1;
    for (let k = k0; k < k1; k++) {
      const j = list[k];
      const rx = minImage(xi - x[j], px), ry = minImage(yi - y[j], py), rz = minImage(zi - z[j], pz);
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) continue;
      if (k < kw) {
        const d = rx * wnx[j] + ry * wny[j] + rz * wnz[j] - wdepth[j];
        if (d < wallDist) {
          wallDist = d;
          wallJ = j;
        }
        continue;
      }
      const q = Math.sqrt(r2) * invH;
      const t = 1 - 0.5 * q;
      const w = kernelAlpha * t * t * t * t * (2 * q + 1) * (mass[j] / rho[j]);
      gx += cgx[j] * w;
      gy += cgy[j] * w;
      gz += cgz[j] * w;
    }
    const sl = Math.sqrt(gx * gx + gy * gy + gz * gz);
    if (!(sl > 0)) continue;
    // Outward normal: the kernel gradient sum points into the fluid.
    let ox = -gx / sl, oy = -gy / sl, oz = -gz / sl;
    if (wallJ >= 0) {
      const b = body[wallJ];
      const c = contactCos[b] ?? 0, sn = contactSin[b] ?? 1;
      const nwx = wnx[wallJ], nwy = wny[wallJ], nwz = wnz[wallJ];
      const on = ox * nwx + oy * nwy + oz * nwz;
      let tx = ox - on * nwx, ty = oy - on * nwy, tz = oz - on * nwz;
      const tl = Math.sqrt(tx * tx + ty * ty + tz * tz);
      if (tl > 1e-6) {
        tx /= tl;
        ty /= tl;
        tz /= tl;
        ox = c * nwx + sn * tx;
        oy = c * nwy + sn * ty;
        oz = c * nwz + sn * tz;
      }
    }
    cnx[i] = ox;
    cny[i] = oy;
    cnz[i] = oz;
    cdel[i] = gl * deltaScale;
  }
}
