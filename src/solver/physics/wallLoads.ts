// Loads the fluid puts on the walls, evaluated at outputs from a state snapshot (both backends) rather
// than in the step loop: the wall pressure, the traction on the wall surface (normal and shear stress),
// whether fluid touches it, and the surface area each wall particle stands for. Equations and validation:
// src/solver/README.md, 'Wall loads'.
import { ParticleKind } from '../particles.ts';
import { WallMode, type PhaseParams, type PhysicsParams } from '../params.ts';
import { taitConstants, taitDensity } from '../eos.ts';
import type { EngineSnapshot, EngineState } from '../engine.ts';
import { BODY_FIELDS, FIELD_A, FIELD_B, FIELD_R, FIELD_U, FIELD_W } from './bodyFieldLayout.ts';

const FLUID = ParticleKind.fluid;
const WALL = ParticleKind.wall;

/**
 * The wall surface on the lattice, by particle id (walls keep the ids the discretizer gave them): the
 * depth of each wall particle behind its surface and the surface area it stands for. Only lattice faces
 * that face the fluid carry area: a face of a wall particle whose lattice neighbour across it holds no
 * wall particle and lies on the side its normal points to. A flat wall's first layer thus carries Δx²
 * per particle, deeper layers and the particles in a concave edge carry none, and a staircase carries
 * the length of the sum of its faces' area vectors (Δx² √2 on a 45° slope, as the slope itself).
 */
export interface WallSurface {
  depth: Float64Array;
  area: Float64Array;
  /** Unit normal of that area (towards the fluid) in the setup's pose, xyz by id; 0 where the area is 0. */
  normal: Float64Array;
}

/** The surface of the walls of an initial state (`state.id[i]` = i there), from the discretizer's depths. */
export function wallSurfaceOf(
  state: Pick<EngineState, 'count' | 'x' | 'y' | 'z' | 'nx' | 'ny' | 'nz' | 'kind' | 'id'>, depth: Float64Array, dx: number,
): WallSurface {
  const n = state.count;
  let maxId = 0;
  for (let i = 0; i < n; i++) maxId = Math.max(maxId, state.id[i]);
  const area = new Float64Array(maxId + 1);
  const normal = new Float64Array(3 * (maxId + 1));
  const depthById = new Float64Array(maxId + 1);
  const li = new Int32Array(n), lj = new Int32Array(n), lk = new Int32Array(n);
  let i0 = Infinity, j0 = Infinity, k0 = Infinity, i1 = -Infinity, j1 = -Infinity, k1 = -Infinity;
  for (let p = 0; p < n; p++) {
    if (state.kind[p] !== WALL) continue;
    depthById[state.id[p]] = depth[p];
    li[p] = Math.round(state.x[p] / dx - 0.5);
    lj[p] = Math.round(state.y[p] / dx - 0.5);
    lk[p] = Math.round(state.z[p] / dx - 0.5);
    i0 = Math.min(i0, li[p]); i1 = Math.max(i1, li[p]);
    j0 = Math.min(j0, lj[p]); j1 = Math.max(j1, lj[p]);
    k0 = Math.min(k0, lk[p]); k1 = Math.max(k1, lk[p]);
  }
  if (i0 > i1) return { depth: depthById, area, normal };
  // Lattice keys with a margin of one point on every side, so that neighbours of the outermost walls have keys.
  const si = i1 - i0 + 3, sj = j1 - j0 + 3;
  const key = (a: number, b: number, c: number) => (a - i0 + 1) + si * ((b - j0 + 1) + sj * (c - k0 + 1));
  const occupied = new Set<number>();
  for (let p = 0; p < n; p++) if (state.kind[p] === WALL) occupied.add(key(li[p], lj[p], lk[p]));
  const dx2 = dx * dx;
  for (let p = 0; p < n; p++) {
    if (state.kind[p] !== WALL) continue;
    const a = li[p], b = lj[p], c = lk[p];
    const nx = state.nx[p], ny = state.ny[p], nz = state.nz[p];
    let ax = 0, ay = 0, az = 0;
    if (nx > 0 && !occupied.has(key(a + 1, b, c))) ax += 1;
    if (nx < 0 && !occupied.has(key(a - 1, b, c))) ax -= 1;
    if (ny > 0 && !occupied.has(key(a, b + 1, c))) ay += 1;
    if (ny < 0 && !occupied.has(key(a, b - 1, c))) ay -= 1;
    if (nz > 0 && !occupied.has(key(a, b, c + 1))) az += 1;
    if (nz < 0 && !occupied.has(key(a, b, c - 1))) az -= 1;
    const length = Math.sqrt(ax * ax + ay * ay + az * az);
    const q = state.id[p];
    area[q] = dx2 * length;
    if (length > 0) {
      normal[3 * q] = ax / length;
      normal[3 * q + 1] = ay / length;
      normal[3 * q + 2] = az / length;
    }
  }
  return { depth: depthById, area, normal };
}

