// The solver run job: one session of a run on this worker. It starts the solver process on the run's
// output folder (from output 0, or from the checkpoint when resuming), records every output, keeps the
// simulation's log summary, publishes log and output events, charges credits, checks the run's
// conditions, and ends the session in the simulation state that fits: completed, stopped (by the user,
// a stop condition or exhausted credits), failed, or handed over to another worker.
import { isConditionMet, type SimulationCondition } from '../../domain/condition.ts';
import type { JobMessage } from '../../domain/jobs.ts';
import { RUN_MESSAGES, type RunStopReason } from '../../domain/runs.ts';
import type { RunLogEntry } from '../../domain/runOutputs.ts';
import type { DiscretizerWarning } from '../../solver/discretizer.ts';
import type { RunSummary } from '../../solver/run.ts';
import { jobsOfRun, type JobRow } from '../platform/jobs/jobs.repository.ts';
import { findRun, findSimulationRow, updateRun, updateRunReturning, type RunRow } from './runs.repository.ts';
import { outputsOfRun, recordOutput } from './runOutputs.repository.ts';
import { addSimulationBytes } from './runs.repository.ts';
import type { JobContext, JobHandler, JobOutcome, JobServices } from '../platform/jobs/registry.ts';
import { jobPayload, type JobPayload } from '../platform/jobs/payloads.ts';
import { chargeRunJob } from '../credits/credits.service.ts';
import { readOutputFolder, toOutputEntry } from './outputs.service.ts';
import { fileMapForSetup } from '../simulations/setupFiles.ts';
import { advanceSimulation, publishSimulationById, updateSimulationOfRun } from '../simulations/simulationState.ts';
import { SolverChild, SolverProcessError } from './solverChild.ts';
import { recordConditionWarning } from '../activity/activity.service.ts';

export type SolverRunPayload = JobPayload<'solver_run'>;

function warningMessages(warnings: readonly DiscretizerWarning[]): JobMessage[] {
  return warnings.map((w) => ({ message: w.message, errorCode: w.code }));
}

/** Why the solver was asked to stop, as far as this session knows. */
type StopCause = { reason: RunStopReason | 'shutdown'; condition?: SimulationCondition };

class RunSession {
  private readonly context: JobContext;
  private readonly services: JobServices;
  private run: RunRow;
  private readonly conditions: SimulationCondition[];
  private readonly warnings: JobMessage[] = [];
  private chain: Promise<void> = Promise.resolve();
  private child: SolverChild | null = null;
  private readonly sessionStart = performance.now();
  private lastCharge = performance.now();
  private running = false;
  private stopCause: StopCause | null = null;
  private readonly creditsBefore: number;
  private sessionCredits = 0;
  private lastEntry: RunLogEntry | null = null;

  constructor(context: JobContext, run: RunRow) {
    this.context = context;
    this.services = context.services;
    this.run = run;
    this.conditions = run.conditions.map((c) => ({ ...c }));
    this.creditsBefore = run.credits;
  }

