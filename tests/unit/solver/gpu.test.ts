// The WebGPU backend (WGSL kernels through Dawn, here on SwiftShader) against the CPU backend on the
// same small cases. Tolerances: positions within 1 % of Δx, velocities within 1 % of the largest
// velocity, pressures within 1 % of the largest pressure (the GPU computes in float32).
import { nodeGpuAvailable } from '../../support/gpu.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { createNodeGpuBackend } from '../../../src/solver/gpu/nodeGpu.ts';
import type { GpuBackendOptions } from '../../../src/solver/gpu/gpuBackend.ts';
import { FEATURE, FINE_CELLS_ANYWAY, FINE_CELLS_PER_PARTICLE, gpuBufferBytes, sortGrid } from '../../../src/solver/gpu/gpuLayout.ts';
import { makeGrid } from '../../../src/solver/grid.ts';
import { periodicGrid } from '../../../src/solver/periodic.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import { ViscosityKindCode, viscosityAt, viscosityTableOf } from '../../../src/solver/physics/viscosity.ts';
import { computeWallLoads, wallSurfaceOf } from '../../../src/solver/physics/wallLoads.ts';
import type { EngineSnapshot, SolverBackend } from '../../../src/solver/engine.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { channelCase, heatedTankCase, paddleCase, profiledChannelCase, sessileDropCase, slide, spin, tankCase } from './cases.ts';
import type { FileResolver } from '../../../src/solver/caseInput.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../../src/solver/output/outputReader.ts';

let available = false;

type GpuOptions = Pick<GpuBackendOptions, 'cells' | 'pipelines'>;

beforeAll(async () => {
  available = await nodeGpuAvailable('GPU tests are');
});

async function runBoth(setup: SetupDocument, until: number, fileResolver?: FileResolver): Promise<[EngineSnapshot, EngineSnapshot]> {
  const c = await prepareCase(setup, { fileResolver });
  const cpu: SolverBackend = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
  const gpu = await createNodeGpuBackend(engineSetupOf(c));
  try {
    while (cpu.time() < until) await cpu.advance(until, { maxWallMs: 1e9, maxSteps: 1e9 });
    while (gpu.time() < until) await gpu.advance(until, { maxWallMs: 1e9, maxSteps: 1e9 });
    return [await cpu.snapshot(), await gpu.snapshot()];
  } finally {
    await cpu.dispose();
    await gpu.dispose();
  }
}

/** Largest differences of the fluid (and, when given, of one wall part) between two snapshots, by particle id. */
function differences(a: EngineSnapshot, b: EngineSnapshot, wallBody: number | null = null) {
  const byId = new Map<number, number>();
  for (let i = 0; i < b.count; i++) byId.set(b.id[i], i);
  let dxMax = 0, dvMax = 0, dpMax = 0, vMax = 0, pMax = 0, n = 0, wallDx = 0, wallDv = 0, wallV = 0, walls = 0;
  for (let i = 0; i < a.count; i++) {
    const j = byId.get(a.id[i]);
    expect(j).toBeDefined();
    if (j === undefined) continue;
    const dpos = Math.hypot(a.x[i] - b.x[j], a.y[i] - b.y[j], a.z[i] - b.z[j]);
    const dvel = Math.hypot(a.vx[i] - b.vx[j], a.vy[i] - b.vy[j], a.vz[i] - b.vz[j]);
    if (a.kind[i] === ParticleKind.wall && a.body[i] === wallBody) {
      walls++;
      wallDx = Math.max(wallDx, dpos);
      wallDv = Math.max(wallDv, dvel);
      wallV = Math.max(wallV, Math.hypot(a.vx[i], a.vy[i], a.vz[i]));
    }
    if (a.kind[i] !== ParticleKind.fluid) continue;
    n++;
    dxMax = Math.max(dxMax, dpos);
    dvMax = Math.max(dvMax, dvel);
    dpMax = Math.max(dpMax, Math.abs(a.p[i] - b.p[j]));
    vMax = Math.max(vMax, Math.hypot(a.vx[i], a.vy[i], a.vz[i]));
    pMax = Math.max(pMax, Math.abs(a.p[i]));
  }
  return { dxMax, dvMax, dpMax, vMax, pMax, n, wallDx, wallDv, wallV, walls };
}

