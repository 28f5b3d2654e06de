// Moving machinery of the CPU backend: walls placed by their parts' poses at every step, moving walls
// that push and turning walls that drag (no-slip) or only push (slip), surface velocities that leave the
// geometry in place, the rotating frame's forces, the acceleration file, thread-count independence, and
// moving parts in the outputs.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase, type PreparedCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../../src/solver/cpu/nodeThreads.ts';
import { STATE_ARRAY_KEYS, type EngineSnapshot } from '../../../src/solver/engine.ts';
import { ParticleKind, allocateParticles } from '../../../src/solver/particles.ts';
import { WallMode, ShiftingMode, buildPhysicsParams } from '../../../src/solver/params.ts';
import { SMOOTHING_RATIO } from '../../../src/solver/kernel.ts';
import { makeGrid, createSortScratch, sortByCell } from '../../../src/solver/grid.ts';
import {
  RATE_BUILD_LIST, RATE_PRESSURE, RATE_VISCOUS, fluidRates,
} from '../../../src/solver/physics/rates.ts';
import { allocateNeighbourLists } from '../../../src/solver/physics/neighbourLists.ts';
import { BODY_FIELDS, FIELD_U } from '../../../src/solver/physics/bodyFieldLayout.ts';
import { applyPose, partMotionAt, carriedVelocity } from '../../../src/domain/kinematics.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readOutputMeta } from '../../../src/solver/output/outputReader.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import type { Vec3 } from '../../../src/domain/vector.ts';
import { cylinderTankCase, paddleCase, slide, spin } from './cases.ts';