/** Per particle of the snapshot (walls only; 0 elsewhere). Vectors are xyz triples. */
export interface WallLoads {
  /** Wall pressure the fluid sees at the wall particle (Pa). */
  pressure: Float64Array;
  /** Pressure on the wall surface: the fluid's push along the surface normal (Pa, positive when it presses). */
  normalStress: Float64Array;
  /** Viscous traction along the surface (Pa), zero on slip walls. */
  shearStress: Float64Array;
  /** Traction the fluid exerts on the surface, −p n + τ (Pa). */
  totalStress: Float64Array;
  /** 0..1: whether fluid is in contact with the surface. */
  wetting: Float64Array;
  /**
   * Several fluids: the wetting of each phase alone (by phase index), min(1, 4 Σ_f∈phase V_f W), so a
   * surface under one fluid reads 1 for it and 0 for the others; null with one fluid.
   */
  wettingByPhase: Float64Array[] | null;
  /** Surface area the particle stands for (m²), from WallSurface. */
  area: Float64Array;
}

export interface WallLoadContext {
  prm: PhysicsParams;
  surface: WallSurface;
  /** Body force at the snapshot's time: gravity less the frame acceleration. */
  gravity: readonly [number, number, number];
  /** The bodies' pose and velocity fields at the snapshot's time (physics/motion.ts); null when no wall moves. */
  bodyFields: Float64Array | null;
}

/** Points (fluid particles, or the walls that carry area) in cells over their bounding box: counting-sorted indices. */
interface PointCells {
  min: [number, number, number];
  size: number;
  n: [number, number, number];
  start: Int32Array;
  items: Int32Array;
}

function fluidCells(snap: EngineSnapshot, size: number): PointCells {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let count = 0;
  for (let i = 0; i < snap.count; i++) {
    if (snap.kind[i] !== FLUID) continue;
    count++;
    const p = [snap.x[i], snap.y[i], snap.z[i]];
    for (let a = 0; a < 3; a++) {
      if (p[a] < min[a]) min[a] = p[a];
      if (p[a] > max[a]) max[a] = p[a];
    }
  }
  if (count === 0) return { min: [0, 0, 0], size, n: [1, 1, 1], start: new Int32Array(2), items: new Int32Array(0) };
  const n: [number, number, number] = [0, 0, 0];
  for (let a = 0; a < 3; a++) n[a] = Math.max(1, Math.floor((max[a] - min[a]) / size) + 1);
  const cellOf = (i: number) => {
    const cx = Math.min(n[0] - 1, Math.floor((snap.x[i] - min[0]) / size));
    const cy = Math.min(n[1] - 1, Math.floor((snap.y[i] - min[1]) / size));
    const cz = Math.min(n[2] - 1, Math.floor((snap.z[i] - min[2]) / size));
    return cx + n[0] * (cy + n[1] * cz);
  };
  const start = new Int32Array(n[0] * n[1] * n[2] + 1);
  for (let i = 0; i < snap.count; i++) if (snap.kind[i] === FLUID) start[cellOf(i) + 1]++;
  for (let c = 0; c < start.length - 1; c++) start[c + 1] += start[c];
  const fill = start.slice(0, start.length - 1);
  const items = new Int32Array(count);
  for (let i = 0; i < snap.count; i++) if (snap.kind[i] === FLUID) items[fill[cellOf(i)]++] = i;
  return { min, size, n, start, items };
}

