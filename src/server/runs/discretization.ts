// The discretization job (Discretize in the Jobs panel): the solver's discretizer on the current setup in
// a solver process, with particle counts and the discretizer's warnings as its result; start and cancel.
import type { JobRecord, DiscretizationResult } from '../../domain/jobRecords.ts';
import { RUN_MESSAGES } from '../../domain/runs.ts';
import { emptySetup, parseSetupDocument } from '../../domain/setup.ts';
import { activeJobsOfSimulation } from '../platform/jobs/jobs.repository.ts';
import { lockSimulation } from './runs.repository.ts';
import { findSetup } from '../simulations/simulations.repository.ts';
import { HttpError } from '../platform/http/errors.ts';
import { toJobRecord } from '../platform/jobs/jobRecords.ts';
import type { JobContext, JobHandler, JobOutcome, JobServices } from '../platform/jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import { fileMapForSetup } from '../simulations/setupFiles.ts';
import { SolverChild, SolverProcessError } from './solverChild.ts';

export const discretizationHandler: JobHandler = {
  kind: 'discretization',
  concurrency: 2,

  async run(context: JobContext): Promise<JobOutcome> {
    const { db, storage } = context.services;
    const { job } = context;
    const stored = await findSetup(db, job.simulationId);
    let setup;
    try {
      setup = parseSetupDocument(stored?.document ?? emptySetup());
    } catch (error) {
      return { state: 'failed', errors: [{ message: error instanceof Error ? error.message : String(error) }] };
    }
    const files = await fileMapForSetup(db, storage, job.organizationId, setup);
    let result: DiscretizationResult | null = null;
    const child = SolverChild.discretize(setup, files, {
      onPrepared: (counts, warnings) => {
        result = {
          particleCounts: { fluid: counts.fluid, wall: counts.wall, buffer: counts.buffer, total: counts.total },
          particlesPerPart: counts.perPart,
          warnings: warnings.map((w) => ({ code: w.code, message: w.message, partId: w.partId })),
        };
      },
    });
    const onAbort = () => child.kill();
    context.signal.addEventListener('abort', onAbort);
    if (context.signal.aborted) onAbort();
    try {
      await child.result();
    } catch (error) {
      const reason = context.abortReason();
      if (reason === 'cancel') return { state: 'canceled' };
      if (reason === 'shutdown') return { state: 'failed', errors: [{ message: RUN_MESSAGES.workerShutDown, errorCode: 'worker_shutdown' }] };
      const issues = error instanceof SolverProcessError ? (error.failure.issues ?? []) : [];
      if (issues.length > 0) return { state: 'failed', errors: issues.map((i) => ({ message: `${i.setting}: ${i.message}`, errorCode: 'unsupported' })) };
      return { state: 'failed', errors: [{ message: error instanceof Error ? error.message : String(error) }] };
    } finally {
      context.signal.removeEventListener('abort', onAbort);
    }
    const done = result as DiscretizationResult | null;
    if (!done) return { state: 'failed', errors: [{ message: 'The discretizer reported no result.' }] };
    return {
      state: 'completed',
      progress: 100,
      result: done,
      warnings: done.warnings.map((w) => ({ message: w.message, errorCode: w.code })),
    };
  },
};

export async function startDiscretization(services: JobServices, auth: AuthContext, simulationId: string): Promise<JobRecord> {
  const { db, dispatcher } = services;
  if (!(await dispatcher.available())) throw new HttpError('service_unavailable', RUN_MESSAGES.queueUnavailable);
  const job = await db.transaction(async (tx) => {
    await accessSimulation(tx, auth, simulationId, 'write');
    // One discretization at a time per simulation: concurrent requests queue up on the row lock.
    await lockSimulation(tx, simulationId);
    if ((await activeJobsOfSimulation(tx, simulationId, ['discretization'])).length > 0) {
      throw new HttpError('wrong_input', RUN_MESSAGES.discretizationActive, { status: 409 });
    }
    return dispatcher.create(tx, {
      kind: 'discretization',
      organizationId: auth.organization.id,
      simulationId,
      createdBy: auth.user.id,
    });
  });
  await dispatcher.dispatch(job);
  return toJobRecord(job);
}

/** Cancels every scheduled or running discretization of the simulation; returns how many. */
export async function cancelDiscretizations(services: JobServices, auth: AuthContext, simulationId: string): Promise<number> {
  await accessSimulation(services.db, auth, simulationId, 'write');
  const active = await activeJobsOfSimulation(services.db, simulationId, ['discretization']);
  for (const job of active) await services.dispatcher.cancel(job);
  return active.length;
}
