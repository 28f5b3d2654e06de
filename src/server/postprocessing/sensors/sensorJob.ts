// The sensor recomputation job (Compute Sensors, spec 1 §4): the setup's current sensors over every
// output of the active run, one output after the other in a post-processing process of its own, with the
// per-output sensor state going pending -> ready or failed (also for outputs not reached when it was
// cancelled or its worker lost). Failed outputs are named in the job's warning ('Computation failed for
// outputs: ...'); a cancel stops the process at once.
import { templates } from '../../../domain/messages.ts';
import type { JobMessage } from '../../../domain/jobs.ts';
import { SENSOR_MESSAGES } from '../../../domain/postprocessing.ts';
import { emptySetup } from '../../../domain/setup.ts';
import { failPendingSensorOutputs, setOutputStates } from '../outputStates.repository.ts';
import type { JobRow } from '../../platform/jobs/jobs.repository.ts';
import { findRun } from '../../runs/runs.repository.ts';
import { outputsOfRun, setSensorStates } from '../../runs/runOutputs.repository.ts';
import { findSetup } from '../../simulations/simulations.repository.ts';
import type { JobContext, JobHandler, JobOutcome, JobServices } from '../../platform/jobs/registry.ts';
import { uploadReader } from '../meshes.ts';
import { outputDir } from '../outputFolder.ts';
import { PostprocessingChild } from '../postprocessingChild.ts';
import { sensorTasksOf } from './sensorTasks.ts';

/** Progress is written at most this often (ms). */
const PROGRESS_INTERVAL_MS = 1000;
/** Below normal priority: a solver run on the same machine goes first, the user's request soon after. */
const NICENESS = 10;

export const sensorRecomputationHandler: JobHandler = {
  kind: 'sensor_recomputation',
  concurrency: 1,

  async run(context: JobContext): Promise<JobOutcome> {
    const { db, storage, log } = context.services;
    const { job } = context;
    const run = job.runId ? await findRun(db, job.runId) : undefined;
    if (!run) return { state: 'failed', errors: [{ message: SENSOR_MESSAGES.noOutputs }] };
    const setup = (await findSetup(db, job.simulationId))?.document ?? emptySetup();
    const { tasks, unavailable } = await sensorTasksOf(setup.sensors, uploadReader(db, storage, job.organizationId));
    const warnings: JobMessage[] = unavailable.map((s) => ({ message: `${s.name}: ${SENSOR_MESSAGES.meshUnavailable}`, errorCode: 'sensor_mesh' }));
    const outputs = (await outputsOfRun(db, run.id)).map((o) => o.outputNo);
    if (outputs.length === 0) return { state: 'failed', errors: [{ message: SENSOR_MESSAGES.noOutputs }] };
    await setSensorStates(db, run.id, outputs, 'pending');

    const child = new PostprocessingChild({ niceness: NICENESS, idleMs: 5000 });
    const onAbort = () => child.close();
    context.signal.addEventListener('abort', onAbort);
    const failed: number[] = [];
    let lastProgress = 0;
    try {
      for (const [i, outputNo] of outputs.entries()) {
        if (context.signal.aborted) break;
        let ok: boolean;
        try {
          const reply = await child.run({
            folder: outputDir(storage, run.simulationId, run.id, outputNo),
            particleDiameter: run.setup.settings.particleDiameter,
            datasets: false,
            sensors: tasks,
          });
          ok = reply.sensors.state !== 'failed';
          if (reply.sensors.state === 'failed') log.warn({ jobId: job.id, outputNo, error: reply.sensors.error }, 'sensors of an output failed');
        } catch (error) {
          if (context.signal.aborted) break;
          log.warn({ err: error, jobId: job.id, outputNo }, 'sensor computation process failed');
          ok = false;
        }
        if (!ok) failed.push(outputNo);
        await setOutputStates(db, run.id, outputNo, { sensorState: ok ? 'ready' : 'failed' });
        const now = performance.now();
        if (now - lastProgress >= PROGRESS_INTERVAL_MS || i === outputs.length - 1) {
          lastProgress = now;
          await context.update({ progress: (100 * (i + 1)) / outputs.length });
        }
      }
    } finally {
      context.signal.removeEventListener('abort', onAbort);
      child.close();
    }
    if (context.signal.aborted) {
      // Outputs not reached keep no results of the current sensors.
      await failPendingSensorOutputs(db, run.id);
      const reason = context.abortReason();
      if (reason === 'cancel') return { state: 'canceled', warnings };
      return { state: 'failed', errors: [{ message: SENSOR_MESSAGES.workerStopped, errorCode: 'worker_shutdown' }], warnings };
    }
    if (failed.length > 0) warnings.push({ message: templates.sensorsFailedOutputs(failed), errorCode: 'sensor_outputs_failed', outputs: failed });
    if (failed.length === outputs.length) return { state: 'failed', errors: [{ message: templates.sensorsFailedOutputs(failed), outputs: failed }], warnings };
    return { state: 'completed', progress: 100, result: { outputs: outputs.length, failed, sensors: tasks.length }, warnings };
  },

  async onWorkerLost(services: JobServices, job: JobRow): Promise<void> {
    if (job.runId) await failPendingSensorOutputs(services.db, job.runId);
  },
};