/** Calls `visit` for every point in the 27 cells around q (the caller checks the distance). */
function forPointsNear(cells: PointCells, qx: number, qy: number, qz: number, visit: (f: number) => void): void {
  const { min, size, n, start, items } = cells;
  const cx = Math.floor((qx - min[0]) / size), cy = Math.floor((qy - min[1]) / size), cz = Math.floor((qz - min[2]) / size);
  for (let z = Math.max(0, cz - 1); z <= Math.min(n[2] - 1, cz + 1); z++) {
    for (let y = Math.max(0, cy - 1); y <= Math.min(n[1] - 1, cy + 1); y++) {
      const row = n[0] * (y + n[1] * z);
      const a = start[row + Math.max(0, cx - 1)];
      const b = start[row + Math.min(n[0] - 1, cx + 1) + 1];
      for (let k = a; k < b; k++) visit(items[k]);
    }
  }
}

/** Area-carrying wall particles in cells of size 2Δx: where the force of a particle without area goes. */
function surfaceCells(snap: EngineSnapshot, area: Float64Array, size: number): PointCells {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  let count = 0;
  for (let i = 0; i < snap.count; i++) {
    if (snap.kind[i] !== WALL || area[i] === 0) continue;
    count++;
    min[0] = Math.min(min[0], snap.x[i]);
    min[1] = Math.min(min[1], snap.y[i]);
    min[2] = Math.min(min[2], snap.z[i]);
  }
  if (count === 0) return { min: [0, 0, 0], size, n: [1, 1, 1], start: new Int32Array(2), items: new Int32Array(0) };
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < snap.count; i++) {
    if (snap.kind[i] !== WALL || area[i] === 0) continue;
    max[0] = Math.max(max[0], snap.x[i]);
    max[1] = Math.max(max[1], snap.y[i]);
    max[2] = Math.max(max[2], snap.z[i]);
  }
  const n: [number, number, number] = [0, 0, 0];
  for (let a = 0; a < 3; a++) n[a] = Math.max(1, Math.floor((max[a] - min[a]) / size) + 1);
  const cellOf = (i: number) => {
    const cx = Math.min(n[0] - 1, Math.floor((snap.x[i] - min[0]) / size));
    const cy = Math.min(n[1] - 1, Math.floor((snap.y[i] - min[1]) / size));
    const cz = Math.min(n[2] - 1, Math.floor((snap.z[i] - min[2]) / size));
    return cx + n[0] * (cy + n[1] * cz);
  };
  const start = new Int32Array(n[0] * n[1] * n[2] + 1);
  for (let i = 0; i < snap.count; i++) if (snap.kind[i] === WALL && area[i] > 0) start[cellOf(i) + 1]++;
  for (let c = 0; c < start.length - 1; c++) start[c + 1] += start[c];
  const fill = start.slice(0, start.length - 1);
  const items = new Int32Array(count);
  for (let i = 0; i < snap.count; i++) if (snap.kind[i] === WALL && area[i] > 0) items[fill[cellOf(i)]++] = i;
  return { min, size, n, start, items };
}

/**
 * Hands the force of wall particle w to the area-carrying particles `kept`, the nearest to it. Those
 * whose normals agree (within about 25°) form one face and share evenly; each face takes the part of
 * the force along its normal, and what is left (along all faces) is shared evenly: so the force of a
 * particle in a concave edge, pushed along the bisector, goes as pressure to the faces it presses on
 * rather than half of it as friction to each. The shares add up to the force.
 */
