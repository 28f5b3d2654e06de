// Dam break against Martin & Moyce (1952), "An experimental study of the collapse of liquid columns on a
// rigid horizontal plane", Phil. Trans. R. Soc. A 244: surge front Z = x/a over T = t √(2g/a) for a water
// column of width a and height 2a. A slab periodic across its thickness stands in for the 2D experiment.
// Shared by the validation test (20 and 40 particles across the column) and the solver benchmark (80).
import type { SetupDocument } from '../../domain/setup.ts';
import { createPart, cubeShape, defaultFlowComponent, defaultRigidComponent, emptySetup } from '../../domain/setupDefaults.ts';
import type { SimulationSettings } from '../../domain/settings.ts';
import type { EngineSetup, EngineSnapshot, SolverBackend } from '../engine.ts';
import { engineSetupOf, type PreparedCase } from '../preparedCase.ts';
import { withPeriodicAxes } from '../periodic.ts';
import { ParticleKind } from '../particles.ts';

/** Martin & Moyce (1952), column height 2a, the a = 2.25 in series of their Figure 3: (T, Z). */
export const MARTIN_MOYCE: readonly (readonly [number, number])[] = [
  [0.832, 1.217], [1.219, 1.474], [1.997, 2.292], [2.547, 2.995], [3.345, 4.134], [4.034, 4.944],
  [4.418, 5.881], [5.091, 6.98], [5.685, 7.945], [6.306, 8.966],
];

/**
 * The same figure's a = 1.125 in series (n² = 2): the experiment's other column, printed beside the
 * reference so that a comparison shows how far the experiment's own two columns lie apart.
 */
export const MARTIN_MOYCE_SMALL_COLUMN: readonly (readonly [number, number])[] = [
  [0.849, 1.245], [1.212, 1.443], [1.602, 1.884], [2.283, 2.689], [2.95, 3.728], [3.598, 4.528],
  [3.905, 4.999], [4.592, 5.841], [4.961, 6.271], [5.316, 6.717],
];

/** Z of a measured series at T, linear between its points (null outside them). */
export function seriesAt(series: readonly (readonly [number, number])[], T: number): number | null {
  for (let k = 1; k < series.length; k++) {
    const [t0, z0] = series[k - 1], [t1, z1] = series[k];
    if (T >= t0 && T <= t1) return z0 + ((T - t0) / (t1 - t0)) * (z1 - z0);
  }
  return null;
}

export const COLUMN_WIDTH = 0.1;
const G = 9.81;

/**
 * The column of width `a` and height 2a, `across` particles wide, in a tank 7a long and 2.4a high whose
 * depth is the slab (slabLayers Δx) plus marginLayers Δx on each side. c0 = 30 m/s at a = 0.1 m
 * (≥ 10 × 2.8 m/s), and the same Mach number (c0 / √(g a)) at another width.
 */
function columnInTank(a: number, across: number, slabLayers: number, marginLayers: number, settings: Partial<SimulationSettings>): SetupDocument {
  const dx = a / across;
  const s = emptySetup();
  const slab = slabLayers * dx;
  s.settings = { ...s.settings, particleDiameter: dx, endTime: 0.4, outputTimeInterval: 0.05, gravity: [0, 0, -G], ...settings };
  s.materials[0] = { ...s.materials[0], name: 'Water', density: 1000, speedOfSound: 30 * Math.sqrt(a / COLUMN_WIDTH), kinematicViscosity: 1e-6 };
  const tankSize: [number, number, number] = [7 * a, slab + 2 * marginLayers * dx, 2.4 * a];
  const tank = cubeShape(tankSize, [tankSize[0] / 2, slab / 2, tankSize[2] / 2]);
  tank.flipNormals = true;
  const walls = defaultRigidComponent();
  walls.velocityKind = 'slip';
  const water = defaultFlowComponent();
  water.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: walls, shape: tank }),
    createPart({ id: 'column', name: 'Water column', component: water, materialId: 0, shape: cubeShape([a, slab, 2 * a], [a / 2, slab / 2, a]) }),
  ];
  return s;
}

/** The column of width a = 0.1 m in a slab 4 Δx thick between slip walls. */
export function martinMoyceSetup(across: number, settings?: Partial<SimulationSettings>): SetupDocument {
  return columnInTank(COLUMN_WIDTH, across, 4, 0, settings ?? {});
}

/**
 * Thickness of the slab in lattice layers: one period along y, which the periodic grid must tile with at
 * least three cells of the kernel support 2.6 Δx.
 */
