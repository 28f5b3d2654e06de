// Calls of sensors and volume clips outside the setup document: their replacement on their own (Results,
// also while a run locks the setup), the computed sensor values per output, and the sensor computation
// job (Compute Sensors and its cancel).
import { z } from 'zod';
import { jobRecordSchema, type JobRecord } from '../../domain/jobRecords.ts';
import { customSensorsSchema, type CustomSensors } from '../../domain/postprocessing.ts';
import { sensorSchema, type Sensor } from '../../domain/sensor.ts';
import { volumeClipSchema, type VolumeClip } from '../../domain/volumeClip.ts';
import type { ApiClient } from '../api/ApiClient.ts';

const simulationPath = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export function customSensorsKey(simulationId: string) {
  return ['custom-sensors', simulationId] as const;
}

export function getCustomSensors(api: ApiClient, simulationId: string): Promise<CustomSensors> {
  return api.get(`${simulationPath(simulationId)}/custom_sensors`, customSensorsSchema);
}

export function putSensors(api: ApiClient, simulationId: string, sensors: readonly Sensor[]): Promise<Sensor[]> {
  return api.put(`${simulationPath(simulationId)}/sensors`, { sensors }, z.array(sensorSchema));
}

export function putVolumeClips(api: ApiClient, simulationId: string, volumeClips: readonly VolumeClip[]): Promise<VolumeClip[]> {
  return api.put(`${simulationPath(simulationId)}/volume_clips`, { volumeClips }, z.array(volumeClipSchema));
}

export function startSensorComputation(api: ApiClient, simulationId: string): Promise<JobRecord> {
  return api.post(`${simulationPath(simulationId)}/sensor_outputs/recomputation`, {}, jobRecordSchema, 201);
}
