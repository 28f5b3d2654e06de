// The run lifecycle (spec 1 §4): start, restart and resume (POST /runs) with the start blockers of spec 1
// §5 in the spec's words, stop (a checkpoint stays; resumable while the setup is unchanged), the runs
// history, the jobs of a simulation, and the solvers an organisation may use.
import { access } from 'node:fs/promises';
import type { ConditionValues, SimulationCondition } from '../../domain/condition.ts';
import type { JobRecord } from '../../domain/jobRecords.ts';
import { canCancelJob } from '../../domain/jobs.ts';
import { creditsPerHour, isFreeInstance, RUN_MESSAGES, type Run, type RunStart } from '../../domain/runs.ts';
import { emptySetup, parseSetupDocument } from '../../domain/setup.ts';
import { END_STATES, RUNNING_GROUP, type SimulationState } from '../../domain/simulationState.ts';
import { startBlockers } from '../../domain/startRules.ts';
import type { Solver } from '../../domain/organization.ts';
import { conditionIssues } from '../../domain/validation/conditionRules.ts';
import { fullName } from '../../domain/user.ts';
import type { AvatarId } from '../../domain/user.ts';
import { insertSequence } from '../credits/creditLedger.repository.ts';
import { activeJobsOfRun, findJob, jobsOfSimulation, type JobRow } from '../platform/jobs/jobs.repository.ts';
import { countSimulationsInStates, findOrganization, findSolver, solversFor, storageConsumed } from '../account/organizations.repository.ts';
import { findRun, freeInstanceBusy, insertRun, lockSimulation, nextRunNumber, runsOfSimulation, updateRun, updateRunReturning, updateSimulationRow, type RunRow, type RunWithNames } from './runs.repository.ts';
import { findSetup } from '../simulations/simulations.repository.ts';
import { findUploadedSetup, type UploadedSetupRow } from '../uploads/uploadedSetups.repository.ts';
import { HttpError, notFound, validationFailed } from '../platform/http/errors.ts';
import { toJobRecord } from '../platform/jobs/jobRecords.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import { advanceSimulation, publishSimulation } from '../simulations/simulationState.ts';
import type { RunStorage } from '../platform/storage/storage.ts';
import { checkSetup } from '../simulations/validation.ts';
import { finishIdleStop } from './solverRunHandler.ts';

const BUSY: readonly SimulationState[] = [...RUNNING_GROUP, 'stopping'];

