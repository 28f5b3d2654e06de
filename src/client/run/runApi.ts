// Calls of the run controls: solvers, starting a run (start, restart, resume), stopping, the jobs of a
// simulation, the discretization job (start and cancel), and cancelling any other cancellable job.
import { z } from 'zod';
import { discretizationResultSchema, jobRecordSchema, type DiscretizationResult, type JobRecord } from '../../domain/jobRecords.ts';
import { canCancelJob } from '../../domain/jobs.ts';
import { solverSchema, type Solver } from '../../domain/organization.ts';
import { runSchema, runStartSchema, type Run, type RunStart } from '../../domain/runs.ts';
import { simulationSchema, type Simulation } from '../../domain/simulation.ts';
import type { ApiClient } from '../api/ApiClient.ts';

const simulationPath = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export const solverListSchema = z.array(solverSchema);
export type SolverChoice = Solver;

export function listSolvers(api: ApiClient): Promise<SolverChoice[]> {
  return api.get('/solvers', solverListSchema);
}

export function startRun(api: ApiClient, simulationId: string, request: RunStart): Promise<Run> {
  return api.post(`${simulationPath(simulationId)}/runs`, runStartSchema.parse(request), runSchema, 201);
}

export function listRuns(api: ApiClient, simulationId: string): Promise<Run[]> {
  return api.get(`${simulationPath(simulationId)}/runs`, z.array(runSchema));
}

export function stopSimulation(api: ApiClient, simulationId: string): Promise<Simulation> {
  return api.post(`${simulationPath(simulationId)}/stop`, {}, simulationSchema, [200, 202]);
}

export type SimulationJob = JobRecord;

export function listJobs(api: ApiClient, simulationId: string): Promise<SimulationJob[]> {
  return api.get(`${simulationPath(simulationId)}/jobs`, z.array(jobRecordSchema));
}

export function startDiscretization(api: ApiClient, simulationId: string): Promise<SimulationJob> {
  return api.post(`${simulationPath(simulationId)}/discretizations`, {}, jobRecordSchema, 201);
}

export function cancelDiscretization(api: ApiClient, simulationId: string): Promise<void> {
  return api.delete(`${simulationPath(simulationId)}/discretizations`, null, [200, 202, 204]);
}

export function cancelSensorRecomputation(api: ApiClient, simulationId: string): Promise<void> {
  return api.delete(`${simulationPath(simulationId)}/sensor_outputs/recomputation`, null, [200, 202, 204]);
}

/** Cancels one job by its id (any cancellable kind); the server answers with the job. */
export function cancelJobById(api: ApiClient, jobId: string): Promise<void> {
  return api.delete(`/jobs/${encodeURIComponent(jobId)}`, null, [200, 202, 204]);
}

/** Cancels a tessellation run (its id is its job's). */
export function cancelTessellation(api: ApiClient, runId: string): Promise<void> {
  return api.delete(`/tessellation_runs/${encodeURIComponent(runId)}`, null, 200);
}

/**
 * The cancel call of a job in the Jobs panel (spec 2 §7 'Jobs and export'), or undefined for kinds that
 * are not cancelled from there (solver runs stop from the run button). The card offers it while the job
 * is active and keeps it while its dialog follows the job to its end. Discretization, sensor
 * computation and tessellation have their own calls. An export is cancelled by its job id: DELETE
 * /simulations/{id}/user_exports would delete the files of an export that finished meanwhile.
 */
export function jobCancelCall(api: ApiClient, simulationId: string, job: Pick<SimulationJob, 'id' | 'kind'>): (() => Promise<void>) | undefined {
  // The domain's rule for an active job of this kind: whether the kind can be cancelled at all.
  if (!canCancelJob(job.kind, 'running')) return undefined;
  if (job.kind === 'discretization') return () => cancelDiscretization(api, simulationId);
  if (job.kind === 'sensor_recomputation') return () => cancelSensorRecomputation(api, simulationId);
  if (job.kind === 'tessellation') return () => cancelTessellation(api, job.id);
  return () => cancelJobById(api, job.id);
}

/** The discretization result of a job, when it carries one. */
export function discretizationResultOf(job: SimulationJob): DiscretizationResult | null {
  const parsed = discretizationResultSchema.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}
