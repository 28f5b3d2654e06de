// The dam break against a floor-standing column (DualSPHysics' 01_DamBreak geometry) on the CPU backend:
// wall time to simulate it, peak resident memory, particle counts, steps, and the quality of the flow
// after impact (fluid through walls, velocity noise, fastest particle, density limiter).
// `node benchmarks/solver/impact.ts [dx] [endTime] [scheme] [threads]` runs one configuration alone,
// `... impact.ts table [dx] [endTime] [threads]` the table, `... impact.ts memory [dx] [threads]` the memory per particle,
// `... impact.ts breakdown [dx] [threads] [steps]` the resident memory by stage,
// `... impact.ts reference [across] [threads]` the front at 0.3 s of a finer run (FRONT_REFERENCE; on the GPU:
// `impactGpu.ts reference [across]`).
import { availableParallelism } from 'node:os';
import { spawnSync } from 'node:child_process';
import { engineSetupOf, type PreparedCase } from '../../src/solver/preparedCase.ts';
import { PREPARE_ENTRY, prepareCaseInProcess, releaseParticleArrays } from '../../src/solver/nodePrepare.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { WORKER_ENTRY, spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { SOLVER_PROCESS_ENV, SOLVER_PROCESS_FLAGS, bundledEntry } from '../../src/solver/cpu/nodeBundle.ts';
import { gpuBufferBytes } from '../../src/solver/gpu/gpuLayout.ts';
import type { EngineSnapshot } from '../../src/solver/engine.ts';
import { columnImpactCase } from '../../src/solver/cases/impactCases.ts';
import { measureImpact } from '../../src/solver/cases/impactMetrics.ts';
import type { SimulationSettings } from '../../src/domain/settings.ts';
import { surgeFront } from '../../src/solver/cases/martinMoyce.ts';

export interface ImpactRun {
  label: string;
  fluid: number;
  wall: number;
  seconds: number;
  steps: number;
  /** Rate evaluations (each a full pass over the fluid's neighbours). */
  evaluations: number;
  /** Largest resident memory read after each sample (every 0.02 s simulated). */
  peakRssMb: number;
  /** Largest resident memory of the process (the kernel's high-water mark): also the peaks between samples. */
  maxRssMb: number;
  /** Surge front (m) at t = 0.3 s, just before the column (x = 0.9 m). */
  front03: number;
  worstNoise: number;
  maxSpeed: number;
  crossed: number;
  atLimiter: number;
  minDt: number;
}

