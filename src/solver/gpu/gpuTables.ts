// The case's tables the WebGPU backend uploads once, as the kernels read them (shaders/sph/): open
// boundaries and their polygons and profiles, heat transfer parameters, viscosity tables, the phases of
// several fluids, the movements, the walls' reference positions and the contact angles.
import type { PhysicsParams } from '../params.ts';
import { multiphasePairConstants } from '../physics/rates.ts';
import type { ViscosityTable } from '../physics/viscosity.ts';
import { OPEN_END, type CaseMotion } from '../physics/motion.ts';
import { MAX_PHASES, MAX_VISCOSITY_ROWS, PHASE_ROWS, PHASE_VISC_ROW } from './gpuLayout.ts';

type MotionPlan = CaseMotion['plan'];

/**
 * The open boundaries (112 bytes each, shaders/sph/openBoundary.wgsl) and, after all their polygons,
 * each field profile: a header, then its samples.
 */
export function boundaryTables(prm: PhysicsParams): { boundaries: ArrayBuffer; polygons: Float32Array } {
  const bs = prm.boundaries;
  const boundaries = new ArrayBuffer(Math.max(1, bs.length) * 112);
  const bf = new Float32Array(boundaries);
  const bu = new Uint32Array(boundaries);
  const polygon: number[] = [];
  bs.forEach((b, k) => {
    const o = k * 28;
    bf.set([...b.origin, 0, ...b.normal, 0, ...b.axisU, 0, ...b.axisV, 0, b.depth, b.velocity, b.pressure, 0], o);
    bu.set([b.body, b.direction, b.type, polygon.length / 2, b.polygon.length / 2, 0, 0, 0], o + 20);
    polygon.push(...b.polygon);
  });
  bs.forEach((b, k) => {
    const prof = b.profile;
    if (prof === undefined) return;
    bu.set([1, polygon.length], k * 28 + 25);
    polygon.push(prof.u0, prof.v0, prof.du, prof.dv, prof.nu, prof.nv);
    for (const value of prof.values) polygon.push(value);
  });
  const polygons = new Float32Array(Math.max(2, polygon.length));
  polygons.set(polygon);
  return { boundaries, polygons };
}

/** Heat transfer's parameters and each wall's condition (shaders/sph/heat.wgsl), null without heat transfer. */
export function heatTable(prm: PhysicsParams): Float32Array | null {
  const hp = prm.heat;
  if (hp === null) return null;
  const heat = new Float32Array(4 * (2 + 2 * hp.walls.length));
  heat.set([hp.conductivity, hp.heatCapacity, hp.eta2, hp.minWallDistance, hp.dx, hp.dx * hp.dx, hp.wallVolume, 0], 0);
  hp.walls.forEach((w, b) => {
    if (w === undefined) return;
    heat.set([w.kind, w.temperature, w.heatFlux, w.heatTransferCoefficient, w.referenceTemperature, 0, 0, 0], 8 + 8 * b);
  });
  return heat;
}

/** The viscosity tables of a case: its fluid's, or each fluid's by phase (null: a constant ν). */
export function viscosityTables(prm: PhysicsParams): (ViscosityTable | null)[] {
  return prm.phases === null ? [prm.viscosity] : prm.phases.viscosity;
}

/** The rows (x, ν) of one fluid's table, or of each fluid's in turn (the phase table says where each starts). */
export function viscosityRows(prm: PhysicsParams): Float32Array {
  const rows = new Float32Array(MAX_VISCOSITY_ROWS * 4);
  let first = 0;
  for (const t of viscosityTables(prm)) {
    if (t === null) continue;
    t.x.forEach((x, k) => rows.set([x, t.nu[k]], 4 * (first + k)));
    first += t.x.length;
  }
  return rows;
}

/**
 * Each phase's constants and each ordered pair's, with heat transfer the pair's conduction factor and
 * the c_p of its first phase, as shaders/sph/common.wgsl lays them out.
 */
