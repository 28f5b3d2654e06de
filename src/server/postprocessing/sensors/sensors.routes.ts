// Sensors in results: their computed values (custom_sensors), replacing the setup's sensors (also while a
// run locks the setup), and starting and cancelling the sensor recomputation job.
import { z } from 'zod';
import { idParamsSchema } from '../../../domain/api.ts';
import { jobRecordSchema } from '../../../domain/jobRecords.ts';
import { customSensorsSchema, sensorsUpdateSchema } from '../../../domain/postprocessing.ts';
import { sensorSchema } from '../../../domain/sensor.ts';
import { authOf } from '../../account/identity/requestAuth.ts';
import { cancelSensorRecomputation, customSensors, replaceSensors, startSensorRecomputation } from './sensorService.ts';
import { bearer, errorResponses } from '../../platform/http/routes.ts';
import type { RunRoutes } from '../../runs/runs.routes.ts';

export const sensorRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['sensors'];
  const services = runs.services;

  app.get(
    '/simulations/:id/custom_sensors',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The sensors of the setup with their values per output of the active run, and the per-output sensor states',
        params: idParamsSchema,
        response: { 200: customSensorsSchema, ...errorResponses },
      },
    },
    async (request) => customSensors(services, authOf(request), request.params.id),
  );

  app.put(
    '/simulations/:id/sensors',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Replace the sensors of the setup (allowed while a run locks the setup; refused while sensors are being computed)',
        params: idParamsSchema,
        body: sensorsUpdateSchema,
        response: { 200: z.array(sensorSchema), ...errorResponses },
      },
    },
    async (request) => replaceSensors(services, authOf(request), request.params.id, request.body.sensors),
  );

  app.post(
    '/simulations/:id/sensor_outputs/recomputation',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Compute Sensors: the current sensors over every output of the active run',
        params: idParamsSchema,
        response: { 201: jobRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await startSensorRecomputation(services, authOf(request), request.params.id)),
  );

  app.delete(
    '/simulations/:id/sensor_outputs/recomputation',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Stop the scheduled or running sensor computation',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await cancelSensorRecomputation(services, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
