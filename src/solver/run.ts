// The engine API: a run takes a prepared case (setupRun.ts prepares one from a setup document), advances
// it on the chosen backend and emits outputs, checkpoints and log entries through an output sink.
// Platform pieces (threads, GPU, geometry module, files) are injected, so this module runs in Node and in
// the browser alike (nodePlatform.ts, browserPlatform.ts). It needs none of the domain's schemas.
import type { SimulationCondition } from '../domain/condition.ts';
import { isConditionMet } from '../domain/conditionCheck.ts';
import { OUTPUTS_FOLDER, outputCount } from '../domain/outputLayout.ts';
import type { OutputMeta, OutputPose } from '../domain/output.ts';
import type { PrepareOptions } from './caseInput.ts';
import { engineSetupOf, type FileResolver, type PreparedCase } from './preparedCase.ts';
import { bodyMotionAt, effectiveGravity, evaluateBodyFields, planMoves } from './physics/motion.ts';
import { BODY_FIELDS } from './physics/bodyFieldLayout.ts';
import { computeWallLoads, wallSurfaceOf } from './physics/wallLoads.ts';
import type { DiscretizerCounts, DiscretizerWarning } from './discretizer.ts';
import type { GeometryKernel } from './geometry/geometryKernel.ts';
import { CpuBackend } from './cpu/cpuBackend.ts';
import type { SpawnWorker } from './cpu/threadPool.ts';
import type { BackendKind, EngineSetup, EngineSnapshot, SolverBackend } from './engine.ts';
import { StaticOutputFiles, writeOutput, type OutputMetaCheck } from './output/outputWriter.ts';
import { CHECKPOINT_FILE, hashText, readCheckpoint, writeCheckpoint } from './output/checkpoint.ts';
import type { OutputSink } from './output/sink.ts';

export const LOG_FILE = 'log.jsonl';

/** Platform services: worker threads, the GPU backend (absent where the platform has none) and the
 * geometry module. */
export interface SolverPlatform {
  spawnWorker: SpawnWorker | null;
  createGpuBackend: ((setup: EngineSetup) => Promise<SolverBackend>) | null;
  /** The discretizer's geometry kernel on the wasm module, loaded the platform's way (once). */
  loadGeometry: () => Promise<GeometryKernel>;
  /** Threads used when the caller does not say. */
  defaultThreads: number;
  /**
   * prepareCase the platform's way, where it has one that keeps the discretization's memory out of the
   * run (Node: a process that exits afterwards, nodePrepare.ts); used unless the caller brings a kernel.
   */
  prepareCase?: (setup: unknown, options: { fileResolver?: FileResolver }) => Promise<PreparedCase>;
}

export type LogEvent = 'start' | 'resume' | 'progress' | 'output' | 'warning' | 'stop' | 'complete';

/** One line of log.jsonl (and the argument of onLog). Times in seconds. */
export interface LogEntry {
  event: LogEvent;
  /** Simulated time. */
  time: number;
  /** Wall-clock time the run has used, resumed sessions included. */
  runtime: number;
  dt: number;
  step: number;
  particles: number;
  /** time / endTime, 0..1. */
  progress: number;
  runtimeLeft: number | null;
  /** Last output written. */
  output: number;
  message?: string;
}

export interface OutputEvent {
  outputNo: number;
  time: number;
  meta: OutputMeta;
  bytes: number;
}

export interface SolverRunOptions extends PrepareOptions {
  backend?: BackendKind;
  threads?: number;
  sink: OutputSink;
  /** Continue from the sink's checkpoint instead of starting at time 0. */
  resume?: boolean;
  onLog?: (entry: LogEntry) => void;
  onOutput?: (event: OutputEvent) => void;
  /** Aborting stops the run after the current step and leaves a checkpoint of that moment. */
  signal?: AbortSignal;
  /** Wall-clock interval of progress log entries (ms). */
  logIntervalMs?: number;
  /**
   * Conditions to check after every advance instead of the setup's. They are not part of the setup, so
   * a host may change them between sessions without invalidating the checkpoint.
   */
  conditions?: readonly SimulationCondition[];
  /**
   * Checks each output's meta.json before it is written (the domain's checkOutputMeta; createSolverRun
   * gives it). Absent in the server's solver process, which loads none of the domain's schemas: the
   * process that records its outputs checks them (server/runs/solverChild.ts).
   */
  checkOutputMeta?: OutputMetaCheck;
}

export type RunStatus = 'completed' | 'stopped' | 'condition';

export interface RunSummary {
  status: RunStatus;
  message: string | null;
  backend: BackendKind;
  device: string;
  threads: number;
  particles: number;
  /** Steps taken in this session, and in total. */
  steps: number;
  totalSteps: number;
  outputs: number;
  time: number;
  wallSeconds: number;
  /** Particles × steps per wall-clock second over this session. */
  particleStepsPerSecond: number;
}