  /** Keeps the database work of the solver's reports in the order they came. */
  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((error: unknown) => this.services.log.error({ err: error, runId: this.run.id }, 'run bookkeeping failed'));
  }

  private get ids() {
    return { simulationId: this.run.simulationId, runId: this.run.id };
  }

  private sessionSeconds(): number {
    return (performance.now() - this.sessionStart) / 1000;
  }

  /** The stop cause as set by the callbacks meanwhile (a read the compiler does not narrow). */
  private cause(): StopCause | null {
    return this.stopCause;
  }

  private stop(cause: StopCause): void {
    if (this.stopCause) return;
    this.stopCause = cause;
    this.child?.stop();
  }

  async execute(payload: SolverRunPayload): Promise<JobOutcome> {
    const { db, storage, bus, config } = this.services;
    const run = this.run;
    await advanceSimulation(db, bus, { ...this.ids, from: ['creating'], to: 'launching' });
    // One session of a run is active at a time, so counting up here cannot race.
    this.run = (await updateRunReturning(db, run.id, { state: 'launching', sessions: run.sessions + 1 })) ?? run;

    const hasCheckpoint = await storage.hasCheckpoint(run.simulationId, run.id);
    if (payload.mode === 'resume' && !hasCheckpoint && !payload.recovery) {
      return this.launchFailed(RUN_MESSAGES.noCheckpoint);
    }
    const resume = payload.mode === 'resume' && hasCheckpoint;
    const files = await fileMapForSetup(db, storage, run.organizationId, run.setup);
    const threads = run.freeInstance ? config.freeInstanceThreads : Math.max(1, Math.min(run.cores, config.maxThreads));

    const onAbort = () => {
      const reason = this.context.abortReason();
      if (reason === 'lost') this.child?.kill();
      else this.stop({ reason: reason === 'shutdown' ? 'shutdown' : 'user' });
    };
    this.context.signal.addEventListener('abort', onAbort);
    if (this.context.signal.aborted) onAbort();
    // Told before the solver even started: nothing to checkpoint.
    if (this.context.abortReason() === 'lost') return { state: 'failed', errors: [{ message: RUN_MESSAGES.workerLost, errorCode: 'worker_lost' }] };
    if (this.stopCause?.reason === 'shutdown') return this.handOver();
    if (this.stopCause?.reason === 'user') return this.finishStopped(null);

    this.child = SolverChild.run(
      {
        // Conditions are the host's matter (credits are known only here) and must not change the
        // setup's checkpoint identity between sessions.
        setup: { ...run.setup, conditions: [] },
        files,
        outDir: storage.runDir(run.simulationId, run.id),
        resume,
        backend: run.gpu ? 'gpu' : 'cpu',
        threads,
        logIntervalMs: config.logIntervalMs,
        // The engine stops at the step that reaches a threshold; between log entries the host would stop
        // it later, or not at all once the run had reached its end meanwhile. Credits stay the host's.
        conditions: this.conditions.filter((c) => !c.triggered && c.valueType !== 'credits'),
      },
      {
        onPrepared: (_counts, warnings) => {
          this.warnings.push(...warningMessages(warnings));
          if (warnings.length > 0) this.enqueue(async () => void (await this.context.update({ warnings: this.warnings })));
        },
        onLog: (entry) => this.enqueue(() => this.onLog(entry as RunLogEntry)),
        onOutput: (output) => this.enqueue(() => this.onOutput(output)),
      },
    );
    if (this.stopCause) this.child.stop();

    let summary: RunSummary | null = null;
    let failure: Error | null = null;
    try {
      summary = await this.child.result();
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    } finally {
      this.context.signal.removeEventListener('abort', onAbort);
    }
    await this.chain;
    if (this.context.abortReason() === 'lost') return { state: 'failed', errors: [{ message: RUN_MESSAGES.workerLost, errorCode: 'worker_lost' }] };
    await this.charge();

    if (failure) return this.failed(failure);
    if (summary?.status === 'completed') return this.completed(summary);
    if (this.cause()?.reason === 'shutdown') return this.handOver();
    return this.finishStopped(summary);
  }

  private async onLog(entry: RunLogEntry): Promise<void> {
    const { db, bus, config } = this.services;
    this.lastEntry = entry;
    const log = {
      progress: entry.progress,
      time: entry.time,
      runtime: entry.runtime,
      runtimeLeft: entry.runtimeLeft,
      particles: entry.particles,
      output: entry.output,
    };
    if (!this.running && (entry.event === 'start' || entry.event === 'resume')) {
      this.running = true;
      if (entry.event === 'resume') await this.recordUnrecordedOutputs(entry.output);
      await advanceSimulation(db, bus, { ...this.ids, from: ['launching'], to: 'running', values: { log } });
      const startedAt = this.run.startedAt ?? new Date();
      await updateRun(db, this.run.id, { state: 'running', startedAt, log });
      this.run = { ...this.run, state: 'running', startedAt, log };
    } else {
      await updateRun(db, this.run.id, { log });
      await updateSimulationOfRun(db, bus, this.run.simulationId, this.run.id, { log });
    }
    bus.publish({ simId: this.run.simulationId, message: { type: 'log.append', simId: this.run.simulationId, runId: this.run.id, entries: [entry] } });
    await this.context.update({ progress: Math.min(100, entry.progress * 100) });

    const due = performance.now() - this.lastCharge >= config.chargeIntervalMs;
    if (due) {
      const charge = await this.charge();
      if (charge && this.run.creditsPerHour > 0 && charge.organizationCredits <= 0) {
        this.warnings.push({ message: RUN_MESSAGES.creditsExhausted, errorCode: 'credits_exhausted' });
        this.stop({ reason: 'credits' });
      }
    }
    await this.checkConditions(entry);
  }

  private async charge() {
    this.lastCharge = performance.now();
    const result = await chargeRunJob(this.services.db, this.run, this.context.job.id, this.context.workerId, this.sessionSeconds());
    if (result) {
      this.sessionCredits += result.credits;
      if (result.credits > 0) await publishSimulationById(this.services.db, this.services.bus, this.run.simulationId);
    }
    return result;
  }

  private async checkConditions(entry: RunLogEntry): Promise<void> {
    const values = { time: entry.time, runtime: entry.runtime, credits: this.creditsBefore + this.sessionCredits, particle_nbr: entry.particles };
    let changed = false;
    for (const condition of this.conditions) {
      if (condition.triggered || !isConditionMet(condition, values)) continue;
      condition.triggered = true;
      changed = true;
      const message = RUN_MESSAGES.conditionReached(condition.valueType, condition.threshold);
      // Kept before the event goes out, so that a client reading the alerts on the event finds it.
      if (condition.action === 'warning') await recordConditionWarning(this.services.db, { ...this.ids, message });
      this.services.bus.publish({
        simId: this.run.simulationId,
        message: { type: 'condition.triggered', simId: this.run.simulationId, runId: this.run.id, condition: { ...condition }, message },
      });
      if (condition.action === 'warning') {
        this.warnings.push({ message, errorCode: 'condition_warning' });
      } else {
        this.stop({ reason: 'condition', condition });
      }
    }
    if (changed) {
      await updateRun(this.services.db, this.run.id, { conditions: this.conditions });
      await this.context.update({ warnings: this.warnings });
    }
  }

  /**
   * A worker that was lost may have written outputs (and a checkpoint after them) that it could not
   * record any more; the session resuming from that checkpoint records them from the folder.
   */
  private async recordUnrecordedOutputs(upTo: number): Promise<void> {
    const recorded = new Set((await outputsOfRun(this.services.db, this.run.id)).map((o) => o.outputNo));
    for (let outputNo = 0; outputNo <= upTo; outputNo++) {
      if (recorded.has(outputNo)) continue;
      const found = await readOutputFolder(this.services.storage, this.run.simulationId, this.run.id, outputNo);
      if (found) await this.onOutput({ outputNo, time: found.meta.time, bytes: found.bytes });
    }
  }

  private async onOutput(output: { outputNo: number; time: number; bytes: number }): Promise<void> {
    const { db, bus } = this.services;
    const sensorState = this.run.setup.sensors.length > 0 ? 'pending' : 'ready';
    const row = await db.transaction(async (tx) => {
      const recorded = await recordOutput(tx, { ...this.ids, ...output, sensorState });
      await addSimulationBytes(tx, this.run.simulationId, output.bytes - recorded.previousBytes);
      await updateRun(tx, this.run.id, { lastOutputNo: output.outputNo });
      return recorded.row;
    });
    bus.publish({
      simId: this.run.simulationId,
      message: { type: 'outputs.available', simId: this.run.simulationId, runId: this.run.id, outputs: [toOutputEntry(row)] },
    });
  }

  private async endRun(values: Partial<RunRow>): Promise<void> {
    await updateRun(this.services.db, this.run.id, { ...values, conditions: this.conditions, endedAt: new Date() });
  }

  private async launchFailed(message: string): Promise<JobOutcome> {
    const { db, bus } = this.services;
    await advanceSimulation(db, bus, { ...this.ids, from: ['creating', 'launching', 'stopping'], to: 'launch_failed', values: { resumable: false } });
    await this.endRun({ state: 'launch_failed', stopReason: 'error', errorMessage: message });
    return { state: 'failed', errors: [{ message, errorCode: 'launch_failed' }], warnings: this.warnings };
  }

  private async failed(error: Error): Promise<JobOutcome> {
    const { db, bus } = this.services;
    const issues = error instanceof SolverProcessError ? (error.failure.issues ?? []) : [];
    // A GPU backend that cannot start fails the launch; later GPU errors keep their own words.
    const gpuMissing = this.run.gpu && !this.running && /gpu|webgpu|adapter|vulkan/i.test(error.message);
    const message = gpuMissing ? `${RUN_MESSAGES.noGpu} (${error.message})` : error.message;
    const errors: JobMessage[] = issues.length > 0 ? issues.map((i) => ({ message: `${i.setting}: ${i.message}`, errorCode: 'unsupported' })) : [{ message }];
    if (!this.running) {
      await advanceSimulation(db, bus, { ...this.ids, from: ['creating', 'launching', 'stopping'], to: 'launch_failed', values: { resumable: false } });
      await this.endRun({ state: 'launch_failed', stopReason: 'error', errorMessage: message });
    } else {
      await advanceSimulation(db, bus, { ...this.ids, from: ['running', 'stopping'], to: 'failed', values: { resumable: false } });
      await this.endRun({ state: 'failed', stopReason: 'error', errorMessage: message });
    }
    return { state: 'failed', errors, warnings: this.warnings };
  }

  private async completed(summary: RunSummary): Promise<JobOutcome> {
    const { db, bus } = this.services;
    // A stop that arrived while the last step ran ends the run stopped, though nothing is left to resume.
    await advanceSimulation(db, bus, { ...this.ids, from: ['running'], to: 'completed', values: { resumable: false } });
    await advanceSimulation(db, bus, { ...this.ids, from: ['stopping'], to: 'stopped', values: { resumable: false } });
    await this.endRun({ state: 'completed', stopReason: null });
    return { state: 'completed', progress: 100, result: this.result(summary), warnings: this.warnings };
  }

  /** Stopped with a checkpoint (user, condition, credits), or stopped before the solver ran. */
  private async finishStopped(summary: RunSummary | null): Promise<JobOutcome> {
    const { db, bus, storage } = this.services;
    // The engine stopped on a condition whose log entry the host has not matched (it always should):
    // still a condition stop, only which one is unknown.
    const cause: StopCause = this.stopCause ?? { reason: summary?.status === 'condition' ? 'condition' : 'user' };
    const resumable = await storage.hasCheckpoint(this.run.simulationId, this.run.id);
    const lastStopCondition = cause.condition ? { valueType: cause.condition.valueType, threshold: cause.condition.threshold } : null;
    const values = { resumable, ...(lastStopCondition ? { lastStopCondition } : {}) };
    await advanceSimulation(db, bus, { ...this.ids, from: ['creating', 'launching', 'running'], to: 'stopping' });
    await advanceSimulation(db, bus, { ...this.ids, from: ['stopping'], to: 'stopped', values });
    await this.endRun({ state: 'stopped', stopReason: cause.reason === 'shutdown' ? 'user' : cause.reason, lastStopCondition });
    const result = summary ? this.result(summary) : null;
    if (cause.reason === 'user') return { state: 'canceled', result, warnings: this.warnings };
    return { state: 'completed', result, warnings: this.warnings };
  }

  /** This worker shuts down: the run continues from its checkpoint on another one. */
  private async handOver(): Promise<JobOutcome> {
    const { job } = this.context;
    await submitRecovery(this.services, this.run, job);
    return { state: 'failed', errors: [{ message: RUN_MESSAGES.workerShutDown, errorCode: 'worker_shutdown' }], warnings: this.warnings };
  }

  private result(summary: RunSummary) {
    return {
      status: summary.status,
      backend: summary.backend,
      device: summary.device,
      threads: summary.threads,
      particles: summary.particles,
      steps: summary.steps,
      totalSteps: summary.totalSteps,
      outputs: summary.outputs,
      time: summary.time,
      wallSeconds: summary.wallSeconds,
      credits: this.sessionCredits,
      lastLog: this.lastEntry,
    };
  }
}

