// The cost of moving walls: the benchmark's dam break (column 0.4 × 0.4 × 0.8 m in a 1.6 × 0.4 × 1.0 m
// tank) with a paddle standing in the tank, once turning about a horizontal axis and once still, on the
// CPU backend in the same process: ms per RK4 step of each and the ratio turning / still (target ≤ 1.3).
// `node benchmarks/solver/motion.ts [dx] [steps]` runs it alone.
import { availableParallelism } from 'node:os';
import type { SetupDocument } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { createMovement } from '../../src/domain/movement.ts';
import { defaultRigidComponent } from '../../src/domain/component.ts';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { damBreak } from './throughput.ts';

/** Paddle 0.06 × 0.24 × 0.4 m centred at (1.1, 0.2, 0.45), turning about y at 4 rad/s (tips at 0.8 m/s). */
export function paddleDamBreak(dx: number, turning: boolean): SetupDocument {
  const s = damBreak(dx);
  s.parts.push(createPart({ id: 'paddle', name: 'Paddle', component: defaultRigidComponent(), shape: cubeShape([0.06, 0.24, 0.4], [1.1, 0.2, 0.45]) }));
  if (turning) {
    const m = createMovement('rotatory', 'paddle', [], 'turn');
    s.movements = [{ ...m, type: { type: 'rotatory', center: [1.1, 0.2, 0.45], axis: [0, 1, 0], vel: 4, acc: 0 } }];
  }
  return s;
}

export interface PaddleTiming {
  threads: number;
  particles: number;
  paddleWalls: number;
  /** Wall-clock ms per step. */
  stillMs: number;
  turningMs: number;
  /** Process CPU ms per step (all threads): less sensitive than wall time to other work on the machine. */
  stillCpuMs: number;
  turningCpuMs: number;
}

async function msPerStep(setup: SetupDocument, threads: number, steps: number): Promise<{ ms: number; cpuMs: number; particles: number }> {
  const c = await prepareCase(setup);
  const be = new CpuBackend(engineSetupOf(c), { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
  try {
    await be.advance(1, { maxWallMs: 1e9, maxSteps: 3 });
    const start = performance.now();
    const cpu0 = process.cpuUsage();
    let done = 0;
    while (done < steps) done += (await be.advance(1, { maxWallMs: 1e9, maxSteps: steps - done })).steps;
    const cpu = process.cpuUsage(cpu0);
    return { ms: (performance.now() - start) / done, cpuMs: (cpu.user + cpu.system) / 1000 / done, particles: be.particleCount() };
  } finally {
    await be.dispose();
  }
}

/**
 * Still and turning runs alternate, three times each, and the fastest of each counts: the machine is shared,
 * and a burst of other work would otherwise fall on one case only.
 */
export async function measurePaddle(dx: number, steps: number, threads: number): Promise<PaddleTiming> {
  const still = paddleDamBreak(dx, false), turning = paddleDamBreak(dx, true);
  const prepared = await prepareCase(turning);
  let paddleWalls = 0;
  const parts = prepared.discretized.particles;
  for (let i = 0; i < parts.count; i++) if (parts.kind[i] === 1 && parts.body[i] === 2) paddleWalls++;
  let stillMs = Infinity, turningMs = Infinity, stillCpuMs = Infinity, turningCpuMs = Infinity, particles = 0;
  for (let round = 0; round < 3; round++) {
    const a = await msPerStep(still, threads, steps);
    const b = await msPerStep(turning, threads, steps);
    stillMs = Math.min(stillMs, a.ms);
    turningMs = Math.min(turningMs, b.ms);
    stillCpuMs = Math.min(stillCpuMs, a.cpuMs);
    turningCpuMs = Math.min(turningCpuMs, b.cpuMs);
    particles = b.particles;
  }
  return { threads, particles, paddleWalls, stillMs, turningMs, stillCpuMs, turningCpuMs };
}

export async function printPaddle(dx: number, steps: number): Promise<void> {
  const threads = availableParallelism() > 1 ? [1, 2] : [1];
  console.log(`\n--- moving walls: dam break with a paddle (Δx = ${dx} m, ${steps} RK4 steps, best of 3), turning at 4 rad/s against still`);
  console.log('threads  particles  paddle walls  still ms/step  turning ms/step  ratio (target ≤ 1.3)  still cpu ms  turning cpu ms  cpu ratio');
  for (const t of threads) {
    const r = await measurePaddle(dx, steps, t);
    console.log(`${String(t).padStart(7)} ${String(r.particles).padStart(10)} ${String(r.paddleWalls).padStart(13)} ` +
      `${r.stillMs.toFixed(1).padStart(14)} ${r.turningMs.toFixed(1).padStart(16)} ${(r.turningMs / r.stillMs).toFixed(2).padStart(21)} ` +
      `${r.stillCpuMs.toFixed(1).padStart(13)} ${r.turningCpuMs.toFixed(1).padStart(15)} ${(r.turningCpuMs / r.stillCpuMs).toFixed(2).padStart(10)}`);
  }
}

if (import.meta.main) {
  await printPaddle(Number(process.argv[2] ?? 0.025), Number(process.argv[3] ?? 20));
  process.exit(0);
}