function shareForce(kept: readonly number[], sn: Float64Array, force: Float64Array, w: number, collected: Float64Array): void {
  const fx = force[3 * w], fy = force[3 * w + 1], fz = force[3 * w + 2];
  if (kept.length === 1) {
    const s = kept[0];
    collected[3 * s] += fx;
    collected[3 * s + 1] += fy;
    collected[3 * s + 2] += fz;
    return;
  }
  const face = new Array<number>(kept.length).fill(-1);
  const faces: number[] = [];
  kept.forEach((s, k) => {
    for (const first of faces) {
      const t = kept[first];
      if (sn[3 * s] * sn[3 * t] + sn[3 * s + 1] * sn[3 * t + 1] + sn[3 * s + 2] * sn[3 * t + 2] > 0.9) {
        face[k] = first;
        return;
      }
    }
    face[k] = k;
    faces.push(k);
  });
  let rx = fx, ry = fy, rz = fz;
  const along = new Float64Array(kept.length);
  for (const first of faces) {
    const t = kept[first];
    const fn = fx * sn[3 * t] + fy * sn[3 * t + 1] + fz * sn[3 * t + 2];
    along[first] = fn;
    rx -= fn * sn[3 * t];
    ry -= fn * sn[3 * t + 1];
    rz -= fn * sn[3 * t + 2];
  }
  const members = new Map<number, number>();
  for (const f of face) members.set(f, (members.get(f) ?? 0) + 1);
  const even = 1 / kept.length;
  kept.forEach((s, k) => {
    const first = face[k];
    const t = kept[first];
    const part = along[first] / (members.get(first) as number);
    collected[3 * s] += part * sn[3 * t] + even * rx;
    collected[3 * s + 1] += part * sn[3 * t + 1] + even * ry;
    collected[3 * s + 2] += part * sn[3 * t + 2] + even * rz;
  });
}

/**
 * The loads on every wall particle of a snapshot.
 * - Pressure at the wall particle w, the mirrored-wall extrapolation of Adami et al. (2012) that the
 *   Riemann walls' mirrored state p_R = p_f − ρ_f b'·r_fw also carries, b' the body force less the wall's
 *   acceleration: p_w = Σ W_wf (p_f + ρ_f b'·(x_w − x_f)) / Σ W_wf over the fluid f within 2h.
 * - Force: action = reaction with the wall terms of the momentum equation, F_w = −Σ_f m_f a_fw, a_fw the
 *   acceleration wall particle w gives fluid particle f in physics/rates.ts (pressure, the Riemann
 *   dissipation, the no-slip laminar term). A part's loads thus sum to the force its walls exert on the
 *   fluid, which at rest balances the fluid's weight exactly.
 * - Traction: the force of a particle without area (deeper layers, concave edges) goes to the nearest
 *   area-carrying particles of its body around the point of the first layer in front of it,
 *   x_w + (d_w − Δx/2) n_w (shared by `shareForce` when several are as near); each area-carrying particle's traction is the
 *   force it collects over its area, t = F / a; normal stress −t·n (positive when the fluid presses),
 *   shear stress t − (t·n) n. A particle without area shows the traction of the particle its force
 *   went to.
 * - Wetting at the surface point x_s = x_w + d_w n_w: min(1, 4 Σ V_f W_sf), full once fluid fills half of
 *   the kernel's half-space in front of the surface; with several fluids also each fluid's own (the sum
 *   over its particles alone), the wetting by material.
 */