/** A new session of `run` that resumes from its checkpoint (or starts over when it never wrote one). */
async function submitRecovery(services: JobServices, run: RunRow, lost: JobRow): Promise<void> {
  await services.dispatcher.submit({
    kind: 'solver_run',
    organizationId: run.organizationId,
    simulationId: run.simulationId,
    runId: run.id,
    payload: { mode: 'resume', recovery: true },
    attempt: lost.attempt + 1,
    createdBy: lost.createdBy,
  });
}

/** A stop of a run that has no session working on it: it ends stopped, resumable if it left a checkpoint. */
export async function finishIdleStop(services: JobServices, run: RunRow): Promise<void> {
  const { db, bus, storage } = services;
  const ids = { simulationId: run.simulationId, runId: run.id };
  const resumable = await storage.hasCheckpoint(run.simulationId, run.id);
  await advanceSimulation(db, bus, { ...ids, from: ['creating', 'launching', 'running'], to: 'stopping' });
  const row = await advanceSimulation(db, bus, { ...ids, from: ['stopping'], to: 'stopped', values: { resumable } });
  if (row) await updateRun(db, run.id, { state: 'stopped', stopReason: 'user', endedAt: new Date() });
}

/** Sessions of a run whose worker vanished (an orderly shutdown hands over and does not count). */
function lostSessions(sessions: readonly JobRow[]): number {
  return sessions.filter((j) => j.errors.some((e) => e.errorCode === 'worker_lost')).length;
}

