// The step after each recorded output: its `fast` and `surface` datasets and its sensor results, made in
// a low-priority process of the worker that runs the solver, one output after the other, so that the
// solver beside it keeps its speed. The output's visualization and sensor states go from pending to ready
// or failed, and outputs.available announces the changed entry. A session that ends waits (up to a bound)
// for the outputs it recorded; a session that starts takes over outputs a lost worker left pending.
import { emptySetup } from '../../domain/setup.ts';
import { findRun } from '../runs/runs.repository.ts';
import { pendingVisualizationOutputs, setOutputStates } from './outputStates.repository.ts';
import { findSetup } from '../simulations/simulations.repository.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { toOutputEntry } from '../runs/outputs.service.ts';
import { uploadReader } from './meshes.ts';
import { outputDir } from './outputFolder.ts';
import { PostprocessingChild } from './postprocessingChild.ts';
import type { StepOutcome } from './postprocessingProtocol.ts';
import { sensorTasksOf } from './sensors/sensorTasks.ts';
import type { SensorTask } from './sensors/computeSensors.ts';

/** A session waits at most this long for the post-processing of its outputs before it ends. */
export const POSTPROCESSING_DRAIN_MS = 120_000;
/** The low-priority process ends after this long without outputs. */
const IDLE_MS = 30_000;
/** Niceness of the post-processing process: the lowest priority, so the solver always goes first. */
const NICENESS = 19;

type OutputRef = { simulationId: string; runId: string; outputNo: number };

export class OutputPostprocessor {
  private readonly services: JobServices;
  private readonly child: PostprocessingChild;
  private readonly queue: OutputRef[] = [];
  private readonly inFlight = new Set<string>();
  private working = false;
  private readonly waiters = new Set<() => void>();
  /** Sensors per simulation and setup version, so that stored meshes are read once per setup. */
  private readonly sensorCache = new Map<string, { version: number; tasks: SensorTask[] }>();

  /** Niceness while solvers run beside the process. */
  private readonly niceness: number;
  /** Runs waiting for their outputs (whenIdle). */
  private draining = 0;

  constructor(services: JobServices, options: { niceness?: number } = {}) {
    this.services = services;
    this.niceness = options.niceness ?? NICENESS;
    this.child = new PostprocessingChild({ niceness: this.niceness, idleMs: IDLE_MS });
  }

  private static key(ref: OutputRef): string {
    return `${ref.runId}:${ref.outputNo}`;
  }

  /** Queues the post-processing of a recorded output (again, if it is queued already it runs once). */
  enqueue(ref: OutputRef): void {
    const key = OutputPostprocessor.key(ref);
    if (this.queue.some((q) => OutputPostprocessor.key(q) === key)) return;
    this.queue.push(ref);
    void this.pump();
  }

  /** Queues every output of the run still pending (left by a worker that was lost). */
  async resumePending(simulationId: string, runId: string): Promise<number> {
    const pending = await pendingVisualizationOutputs(this.services.db, runId);
    for (const row of pending) this.enqueue({ simulationId, runId, outputNo: row.outputNo });
    return pending.length;
  }

  private busyWith(runId: string): boolean {
    return this.queue.some((q) => q.runId === runId) || [...this.inFlight].some((k) => k.startsWith(`${runId}:`));
  }

  /**
   * Resolves once no output of the run is queued or in work, or after `timeoutMs`; true when drained.
   * The caller's solver has ended, so while a run waits here the process works at normal priority: at the
   * lowest, on a machine whose cores other processes keep busy, it got almost no time and the run stayed
   * unfinished for up to `timeoutMs` after its last step.
   */
  async whenIdle(runId: string, timeoutMs: number): Promise<boolean> {
    if (!this.busyWith(runId)) return true;
    this.draining++;
    this.child.setNiceness(0);
    return new Promise<boolean>((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      const done = (drained: boolean) => {
        this.waiters.delete(check);
        if (timer) clearTimeout(timer);
        if (--this.draining === 0) this.child.setNiceness(this.niceness);
        resolve(drained);
      };
      const check = () => {
        if (!this.busyWith(runId)) done(true);
      };
      timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  private async pump(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      for (let ref = this.queue.shift(); ref; ref = this.queue.shift()) {
        const key = OutputPostprocessor.key(ref);
        this.inFlight.add(key);
        try {
          await this.process(ref);
        } catch (error) {
          this.services.log.error({ err: error, ...ref }, 'post-processing of an output failed');
        } finally {
          this.inFlight.delete(key);
          for (const check of [...this.waiters]) check();
        }
      }
    } finally {
      this.working = false;
    }
  }

  private async sensorsOf(simulationId: string, organizationId: string): Promise<SensorTask[]> {
    const { db, storage } = this.services;
    const stored = await findSetup(db, simulationId);
    const version = stored?.updatedAt.getTime() ?? 0;
    const cached = this.sensorCache.get(simulationId);
    if (cached && cached.version === version) return cached.tasks;
    const { tasks } = await sensorTasksOf((stored?.document ?? emptySetup()).sensors, uploadReader(db, storage, organizationId));
    this.sensorCache.set(simulationId, { version, tasks });
    return tasks;
  }

  private async process(ref: OutputRef): Promise<void> {
    const { db, bus, storage } = this.services;
    const run = await findRun(db, ref.runId);
    if (!run) return;
    const sensors = await this.sensorsOf(ref.simulationId, run.organizationId);
    let datasets: StepOutcome;
    let sensorOutcome: StepOutcome;
    try {
      const reply = await this.child.run({
        folder: outputDir(storage, ref.simulationId, ref.runId, ref.outputNo),
        particleDiameter: run.setup.settings.particleDiameter,
        datasets: true,
        sensors,
      });
      datasets = reply.datasets;
      sensorOutcome = reply.sensors;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      datasets = { state: 'failed', error: message };
      sensorOutcome = { state: 'failed', error: message };
    }
    if (datasets.state === 'failed') this.services.log.warn({ ...ref, error: datasets.error }, 'reduced datasets of an output failed');
    if (sensorOutcome.state === 'failed') this.services.log.warn({ ...ref, error: sensorOutcome.error }, 'sensors of an output failed');
    const row = await setOutputStates(db, ref.runId, ref.outputNo, {
      visualizationState: datasets.state === 'failed' ? 'failed' : 'ready',
      ...(sensorOutcome.state === 'skipped' ? {} : { sensorState: sensorOutcome.state === 'failed' ? 'failed' : 'ready' }),
    });
    if (row) {
      bus.publish({ simId: ref.simulationId, message: { type: 'outputs.available', simId: ref.simulationId, runId: ref.runId, outputs: [toOutputEntry(row)] } });
    }
  }

  close(): void {
    this.queue.length = 0;
    this.child.close();
  }
}

const postprocessors = new WeakMap<JobServices, OutputPostprocessor>();

/** The post-processing step of this process's run backend. */
export function outputPostprocessing(services: JobServices): OutputPostprocessor {
  let postprocessor = postprocessors.get(services);
  if (!postprocessor) {
    postprocessor = new OutputPostprocessor(services);
    postprocessors.set(services, postprocessor);
  }
  return postprocessor;
}