async function runTo(c: PreparedCase, t: number, threads = 1): Promise<EngineSnapshot> {
  const be = new CpuBackend(engineSetupOf(c), { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
  try {
    while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
    return await be.snapshot();
  } finally {
    await be.dispose();
  }
}

/** Mean angular velocity about the z axis of the fluid farther than 2 Δx from the axis. */
function fluidTurn(s: EngineSnapshot, dx: number): number {
  let w = 0, n = 0;
  for (let i = 0; i < s.count; i++) {
    if (s.kind[i] !== ParticleKind.fluid) continue;
    const r2 = s.x[i] ** 2 + s.y[i] ** 2;
    if (r2 < (2 * dx) ** 2) continue;
    w += (s.x[i] * s.vy[i] - s.y[i] * s.vx[i]) / r2;
    n++;
  }
  return w / n;
}

function smallCylinder(velocityKind: 'slip' | 'no_slip'): SetupDocument {
  const setup = cylinderTankCase({ dx: 0.02, radius: 0.1, height: 0.16, fill: 0.08, kinematicViscosity: 0.01, settings: { endTime: 0.2 } });
  const c = setup.parts[0].component;
  if (c.type === 'rigid') c.velocityKind = velocityKind;
  return setup;
}

describe('moving walls on the CPU backend', () => {
  it('places the walls of a turning paddle by the pose of its movement at every step, with velocity ω × r', async () => {
    const setup = paddleCase(0.02, 8);
    const c = await prepareCase(setup);
    const s = await runTo(c, 0.05);
    const motion = partMotionAt(setup.movements, 'paddle', s.time, setup.settings.endTime);
    const ref = c.discretized.particles;
    let paddle = 0, still = 0, errX = 0, errV = 0, errN = 0;
    for (let i = 0; i < s.count; i++) {
      if (s.kind[i] !== ParticleKind.wall) continue;
      const k = s.id[i];
      const x0: Vec3 = [ref.x[k], ref.y[k], ref.z[k]];
      if (s.body[i] === 2) {
        paddle++;
        const x = applyPose(motion.pose, x0);
        const v = carriedVelocity(motion, x0);
        const R = motion.pose.rotation;
        const n0: Vec3 = [ref.nx[k], ref.ny[k], ref.nz[k]];
        const n = [0, 1, 2].map((a) => R[3 * a] * n0[0] + R[3 * a + 1] * n0[1] + R[3 * a + 2] * n0[2]);
        errX = Math.max(errX, Math.hypot(s.x[i] - x[0], s.y[i] - x[1], s.z[i] - x[2]));
        errV = Math.max(errV, Math.hypot(s.vx[i] - v[0], s.vy[i] - v[1], s.vz[i] - v[2]));
        errN = Math.max(errN, Math.hypot(s.nx[i] - n[0], s.ny[i] - n[1], s.nz[i] - n[2]));
        // About the y axis through the paddle's centre: v = ω ŷ × (x − c).
        const rx = s.x[i] - 0.2, rz = s.z[i] - 0.14;
        expect(Math.hypot(s.vx[i] - 8 * rz, s.vy[i], s.vz[i] + 8 * rx)).toBeLessThan(1e-12);
      } else {
        still++;
        expect(s.x[i]).toBe(x0[0]);
        expect(s.z[i]).toBe(x0[2]);
        expect(s.vx[i] === 0 && s.vy[i] === 0 && s.vz[i] === 0).toBe(true);
      }
    }
    console.log(`turning paddle at t = ${s.time}: ${paddle} paddle walls, |Δx| ≤ ${errX.toExponential(1)} m, |Δv| ≤ ${errV.toExponential(1)} m/s, |Δn| ≤ ${errN.toExponential(1)}; ${still} tank walls at rest`);
    expect(paddle).toBeGreaterThan(50);
    expect(errX).toBeLessThan(1e-12);
    expect(errV).toBeLessThan(1e-12);
    expect(errN).toBeLessThan(1e-12);
  });

  it('pushes the water with a moving wall and drags it with a turning no-slip wall', async () => {
    // A paddle pushed along x at 0.5 m/s (slip): the water ahead of it moves along.
    const push = paddleCase(0.02, null);
    push.movements.push(slide('push', 'paddle', [1, 0, 0], 0.5));
    const paddle = push.parts[2].component;
    if (paddle.type === 'rigid') paddle.velocityKind = 'slip';
    const s = await runTo(await prepareCase(push), 0.06);
    let momentum = 0;
    for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid) momentum += s.mass[i] * s.vx[i];
    // At least the water of the volume the paddle's face (0.08 × 0.16 m) swept, moving at its speed.
    const swept = 1000 * 0.08 * 0.16 * 0.5 * 0.06 * 0.5;
    console.log(`pushing slip paddle: water momentum along x ${momentum.toFixed(3)} kg m/s after 0.06 s (swept water at the paddle's speed: ${swept.toFixed(3)})`);
    expect(momentum).toBeGreaterThan(swept);

    // A cylindrical tank turning at 10 rad/s for 0.2 s from rest drags its water along.
    const turning = smallCylinder('no_slip');
    turning.movements.push(spin('spin', 'tank', [0, 0, 0], [0, 0, 1], 10));
    const dragged = fluidTurn(await runTo(await prepareCase(turning), 0.2), 0.02);
    console.log(`no-slip tank turning at 10 rad/s for 0.2 s: the water turns at ${dragged.toFixed(3)} rad/s`);
    expect(dragged).toBeGreaterThan(3);
  });

  it('drags fluid along a wall sliding in its plane only if the wall is no-slip, and pushes it with a wall moving along its normal either way', () => {
    // A fluid particle at rest half a particle above a flat patch of wall particles (three layers,
    // normal +z) whose surface moves with velocity u: the wall terms alone act on it.
    const dx = 0.01;
    const rateOf = (u: Vec3, noSlip: 0 | 1): Vec3 => {
      const prm = buildPhysicsParams({
        dx, rho0: 1000, c0: 20, gamma: 7, nu: 0.01, gravity: [0, 0, 0], wallMode: WallMode.riemann,
        lowDissipation: false, shifting: ShiftingMode.zero, densityLimiter: false, densityThreshold: 0.3,
        noSlip: [0, noSlip], bodyBoundary: [-1, -1], boundaries: [], domainActive: false, domainMin: [0, 0, 0], domainMax: [0, 0, 0],
        wallsMove: true,
      }, SMOOTHING_RATIO);
      const walls = 9 * 9 * 3;
      const s = allocateParticles(walls + 1, false);
      let k = 0;
      for (let layer = 0; layer < 3; layer++) {
        for (let j = -4; j <= 4; j++) {
          for (let i = -4; i <= 4; i++, k++) {
            s.f.x[k] = i * dx;
            s.f.y[k] = j * dx;
            s.f.z[k] = -(layer + 0.5) * dx;
            s.f.nz[k] = 1;
            s.f.rho[k] = 1000;
            s.f.mass[k] = 1000 * dx ** 3;
            s.kind[k] = ParticleKind.wall;
            s.body[k] = 1;
          }
        }
      }
      s.f.z[walls] = 0.5 * dx;
      s.f.rho[walls] = 1000;
      s.f.mass[walls] = 1000 * dx ** 3;
      s.kind[walls] = ParticleKind.fluid;
      const grid = makeGrid([-0.1, -0.1, -0.1], [0.1, 0.1, 0.1], 2 * prm.h, walls + 1);
      const wallStart = new Int32Array(grid.nCells + 1), cellStart = new Int32Array(grid.nCells + 1);
      const scratch = createSortScratch(grid, walls + 1);
      sortByCell(s, walls, grid, wallStart, scratch);
      sortByCell(s, walls + 1, grid, cellStart, scratch, [], null, walls);
      const lists = allocateNeighbourLists(walls + 1, walls, 27 + walls, false);
      const fields = new Float64Array(2 * BODY_FIELDS);
      fields.set(u, BODY_FIELDS + FIELD_U);
      fluidRates(s, grid, cellStart, wallStart, prm, walls, walls + 1, RATE_PRESSURE | RATE_VISCOUS | RATE_BUILD_LIST, lists, 9 * prm.h * prm.h, null, [0, 0, 0], fields);
      return [s.f.ax[walls], s.f.ay[walls], s.f.az[walls]];
    };
    const dragNoSlip = rateOf([0.5, 0, 0], 1), dragSlip = rateOf([0.5, 0, 0], 0);
    const pushNoSlip = rateOf([0, 0, 0.5], 1), pushSlip = rateOf([0, 0, 0.5], 0);
    console.log(`wall sliding at 0.5 m/s: a_x ${dragNoSlip[0].toFixed(3)} m/s² (no-slip), ${dragSlip[0]} m/s² (slip); ` +
      `wall rising at 0.5 m/s: a_z ${pushNoSlip[2].toFixed(1)} m/s² (no-slip), ${pushSlip[2].toFixed(1)} m/s² (slip)`);
    expect(dragNoSlip[0]).toBeGreaterThan(0);
    expect(Math.abs(dragNoSlip[1])).toBeLessThan(1e-9 * dragNoSlip[0]);
    expect(dragSlip).toEqual([0, 0, 0]);
    expect(pushSlip[2]).toBeGreaterThan(0);
    expect(pushNoSlip[2]).toBeGreaterThan(pushSlip[2]);
  });

  it('gives still walls a surface velocity from a moving boundary condition without moving them', async () => {
    // velocityKind 'moving' with a turning movement of no part: a tank whose walls slide round its axis.
    const setup = smallCylinder('no_slip');
    setup.movements.push(spin('shaft', null, [0, 0, 0], [0, 0, 1], 10));
    const rigid = setup.parts[0].component;
    if (rigid.type !== 'rigid') throw new Error('the tank is rigid');
    rigid.velocityKind = 'moving';
    rigid.velocityConditionMovementId = 'shaft';
    const c = await prepareCase(setup);
    const s = await runTo(c, 0.2);
    const ref = c.discretized.particles;
    let moved = 0, worstV = 0;
    for (let i = 0; i < s.count; i++) {
      if (s.kind[i] !== ParticleKind.wall) continue;
      const k = s.id[i];
      if (s.x[i] !== ref.x[k] || s.y[i] !== ref.y[k] || s.z[i] !== ref.z[k]) moved++;
      worstV = Math.max(worstV, Math.hypot(s.vx[i] + 10 * s.y[i], s.vy[i] - 10 * s.x[i], s.vz[i]));
    }
    const turn = fluidTurn(s, 0.02);
    console.log(`moving boundary condition: ${moved} walls moved, wall velocity off ω × r by ${worstV.toExponential(1)} m/s, water turns at ${turn.toFixed(3)} rad/s`);
    expect(moved).toBe(0);
    expect(worstV).toBeLessThan(1e-12);
    expect(turn).toBeGreaterThan(3);
  });

  it('adds gravity less the frame acceleration, the centrifugal, Coriolis and Euler forces of a rotating frame', () => {
    const omega: Vec3 = [0.3, -0.5, 2], omegaDot: Vec3 = [0.7, 0.2, -0.4], center: Vec3 = [0.1, 0.2, -0.3];
    const g: Vec3 = [0.5, 0, -9.81 - 1.5];
    const prm = buildPhysicsParams({
      dx: 0.01, rho0: 1000, c0: 20, gamma: 7, nu: 1e-6, gravity: [0, 0, -9.81], wallMode: WallMode.riemann,
      lowDissipation: false, shifting: ShiftingMode.zero, densityLimiter: false, densityThreshold: 0.3,
      noSlip: [0], bodyBoundary: [-1], boundaries: [], domainActive: false, domainMin: [0, 0, 0], domainMax: [0, 0, 0],
      frame: { omega, omegaDot, center },
    }, SMOOTHING_RATIO);
    // One fluid particle alone: no pair terms, only the body forces.
    const s = allocateParticles(1, false);
    const x: Vec3 = [0.4, -0.1, 0.25], v: Vec3 = [1.2, 0.3, -0.6];
    [s.f.x[0], s.f.y[0], s.f.z[0]] = x;
    [s.f.vx[0], s.f.vy[0], s.f.vz[0]] = v;
    s.f.rho[0] = 1000;
    s.f.mass[0] = 1e-3;
    s.kind[0] = ParticleKind.fluid;
    const grid = makeGrid([-1, -1, -1], [1, 1, 1], 2 * prm.h, 1);
    const cellStart = new Int32Array(grid.nCells + 1);
    sortByCell(s, 1, grid, cellStart, createSortScratch(grid, 1));
    const lists = allocateNeighbourLists(1, 0, 64, false);
    fluidRates(s, grid, cellStart, new Int32Array(grid.nCells + 1), prm, 0, 1, RATE_PRESSURE | RATE_BUILD_LIST, lists, prm.support2, null, g);
    const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    const r: Vec3 = [x[0] - center[0], x[1] - center[1], x[2] - center[2]];
    const wr = cross(omega, r), centrifugal = cross(omega, wr), euler = cross(omegaDot, r), coriolis = cross(omega, v);
    // Rates are stored as float32 (particles.ts): the analytic sum rounded to float32.
    const expected = [0, 1, 2].map((k) => Math.fround(g[k] - centrifugal[k] - euler[k] - 2 * coriolis[k]));
    const got = [s.f.ax[0], s.f.ay[0], s.f.az[0]];
    const err = Math.hypot(got[0] - expected[0], got[1] - expected[1], got[2] - expected[2]);
    console.log(`frame forces on one particle: ${got.map((a) => a.toFixed(6)).join(', ')} m/s², off the analytic sum by ${err.toExponential(1)}`);
    expect(err).toBeLessThan(1e-12);
  });

  it('reads the acceleration file through the file resolver and refuses a bad one with the reason', async () => {
    const setup = paddleCase(0.02, null);
    setup.settings.accelerationFile = { id: 'a1', name: 'shake.csv' };
    const file = (text: string) => async () => new TextEncoder().encode(text);
    const c = await prepareCase(setup, { fileResolver: file('time,ax,ay,az\n0,0,0,0\n1,2,0,0\n') });
    expect(c.motion.plan.acceleration?.ax).toEqual([0, 2]);
    await expect(prepareCase(setup, { fileResolver: file('time,ax,ay,az\n0,0,0,0\n') })).rejects.toThrow(/acceleration file "shake.csv": .*2/);
    await expect(prepareCase(setup, { fileResolver: file('time,ax,ay,az\n0,0,0,0\n0,1,0,0\n') })).rejects.toThrow(/acceleration file "shake.csv"/);
    await expect(prepareCase(setup)).rejects.toThrow(/no file resolver/);
  });

  it.each(['runge_kutta_4', 'dual_timestep_rk_4'] as const)('gives the same bits on 1 and 2 threads with a turning paddle (%s)', async (scheme) => {
    const setup = paddleCase(0.02, 8, { integrationScheme: scheme, noRiemannWall: scheme === 'dual_timestep_rk_4' });
    const c = await prepareCase(setup);
    const a = await runTo(c, 0.03, 1);
    const b = await runTo(c, 0.03, 2);
    expect(a.step).toBeGreaterThan(10);
    expect(b.step).toBe(a.step);
    for (const key of STATE_ARRAY_KEYS) expect(Array.from(b[key])).toEqual(Array.from(a[key]));
    expect(Array.from(b.id)).toEqual(Array.from(a.id));
  });

  it('writes a moving part in full at every output with its pose, and the walls at rest once', async () => {
    const setup = paddleCase(0.02, 8, { endTime: 0.04, outputTimeInterval: 0.02 });
    const sink = new MemorySink();
    await (await createSolverRun(setup, nodePlatform, { sink, threads: 1 })).start();
    const meta = await readOutputMeta(sink, 2);
    const paddle = meta.objects.find((o) => o.partId === 'paddle');
    const tank = meta.objects.find((o) => o.partId === 'tank');
    const angle = 8 * meta.time;
    expect(paddle?.pose?.rotation).toEqual(partMotionAt(setup.movements, 'paddle', meta.time, setup.settings.endTime).pose.rotation);
    // About +y by 8 t: R = [[cos, 0, sin], [0, 1, 0], [−sin, 0, cos]].
    expect(paddle?.pose?.rotation[2]).toBeCloseTo(Math.sin(angle), 12);
    expect(paddle?.datasets[0].positions.file.startsWith('../static/')).toBe(false);
    expect(tank?.pose).toBeUndefined();
    expect(tank?.datasets[0].positions.file.startsWith('../static/')).toBe(true);
  });
});