export function toRun(row: RunWithNames | (Omit<RunRow, 'setup'> & { solverName?: string | null; creator?: RunWithNames['creator'] })): Run {
  return {
    id: row.id,
    simulationId: row.simulationId,
    number: row.number,
    mode: row.mode,
    state: row.state as SimulationState,
    solver: row.solverId && row.solverName ? { id: row.solverId, name: row.solverName } : null,
    cores: row.cores,
    gpu: row.gpu,
    freeInstance: row.freeInstance,
    creditsPerHour: row.creditsPerHour,
    conditions: row.conditions,
    credits: row.credits,
    simulationHours: row.simulationHours,
    sessions: row.sessions,
    lastOutputNo: row.lastOutputNo,
    log: row.log ?? null,
    lastStopCondition: row.lastStopCondition ?? null,
    stopReason: row.stopReason ?? null,
    errorMessage: row.errorMessage,
    createdBy: row.creator
      ? { id: row.creator.id, fullName: fullName(row.creator.firstName, row.creator.lastName), avatarId: (row.creator.avatarId as AvatarId | null) ?? null }
      : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** Thresholds must lie ahead of where the run stands (for a new run: time, runtime and credits at 0). */
function conditionErrors(conditions: readonly SimulationCondition[], endTime: number, current: ConditionValues | null) {
  const errors: { path: string; message: string }[] = [];
  conditions.forEach((condition, index) => {
    const known = current ?? (condition.valueType === 'particle_nbr' ? undefined : { time: 0, runtime: 0, credits: 0, particle_nbr: 0 });
    for (const issue of conditionIssues(condition, { endTime, current: known })) {
      if (issue.severity !== 'error') continue;
      errors.push({ path: `conditions.${index}.${issue.field}`, message: `${condition.valueType} threshold ${issue.message}` });
    }
  });
  return errors;
}

/** What the start rules know of an uploaded setup: its zip (only while the file is still stored) and job file. */
async function uploadedSetupInput(storage: RunStorage, record: UploadedSetupRow | undefined): Promise<{ zipFileId: string | null; jobFilename: string | null }> {
  if (!record) return { zipFileId: null, jobFilename: null };
  const stored = await access(storage.uploadPath(record.organizationId, record.zipFileId)).then(() => true, () => false);
  return { zipFileId: stored ? record.zipFileId : null, jobFilename: record.jobFilename };
}

export async function startRun(services: JobServices, auth: AuthContext, simulationId: string, input: RunStart): Promise<Run> {
  const { db, storage, bus, dispatcher } = services;
  const resume = input.mode === 'resume';
  // Checked before anything changes: with the queue unreachable the run could only end as a failed
  // creation, so the caller hears at once that the service is unavailable and can try again.
  if (!(await dispatcher.available())) throw new HttpError('service_unavailable', RUN_MESSAGES.queueUnavailable);
  const { run, job } = await db.transaction(async (tx) => {
    await accessSimulation(tx, auth, simulationId, 'write');
    const sim = await lockSimulation(tx, simulationId);
    if (!sim) throw validationFailed('Simulation not found.');
    const state = sim.state as SimulationState;
    if (BUSY.includes(state)) throw new HttpError('wrong_input', RUN_MESSAGES.notStartable, { status: 409 });

    const previous = sim.activeRunId ? await findRun(tx, sim.activeRunId) : undefined;
    if (resume) {
      if (!previous || !sim.setupLocked || !sim.resumable || !END_STATES.includes(state)) throw validationFailed(RUN_MESSAGES.notResumable, 'mode');
      if (!(await storage.hasCheckpoint(sim.id, previous.id))) throw validationFailed(RUN_MESSAGES.noCheckpoint, 'mode');
    }
    const setup = resume && previous ? previous.setup : parseSetupDocument((await findSetup(tx, sim.id))?.document ?? emptySetup());

    const organization = await findOrganization(tx, auth.organization.id);
    if (!organization) throw validationFailed('Organisation not found.');
    const subscription = organization.subscription;
    const solver = await findSolver(tx, organization.id, input.solverId);
    const free = isFreeInstance(input);
    const consumed = await storageConsumed(tx, organization.id);
    const running = await countSimulationsInStates(tx, organization.id, RUNNING_GROUP);
    const uploaded = sim.uploadedSetup ? await uploadedSetupInput(storage, await findUploadedSetup(tx, sim.id)) : undefined;
    const reasons = startBlockers({
      hasInputErrors: !checkSetup(setup).valid,
      solverAvailable: solver !== undefined,
      credits: organization.credits,
      freeInstance: free && subscription?.freeInstance === true,
      storageFull: consumed >= (subscription?.storageBytes ?? 0),
      organizationFeatures: organization.features,
      maximumSimulationsExceeded: organization.maxSimulations !== null && running >= organization.maxSimulations,
      uploadedSetup: uploaded,
    });
    if (reasons.length > 0) {
      throw new HttpError('validation_error', reasons[0], { fieldErrors: reasons.map((message) => ({ path: 'start', message })) });
    }
    if (!input.gpu) {
      if (free && !subscription?.freeInstance) throw validationFailed(RUN_MESSAGES.noFreeInstance, 'cores');
      const maxCores = subscription?.maxCores ?? 0;
      if (input.cores > maxCores) throw validationFailed(RUN_MESSAGES.tooManyCores(maxCores), 'cores');
    }
    if (free && (await freeInstanceBusy(tx, organization.id, sim.id))) throw validationFailed(RUN_MESSAGES.freeInstanceOccupied, 'cores');

    // Without conditions in the request: the setup's for a new run, the ones not reached yet for a resume.
    const defaults = resume && previous ? previous.conditions.filter((c) => !c.triggered) : setup.conditions;
    const conditions = (input.conditions ?? defaults).map((c) => ({ ...c, triggered: false }));
    const current = resume && previous?.log
      ? { time: previous.log.time, runtime: previous.log.runtime, credits: previous.credits, particle_nbr: previous.log.particles }
      : null;
    const conditionProblems = conditionErrors(conditions, setup.settings.endTime, current);
    if (conditionProblems.length > 0) {
      throw new HttpError('validation_error', conditionProblems[0].message, { fieldErrors: conditionProblems });
    }

    const choice = {
      solverId: input.solverId,
      cores: input.cores,
      gpu: input.gpu,
      freeInstance: free,
      creditsPerHour: creditsPerHour(input),
      conditions,
      stopReason: null,
      errorMessage: null,
      lastStopCondition: null,
      endedAt: null,
    };
    let run: RunRow;
    if (resume && previous) {
      run = (await updateRunReturning(tx, previous.id, { ...choice, mode: 'resume', state: 'creating' })) ?? previous;
    } else {
      const number = await nextRunNumber(tx, sim.id);
      const sequence = await insertSequence(tx, {
        organizationId: organization.id,
        kind: 'simulation',
        credits: 0,
        simulationHours: 0,
        simulationId: sim.id,
        simulationName: sim.name,
        note: `Run ${number}`,
        issuerId: auth.user.id,
      });
      run = await insertRun(tx, {
        ...choice,
        organizationId: organization.id,
        simulationId: sim.id,
        number,
        mode: input.mode === 'resume' ? 'start' : input.mode,
        state: 'creating',
        setup,
        creditSequenceId: sequence.id,
        createdBy: auth.user.id,
      });
    }
    await updateSimulationRow(tx, sim.id, {
      state: 'creating',
      setupLocked: true,
      resumable: false,
      activeRunId: run.id,
      cores: input.cores,
      gpu: input.gpu,
      freeInstance: free,
      solverId: input.solverId,
      lastStopCondition: null,
      ...(resume ? {} : { startedAt: new Date(), log: null }),
    });
    const job = await dispatcher.create(tx, {
      kind: 'solver_run',
      organizationId: organization.id,
      simulationId: sim.id,
      runId: run.id,
      payload: { mode: resume ? 'resume' : 'start', recovery: false },
      attempt: run.sessions + 1,
      createdBy: auth.user.id,
    });
    return { run, job };
  });

  const queued = await dispatcher.dispatch(job);
  const ids = { simulationId, runId: run.id };
  if (queued) {
    await advanceSimulation(db, bus, { ...ids, from: ['creating'], to: 'launching' });
  } else {
    await advanceSimulation(db, bus, { ...ids, from: ['creating'], to: 'creation_failed', values: { resumable: false } });
    await updateRun(db, run.id, { state: 'creation_failed', errorMessage: RUN_MESSAGES.enqueueFailed, endedAt: new Date() });
    // The queue went away between the check and the dispatch: the run is recorded as a failed
    // creation (it can be started again), and the caller hears that the service is unavailable.
    if (!(await dispatcher.available())) throw new HttpError('service_unavailable', RUN_MESSAGES.queueUnavailable);
  }
  const fresh = (await runsOfSimulation(db, simulationId)).find((r) => r.id === run.id);
  return toRun(fresh ?? run);
}

/** Stop: the solver ends after its current step and leaves a checkpoint; a job nobody took yet is cancelled. */
export async function stopSimulation(services: JobServices, auth: AuthContext, simulationId: string): Promise<void> {
  const { db, bus, dispatcher } = services;
  const target = await db.transaction(async (tx) => {
    await accessSimulation(tx, auth, simulationId, 'write');
    const sim = await lockSimulation(tx, simulationId);
    if (!sim) return null;
    const state = sim.state as SimulationState;
    if (state === 'stopping') return { sim, changed: false };
    if (!RUNNING_GROUP.includes(state)) throw new HttpError('wrong_input', RUN_MESSAGES.notRunning, { status: 409 });
    const row = await updateSimulationRow(tx, sim.id, { state: 'stopping' });
    return { sim: row ?? sim, changed: true };
  });
  if (!target) return;
  if (target.changed) publishSimulation(bus, target.sim);
  const runId = target.sim.activeRunId;
  if (!runId) return;
  await updateRun(db, runId, { state: 'stopping' });
  const active = await activeJobsOfRun(db, runId);
  for (const job of active) await dispatcher.cancel(job);
  if (active.length === 0) {
    // Nothing runs for this run any more (its worker vanished between sweeps): the stop is done.
    const run = await findRun(db, runId);
    if (run) await finishIdleStop(services, run);
  }
}

export async function listRuns(services: JobServices, auth: AuthContext, simulationId: string): Promise<Run[]> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  return (await runsOfSimulation(services.db, simulationId)).map(toRun);
}

export async function listJobs(services: JobServices, auth: AuthContext, simulationId: string): Promise<JobRecord[]> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  return (await jobsOfSimulation(services.db, simulationId)).map(toJobRecord);
}