export function phaseTable(prm: PhysicsParams): Float32Array {
  const table = new Float32Array(PHASE_ROWS * 4);
  const ph = prm.phases;
  if (ph === null) return table;
  const m = multiphasePairConstants(prm);
  const hp = prm.heat;
  for (let k = 0; k < m.phases; k++) {
    table.set([m.rho0[k], m.c0[k], ph.b[k], ph.gamma[k]], 4 * k);
    table.set([m.nu[k], m.delta[k], m.hydro[k], m.art[k]], 4 * (MAX_PHASES + k));
    for (let l = 0; l < m.phases; l++) {
      const pair = m.phases * k + l;
      const conduction = hp === null ? [0, 0] : [hp.pairConductivity[pair], hp.phases[k].heatCapacity];
      table.set([m.pairMu[pair], m.pairArt[pair], ...conduction], 4 * (2 * MAX_PHASES + MAX_PHASES * k + l));
    }
  }
  // Each fluid's viscosity table: its kind, first row and rows, in the order they are uploaded.
  let first = 0;
  ph.viscosity.forEach((t, k) => {
    if (t === null) return;
    table.set([t.kind, first, t.x.length], 4 * (PHASE_VISC_ROW + k));
    first += t.x.length;
  });
  return table;
}

/** The movements, chains and acceleration samples as shaders/sph/motion.wgsl reads them. */
export function motionTable(plan: MotionPlan): Float32Array {
  const rows: number[][] = [];
  const movementRow = 2;
  for (const m of plan.movements) {
    const t = m.type;
    const v = t.type === 'rotatory' ? t.axis : t.direction;
    const len = Math.hypot(v[0], v[1], v[2]);
    const unit = len > 0 ? v.map((c) => c / len) : [0, 0, 0];
    const center = t.type === 'rotatory' ? t.center : [0, 0, 0];
    rows.push([t.type === 'rotatory' ? 1 : 0, m.start, m.end ?? OPEN_END, t.vel], [t.acc, ...unit], [...center, 0]);
  }
  const chains: number[] = [];
  const conditions: [number, number][] = [];
  const bodies = plan.bodies.map((b) => {
    const geometry = chains.length;
    chains.push(...b.geometry);
    const first = conditions.length;
    for (const c of b.conditions) {
      conditions.push([chains.length, c.length]);
      chains.push(...c);
    }
    return [geometry, b.geometry.length, first, b.conditions.length];
  });
  const bodyRow = movementRow + rows.length;
  rows.push(...bodies);
  const conditionRow = movementRow + rows.length;
  for (const c of conditions) rows.push([c[0], c[1], 0, 0]);
  const chainRow = movementRow + rows.length;
  for (const m of chains) rows.push([m, 0, 0, 0]);
  const sampleRow = movementRow + rows.length;
  const samples = plan.acceleration;
  const n = samples === null ? 0 : samples.time.length;
  for (let k = 0; k < n && samples !== null; k++) rows.push([samples.time[k], samples.ax[k], samples.ay[k], samples.az[k]]);
  const table = new Float32Array(4 * (movementRow + rows.length));
  table.set([plan.movements.length, bodyRow, conditionRow, chainRow, sampleRow, n, plan.bodies.length, plan.endTime], 0);
  rows.forEach((r, k) => table.set(r, 4 * (movementRow + k)));
  return table;
}

/** The walls' positions and normals in their parts' setup frames (shaders/sph/moveWalls.wgsl). */
export function referenceTable(ref: CaseMotion['reference']): Float32Array {
  const data = new Float32Array(Math.max(1, ref.count) * 8);
  for (let k = 0; k < ref.count; k++) data.set([ref.x[k], ref.y[k], ref.z[k], 0, ref.nx[k], ref.ny[k], ref.nz[k], 0], 8 * k);
  return data;
}

/** cos θ, sin θ of each part's contact angle (surface tension). */
export function contactTable(prm: PhysicsParams): Float32Array {
  const st = prm.surfaceTension;
  const contact = new Float32Array(Math.max(1, prm.noSlip.length) * 2);
  for (let b = 0; b < prm.noSlip.length; b++) contact.set([st?.contactCos[b] ?? 0, st?.contactSin[b] ?? 1], 2 * b);
  return contact;
}
