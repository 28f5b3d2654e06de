// Dam break against Martin & Moyce (1952), "An experimental study of the collapse of liquid columns on a
// rigid horizontal plane", Phil. Trans. R. Soc. A 244: surge front Z = x/a over T = t √(2g/a) for a water
// column of width a and height 2a. A thin slab between slip walls stands in for the 2D experiment. Shared
// by the validation test (20 and 40 particles across the column) and the solver benchmark (80).
import { emptySetup, type SetupDocument } from '../../domain/setup.ts';
import { createPart } from '../../domain/part.ts';
import { cubeShape } from '../../domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../domain/component.ts';
import type { SimulationSettings } from '../../domain/settings.ts';
import type { EngineSnapshot, SolverBackend } from '../engine.ts';
import { ParticleKind } from '../particles.ts';

/** Martin & Moyce (1952), column height 2a: (T, Z). */
export const MARTIN_MOYCE: readonly (readonly [number, number])[] = [
  [0.832, 1.217], [1.219, 1.474], [1.997, 2.292], [2.547, 2.995], [3.345, 4.134], [4.034, 4.944],
  [4.418, 5.881], [5.091, 6.98], [5.685, 7.945], [6.306, 8.966],
];

export const COLUMN_WIDTH = 0.1;
const G = 9.81;

/** The column of width a = 0.1 m and height 2a, `across` particles wide, c0 = 30 m/s (≥ 10 × 2.8 m/s). */
export function martinMoyceSetup(across: number, settings?: Partial<SimulationSettings>): SetupDocument {
  const a = COLUMN_WIDTH;
  const dx = a / across;
  const s = emptySetup();
  const slab = 4 * dx;
  s.settings = { ...s.settings, particleDiameter: dx, endTime: 0.4, outputTimeInterval: 0.05, gravity: [0, 0, -G], ...settings };
  s.materials[0] = { ...s.materials[0], name: 'Water', density: 1000, speedOfSound: 30, kinematicViscosity: 1e-6 };
  const tankSize: [number, number, number] = [7 * a, slab, 2.4 * a];
  const tank = cubeShape(tankSize, [tankSize[0] / 2, tankSize[1] / 2, tankSize[2] / 2]);
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

/**
 * Surge front: the largest x of a fluid particle that has at least three fluid neighbours within 1.5 Δx,
 * so that isolated spray ahead of the front does not count.
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

export interface FrontPoint {
  T: number;
  Z: number;
  reference: number;
  error: number;
}

export interface FrontComparison {
  points: FrontPoint[];
  /** Largest |error| over the points with Z ≤ zMax. */
  worst: number;
  /** Mean |error| over the same points. */
  mean: number;
  maxSpeed: number;
  steps: number;
}

/** Advances `be` through the experiment's times with Z ≤ zMax and compares the front at each. */
export async function compareWithMartinMoyce(be: SolverBackend, dx: number, zMax = 6, log?: (line: string) => void): Promise<FrontComparison> {
  const scale = Math.sqrt((2 * G) / COLUMN_WIDTH);
  const points: FrontPoint[] = [];
  let maxSpeed = 0;
  for (const [T, reference] of MARTIN_MOYCE) {
    if (reference > zMax) continue;
    const t = T / scale;
    while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
    const s = await be.snapshot();
    for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid) maxSpeed = Math.max(maxSpeed, Math.hypot(s.vx[i], s.vy[i], s.vz[i]));
    const Z = surgeFront(s, dx) / COLUMN_WIDTH;
    const error = (Z - reference) / reference;
    points.push({ T, Z, reference, error });
    log?.(`T = ${T.toFixed(3)} (t = ${t.toFixed(4)} s): Z = ${Z.toFixed(3)}, Martin & Moyce ${reference.toFixed(3)}, error ${(100 * error).toFixed(1)} %`);
  }
  const abs = points.map((p) => Math.abs(p.error));
  return {
    points, maxSpeed, steps: be.steps(),
    worst: Math.max(...abs), mean: abs.reduce((a, b) => a + b, 0) / abs.length,
  };
}