export const solverRunHandler: JobHandler = {
  kind: 'solver_run',
  concurrency: 1,

  async run(context: JobContext): Promise<JobOutcome> {
    const payload = jobPayload(context.job, 'solver_run');
    const run = context.job.runId ? await findRun(context.services.db, context.job.runId) : undefined;
    if (!run) return { state: 'failed', errors: [{ message: 'The run of this job does not exist any more.' }] };
    return new RunSession(context, run).execute(payload);
  },

  async onWorkerLost(services: JobServices, job: JobRow): Promise<void> {
    const { db, bus, storage, config } = services;
    const run = job.runId ? await findRun(db, job.runId) : undefined;
    if (!run) return;
    const simulation = await findSimulationRow(db, run.simulationId);
    if (!simulation || simulation.activeRunId !== run.id) return;
    const resumable = await storage.hasCheckpoint(run.simulationId, run.id);
    const ids = { simulationId: run.simulationId, runId: run.id };
    // Stopping already: the stop is done now (the checkpoint of the last output stays).
    const stopped = await advanceSimulation(db, bus, { ...ids, from: ['stopping'], to: 'stopped', values: { resumable } });
    if (stopped) {
      await updateRun(db, run.id, { state: 'stopped', stopReason: 'user', endedAt: new Date() });
      return;
    }
    // Only a run still under way continues; one that already ended keeps its end.
    if (!['creating', 'launching', 'running'].includes(simulation.state)) return;
    const sessions = await jobsOfRun(db, run.id);
    if (sessions.some((s) => s.id !== job.id && (s.state === 'scheduled' || s.state === 'running'))) return;
    if (lostSessions(sessions) > config.maxRecoveries) {
      await advanceSimulation(db, bus, { ...ids, from: ['launching', 'running'], to: 'stopping' });
      await advanceSimulation(db, bus, { ...ids, from: ['stopping'], to: 'stopped', values: { resumable } });
      await updateRun(db, run.id, { state: 'stopped', stopReason: 'worker_lost', errorMessage: RUN_MESSAGES.recoveryExhausted, endedAt: new Date() });
      return;
    }
    await submitRecovery(services, run, job);
  },

  async onCanceledBeforeStart(services: JobServices, job: JobRow): Promise<void> {
    const run = job.runId ? await findRun(services.db, job.runId) : undefined;
    if (run) await finishIdleStop(services, run);
  },
};
