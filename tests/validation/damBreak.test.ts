// Dam break against Martin & Moyce (1952), "An experimental study of the collapse of liquid columns on a
// rigid horizontal plane", Phil. Trans. R. Soc. A 244: surge front Z = x/a over T = t sqrt(2g/a) for a
// water column of width a and height 2a. A thin slab between slip walls stands in for the 2D experiment.
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { emptySetup } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../src/domain/component.ts';
import { prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { ParticleKind } from '../../src/solver/particles.ts';
import type { EngineSnapshot } from '../../src/solver/engine.ts';

/** Martin & Moyce (1952), column height 2a: (T, Z). */
const MARTIN_MOYCE: [number, number][] = [
  [0.832, 1.217], [1.219, 1.474], [1.997, 2.292], [2.547, 2.995], [3.345, 4.134], [4.034, 4.944],
  [4.418, 5.881], [5.091, 6.98], [5.685, 7.945], [6.306, 8.966],
];

const A = 0.1;
const DX = A / 20;
const G = 9.81;

function damBreakSetup() {
  const s = emptySetup();
  const slab = 4 * DX;
  // c0 = 30 m/s ≥ 10 × the front speed 2 sqrt(g 2a) = 2.8 m/s.
  s.settings = { ...s.settings, particleDiameter: DX, endTime: 0.4, outputTimeInterval: 0.05, gravity: [0, 0, -G] };
  s.materials[0] = { ...s.materials[0], name: 'Water', density: 1000, speedOfSound: 30, kinematicViscosity: 1e-6 };
  const tankSize: [number, number, number] = [7 * A, slab, 2.4 * A];
  const tank = cubeShape(tankSize, [tankSize[0] / 2, tankSize[1] / 2, tankSize[2] / 2]);
  tank.flipNormals = true;
  const walls = defaultRigidComponent();
  walls.velocityKind = 'slip';
  const water = defaultFlowComponent();
  water.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: walls, shape: tank }),
    createPart({ id: 'column', name: 'Water column', component: water, materialId: 0, shape: cubeShape([A, slab, 2 * A], [A / 2, slab / 2, A]) }),
  ];
  return s;
}

/**
 * Surge front: the largest x of a fluid particle that has at least three fluid neighbours within 1.5 Δx,
 * so that isolated spray ahead of the front does not count.
 */
function surgeFront(s: EngineSnapshot): number {
  const cell = 1.5 * DX;
  const buckets = new Map<string, number[]>();
  const key = (x: number, y: number, z: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)},${Math.floor(z / cell)}`;
  for (let i = 0; i < s.count; i++) {
    if (s.kind[i] !== ParticleKind.fluid) continue;
    const k = key(s.x[i], s.y[i], s.z[i]);
    const b = buckets.get(k);
    if (b === undefined) buckets.set(k, [i]);
    else b.push(i);
  }
  let front = 0;
  for (let i = 0; i < s.count; i++) {
    if (s.kind[i] !== ParticleKind.fluid || s.x[i] <= front) continue;
    let neighbours = 0;
    const cx = Math.floor(s.x[i] / cell), cy = Math.floor(s.y[i] / cell), cz = Math.floor(s.z[i] / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const j of buckets.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
            if (j !== i && Math.hypot(s.x[i] - s.x[j], s.y[i] - s.y[j], s.z[i] - s.z[j]) < cell) neighbours++;
          }
        }
      }
    }
    if (neighbours >= 3) front = s.x[i];
  }
  return front;
}

describe('dam break', () => {
  it('follows the surge front of Martin & Moyce (1952) within 10 % for Z ≤ 6', async () => {
    const c = await prepareCase(damBreakSetup());
    expect(c.discretized.counts.fluid).toBe(20 * 4 * 40);
    const threads = Math.min(2, availableParallelism());
    const be = new CpuBackend({ prm: c.prm, grid: c.grid, time: c.time, state: c.state }, {
      threads, spawnWorker: threads > 1 ? spawnNodeWorker : null,
    });
    const scale = Math.sqrt((2 * G) / A);
    const started = performance.now();
    let maxSpeed = 0;
    let checked = 0;
    try {
      for (const [T, zExp] of MARTIN_MOYCE) {
        if (zExp > 6) continue;
        const t = T / scale;
        while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
        const s = await be.snapshot();
        for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid) maxSpeed = Math.max(maxSpeed, Math.hypot(s.vx[i], s.vy[i], s.vz[i]));
        const z = surgeFront(s) / A;
        const error = (z - zExp) / zExp;
        console.log(`T = ${T.toFixed(3)} (t = ${t.toFixed(4)} s): Z = ${z.toFixed(3)}, Martin & Moyce ${zExp.toFixed(3)}, error ${(100 * error).toFixed(1)} %`);
        expect(Math.abs(error)).toBeLessThan(0.1);
        checked++;
      }
    } finally {
      await be.dispose();
    }
    console.log(`dam break: ${c.discretized.counts.total} particles, ${be.steps()} steps, ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `largest speed ${maxSpeed.toFixed(2)} m/s (c0 = 30 m/s = ${(30 / maxSpeed).toFixed(1)} × that)`);
    expect(checked).toBe(7);
    expect(30).toBeGreaterThanOrEqual(10 * maxSpeed);
  });
});