export const SLAB_LAYERS = 8;

/**
 * The same column (width `a`, 0.1 m unless given) in a slab SLAB_LAYERS Δx thick that repeats along y
 * (martinMoyceEngine): a 2D flow with no side walls. The tank is laid 6 Δx wider than the slab on each
 * side so that its floor's and end walls' normals see no edge; the engine keeps one period of them.
 */
export function periodicMartinMoyceSetup(across: number, settings?: Partial<SimulationSettings>, a = COLUMN_WIDTH): SetupDocument {
  const slab = SLAB_LAYERS * (a / across);
  return columnInTank(a, across, SLAB_LAYERS, 6, {
    calcDomainActive: false, calcDomainMin: [-a, 0, -a], calcDomainMax: [8 * a, slab, 3.4 * a], ...settings,
  });
}

/** The prepared case as the engine runs it: periodic across the slab (y), one period of walls. */
export function martinMoyceEngine(c: Pick<PreparedCase, 'prm' | 'grid' | 'time' | 'state' | 'motion'>): EngineSetup {
  return withPeriodicAxes(engineSetupOf(c), { x: false, y: true, z: false });
}

/** The speed of the fastest fluid particle of a snapshot (m/s). */
export function fastestFluid(s: EngineSnapshot): number {
  let fastest = 0;
  for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid) fastest = Math.max(fastest, Math.hypot(s.vx[i], s.vy[i], s.vz[i]));
  return fastest;
}

/**
 * Farthest fluid: the largest x of a fluid particle that has at least three fluid neighbours within
 * 1.5 Δx, so that isolated spray ahead of the front does not count (a particle's centre, Δx/2 behind the
 * water's edge; the column impact benchmark and the dam break in air compare it between runs).
 */
export function surgeFront(s: EngineSnapshot, dx: number): number {
  const cell = 1.5 * dx;
  const buckets = new Map<string, number[]>();
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  for (let i = 0; i < s.count; i++) {
    if (s.kind[i] !== ParticleKind.fluid) continue;
    const k = key(Math.floor(s.x[i] / cell), Math.floor(s.y[i] / cell), Math.floor(s.z[i] / cell));
    const b = buckets.get(k);
    if (b === undefined) buckets.set(k, [i]);
    else b.push(i);
  }
  let front = 0;
  for (let i = 0; i < s.count; i++) {
    if (s.kind[i] !== ParticleKind.fluid || s.x[i] <= front) continue;
    let neighbours = 0;
    const cx = Math.floor(s.x[i] / cell), cy = Math.floor(s.y[i] / cell), cz = Math.floor(s.z[i] / cell);
    for (let a = -1; a <= 1; a++) {
      for (let b = -1; b <= 1; b++) {
        for (let c = -1; c <= 1; c++) {
          for (const j of buckets.get(key(cx + a, cy + b, cz + c)) ?? []) {
            if (j !== i && Math.hypot(s.x[i] - s.x[j], s.y[i] - s.y[j], s.z[i] - s.z[j]) < cell) neighbours++;
          }
        }
      }
    }
    if (neighbours >= 3) front = s.x[i];
  }
  return front;
}

/**
 * Toe of the surge: the fluid touching the floor (centres below 2 Δx), followed from the column along +x
 * while the gaps between particles stay under 2 Δx, plus Δx/2, the half particle ahead of the last
 * centre (at t = 0 it gives the column's face, x = a).
 */
export function toeFront(s: EngineSnapshot, dx: number): number {
  const xs: number[] = [];
  for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid && s.z[i] < 2 * dx) xs.push(s.x[i]);
  xs.sort((p, q) => p - q);
  let toe = xs.length > 0 ? xs[0] : 0;
  for (const x of xs) {
    if (x - toe >= 2 * dx) break;
    toe = x;
  }
  return toe + dx / 2;
}

export interface FrontPoint {
  T: number;
  Z: number;
  reference: number;
  error: number;
  /** The a = 1.125 in column's Z at T (MARTIN_MOYCE_SMALL_COLUMN), null outside its points. */
  smallColumn: number | null;
}

export interface FrontComparison {
  /** The points after the first, with Z ≤ zMax. */
  points: FrontPoint[];
  /**
   * The computed time (in T) at which the toe reached the first measured position, less the measured T:
   * the time origin's shift, negative when the computed front leads.
   */
  shiftT: number;
  /** Largest |error| over the points. */
  worst: number;
  /** Mean |error| over the points. */
  mean: number;
  /** Largest and mean |error| against the a = 1.125 in column, over the points within its times. */
  smallColumnWorst: number;
  smallColumnMean: number;
  maxSpeed: number;
  steps: number;
}

