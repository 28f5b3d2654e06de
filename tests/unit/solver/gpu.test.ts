// The WebGPU backend (WGSL kernels through Dawn, here on SwiftShader) against the CPU backend on the
// same small cases. Tolerances: positions within 1 % of Δx, velocities within 1 % of the largest
// velocity, pressures within 1 % of the largest pressure (the GPU computes in float32).
import { beforeAll, describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { createNodeGpuBackend, requestNodeGpu } from '../../../src/solver/gpu/nodeGpu.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import type { EngineSnapshot, SolverBackend } from '../../../src/solver/engine.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { channelCase, paddleCase, slide, spin, tankCase } from './cases.ts';
import type { FileResolver } from '../../../src/solver/caseInput.ts';

process.env.VK_ICD_FILENAMES ??= '/usr/lib/chromium/vk_swiftshader_icd.json';
let available = false;

beforeAll(async () => {
  try {
    const gpu = await requestNodeGpu();
    gpu.device.destroy();
    available = true;
  } catch (e) {
    console.log(`no WebGPU adapter, GPU tests skipped: ${(e as Error).message}`);
  }
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
});