export interface SolverRun {
  readonly prepared: PreparedCase;
  readonly counts: DiscretizerCounts;
  readonly warnings: readonly DiscretizerWarning[];
  start(): Promise<RunSummary>;
}

export class ResumeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResumeError';
  }
}

/** Output times: n · interval up to endTime, plus endTime itself when it is not on the grid. */
export function outputTimes(endTime: number, interval: number): number[] {
  const n = outputCount({ endTime, outputTimeInterval: interval });
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(Math.min(i * interval, endTime));
  if (times[times.length - 1] < endTime * (1 - 1e-12)) times.push(endTime);
  return times;
}

/**
 * The run of a case prepared elsewhere (setupRun.ts prepares it from a setup document; Node's solver
 * process receives it from the process that prepared it).
 */
export function createPreparedRun(prepared: PreparedCase, platform: SolverPlatform, options: SolverRunOptions): SolverRun {
  return {
    prepared,
    counts: prepared.discretized.counts,
    warnings: prepared.discretized.warnings,
    start: () => runCase(prepared, platform, options),
  };
}

async function runCase(prepared: PreparedCase, platform: SolverPlatform, options: SolverRunOptions): Promise<RunSummary> {
  const sink = options.sink;
  const settings = prepared.setup.settings;
  const setupHash = hashText(JSON.stringify(prepared.setup));
  const times = outputTimes(settings.endTime, settings.outputTimeInterval);
  const backendKind: BackendKind = options.backend ?? 'cpu';
  let state = prepared.state;
  let motion = prepared.motion;
  let outputNo = 0;
  let runtimeBefore = 0;
  let resumed = false;
  if (options.resume) {
    const cp = await readCheckpoint(sink);
    if (cp === null) throw new ResumeError('there is no checkpoint to resume from');
    if (cp.info.setupHash !== setupHash) throw new ResumeError('the checkpoint belongs to a different setup');
    state = cp.state;
    // The frame acceleration the run started with, even if the file changed since.
    if (motion.plan.acceleration !== null && cp.info.frameAcceleration) {
      motion = { ...motion, plan: { ...motion.plan, acceleration: cp.info.frameAcceleration } };
    }
    outputNo = cp.info.outputNo;
    runtimeBefore = cp.info.runtime;
    const size = await sink.fileSize(LOG_FILE);
    if (size !== null && size > cp.info.logBytes) await sink.truncateFile(LOG_FILE, cp.info.logBytes);
    resumed = true;
  } else {
    // A fresh run owns the folder: results of an earlier run there would mix with the new ones.
    await sink.remove(LOG_FILE);
    await sink.remove(OUTPUTS_FOLDER);
    await sink.remove(CHECKPOINT_FILE);
  }
  const engineSetup: EngineSetup = engineSetupOf({ ...prepared, motion }, state);
  let backend: SolverBackend;
  if (backendKind === 'gpu') {
    if (platform.createGpuBackend === null) throw new Error('this platform offers no GPU backend');
    backend = await platform.createGpuBackend(engineSetup);
  } else {
    backend = new CpuBackend(engineSetup, { threads: options.threads ?? platform.defaultThreads, spawnWorker: platform.spawnWorker });
  }

  const sessionStart = performance.now();
  const runtime = () => runtimeBefore + (performance.now() - sessionStart) / 1000;
  const startTime = backend.time();
  const startSteps = backend.steps();
  let particleSteps = 0;
  let lastDt = 0;
  const conditions: SimulationCondition[] = (options.conditions ?? prepared.setup.conditions).map((c) => ({ ...c }));
  const entry = (event: LogEvent, message?: string): LogEntry => {
    const t = backend.time();
    const progress = Math.min(1, t / settings.endTime);
    const rt = runtime();
    const sessionProgress = t - startTime;
    const runtimeLeft = sessionProgress > 0 ? ((rt - runtimeBefore) * (settings.endTime - t)) / sessionProgress : null;
    return {
      event, time: t, runtime: rt, dt: lastDt, step: backend.steps(), particles: backend.particleCount(), progress,
      runtimeLeft, output: outputNo, ...(message !== undefined ? { message } : {}),
    };
  };
  const log = async (event: LogEvent, message?: string) => {
    const e = entry(event, message);
    await sink.appendFile(LOG_FILE, `${JSON.stringify(e)}\n`);
    options.onLog?.(e);
  };
  // The arrays of the last snapshot, filled again by the next: an output and its checkpoint share one
  // snapshot, and outputs allocate no new ones (engine.ts).
  let lastSnapshot: EngineSnapshot | undefined;
  const checkpoint = async (taken?: EngineSnapshot) => {
    const snap = taken ?? (lastSnapshot = await backend.snapshot(lastSnapshot));
    const logBytes = (await sink.fileSize(LOG_FILE)) ?? 0;
    await writeCheckpoint(sink, snap, {
      outputNo, runtime: runtime(), logBytes, setupHash, backend: backend.kind, frameAcceleration: motion.plan.acceleration,
    });
  };
  // Walls are written once unless their part's geometry moves; such parts opt into full files at every
  // output and have their pose in meta.json. (A wall with only a surface velocity keeps its positions:
  // the static folder serves them, and its velocities are written where they differ.)
  const movingBodies = prepared.bodies.filter((b) => motion.plan.bodies[b.index].geometry.length > 0).map((b) => b.index);
  const statics = new StaticOutputFiles(sink, { perOutputBodies: new Set(movingBodies) });
  const posesAt = (t: number) => {
    const poses = new Map<number, OutputPose>();
    for (const b of movingBodies) poses.set(b, bodyMotionAt(motion.plan, b, t).pose);
    return poses;
  };
  // The wall surface (depths and areas by particle id) from the discretization, which a resumed run repeats.
  const wallSurface = wallSurfaceOf(prepared.state, prepared.discretized.particles.wallDepth, prepared.prm.dx);
  const wallsMove = planMoves(motion.plan);
  const loadsAt = (snap: Awaited<ReturnType<SolverBackend['snapshot']>>) => {
    let bodyFields: Float64Array | null = null;
    if (wallsMove) {
      bodyFields = new Float64Array(motion.plan.bodies.length * BODY_FIELDS);
      evaluateBodyFields(motion.plan, snap.time, bodyFields);
    }
    return computeWallLoads(snap, { prm: prepared.prm, surface: wallSurface, gravity: effectiveGravity(motion.plan, snap.time), bodyFields });
  };
  const emitOutput = async (n: number) => {
    const snap = lastSnapshot = await backend.snapshot(lastSnapshot);
    const written = await writeOutput(
      sink, n, snap, prepared.bodies, prepared.materials, statics, posesAt(snap.time), loadsAt(snap), options.checkOutputMeta ?? null,
    );
    outputNo = n;
    await log('output');
    await checkpoint(snap);
    options.onOutput?.({ outputNo: n, time: snap.time, meta: written.meta, bytes: written.bytes });
  };

  let status: RunStatus = 'completed';
  let message: string | null = null;
  try {
    if (resumed) await log('resume', `resumed from output ${outputNo} at t = ${backend.time()}`);
    else {
      await log('start', `${backend.particleCount()} particles on ${backend.device}`);
      await emitOutput(0);
    }
    const logInterval = options.logIntervalMs ?? 1000;
    let lastLog = performance.now();
    outer: for (let n = outputNo + 1; n < times.length; n++) {
      const target = times[n];
      while (backend.time() < target) {
        if (options.signal?.aborted) {
          status = 'stopped';
          message = 'stopped on request';
          break outer;
        }
        const r = await backend.advance(target, { maxWallMs: 200, maxSteps: Number.MAX_SAFE_INTEGER });
        particleSteps += r.steps * r.particles;
        lastDt = r.lastDt;
        const fired = checkConditions(conditions, backend, runtime());
        for (const c of fired) {
          if (c.action === 'warning') await log('warning', `condition reached: ${c.valueType} ${c.operator} ${c.threshold}`);
        }
        const stop = fired.find((c) => c.action === 'stop');
        if (stop !== undefined) {
          status = 'condition';
          message = `stop condition reached: ${stop.valueType} ${stop.operator} ${stop.threshold}`;
          break outer;
        }
        if (performance.now() - lastLog >= logInterval && backend.time() < target) {
          lastLog = performance.now();
          await log('progress');
        }
      }
      if (backend.time() >= target) await emitOutput(n);
    }
    if (status !== 'completed') {
      await log('stop', message ?? undefined);
      await checkpoint();
    } else {
      await log('complete');
    }
  } finally {
    await backend.dispose();
  }
  const wallSeconds = (performance.now() - sessionStart) / 1000;
  return {
    status, message, backend: backend.kind, device: backend.device, threads: backend.threads,
    particles: backend.particleCount(), steps: backend.steps() - startSteps, totalSteps: backend.steps(),
    outputs: outputNo + 1, time: backend.time(), wallSeconds,
    particleStepsPerSecond: wallSeconds > 0 ? particleSteps / wallSeconds : 0,
  };
}

/** Conditions the engine can evaluate (time, runtime, particle count); credits are the host's matter. */
function checkConditions(conditions: SimulationCondition[], backend: SolverBackend, runtime: number): SimulationCondition[] {
  const fired: SimulationCondition[] = [];
  const values = { time: backend.time(), runtime, credits: Number.NaN, particle_nbr: backend.particleCount() };
  for (const c of conditions) {
    if (c.triggered || c.valueType === 'credits') continue;
    if (isConditionMet(c, values)) {
      c.triggered = true;
      fired.push(c);
    }
  }
  return fired;
}