/** Step in T between the fronts that locate the first measured position. */
const ANCHOR_STEP_T = 0.02;

/**
 * Advances `be` through the experiment and compares the toe (toeFront) with it. The time origin is where
 * the toe passes the first measured position (T = 0.832, Z = 1.217), found between fronts ANCHOR_STEP_T
 * apart: the experiment's column took a while to be released and the computed one stands free at once,
 * which only one constant of time can absorb. The other points with Z ≤ zMax are compared at that origin
 * plus their T.
 */
export async function compareWithMartinMoyce(be: SolverBackend, dx: number, zMax = 6, log?: (line: string) => void): Promise<FrontComparison> {
  const scale = Math.sqrt((2 * G) / COLUMN_WIDTH);
  let maxSpeed = 0;
  const frontAt = async (T: number): Promise<number> => {
    const t = T / scale;
    while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
    const s = await be.snapshot();
    maxSpeed = Math.max(maxSpeed, fastestFluid(s));
    return toeFront(s, dx) / COLUMN_WIDTH;
  };
  const [T1, Z1] = MARTIN_MOYCE[0];
  let before = { T: 0, Z: await frontAt(0) };
  for (;;) {
    const T = before.T + ANCHOR_STEP_T;
    const Z = await frontAt(T);
    if (Z >= Z1) {
      const reached = before.T + ((Z1 - before.Z) / (Z - before.Z)) * (T - before.T);
      const shiftT = reached - T1;
      log?.(`toe at Z = ${Z1} (first measured point, T = ${T1}) at T = ${reached.toFixed(3)}: time origin shifted by ${shiftT.toFixed(3)} ` +
        `(${(1000 * shiftT / scale).toFixed(2)} ms)`);
      return compareFrom(shiftT);
    }
    if (T > 3 * T1) throw new Error(`the toe did not reach Z = ${Z1} by T = ${T.toFixed(2)} (Z = ${Z.toFixed(3)})`);
    before = { T, Z };
  }

  async function compareFrom(shiftT: number): Promise<FrontComparison> {
    const measured = MARTIN_MOYCE.slice(1).filter(([, reference]) => reference <= zMax);
    // The fronts at the shifted times, and at the unshifted ones (printed only: what the release at t = 0
    // alone gives), taken in the order of time.
    const times = [...new Set([...measured.map(([T]) => T + shiftT), ...measured.map(([T]) => T)])].sort((p, q) => p - q);
    const fronts = new Map<number, number>();
    const points: FrontPoint[] = [];
    // Each point is compared as soon as both of its fronts are known, so that a long run reports as it goes.
    const ready = () => {
      for (const [T, reference] of measured.slice(points.length)) {
        const Z = fronts.get(T + shiftT), unshifted = fronts.get(T);
        if (Z === undefined || unshifted === undefined) return;
        const error = (Z - reference) / reference;
        const smallColumn = seriesAt(MARTIN_MOYCE_SMALL_COLUMN, T);
        const small = smallColumn === null ? '' : `; the 1.125 in column ${smallColumn.toFixed(3)} ` +
          `(${(100 * (smallColumn - reference) / reference).toFixed(1)} % from the reference), error against it ${(100 * (Z - smallColumn) / smallColumn).toFixed(1)} %`;
        log?.(`T = ${T.toFixed(3)} (computed ${(T + shiftT).toFixed(3)}): Z = ${Z.toFixed(3)}, Martin & Moyce ${reference.toFixed(3)}, ` +
          `error ${(100 * error).toFixed(1)} % (unshifted: Z = ${unshifted.toFixed(3)}, ${(100 * (unshifted - reference) / reference).toFixed(1)} %)${small}`);
        points.push({ T, Z, reference, error, smallColumn });
      }
    };
    for (const T of times) {
      fronts.set(T, await frontAt(T));
      ready();
    }
    const abs = points.map((p) => Math.abs(p.error));
    const small = points.flatMap((p) => (p.smallColumn === null ? [] : [Math.abs(p.Z - p.smallColumn) / p.smallColumn]));
    return {
      points, shiftT, maxSpeed, steps: be.steps(),
      worst: Math.max(...abs), mean: abs.reduce((a, b) => a + b, 0) / abs.length,
      smallColumnWorst: Math.max(...small), smallColumnMean: small.reduce((a, b) => a + b, 0) / small.length,
    };
  }
}
