// Runs and jobs of a simulation: solvers, start / restart / resume, stop, unlock, the runs history, the
// jobs (Jobs Progress panel), the discretization job, and the server's validation of the setup.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../domain/api.ts';
import { apiErrorSchema } from '../../domain/errors.ts';
import { jobRecordSchema } from '../../domain/jobRecords.ts';
import { solverSchema } from '../../domain/organization.ts';
import { runSchema, runStartSchema, serverValidationSchema } from '../../domain/runs.ts';
import { simulationSchema } from '../../domain/simulation.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { cancelDiscretizations, startDiscretization } from './discretization.ts';
import { cancelJob, getJob, listJobs, listRuns, listSolvers, startRun, stopSimulation } from './lifecycle.ts';
import type { RunsRuntime } from './runtime.ts';
import { validateSimulation } from '../simulations/validation.ts';
import { getSimulation, unlockSetup } from '../simulations/simulations.service.ts';
import type { ServiceContext } from '../platform/context.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';

export type RunRouteOptions = { ctx: ServiceContext; runs: RunsRuntime };
export type RunRoutes = FastifyPluginAsyncZod<RunRouteOptions>;

export const runRoutes: RunRoutes = async (app, { ctx, runs }) => {
  const tags = ['runs'];
  const services = runs.services;

  app.get(
    '/solvers',
    { schema: { tags, security: bearer, summary: 'Solvers the organisation may run', response: { 200: z.array(solverSchema), ...errorResponses } } },
    async (request) => listSolvers(services, authOf(request)),
  );

  app.post(
    '/simulations/:id/runs',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Start, restart (a new run from output 0) or resume (from the last checkpoint) the simulation',
        description: 'Refused with validation_error and the reason when the setup has errors, no solver is available, credits are used up, storage is full or the maximum of simultaneous simulations is reached; with 503 service_unavailable while the job queue cannot be reached.',
        params: idParamsSchema,
        body: runStartSchema,
        response: { 201: runSchema, ...errorResponses, 503: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await startRun(services, authOf(request), request.params.id, request.body)),
  );

  app.get(
    '/simulations/:id/runs',
    { schema: { tags, security: bearer, summary: 'Runs of the simulation, newest first', params: idParamsSchema, response: { 200: z.array(runSchema), ...errorResponses } } },
    async (request) => listRuns(services, authOf(request), request.params.id),
  );

  app.post(
    '/simulations/:id/stop',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Stop the running simulation; it goes to stopping, then stopped, with a checkpoint to resume from',
        params: idParamsSchema,
        response: { 202: simulationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await stopSimulation(services, auth, request.params.id);
      return reply.status(202).send(await getSimulation(ctx, auth, request.params.id));
    },
  );

  app.post(
    '/simulations/:id/unlock',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Edit Setup: unlock the setup (the last run can then no longer be resumed); same as /setup/unlock',
        params: idParamsSchema,
        response: { 200: simulationSchema, ...errorResponses },
      },
    },
    async (request) => unlockSetup(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/simulations/:id/jobs',
    { schema: { tags, security: bearer, summary: 'Jobs of the simulation, newest first', params: idParamsSchema, response: { 200: z.array(jobRecordSchema), ...errorResponses } } },
    async (request) => listJobs(services, authOf(request), request.params.id),
  );

  app.get(
    '/jobs/:id',
    { schema: { tags, security: bearer, summary: 'A job', params: idParamsSchema, response: { 200: jobRecordSchema, ...errorResponses } } },
    async (request) => getJob(services, authOf(request), request.params.id),
  );

  app.delete(
    '/jobs/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel a scheduled or running job of a cancellable kind (discretization, tessellation, sensors, export, statistics)',
        params: idParamsSchema,
        response: { 202: jobRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(202).send(await cancelJob(services, authOf(request), request.params.id)),
  );

  app.post(
    '/simulations/:id/discretizations',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Discretize the setup (particle counts and warnings arrive as the job result)',
        params: idParamsSchema,
        response: { 201: jobRecordSchema, ...errorResponses, 503: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await startDiscretization(services, authOf(request), request.params.id)),
  );

  app.delete(
    '/simulations/:id/discretizations',
    { schema: { tags, security: bearer, summary: 'Cancel the scheduled or running discretization', params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await cancelDiscretizations(services, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/simulations/:id/validation',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Validation of the setup (default profile) with the SPH engine support check',
        params: idParamsSchema,
        response: { 200: serverValidationSchema, ...errorResponses },
      },
    },
    async (request) => validateSimulation(services, authOf(request), request.params.id),
  );
};