export async function runColumnImpact(
  label: string, dx: number, endTime: number, settings: Partial<SimulationSettings>, threads: number, verbose: boolean,
): Promise<ImpactRun> {
  const c = columnImpactCase(dx, { endTime, ...settings });
  // Only the parameters and counts are kept: the backend copies the particles, and the prepared arrays
  // would stay resident beside its buffers until a full collection.
  const { prm, counts, be } = await (async () => {
    const prepared = await prepareCaseInProcess(c.setup);
    const backend = new CpuBackend(engineSetupOf(prepared), { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
    releaseParticleArrays(prepared);
    return { prm: prepared.prm, counts: prepared.discretized.counts, be: backend };
  })();
  const H = c.water.size[2];
  const vRef = Math.sqrt(2 * 9.81 * H);
  const started = performance.now();
  let peakRss = process.memoryUsage().rss;
  let worstNoise = 0, maxSpeed = 0, crossed = 0, atLimiter = 0, minDt = Infinity, front03 = Number.NaN;
  const sample = 0.02;
  let snap: EngineSnapshot | undefined;
  try {
    for (let n = 1; n * sample <= endTime + 1e-9; n++) {
      const t = n * sample;
      while (be.time() < t - 1e-12) {
        // One step at a time: the shortest step counts all but the ones shortened to land on t.
        const r = await be.advance(t, { maxWallMs: 1e9, maxSteps: 1 });
        if (r.lastDt > 0 && be.time() < t - 1e-12) minDt = Math.min(minDt, r.lastDt);
      }
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      // The arrays of the last sample are filled again: sampling allocates nothing.
      snap = await be.snapshot(snap);
      if (Math.abs(be.time() - 0.3) < 1e-9) front03 = surgeFront(snap, dx);
      const m = measureImpact(snap, c, prm);
      worstNoise = Math.max(worstNoise, m.noiseRms);
      maxSpeed = Math.max(maxSpeed, m.maxSpeed);
      crossed = Math.max(crossed, m.crossed);
      atLimiter = Math.max(atLimiter, m.atLimiter);
      if (verbose) {
        console.log(`t ${be.time().toFixed(2)} s: noise rms ${m.noiseRms.toFixed(3)} (${(m.noiseRms / vRef * 100).toFixed(1)} % of √(2gH)), ` +
          `max ${m.noiseMax.toFixed(2)} m/s, fastest ${m.maxSpeed.toFixed(2)} m/s at (${m.fastestAt.map((v) => v.toFixed(2)).join(', ')}), crossed ${m.crossed} (deepest ${(m.deepest / dx).toFixed(2)} Δx), ` +
          `at limiter ${m.atLimiter}, steps ${be.steps()}, resident ${(process.memoryUsage().rss / 2 ** 20).toFixed(1)} MB (JS heap ` +
          `${(process.memoryUsage().heapTotal / 2 ** 20).toFixed(1)} MB)`);
      }
    }
  } finally {
    await be.dispose();
  }
  return {
    label, fluid: counts.fluid, wall: counts.wall,
    seconds: (performance.now() - started) / 1000, steps: be.steps(), evaluations: be.evaluations, peakRssMb: peakRss / 2 ** 20,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    worstNoise, maxSpeed, crossed, atLimiter, minDt, front03,
  };
}

/**
 * The script that a measuring process runs: this file's JavaScript bundle (nodeBundle.ts), as the
 * server's solver processes run theirs, so that the memory measured is the engine's and not that of
 * Node's TypeScript stripping; this file itself where no bundle can be built.
 */
function measuringScript(): string {
  // The threads' bundles too, so that the measuring process does not load esbuild (13 MB) to build them.
  bundledEntry(WORKER_ENTRY);
  bundledEntry(PREPARE_ENTRY);
  const self = import.meta.filename;
  return (self.endsWith('.ts') ? bundledEntry(self) : null) ?? self;
}

/** Settings compared side by side: the product's defaults, and plain RK4 with the same shifting. */
export const IMPACT_CONFIGURATIONS: { label: string; scheme: SimulationSettings['integrationScheme'] }[] = [
  { label: 'defaults (dual time step RK4, lyu21)', scheme: 'dual_timestep_rk_4' },
  { label: 'runge_kutta_4, lyu21', scheme: 'runge_kutta_4' },
];

/**
 * Each configuration in a process of its own, so that its peak resident memory is its own; prints the
 * table with the wall time against DualSPHysics' published 92 s on the same 2-core machine.
 */
export function printColumnImpact(dx: number, endTime: number, threads: number): void {
  const runs: ImpactRun[] = [];
  for (const c of IMPACT_CONFIGURATIONS) {
    const res = spawnSync(process.execPath, [...SOLVER_PROCESS_FLAGS, measuringScript(), String(dx), String(endTime), c.scheme, String(threads)], { encoding: 'utf8', env: { ...process.env, ...SOLVER_PROCESS_ENV } });
    const last = res.stdout.trim().split('\n').pop() ?? '';
    if (res.status !== 0 || !last.startsWith('{')) {
      console.log(`${c.label}: failed (${res.status}): ${res.stderr.slice(-400)}`);
      continue;
    }
    runs.push({ ...(JSON.parse(last) as ImpactRun), label: c.label });
  }
  const H = 0.3;
  const vRef = Math.sqrt(2 * 9.81 * H);
  console.log(`\n--- column impact (DualSPHysics 01_DamBreak geometry), Δx = ${dx} m, ${endTime} s simulated, ${threads} threads`);
  console.log('settings                              fluid   wall   wall s  vs 92 s  peak MB   max MB  steps  evaluations  shortest dt  front 0.3 s  vs ref mm  noise/√2gH  fastest  crossed  at limiter');
  for (const r of runs) {
    console.log(`${r.label.padEnd(36)} ${String(r.fluid).padStart(6)} ${String(r.wall).padStart(6)} ${r.seconds.toFixed(1).padStart(8)} ` +
      `${(r.seconds / 92).toFixed(2).padStart(8)} ${r.peakRssMb.toFixed(0).padStart(8)} ${r.maxRssMb.toFixed(0).padStart(8)} ${String(r.steps).padStart(6)} ${String(r.evaluations).padStart(12)} ` +
      `${r.minDt.toExponential(2).padStart(12)} ${r.front03.toFixed(3).padStart(12)} ${edgeFromReferenceMm(r.front03, dx).toFixed(1).padStart(10)} ` +
      `${(100 * r.worstNoise / vRef).toFixed(1).padStart(9)} % ` +
      `${r.maxSpeed.toFixed(2).padStart(8)} ${String(r.crossed).padStart(8)} ${String(r.atLimiter).padStart(11)}`);
  }
  console.log(`peak resident before the memory work: ${BASELINE_IMPACT_PEAK_MB} MB (runge_kutta_4); front reference: the water's edge ` +
    `at 0.3 s ${FRONT_REFERENCE.edge.toFixed(4)} m at ${FRONT_REFERENCE.across} across (Δx = ${(WATER_WIDTH / FRONT_REFERENCE.across).toFixed(4)} m, ` +
    'plain RK4); "vs ref": the edge (front + Δx/2) less the reference');
  printMemoryBreakdown(dx, threads, 20);
  console.log('targets: wall time ≤ 46 s (half of DualSPHysics v5.4, 92 s on 2 threads), ≤ 100 MB resident; noise < 10 % of √(2gH), fastest < ' +
    `${(2 * vRef).toFixed(2)} m/s, no fluid through walls`);
  printMemoryPerParticle(MILLION_DX, threads);
}

export interface MemoryPerParticle {
  dx: number;
  fluid: number;
  wall: number;
  /** Resident memory added by the backend and two steps, over the particles. */
  residentBytes: number;
  /** The backend's own buffers (particles, neighbour lists, cell lists) over the particles. */
  bufferBytes: number;
  /** The WebGPU backend's buffers for the same particles and grid, from the sizes it allocates. */
  gpuBytes: number;
}

/**
 * Resident memory once the garbage is gone: V8 frees the memory of dead typed arrays on a background
 * thread after a collection, so a reading right after gc() still counted some of it (the figure per
 * particle moved by 100 bytes from run to run).
 */
async function settledRss(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  for (let k = 0; k < 3; k++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return process.memoryUsage().rss;
}

/**
 * Figures of the engine before its memory work (commit d9fe70a, measured like the ones printed beside
 * them, 2 threads): resident bytes per particle at a million particles, and the peak resident memory
 * (MB) of the column impact at Δx = 0.02 m over 0.5 s with runge_kutta_4.
 */
const BASELINE_BYTES_PER_PARTICLE = 640;
const BASELINE_IMPACT_PEAK_MB = 195;

/** Width of the water column (m): WATER_WIDTH / Δx particles across it, 20 at the benchmark's 0.02 m. */
export const WATER_WIDTH = 0.4;

/** The water's edge (m): the front (surgeFront, a particle's centre) plus the half particle ahead of it. */
export function waterEdge(front: number, dx: number): number {
  return front + dx / 2;
}

/** How far (mm) the edge of a run at Δx lies ahead of FRONT_REFERENCE's (negative: behind). */
export function edgeFromReferenceMm(front: number, dx: number): number {
  return 1000 * (waterEdge(front, dx) - FRONT_REFERENCE.edge);
}

/**
 * The water's edge at t = 0.3 s (surgeFront + Δx/2, m) in a finer run of the same case with plain RK4.
 * The table compares each configuration's edge with it. 80 particles across the water column (Δx = 5 mm,
 * 1,144,408 particles, 1,390 steps): `impactGpu.ts reference 80`, 141 s on an NVIDIA H100 through Dawn
 * (hours on the 2-core development machine). At 40 across the GPU run's edge, 0.9817 m, lies 2.3 mm
 * ahead of the CPU's (`impact.ts reference 40`: 0.9794 m, 80,400 fluid and 126,904 wall particles, 695
 * steps, 1,557 s on one thread), so the two backends give the same reference.
 */
export const FRONT_REFERENCE = { across: 80, edge: 1.0088 };

/** Δx of the column impact with about a million particles (46 % of them walls). */
export const MILLION_DX = 0.0053;

/**
 * The column impact with about a million particles allocated and two RK4 steps taken: resident memory
 * after the steps less that after the discretization (garbage collected both times), per particle.
 */
export async function memoryPerParticle(dx: number, threads: number): Promise<MemoryPerParticle> {
  const c = columnImpactCase(dx, { integrationScheme: 'runge_kutta_4' });
  const prepared = await prepareCaseInProcess(c.setup);
  const setup = engineSetupOf(prepared);
  const before = await settledRss();
  const be = new CpuBackend(setup, { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
  try {
    await be.advance(1, { maxWallMs: 1e9, maxSteps: 2 });
    const after = await settledRss();
    const n = prepared.discretized.counts.fluid + prepared.discretized.counts.wall;
    return {
      dx, fluid: prepared.discretized.counts.fluid, wall: prepared.discretized.counts.wall,
      residentBytes: (after - before) / n, bufferBytes: be.bytesPerParticle,
      gpuBytes: Object.values(gpuBufferBytes(n, setup.grid.nCells, setup.prm)).reduce((a, b) => a + b, 0) / n,
    };
  } finally {
    await be.dispose();
  }
}

/**
 * Where the resident memory of the column impact goes: the process with the engine loaded, after the
 * discretization, with the backend (its threads started) and after `steps` RK4 steps, each after a
 * garbage collection, with the backend's buffers and the largest resident memory of the process.
 */
export async function memoryBreakdown(dx: number, threads: number, steps: number): Promise<Record<string, number>> {
  const mb = async () => (await settledRss()) / 2 ** 20;
  const out: Record<string, number> = { loaded: await mb() };
  const c = columnImpactCase(dx, { integrationScheme: 'runge_kutta_4' });
  let prepared: PreparedCase | null = await prepareCaseInProcess(c.setup);
  out.discretized = await mb();
  out.discretizedHeap = process.memoryUsage().heapTotal / 2 ** 20;
  out.discretizedArrays = process.memoryUsage().arrayBuffers / 2 ** 20;
  const be = new CpuBackend(engineSetupOf(prepared), { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
  // As in a run: the backend holds its own copy of the particles.
  // eslint-disable-next-line no-useless-assignment -- the reference dropped is what lets them go
  prepared = null;
  try {
    out.backend = await mb();
    out.buffers = (be.bytesPerParticle * be.particleCount()) / 2 ** 20;
    await be.advance(1, { maxWallMs: 1e9, maxSteps: steps });
    out.stepped = await mb();
    out.peak = process.resourceUsage().maxRSS / 1024;
  } finally {
    await be.dispose();
  }
  return out;
}

/** memoryBreakdown in a process of its own, as the table's runs are. */
export function printMemoryBreakdown(dx: number, threads: number, steps: number): void {
  const res = spawnSync(process.execPath, [...SOLVER_PROCESS_FLAGS, '--expose-gc', measuringScript(), 'breakdown-json', String(dx), String(threads), String(steps)],
    { encoding: 'utf8', env: { ...process.env, ...SOLVER_PROCESS_ENV } });
  const last = res.stdout.trim().split('\n').pop() ?? '';
  if (res.status !== 0 || !last.startsWith('{')) {
    console.log(`memory breakdown: failed (${res.status}): ${res.stderr.slice(-400)}`);
    return;
  }
  const m = JSON.parse(last) as Record<string, number>;
  console.log(`resident memory at Δx = ${dx} m, ${threads} threads (MB): engine loaded ${m.loaded.toFixed(1)}, discretized ${m.discretized.toFixed(1)} (JS heap ${m.discretizedHeap.toFixed(1)}, arrays ${m.discretizedArrays.toFixed(1)}), ` +
    `backend ${m.backend.toFixed(1)} (its buffers ${m.buffers.toFixed(1)}), after ${steps} steps ${m.stepped.toFixed(1)}, process peak ${m.peak.toFixed(1)}`);
}

/** memoryPerParticle in a process of its own (with the solver's Node flags and an exposed collector). */
export function printMemoryPerParticle(dx: number, threads: number): void {
  const res = spawnSync(process.execPath, [...SOLVER_PROCESS_FLAGS, '--expose-gc', measuringScript(), 'memory', String(dx), String(threads)], { encoding: 'utf8', env: { ...process.env, ...SOLVER_PROCESS_ENV } });
  const last = res.stdout.trim().split('\n').pop() ?? '';
  if (res.status !== 0 || !last.startsWith('{')) {
    console.log(`memory per particle: failed (${res.status}): ${res.stderr.slice(-400)}`);
    return;
  }
  const m = JSON.parse(last) as MemoryPerParticle;
  console.log(`memory at Δx = ${m.dx} m (${m.fluid} fluid, ${m.wall} wall particles): ${m.residentBytes.toFixed(0)} resident bytes per particle ` +
    `(backend buffers ${m.bufferBytes}; before compact lists and Float32 work fields: ${BASELINE_BYTES_PER_PARTICLE}; target ≤ 300)`);
  // Computed, not measured: SwiftShader cannot hold ten million particles. The grid's cells scale with
  // the particles at a finer Δx in the same box, so the figure per particle holds at 10M as well.
  console.log(`WebGPU backend, same case: ${m.gpuBytes.toFixed(0)} bytes per particle from the buffer sizes it allocates ` +
    '(computed, not run; the same per particle at 10M in this box; target ≤ 300)');
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === 'table') {
  // Both configurations side by side and the memory per particle, as the solver benchmark prints them.
  printColumnImpact(Number(process.argv[3] ?? 0.02), Number(process.argv[4] ?? 0.5), Number(process.argv[5] ?? Math.min(2, availableParallelism())));
} else if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === 'breakdown-json') {
  console.log(JSON.stringify(await memoryBreakdown(Number(process.argv[3] ?? 0.02), Number(process.argv[4] ?? 2), Number(process.argv[5] ?? 20))));
} else if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === 'breakdown') {
  printMemoryBreakdown(Number(process.argv[3] ?? 0.02), Number(process.argv[4] ?? 2), Number(process.argv[5] ?? 20));
} else if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === 'reference') {
  // The finer run behind FRONT_REFERENCE: its first 0.3 s with plain RK4, the flow printed every 0.02 s.
  const across = Number(process.argv[3] ?? 80);
  const dx = WATER_WIDTH / across;
  const r = await runColumnImpact('reference', dx, 0.3, { integrationScheme: 'runge_kutta_4' }, Number(process.argv[4] ?? Math.min(2, availableParallelism())), true);
  console.log(JSON.stringify({ across, dx, edge: waterEdge(r.front03, dx), ...r }));
} else if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === 'memory') {
  console.log(JSON.stringify(await memoryPerParticle(Number(process.argv[3] ?? MILLION_DX), Number(process.argv[4] ?? 2))));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const dx = Number(process.argv[2] ?? 0.02);
  const endTime = Number(process.argv[3] ?? 0.5);
  const scheme = (process.argv[4] ?? 'dual_timestep_rk_4') as SimulationSettings['integrationScheme'];
  const threads = Number(process.argv[5] ?? Math.min(2, availableParallelism()));
  const r = await runColumnImpact(scheme, dx, endTime, { integrationScheme: scheme }, threads, true);
  console.log(JSON.stringify(r));
}
