// The one HTTP call of the statistics panel: Compute Sensors, offered when the selected sensors have no
// results for the shown output (spec 2 §8 'No computed results for the selected part').
import { jobRecordSchema, type JobRecord } from '../../../domain/jobRecords.ts';
import type { ApiClient } from '../../api/ApiClient.ts';

export function startSensorComputation(api: ApiClient, simulationId: string): Promise<JobRecord> {
  return api.post(`/simulations/${encodeURIComponent(simulationId)}/sensor_outputs/recomputation`, {}, jobRecordSchema, 201);
}