/** A job of a simulation the caller may read. */
async function accessJob(services: JobServices, auth: AuthContext, jobId: string, mode: 'read' | 'write'): Promise<JobRow> {
  const job = await findJob(services.db, jobId);
  if (!job || job.organizationId !== auth.organization.id) throw notFound('Job not found.');
  await accessSimulation(services.db, auth, job.simulationId, mode);
  return job;
}

export async function getJob(services: JobServices, auth: AuthContext, jobId: string): Promise<JobRecord> {
  return toJobRecord(await accessJob(services, auth, jobId, 'read'));
}

/** Cancel from the Jobs panel: kinds the domain lets the user cancel (solver runs are stopped instead). */
export async function cancelJob(services: JobServices, auth: AuthContext, jobId: string): Promise<JobRecord> {
  const job = await accessJob(services, auth, jobId, 'write');
  if (!canCancelJob(job.kind, job.state)) throw new HttpError('wrong_input', RUN_MESSAGES.notCancellable, { status: 409 });
  return toJobRecord((await services.dispatcher.cancel(job)) ?? job);
}

export async function listSolvers(services: JobServices, auth: AuthContext): Promise<Solver[]> {
  const rows = await solversFor(services.db, auth.organization.id);
  return rows.map((r) => ({ id: r.id, name: r.name, version: r.version, latest: r.latest, maxThreads: services.config.maxThreads }));
}