describe('GPU backend', () => {
  it('matches the CPU backend on a small dam break (RK4, Riemann walls, lyu21 shifting)', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.02;
    const setup = tankCase({
      dx, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.16],
      settings: { integrationScheme: 'runge_kutta_4', shifting: 'lyu21' },
    });
    const [a, b] = await runBoth(setup, 0.03);
    expect(b.step).toBe(a.step);
    expect(b.time).toBe(a.time);
    const byId = new Map<number, number>();
    for (let i = 0; i < b.count; i++) byId.set(b.id[i], i);
    let dxMax = 0, dvMax = 0, dpMax = 0, vMax = 0, pMax = 0, n = 0;
    for (let i = 0; i < a.count; i++) {
      if (a.kind[i] !== ParticleKind.fluid) continue;
      const j = byId.get(a.id[i]);
      expect(j).toBeDefined();
      if (j === undefined) continue;
      n++;
      dxMax = Math.max(dxMax, Math.hypot(a.x[i] - b.x[j], a.y[i] - b.y[j], a.z[i] - b.z[j]));
      dvMax = Math.max(dvMax, Math.hypot(a.vx[i] - b.vx[j], a.vy[i] - b.vy[j], a.vz[i] - b.vz[j]));
      dpMax = Math.max(dpMax, Math.abs(a.p[i] - b.p[j]));
      vMax = Math.max(vMax, Math.hypot(a.vx[i], a.vy[i], a.vz[i]));
      pMax = Math.max(pMax, Math.abs(a.p[i]));
    }
    console.log(`CPU vs GPU after ${a.step} steps, ${n} fluid particles: |Δx| ≤ ${(dxMax / dx).toExponential(2)} Δx, ` +
      `|Δv| ≤ ${(dvMax / vMax).toExponential(2)} vmax, |Δp| ≤ ${(dpMax / pMax).toExponential(2)} pmax`);
    expect(n).toBe(200);
    expect(vMax).toBeGreaterThan(0.1);
    expect(dxMax).toBeLessThan(0.01 * dx);
    expect(dvMax).toBeLessThan(0.01 * vMax);
    expect(dpMax).toBeLessThan(0.01 * pMax);
  }, 300_000);

  it('gives each case feature the bit the kernels test for it', () => {
    const common = readFileSync(new URL('../../../shaders/sph/common.wgsl', import.meta.url), 'utf8');
    const bits = Object.fromEntries([...common.matchAll(/const FEATURE_(\w+): u32 = (\d+)u;/g)].map((m) => [
      m[1].toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), Number(m[2]),
    ]));
    expect(bits).toEqual(FEATURE);
    // One bit each.
    expect(new Set(Object.values(FEATURE)).size).toBe(Object.keys(FEATURE).length);
    for (const b of Object.values(FEATURE)) expect(b & (b - 1)).toBe(0);
  });

  it('sorts into half cells over the same box and periods where they cost at most 4 cells per particle', () => {
    const support = 0.026;
    const host = periodicGrid(makeGrid([0, 0, 0], [0.3, 0.08, 0.2], support, 1e5), [0, 0, 0], [0.3, 0.08, 0.2], { x: false, y: true, z: false }, support);
    // A large case (the small ones take half cells up to FINE_CELLS_ANYWAY): the same cells scaled up.
    const large = { ...host, nCells: FINE_CELLS_ANYWAY };
    expect(sortGrid(large, 8 * FINE_CELLS_ANYWAY / FINE_CELLS_PER_PARTICLE).reach).toBe(2);
    expect(sortGrid(large, 8 * FINE_CELLS_ANYWAY / FINE_CELLS_PER_PARTICLE - 1).reach).toBe(1);
    expect(sortGrid(host, 1).reach).toBe(2);
    const dense = sortGrid(host, 1);
    expect(dense.reach).toBe(2);
    const g = dense.grid;
    expect(g.cellSize).toBeCloseTo(host.cellSize / 2, 15);
    expect(g.cellSize * 2).toBeGreaterThanOrEqual(support);
    expect([g.nx, g.ny, g.nz, g.nCells]).toEqual([2 * host.nx, 2 * host.ny, 2 * host.nz, 8 * host.nCells]);
    expect([g.ox, g.oy, g.oz, g.wrap]).toEqual([host.ox, host.oy, host.oz, host.wrap]);
    // The period along y, its cells' count times their size, is unchanged.
    expect(g.ny * g.cellSize).toBeCloseTo(host.ny * host.cellSize, 12);
    const sparse = sortGrid(large, 1);
    expect(sparse.reach).toBe(1);
    expect(sparse.grid).toBe(large);
  });

  it('walks the same pairs at half cells with case-built kernels as at whole cells with the generic ones', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.02;
    const c = await prepareCase(tankCase({
      dx, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.16],
      settings: { integrationScheme: 'runge_kutta_4', shifting: 'lyu21' },
    }));
    const run = async (options: GpuOptions): Promise<[EngineSnapshot, number]> => {
      const be = await createNodeGpuBackend(engineSetupOf(c), options);
      try {
        while (be.time() < 0.03) await be.advance(0.03, { maxWallMs: 1e9, maxSteps: 1e9 });
        return [await be.snapshot(), be.reach];
      } finally {
        await be.dispose();
      }
    };
    const [half, reachHalf] = await run({});
    const [whole, reachWhole] = await run({ cells: 'whole', pipelines: 'generic' });
    const d = differences(whole, half);
    console.log(`half cells (reach ${reachHalf}), case-built kernels against whole cells (reach ${reachWhole}), generic kernels ` +
      `after ${half.step} steps, ${d.n} fluid particles: ` +
      `|Δx| ≤ ${(d.dxMax / dx).toExponential(2)} Δx, |Δv| ≤ ${(d.dvMax / d.vMax).toExponential(2)} vmax, ` +
      `|Δp| ≤ ${(d.dpMax / d.pMax).toExponential(2)} pmax (limits 1e-4, 1e-4, 1e-3)`);
    expect(reachHalf).toBe(2);
    expect(reachWhole).toBe(1);
    expect(half.step).toBe(whole.step);
    expect(d.n).toBe(200);
    expect(d.vMax).toBeGreaterThan(0.1);
    // The same pairs summed in another order: float32 rounding only. A pair missed or counted twice
    // moves a density by some 1 %, its pressure by c0² 10 kg/m³, several times pmax; a density's last
    // float32 digits (1e-4 kg/m³) are some 1e-4 pmax of pressure through the equation of state.
    expect(d.dxMax).toBeLessThan(1e-4 * dx);
    expect(d.dvMax).toBeLessThan(1e-4 * d.vMax);
    expect(d.dpMax).toBeLessThan(1e-3 * d.pMax);
  }, 300_000);

  it('needs at most 300 bytes of GPU memory per particle at a million particles, 16 more with surface tension', async () => {
    // The dam break's grid per particle: a finer Δx in the same box scales cells and particles alike.
    const tank = await prepareCase(tankCase({ dx: 0.02, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.16] }));
    const drop = await prepareCase(sessileDropCase(0.001, [8, 8, 5], 60));
    const setup = engineSetupOf(tank);
    const n = 1_000_000;
    const nCells = Math.round((n * setup.grid.nCells) / setup.state.count);
    const perParticle = (surfaceTension: typeof tank.prm.surfaceTension) =>
      Object.values(gpuBufferBytes(n, nCells, { surfaceTension })).reduce((a, b) => a + b, 0) / n;
    const plain = perParticle(null);
    const withTension = perParticle(drop.prm.surfaceTension);
    console.log(`GPU memory at ${n} particles, ${nCells} cells: ${plain.toFixed(1)} bytes per particle (target ≤ 300), ` +
      `${withTension.toFixed(1)} with surface tension`);
    expect(tank.prm.surfaceTension).toBeNull();
    expect(drop.prm.surfaceTension).not.toBeNull();
    expect(plain).toBeLessThanOrEqual(300);
    // The colour gradients' 16 bytes per particle, less the 16 bytes the unused binding holds without it.
    expect(withTension - plain).toBeCloseTo(16 - 16 / n, 9);
  });

  it('moves every per-particle array with the same permutation in each sort: static walls and masses stay with their ids', async (ctx) => {
    if (!available) ctx.skip();
    const c = await prepareCase(tankCase({
      dx: 0.02, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.16],
      settings: { integrationScheme: 'runge_kutta_4', shifting: 'lyu21' },
    }));
    const setup = engineSetupOf(c);
    const st = setup.state;
    const gpu = await createNodeGpuBackend(setup);
    let s: EngineSnapshot;
    try {
      await gpu.advance(1, { maxWallMs: 1e9, maxSteps: 8 });
      s = await gpu.snapshot();
    } finally {
      await gpu.dispose();
    }
    const start = new Map<number, number>();
    for (let i = 0; i < st.count; i++) start.set(st.id[i], i);
    // Walls neither move nor turn here, and no particle's mass or part changes: any field sorted with
    // another permutation than the ids shows up as a mismatch.
    let mismatches = 0, walls = 0, moved = 0;
    for (let j = 0; j < s.count; j++) {
      const i = start.get(s.id[j]);
      if (i === undefined) {
        mismatches++;
        continue;
      }
      const f32 = Math.fround;
      const same = s.kind[j] === st.kind[i] && s.body[j] === st.body[i] && s.mass[j] === f32(st.mass[i]);
      const wall = s.kind[j] === ParticleKind.wall;
      const wallSame = !wall || (s.x[j] === f32(st.x[i]) && s.y[j] === f32(st.y[i]) && s.z[j] === f32(st.z[i]) &&
        s.nx[j] === f32(st.nx[i]) && s.ny[j] === f32(st.ny[i]) && s.nz[j] === f32(st.nz[i]));
      if (!same || !wallSame) mismatches++;
      if (wall) walls++;
      if (j !== i) moved++;
    }
    console.log(`after ${s.step} sorted steps: ${s.count} particles (${walls} walls), ${moved} away from their first place, ${mismatches} with fields of another particle`);
    expect(s.step).toBe(8);
    expect(s.count).toBe(st.count);
    expect(walls).toBeGreaterThan(1000);
    expect(moved).toBeGreaterThan(0);
    expect(mismatches).toBe(0);
  }, 300_000);

  it('gives the walls the loads the CPU backend gives them (no-slip Riemann walls, dam break)', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.02;
    const setup = tankCase({
      dx, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.16], slip: false,
      settings: { integrationScheme: 'runge_kutta_4', shifting: 'lyu21' },
    });
    const c = await prepareCase(setup);
    const surface = wallSurfaceOf(c.state, c.discretized.particles.wallDepth, dx);
    const cpu: SolverBackend = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    const gpu = await createNodeGpuBackend(engineSetupOf(c));
    const until = 0.03;
    let a: EngineSnapshot, b: EngineSnapshot;
    try {
      while (cpu.time() < until) await cpu.advance(until, { maxWallMs: 1e9, maxSteps: 1e9 });
      while (gpu.time() < until) await gpu.advance(until, { maxWallMs: 1e9, maxSteps: 1e9 });
      [a, b] = [await cpu.snapshot(), await gpu.snapshot()];
    } finally {
      await cpu.dispose();
      await gpu.dispose();
    }
    const context = { prm: c.prm, surface, gravity: [c.prm.gx, c.prm.gy, c.prm.gz] as const, bodyFields: null };
    const la = computeWallLoads(a, context), lb = computeWallLoads(b, context);
    const byId = new Map<number, number>();
    for (let i = 0; i < b.count; i++) byId.set(b.id[i], i);
    let tMax = 0, dtMax = 0, shearMax = 0, dWet = 0;
    const forceA = [0, 0, 0], forceB = [0, 0, 0];
    for (let i = 0; i < a.count; i++) {
      if (a.kind[i] !== ParticleKind.wall) continue;
      const j = byId.get(a.id[i]) as number;
      const ta = [la.totalStress[3 * i], la.totalStress[3 * i + 1], la.totalStress[3 * i + 2]];
      const tb = [lb.totalStress[3 * j], lb.totalStress[3 * j + 1], lb.totalStress[3 * j + 2]];
      tMax = Math.max(tMax, Math.hypot(ta[0], ta[1], ta[2]));
      dtMax = Math.max(dtMax, Math.hypot(ta[0] - tb[0], ta[1] - tb[1], ta[2] - tb[2]));
      shearMax = Math.max(shearMax, Math.hypot(la.shearStress[3 * i], la.shearStress[3 * i + 1], la.shearStress[3 * i + 2]));
      dWet = Math.max(dWet, Math.abs(la.wetting[i] - lb.wetting[j]));
      for (let k = 0; k < 3; k++) {
        forceA[k] += ta[k] * la.area[i];
        forceB[k] += tb[k] * lb.area[j];
      }
    }
    const fA = Math.hypot(forceA[0], forceA[1], forceA[2]);
    const dF = Math.hypot(forceA[0] - forceB[0], forceA[1] - forceB[1], forceA[2] - forceB[2]);
    console.log(`wall loads, CPU vs GPU after ${a.step} steps: traction within ${(dtMax / tMax).toExponential(2)} of the largest ` +
      `(${tMax.toFixed(1)} Pa; shear up to ${shearMax.toExponential(2)} Pa), wetting within ${dWet.toExponential(2)}, tank force ` +
      `CPU (${forceA.map((v) => v.toFixed(4)).join(', ')}) N, GPU (${forceB.map((v) => v.toFixed(4)).join(', ')}) N: ${(dF / fA).toExponential(2)} apart (limit 1 %)`);
    expect(tMax).toBeGreaterThan(100);
    expect(shearMax).toBeGreaterThan(0);
    expect(dtMax).toBeLessThan(0.01 * tMax);
    expect(dF).toBeLessThan(0.01 * fA);
    expect(dWet).toBeLessThan(0.01);
  }, 300_000);

  it('pulls a drop on a wall together with surface tension and a 60° contact angle like the CPU backend', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.001;
    const [a, b] = await runBoth(sessileDropCase(dx, [8, 8, 5], 60), 0.008);
    expect(b.step).toBe(a.step);
    const d = differences(a, b);
    console.log(`surface tension, CPU vs GPU after ${a.step} steps, ${d.n} fluid particles: |Δx| ≤ ${(d.dxMax / dx).toExponential(2)} Δx, ` +
      `|Δv| ≤ ${(d.dvMax / d.vMax).toExponential(2)} vmax (${d.vMax.toFixed(4)} m/s), |Δp| ≤ ${(d.dpMax / d.pMax).toExponential(2)} pmax (${d.pMax.toFixed(2)} Pa)`);
    expect(d.n).toBe(320);
    expect(d.vMax).toBeGreaterThan(0.005);
    expect(d.dxMax).toBeLessThan(0.01 * dx);
    expect(d.dvMax).toBeLessThan(0.01 * d.vMax);
    expect(d.dpMax).toBeLessThan(0.01 * d.pMax);
  }, 300_000);

  it('turns a paddle in the water like the CPU backend (RK4, Riemann walls, lyu21 shifting)', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.025;
    const setup = paddleCase(dx, 8);
    const [a, b] = await runBoth(setup, 0.03);
    expect(b.step).toBe(a.step);
    expect(b.time).toBe(a.time);
    const d = differences(a, b, 2);
    console.log(`turning paddle, CPU vs GPU after ${a.step} steps, ${d.n} fluid particles: |Δx| ≤ ${(d.dxMax / dx).toExponential(2)} Δx, ` +
      `|Δv| ≤ ${(d.dvMax / d.vMax).toExponential(2)} vmax, |Δp| ≤ ${(d.dpMax / d.pMax).toExponential(2)} pmax; ` +
      `${d.walls} paddle walls: |Δx| ≤ ${(d.wallDx / dx).toExponential(2)} Δx, |Δv| ≤ ${(d.wallDv / d.wallV).toExponential(2)} of their ${d.wallV.toFixed(3)} m/s`);
    expect(d.walls).toBeGreaterThan(40);
    // The paddle's tip turns at 8 rad/s × 0.082 m: the fluid around it is set moving.
    expect(d.wallV).toBeGreaterThan(0.6);
    expect(d.vMax).toBeGreaterThan(0.1);
    expect(d.wallDx).toBeLessThan(0.01 * dx);
    expect(d.wallDv).toBeLessThan(0.01 * d.wallV);
    expect(d.dxMax).toBeLessThan(0.01 * dx);
    expect(d.dvMax).toBeLessThan(0.01 * d.vMax);
    expect(d.dpMax).toBeLessThan(0.01 * d.pMax);
  }, 300_000);

  it('places the walls of a follower on a turning, accelerating leader, and a surface velocity carried by a leader, like the CPU backend', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.025;
    const setup = paddleCase(dx, null);
    setup.movements.push(
      spin('lead', null, [0.2, 0.1, 0.14], [0, 1, 0], 3, 40),
      { ...slide('follow', 'paddle', [0, 0, 1], 0.3, -2), parents: ['lead'], start: 0.002 },
      { ...spin('skin', 'tank', [0.2, 0.1, 0], [0, 0, 1], 1.5), parents: ['lead'], virtualMovement: true },
    );
    const [a, b] = await runBoth(setup, 0.01);
    const paddle = differences(a, b, 2);
    const tank = differences(a, b, 0);
    console.log(`follower and carried surface velocity after ${a.step} steps: paddle walls |Δx| ≤ ${(paddle.wallDx / dx).toExponential(2)} Δx, ` +
      `|Δv| ≤ ${(paddle.wallDv / paddle.wallV).toExponential(2)} of ${paddle.wallV.toFixed(3)} m/s; tank walls |Δv| ≤ ` +
      `${(tank.wallDv / tank.wallV).toExponential(2)} of ${tank.wallV.toFixed(3)} m/s`);
    expect(b.step).toBe(a.step);
    expect(paddle.wallV).toBeGreaterThan(0.2);
    expect(tank.wallV).toBeGreaterThan(0.2);
    expect(paddle.wallDx).toBeLessThan(1e-4 * dx);
    expect(paddle.wallDv).toBeLessThan(1e-4 * paddle.wallV);
    // The tank does not move: its walls stay where they were, to float32.
    expect(tank.wallDx).toBeLessThan(1e-5 * dx);
    expect(tank.wallDv).toBeLessThan(1e-4 * tank.wallV);
  }, 300_000);

  it('runs a rotating frame, a frame acceleration from a file and a sliding paddle surface like the CPU backend (dual time step, mirrored walls)', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.025;
    const setup = paddleCase(dx, null, { integrationScheme: 'dual_timestep_rk_4', noRiemannWall: true });
    setup.settings.rotatingSystem = true;
    setup.settings.rotationVelocity = 3;
    setup.settings.rotationAxis = [0, 0, 1];
    setup.settings.rotationCenter = [0.2, 0.1, 0];
    setup.settings.accelerationFile = { id: 'shake', name: 'shake.csv' };
    // The paddle carries a surface velocity sliding along y without moving (a belt).
    setup.movements.push({ ...slide('belt', 'paddle', [0, 1, 0], 0.5), virtualMovement: true });
    const csv = 'time,ax,ay,az\n0,0,0,0\n0.01,1.5,0,0\n0.02,1.5,-1,0\n1,0,0,0\n';
    const [a, b] = await runBoth(setup, 0.03, async () => new TextEncoder().encode(csv));
    expect(b.time).toBe(a.time);
    const d = differences(a, b, 2);
    console.log(`rotating frame, acceleration file, belt, CPU vs GPU after ${a.step} steps, ${d.n} fluid particles: ` +
      `|Δx| ≤ ${(d.dxMax / dx).toExponential(2)} Δx, |Δv| ≤ ${(d.dvMax / d.vMax).toExponential(2)} vmax, ` +
      `|Δp| ≤ ${(d.dpMax / d.pMax).toExponential(2)} pmax`);
    // The CPU's walls report their surface velocity (the GPU's mirrored walls their ghost velocity).
    expect(d.wallV).toBeCloseTo(0.5, 5);
    expect(d.vMax).toBeGreaterThan(0.02);
    expect(d.dxMax).toBeLessThan(0.01 * dx);
    expect(d.dvMax).toBeLessThan(0.01 * d.vMax);
    expect(d.dpMax).toBeLessThan(0.01 * d.pMax);
  }, 300_000);

  it('gives a shear-thinning fluid (viscosity from a shear-rate table) the viscosity and the flow of the CPU backend', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.025;
    const setup = paddleCase(dx, 4);
    // ν = K γ̇^(n−1) with n = 0.5: viscous enough that the table sets the flow around the turning paddle.
    const shearRate = [0.1, 0.3, 1, 3, 10, 30, 100];
    setup.dataTables = [{ id: 'thinning', headers: ['shear_rate', 'kinematic_viscosity'], table: [shearRate, shearRate.map((g) => 2e-3 / Math.sqrt(g))], resultCount: shearRate.length }];
    setup.materials[0] = { ...setup.materials[0], viscosityKind: 'shear_rate', viscosityShearRateTableId: 'thinning' };
    const [a, b] = await runBoth(setup, 0.01);
    const d = differences(a, b, 2);
    const byId = new Map<number, number>();
    for (let i = 0; i < b.count; i++) byId.set(b.id[i], i);
    let nuMin = Infinity, nuMax = 0, dNu = 0;
    for (let i = 0; i < a.count; i++) {
      if (a.kind[i] !== ParticleKind.fluid) continue;
      const j = byId.get(a.id[i]) ?? -1;
      const nuA = a.kinematicViscosity?.[i] ?? Number.NaN;
      const nuB = b.kinematicViscosity?.[j] ?? Number.NaN;
      nuMin = Math.min(nuMin, nuA);
      nuMax = Math.max(nuMax, nuA);
      dNu = Math.max(dNu, Math.abs(nuA - nuB) / nuA);
    }
    console.log(`shear-thinning paddle, CPU vs GPU after ${a.step} steps, ${d.n} fluid particles: ν ${nuMin.toExponential(2)}–${nuMax.toExponential(2)} m²/s, ` +
      `|Δν|/ν ≤ ${dNu.toExponential(2)}, |Δx| ≤ ${(d.dxMax / dx).toExponential(2)} Δx, |Δv| ≤ ${(d.dvMax / d.vMax).toExponential(2)} vmax, ` +
      `|Δp| ≤ ${(d.dpMax / d.pMax).toExponential(2)} pmax`);
    expect(b.step).toBe(a.step);
    // The table is in use: the viscosity varies over the fluid.
    expect(nuMax / nuMin).toBeGreaterThan(2);
    expect(dNu).toBeLessThan(0.01);
    expect(d.dxMax).toBeLessThan(0.01 * dx);
    expect(d.dvMax).toBeLessThan(0.01 * d.vMax);
    expect(d.dpMax).toBeLessThan(0.01 * d.pMax);
  }, 300_000);

  it('runs the dual time step, mirrored walls and open boundaries like the CPU backend', async (ctx) => {
    if (!available) ctx.skip();
    const setup = channelCase(0.02, 0.3, 0.5);
    setup.settings.integrationScheme = 'dual_timestep_rk_4';
    setup.settings.noRiemannWall = true;
    const [a, b] = await runBoth(setup, 0.03);
    const stats = (s: EngineSnapshot) => {
      let fluid = 0, u = 0;
      for (let i = 0; i < s.count; i++) {
        if (s.kind[i] !== ParticleKind.fluid) continue;
        fluid++;
        u += s.vx[i];
      }
      return { fluid, u: u / fluid, nextId: s.nextId };
    };
    const sa = stats(a), sb = stats(b);
    console.log(`channel after 0.03 s: CPU ${JSON.stringify(sa)}, GPU ${JSON.stringify(sb)}`);
    expect(b.time).toBe(a.time);
    // Conversions at the boundary planes may differ for a particle sitting right on a plane.
    expect(Math.abs(sb.fluid - sa.fluid)).toBeLessThanOrEqual(5);
    expect(Math.abs(sb.nextId - sa.nextId)).toBeLessThanOrEqual(5);
    expect(Math.abs(sb.u - sa.u)).toBeLessThan(0.01 * Math.abs(sa.u));
  }, 300_000);

  it('gives the buffer particles of an inlet with a field profile the velocities of the CPU backend', async (ctx) => {
    if (!available) ctx.skip();
    // u(y) = 0.25 + 5 y m/s across the 0.1 m channel, from a table of points on the inlet.
    const profile = (y: number) => 0.25 + 5 * y;
    const [a, b] = await runBoth(profiledChannelCase(0.02, 0.3, 0.25, 5), 0.02);
    const byId = new Map<number, number>();
    for (let i = 0; i < b.count; i++) byId.set(b.id[i], i);
    let n = 0, dvMax = 0, tableErr = 0;
    for (let i = 0; i < a.count; i++) {
      if (a.kind[i] !== ParticleKind.buffer || a.x[i] > 0.06) continue;
      // Spawned particles may take their ids in another order on the GPU: compare those of the same id and place.
      const j = byId.get(a.id[i]);
      if (j === undefined || Math.hypot(a.x[i] - b.x[j], a.y[i] - b.y[j], a.z[i] - b.z[j]) > 0.01 * 0.02) continue;
      n++;
      dvMax = Math.max(dvMax, Math.hypot(a.vx[i] - b.vx[j], a.vy[i] - b.vy[j], a.vz[i] - b.vz[j]));
      tableErr = Math.max(tableErr, Math.abs(a.vx[i] - profile(a.y[i])));
    }
    const uMax = profile(0.1);
    console.log(`inlet buffer after 0.02 s: ${n} particles, CPU-GPU velocity difference ${dvMax.toExponential(2)} m/s (${(100 * dvMax / uMax).toFixed(3)} % of ${uMax} m/s, tolerance 1 %), CPU against the table ${tableErr.toExponential(2)} m/s`);
    expect(n).toBeGreaterThan(50);
    expect(dvMax).toBeLessThan(0.01 * uMax);
    expect(tableErr).toBeLessThan(1e-9);
  }, 300_000);

  it('conducts heat like the CPU backend: a slab between a hot and a cold wall, and a heat-flux floor', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.01;
    // Slab: a block 2 Δx thick held at 350 K standing free in a tank whose walls pass heat as
    // h (T_ref − T) with h = 1000 W/(m² K) and T_ref = 280 K; fluid at 310 K around it.
    const slab = heatedTankCase({
      dx, size: [0.08, 0.05, 0.06],
      tank: { thermoKind: 'heat_transfer_coefficient', heatTransferCoefficient: 1000, referenceTemperature: 280 },
      block: { min: [0.02, 0.01, 0.01], max: [0.04, 0.04, 0.05], thermal: { thermoKind: 'temperature', boundaryTemperature: 350 } },
      fluid: { min: [0, 0, 0], max: [0.08, 0.05, 0.06], temperature: 310 },
    });
    // Floor: a plate 2 Δx thick passing 5 kW/m² standing free in an adiabatic tank; fluid at 300 K.
    const floor = heatedTankCase({
      dx, size: [0.06, 0.05, 0.05],
      tank: { thermoKind: 'adiabatic' },
      block: { min: [0.01, 0.01, 0.01], max: [0.05, 0.04, 0.03], thermal: { thermoKind: 'heat_flux', heatFlux: 5000 } },
      fluid: { min: [0, 0, 0], max: [0.06, 0.05, 0.05], temperature: 300 },
    });
    const cp = 100;
    const energy = (s: Pick<EngineSnapshot, 'count' | 'kind' | 'mass' | 'temp'>) => {
      let e = 0;
      for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid) e += s.mass[i] * cp * (s.temp?.[i] ?? Number.NaN);
      return e;
    };
    for (const [name, setup, t0] of [['slab', slab, 310], ['floor', floor, 300]] as const) {
      const e0 = energy((await prepareCase(setup)).state);
      const until = 0.004;
      const [a, b] = await runBoth(setup, until);
      const byId = new Map<number, number>();
      for (let i = 0; i < b.count; i++) byId.set(b.id[i], i);
      let dT = 0, n = 0, tMin = Infinity, tMax = -Infinity, fluxDiff = 0, fluxMax = 0;
      for (let i = 0; i < a.count; i++) {
        const j = byId.get(a.id[i]);
        if (j === undefined) continue;
        fluxDiff = Math.max(fluxDiff, Math.abs((a.heatFlux?.[i] ?? 0) - (b.heatFlux?.[j] ?? 0)));
        fluxMax = Math.max(fluxMax, Math.abs(a.heatFlux?.[i] ?? 0));
        if (a.kind[i] !== ParticleKind.fluid) continue;
        n++;
        dT = Math.max(dT, Math.abs((a.temp?.[i] ?? 0) - (b.temp?.[j] ?? 0)));
        tMin = Math.min(tMin, a.temp?.[i] ?? Number.NaN);
        tMax = Math.max(tMax, a.temp?.[i] ?? Number.NaN);
      }
      // Relative to the largest change of temperature the run makes.
      const span = Math.max(tMax - t0, t0 - tMin);
      const ea = energy(a), eb = energy(b);
      console.log(`${name} after ${until} s (${a.step} steps CPU, ${b.step} GPU), ${n} fluid particles from ${t0} K to ${tMin.toFixed(3)}–${tMax.toFixed(3)} K: CPU-GPU temperature difference ${dT.toExponential(2)} K = ${(dT / span).toExponential(2)} of the largest change ${span.toFixed(3)} K (tolerance 1e-3), heat flux difference ${fluxDiff.toExponential(2)} of ${fluxMax.toFixed(1)} W/m² (tolerance 1e-3)`);
      expect(n).toBeGreaterThan(50);
      expect(b.time).toBe(a.time);
      // Heat moved both ways in the slab (warmed by the hot block, cooled by the tank), up from the floor.
      if (name === 'slab') expect(tMin < t0 - 1 && tMax > t0 + 1).toBe(true);
      else expect(tMax).toBeGreaterThan(t0 + 1);
      expect(dT / span).toBeLessThan(1e-3);
      expect(fluxDiff).toBeLessThan(1e-3 * fluxMax);
      if (name === 'floor') {
        // Energy balance: the fluid gains what the floor's wall particles pass, Σ q_j Δx² over the run.
        let power = 0;
        for (let i = 0; i < b.count; i++) if (b.kind[i] === ParticleKind.wall) power += (b.heatFlux?.[i] ?? 0) * dx * dx;
        const reference = power * until;
        for (const [backend, e] of [['CPU', ea], ['GPU', eb]] as const) {
          const err = Math.abs(e - e0 - reference) / reference;
          console.log(`floor energy balance ${backend}: measured ${(e - e0).toFixed(5)} J, reference ${reference.toFixed(5)} J (${power.toFixed(3)} W for ${until} s; q A over the plate's faces ${(5000 * 2 * (0.04 * 0.03 + 0.04 * 0.02 + 0.03 * 0.02)).toFixed(3)} W), error ${(100 * err).toFixed(3)} %, tolerance 0.1 %`);
          expect(err).toBeLessThan(1e-3);
        }
      }
    }
  }, 300_000);

  it('gives ν of the temperature by a table while the walls heat the water, like the CPU backend (temperature and viscosity together)', async (ctx) => {
    if (!available) ctx.skip();
    const dx = 0.01;
    // The slab of the test above: a hot block at 350 K and a tank cooling towards 280 K, fluid at 310 K.
    const setup = heatedTankCase({
      dx, size: [0.08, 0.05, 0.06],
      tank: { thermoKind: 'heat_transfer_coefficient', heatTransferCoefficient: 1000, referenceTemperature: 280 },
      block: { min: [0.02, 0.01, 0.01], max: [0.04, 0.04, 0.05], thermal: { thermoKind: 'temperature', boundaryTemperature: 350 } },
      fluid: { min: [0, 0, 0], max: [0.08, 0.05, 0.06], temperature: 310 },
    });
    const temperature = [280, 300, 310, 320, 350], nu = [4e-6, 2e-6, 1.5e-6, 1.1e-6, 5e-7];
    setup.dataTables = [{ id: 'nu-of-t', headers: ['temperature', 'kinematic_viscosity'], table: [temperature, nu], resultCount: temperature.length }];
    setup.materials[0] = { ...setup.materials[0], viscosityKind: 'temperature', viscosityTemperatureTableId: 'nu-of-t' };
    const table = viscosityTableOf(ViscosityKindCode.temperature, temperature, nu);
    const [a, b] = await runBoth(setup, 0.004);
    const byId = new Map<number, number>();
    for (let i = 0; i < b.count; i++) byId.set(b.id[i], i);
    let n = 0, tMin = Infinity, tMax = -Infinity, nuMin = Infinity, nuMax = 0, dT = 0, dNu = 0, gpuTable = 0, normal = 0;
    for (let i = 0; i < a.count; i++) {
      const j = byId.get(a.id[i]);
      if (j === undefined || a.kind[i] !== ParticleKind.fluid) continue;
      n++;
      const ta = a.temp?.[i] ?? Number.NaN, tb = b.temp?.[j] ?? Number.NaN;
      const nuA = a.kinematicViscosity?.[i] ?? Number.NaN, nuB = b.kinematicViscosity?.[j] ?? Number.NaN;
      tMin = Math.min(tMin, ta);
      tMax = Math.max(tMax, ta);
      nuMin = Math.min(nuMin, nuA);
      nuMax = Math.max(nuMax, nuA);
      dT = Math.max(dT, Math.abs(ta - tb));
      dNu = Math.max(dNu, Math.abs(nuA - nuB) / nuA);
      // The GPU's ν is the table's at the GPU's own temperature (single precision).
      gpuTable = Math.max(gpuTable, Math.abs(nuB - viscosityAt(table, tb)) / nuB);
      // The fluid's viscosity slot does not show as a normal.
      normal = Math.max(normal, Math.abs(b.nx[j]));
    }
    const span = Math.max(tMax - 310, 310 - tMin);
    console.log(`temperature table in the heated slab after ${a.step} steps, ${n} fluid particles at ${tMin.toFixed(3)}–${tMax.toFixed(3)} K, ν ${nuMin.toExponential(2)}–${nuMax.toExponential(2)} m²/s: ` +
      `GPU ν against the table at its temperature ${gpuTable.toExponential(2)} (tolerance 1e-5), CPU-GPU |Δν|/ν ${dNu.toExponential(2)} (tolerance 1e-3), ` +
      `CPU-GPU temperature ${dT.toExponential(2)} K = ${(dT / span).toExponential(2)} of the largest change ${span.toFixed(3)} K (tolerance 1e-3)`);
    expect(n).toBeGreaterThan(50);
    expect(b.step).toBe(a.step);
    // The table is in use over a range of temperatures.
    expect(nuMax / nuMin).toBeGreaterThan(1.2);
    expect(gpuTable).toBeLessThan(1e-5);
    expect(dNu).toBeLessThan(1e-3);
    expect(dT / span).toBeLessThan(1e-3);
    expect(normal).toBe(0);
  }, 300_000);

  it('runs heat transfer on the GPU through outputs and a checkpoint: a resumed run continues as the uninterrupted one', async (ctx) => {
    if (!available) ctx.skip();
    // The heat-flux plate in an adiabatic tank (above), 3 outputs; a copy of the files right after output 1
    // stands for a run that crashed there.
    const setup = heatedTankCase({
      dx: 0.01, size: [0.06, 0.05, 0.05],
      tank: { thermoKind: 'adiabatic' },
      block: { min: [0.01, 0.01, 0.01], max: [0.05, 0.04, 0.03], thermal: { thermoKind: 'heat_flux', heatFlux: 5000 } },
      fluid: { min: [0, 0, 0], max: [0.06, 0.05, 0.05], temperature: 300 },
    });
    setup.settings.endTime = 0.004;
    setup.settings.outputTimeInterval = 0.002;
    const full = new MemorySink();
    const crashImage = new MemorySink();
    const run = await createSolverRun(setup, nodePlatform, {
      sink: full, backend: 'gpu',
      onOutput: (o) => {
        if (o.outputNo === 1) for (const [k, v] of full.files) crashImage.files.set(k, v.slice());
      },
    });
    const summary = await run.start();
    expect(summary.status).toBe('completed');
    const resumed = await createSolverRun(setup, nodePlatform, { sink: crashImage, backend: 'gpu', resume: true });
    expect((await resumed.start()).status).toBe('completed');
    const temperatures = async (sink: MemorySink, n: number, kind: 'fluid_0' | 'wall_2') => {
      const meta = await readOutputMeta(sink, n);
      const obj = await readOutputObject(sink, n, meta, kind);
      const ids = obj.attributes.get('particle_id') as Uint32Array;
      const t = obj.attributes.get('temperature') as Float32Array;
      const q = obj.attributes.get('heat_flux') as Float32Array;
      return { byId: new Map(Array.from(ids, (id, i) => [id, [t[i], q[i]] as const])), time: meta.time };
    };
    const a = await temperatures(full, 2, 'fluid_0');
    const b = await temperatures(crashImage, 2, 'fluid_0');
    const start = await temperatures(full, 0, 'fluid_0');
    let dT = 0, change = 0;
    for (const [id, [t]] of a.byId) {
      const other = b.byId.get(id);
      expect(other).toBeDefined();
      dT = Math.max(dT, Math.abs(t - (other?.[0] ?? Number.NaN)));
      change = Math.max(change, Math.abs(t - (start.byId.get(id)?.[0] ?? Number.NaN)));
    }
    // The plate (body 2) passes its 5 kW/m² from every wetted first-layer particle.
    const walls = await temperatures(full, 2, 'wall_2');
    const wallFlux = Math.max(...Array.from(walls.byId.values(), ([, q]) => q));
    console.log(`GPU run at t = ${a.time} s: resumed against uninterrupted fluid temperature difference ${dT.toExponential(2)} K of a change of ${change.toFixed(3)} K since t = 0 (tolerance 1e-3 of it); largest wall heat flux ${wallFlux.toFixed(1)} W/m²`);
    expect(b.time).toBe(a.time);
    expect(b.byId.size).toBe(a.byId.size);
    expect(change).toBeGreaterThan(1);
    expect(dT).toBeLessThan(1e-3 * change);
    expect(wallFlux).toBeCloseTo(5000, 0);
  }, 300_000);
});