export function computeWallLoads(snap: EngineSnapshot, ctx: WallLoadContext): WallLoads {
  const { prm, surface, gravity, bodyFields } = ctx;
  const count = snap.count;
  const loads: WallLoads = {
    pressure: new Float64Array(count), normalStress: new Float64Array(count), shearStress: new Float64Array(3 * count),
    totalStress: new Float64Array(3 * count), wetting: new Float64Array(count), area: new Float64Array(count),
    wettingByPhase: prm.phases === null ? null : prm.phases.rho0.map(() => new Float64Array(count)),
  };
  const byPhase = loads.wettingByPhase;
  const { x, y, z, vx, vy, vz, rho, p, mass, nx, ny, nz, kind, body, id } = snap;
  const { h, support2, kernelAlpha, kernelGrad, nu, dx, c0, wallVolume } = prm;
  const invH = 1 / h;
  const cells = fluidCells(snap, 2 * h);
  const rotating = prm.rotating !== 0;
  const [wx, wy, wz] = prm.omega;
  const [fcx, fcy, fcz] = prm.frameCenter;
  const w2 = wx * wx + wy * wy + wz * wz;
  const riemann = prm.wallMode === WallMode.riemann;
  const phases = prm.phases;
  const lowDiss = prm.lowDissipation !== 0;
  const eos = taitConstants(prm.rho0, prm.gamma, c0);
  const eta2 = 0.01 * h * h;
  const viscCoeff = prm.laminarCoeff;
  const kernel = (r2: number) => {
    const q = Math.sqrt(r2) * invH;
    const t = 1 - 0.5 * q;
    return kernelAlpha * t * t * t * t * (2 * q + 1);
  };
  // Surface normals (area-carrying particles: their faces' normal turned with the body).
  const sn = new Float64Array(3 * count);
  const force = new Float64Array(3 * count);
  for (let w = 0; w < count; w++) {
    if (kind[w] !== WALL) continue;
    const pid = id[w];
    const area = pid < surface.area.length ? surface.area[pid] : 0;
    loads.area[w] = area;
    let ax = nx[w], ay = ny[w], az = nz[w];
    if (area > 0) {
      ax = surface.normal[3 * pid]; ay = surface.normal[3 * pid + 1]; az = surface.normal[3 * pid + 2];
      if (bodyFields !== null) {
        const R = body[w] * BODY_FIELDS + FIELD_R;
        const rx = bodyFields[R] * ax + bodyFields[R + 1] * ay + bodyFields[R + 2] * az;
        const ry = bodyFields[R + 3] * ax + bodyFields[R + 4] * ay + bodyFields[R + 5] * az;
        const rz = bodyFields[R + 6] * ax + bodyFields[R + 7] * ay + bodyFields[R + 8] * az;
        ax = rx; ay = ry; az = rz;
      }
    }
    sn[3 * w] = ax; sn[3 * w + 1] = ay; sn[3 * w + 2] = az;
  }
  for (let w = 0; w < count; w++) {
    if (kind[w] !== WALL) continue;
    const pid = id[w];
    const bw = body[w];
    const xw = x[w], yw = y[w], zw = z[w];
    const nxw = nx[w], nyw = ny[w], nzw = nz[w];
    const d = pid < surface.depth.length ? surface.depth[pid] : 0;
    // The wall's acceleration (zero at rest) and its velocity field v = W x + u (u alone when it stays).
    let awx = 0, awy = 0, awz = 0;
    const o = bw * BODY_FIELDS;
    if (bodyFields !== null) {
      const A = o + FIELD_A, B = o + FIELD_B;
      awx = bodyFields[A] * xw + bodyFields[A + 1] * yw + bodyFields[A + 2] * zw + bodyFields[B];
      awy = bodyFields[A + 3] * xw + bodyFields[A + 4] * yw + bodyFields[A + 5] * zw + bodyFields[B + 1];
      awz = bodyFields[A + 6] * xw + bodyFields[A + 7] * yw + bodyFields[A + 8] * zw + bodyFields[B + 2];
    }
    const slip = prm.noSlip[bw] === 0;
    // Body force at the wall for its pressure (as mirroredWallStates takes it).
    let bwx = gravity[0] - awx, bwy = gravity[1] - awy, bwz = gravity[2] - awz;
    if (rotating) {
      const rx = xw - fcx, ry = yw - fcy, rz = zw - fcz;
      const wr = wx * rx + wy * ry + wz * rz;
      bwx += w2 * rx - wr * wx;
      bwy += w2 * ry - wr * wy;
      bwz += w2 * rz - wr * wz;
    }
    let sumW = 0, pw = 0, svx = 0, svy = 0, svz = 0;
    forPointsNear(cells, xw, yw, zw, (f) => {
      const rx = xw - x[f], ry = yw - y[f], rz = zw - z[f];
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) return;
      const k = kernel(r2);
      sumW += k;
      pw += k * (p[f] + rho[f] * (bwx * rx + bwy * ry + bwz * rz));
      svx += k * vx[f];
      svy += k * vy[f];
      svz += k * vz[f];
    });
    const pWall = sumW > 0 ? pw / sumW : 0;
    loads.pressure[w] = pWall;
    // Mirrored walls: the wall's state as the rates use it (density from the pressure, ghost velocity).
    const rhoWall = taitDensity(pWall, eos);
    const wallMoves = bodyFields !== null;
    const gvx = sumW > 0 ? (wallMoves ? 2 * vx[w] : 0) - svx / sumW : 0;
    const gvy = sumW > 0 ? (wallMoves ? 2 * vy[w] : 0) - svy / sumW : 0;
    const gvz = sumW > 0 ? (wallMoves ? 2 * vz[w] : 0) - svz / sumW : 0;
    let fx = 0, fy = 0, fz = 0;
    forPointsNear(cells, xw, yw, zw, (i) => {
      // r_ij from the wall particle to the fluid particle, as in the fluid's rate loop.
      const rx = x[i] - xw, ry = y[i] - yw, rz = z[i] - zw;
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) return;
      const r = Math.sqrt(r2);
      const t = 1 - 0.5 * r * invH;
      const F = kernelGrad * t * t * t;
      const rhoi = rho[i], pi = p[i], invRhoi = 1 / rhoi;
      // Several fluids: the sound speed and viscosity of i's own material, as in the rates.
      const phi = phases === null ? -1 : phases.bodyPhase[body[i]];
      const c0i = phi >= 0 ? (phases as PhaseParams).c0[phi] : c0;
      const nui = phi >= 0 ? (phases as PhaseParams).nu[phi] : nu;
      let rvx = vx[i], rvy = vy[i], rvz = vz[i];
      if (bodyFields !== null) {
        const W = o + FIELD_W, U = o + FIELD_U;
        const xi = x[i], yi = y[i], zi = z[i];
        const vwx = bodyFields[W] * xi + bodyFields[W + 1] * yi + bodyFields[W + 2] * zi + bodyFields[U];
        const vwy = bodyFields[W + 3] * xi + bodyFields[W + 4] * yi + bodyFields[W + 5] * zi + bodyFields[U + 1];
        const vwz = bodyFields[W + 6] * xi + bodyFields[W + 7] * yi + bodyFields[W + 8] * zi + bodyFields[U + 2];
        if (slip) {
          const vn = vwx * nxw + vwy * nyw + vwz * nzw;
          rvx -= vn * nxw; rvy -= vn * nyw; rvz -= vn * nzw;
        } else {
          rvx -= vwx; rvy -= vwy; rvz -= vwz;
        }
      }
      let ax: number, ay: number, az: number;
      if (riemann) {
        let bx = gravity[0], by = gravity[1], bz = gravity[2];
        if (rotating) {
          const cx = x[i] - fcx, cy = y[i] - fcy, cz = z[i] - fcz;
          const wr = wx * cx + wy * cy + wz * cz;
          bx += w2 * cx - wr * wx;
          by += w2 * cy - wr * wy;
          bz += w2 * cz - wr * wz;
        }
        const uL = -(rvx * nxw + rvy * nyw + rvz * nzw);
        let pR = pi - rhoi * ((bx - awx) * rx + (by - awy) * ry + (bz - awz) * rz);
        if (rotating) {
          const wr = wx * rx + wy * ry + wz * rz;
          pR += 0.5 * rhoi * (w2 * r2 - wr * wr);
        }
        const dU = 2 * uL;
        let beta = c0i;
        if (lowDiss) {
          const lim = dU > 0 ? 3 * dU : 0;
          beta = lim < c0i ? lim : c0i;
        }
        const pf = -(pi + pR) * invRhoi * wallVolume * F;
        const rn = rx * nxw + ry * nyw + rz * nzw;
        const pd = rn > 0 ? -beta * dU * wallVolume * F * rn : 0;
        ax = pf * rx + pd * nxw;
        ay = pf * ry + pd * nyw;
        az = pf * rz + pd * nzw;
        if (!slip) {
          const lam = (2 * viscCoeff * nui * wallVolume * F * (rvx * rx + rvy * ry + rvz * rz)) / (r2 + eta2);
          ax += lam * rx;
          ay += lam * ry;
          az += lam * rz;
        }
      } else {
        const pf = -(pi + pWall) * invRhoi * wallVolume * F;
        ax = pf * rx;
        ay = pf * ry;
        az = pf * rz;
        if (!slip) {
          const ux = vx[i] - gvx, uy = vy[i] - gvy, uz = vz[i] - gvz;
          const lam = (0.5 * viscCoeff * nu * (rhoi + rhoWall) * invRhoi * wallVolume * F * (ux * rx + uy * ry + uz * rz)) / (r2 + eta2);
          ax += lam * rx;
          ay += lam * ry;
          az += lam * rz;
        }
      }
      fx -= mass[i] * ax;
      fy -= mass[i] * ay;
      fz -= mass[i] * az;
    });
    force[3 * w] = fx;
    force[3 * w + 1] = fy;
    force[3 * w + 2] = fz;
    // Wetting at the surface point in front of the particle.
    const xs = xw + d * nxw, ys = yw + d * nyw, zs = zw + d * nzw;
    let shepard = 0;
    forPointsNear(cells, xs, ys, zs, (f) => {
      const rx = xs - x[f], ry = ys - y[f], rz = zs - z[f];
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) return;
      const v = (kernel(r2) * mass[f]) / rho[f];
      shepard += v;
      if (byPhase !== null) {
        const ph = (phases as PhaseParams).bodyPhase[body[f]] ?? -1;
        if (ph >= 0) byPhase[ph][w] += v;
      }
    });
    loads.wetting[w] = Math.min(1, 4 * shepard);
    if (byPhase !== null) for (const m of byPhase) m[w] = Math.min(1, 4 * m[w]);
  }
  // Forces of particles without area to the nearest area-carrying particles of their body.
  const collected = new Float64Array(3 * count);
  const target = new Int32Array(count).fill(-1);
  const surfaceGrid = surfaceCells(snap, loads.area, 2 * dx);
  const near: number[] = [];
  for (let w = 0; w < count; w++) {
    if (kind[w] !== WALL) continue;
    if (loads.area[w] > 0) {
      collected[3 * w] += force[3 * w];
      collected[3 * w + 1] += force[3 * w + 1];
      collected[3 * w + 2] += force[3 * w + 2];
      target[w] = w;
      continue;
    }
    const pid = id[w];
    const d = pid < surface.depth.length ? surface.depth[pid] : 0;
    const shift = Math.max(0, d - 0.5 * dx);
    const qx = x[w] + shift * nx[w], qy = y[w] + shift * ny[w], qz = z[w] + shift * nz[w];
    let best = 4 * dx * dx;
    near.length = 0;
    forPointsNear(surfaceGrid, qx, qy, qz, (s) => {
      if (body[s] !== body[w]) return;
      const rx = x[s] - qx, ry = y[s] - qy, rz = z[s] - qz;
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 > best + 0.2 * dx * dx) return;
      if (r2 < best - 0.2 * dx * dx) near.length = 0;
      if (r2 < best) best = r2;
      near.push(s);
    });
    // Candidates gathered before a nearer one was found may lie outside the tolerance: keep those within it.
    const kept = near.filter((s) => (x[s] - qx) ** 2 + (y[s] - qy) ** 2 + (z[s] - qz) ** 2 <= best + 0.2 * dx * dx);
    if (kept.length === 0) continue;
    // The particle shows the traction of the one with the lowest id: the same whatever order the backend keeps.
    let shown = kept[0];
    for (const k of kept) if (id[k] < id[shown]) shown = k;
    target[w] = shown;
    shareForce(kept, sn, force, w, collected);
  }
  for (let w = 0; w < count; w++) {
    const s = target[w];
    if (s < 0) continue;
    const a = loads.area[s];
    const tx = collected[3 * s] / a, ty = collected[3 * s + 1] / a, tz = collected[3 * s + 2] / a;
    const n0 = sn[3 * s], n1 = sn[3 * s + 1], n2 = sn[3 * s + 2];
    const tn = tx * n0 + ty * n1 + tz * n2;
    loads.totalStress[3 * w] = tx;
    loads.totalStress[3 * w + 1] = ty;
    loads.totalStress[3 * w + 2] = tz;
    loads.normalStress[w] = -tn;
    loads.shearStress[3 * w] = tx - tn * n0;
    loads.shearStress[3 * w + 1] = ty - tn * n1;
    loads.shearStress[3 * w + 2] = tz - tn * n2;
  }
  return loads;
}
