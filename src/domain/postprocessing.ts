// Post-processing of outputs (ARCHITECTURE 'Data', spec 2 §3 'Output', 'Sensor', 'Export result'): the
// reduced and surface datasets made after each output, the sensor results per output and their API
// shapes, and the user export records the Download panel polls.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema, timestampSchema } from './entity.ts';
import { vec3Schema } from './vector.ts';
import { outputStateSchema } from './output.ts';
import { sensorSchema } from './sensor.ts';
import { volumeClipSchema } from './volumeClip.ts';
import { exportResultSchema, userExportStateSchema } from './userExport.ts';
import { integratedQuantityKeys, type ResultAttributeKey } from './attributes.ts';

// ---------------------------------------------------------------- reduced and surface datasets
/** The `fast` dataset keeps at most this many points of an object (the viewer's low-resolution budget). */
export const FAST_DATASET_TARGET_POINTS = 100_000;

/** Number of points of the `fast` dataset of an object with `count` points. */
export function fastDatasetCount(count: number): number {
  return Math.min(count, FAST_DATASET_TARGET_POINTS);
}

/** Attributes interpolated from the fluid particles onto its reconstructed surface. */
export const SURFACE_ATTRIBUTES: readonly ResultAttributeKey[] = ['velocity', 'pressure'];

/**
 * Iso-surface of the fluid: smoothing length and marching-cubes cell in multiples of the particle radius,
 * the level as a fraction of the rest volume fraction, and a cap on triangles so that one output cannot
 * outgrow what a browser can draw.
 */
export const SURFACE_RECONSTRUCTION = { smoothingLength: 2, cubeSize: 1, isoThreshold: 0.6, maxTriangles: 5_000_000 } as const;

// ---------------------------------------------------------------- sensors
/** Attributes sampled by sensors: scalars as numbers, vectors as [x, y, z]. */
export const sensorValueSchema = z.union([numberSchema, vec3Schema]);
export type SensorValue = z.infer<typeof sensorValueSchema>;

/**
 * One sensor in one output. Point sensors: the interpolated values at the point (null where no fluid
 * particle is within the support). Surface sensors: area-weighted means over the wetted part of the mesh
 * (volume_flux v·n and mass_flux ρ v·n included), the mesh area (m²), and the integrated quantities
 * normal_force Σ p·A·n (N), volume_flow_rate (m³/s), mass_flow_rate (kg/s) and wetted_area (m²).
 */
export const sensorOutputResultSchema = z.object({
  sensorId: entityIdSchema,
  kind: z.enum(['point', 'surface']),
  values: z.record(z.string(), sensorValueSchema.nullable()),
  integrals: z.partialRecord(z.enum(integratedQuantityKeys), sensorValueSchema),
  area: numberSchema.nullable(),
});
export type SensorOutputResult = z.infer<typeof sensorOutputResultSchema>;

/** sensors.json of an output folder: the results of every sensor computed for it. */
export const outputSensorResultsSchema = z.object({
  outputNo: nonNegativeIntSchema,
  time: numberSchema,
  sensors: z.array(sensorOutputResultSchema),
});
export type OutputSensorResults = z.infer<typeof outputSensorResultsSchema>;

export const OUTPUT_SENSOR_RESULTS_FILE = 'sensors.json';

/** GET /api/simulations/:id/custom_sensors: the setup's sensors, the outputs computed and their values. */
export const customSensorSchema = z
  .object({
    sensor: sensorSchema,
    results: z.array(
      z.object({
        outputNo: nonNegativeIntSchema,
        time: numberSchema,
        values: z.record(z.string(), sensorValueSchema.nullable()),
        integrals: z.partialRecord(z.enum(integratedQuantityKeys), sensorValueSchema),
        area: numberSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'CustomSensor' });
export type CustomSensor = z.infer<typeof customSensorSchema>;

export const customSensorsSchema = z
  .object({
    /** The sensor computation job is scheduled or running: sensors cannot be added or edited. */
    computing: z.boolean(),
    outputs: z.array(z.object({ outputNo: nonNegativeIntSchema, state: outputStateSchema })),
    sensors: z.array(customSensorSchema),
  })
  .meta({ id: 'CustomSensors' });
export type CustomSensors = z.infer<typeof customSensorsSchema>;

/** PUT /api/simulations/:id/sensors: the sensors of the setup (also while the setup is locked by a run). */
export const sensorsUpdateSchema = z.object({ sensors: z.array(sensorSchema).max(1000) }).meta({ id: 'SensorsUpdate' });

/**
 * PUT /api/simulations/:id/volume_clips: the volume clips of the setup. Clips only restrict what Results
 * shows and analyses, so like sensors they may change while a run locks the rest of the setup.
 */
export const volumeClipsUpdateSchema = z.object({ volumeClips: z.array(volumeClipSchema).max(1000) }).meta({ id: 'VolumeClipsUpdate' });

export const SENSOR_MESSAGES = {
  editingBlocked: 'Sensors cannot be added or edited while their computation is scheduled or running. Stop the computation first.',
  computationActive: 'The sensors are being computed already.',
  noSensors: 'Add a sensor before computing sensors.',
  noOutputs: 'The simulation has no outputs to compute sensors for.',
  meshUnavailable: 'The sensor geometry could not be read.',
  workerStopped: 'The worker computing the sensors stopped.',
} as const;

// ---------------------------------------------------------------- user export
/** Exported files are kept this long; then they are deleted and the export shows as expired. */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** GET /api/simulations/:id/user_exports: the latest export of the simulation, or null when none. */
export const userExportRecordSchema = exportResultSchema
  .extend({
    id: entityIdSchema,
    createdAt: timestampSchema,
    finishedAt: timestampSchema.nullable(),
    /** What was asked for. */
    request: userExportStateSchema,
    /** The id of the zip with every file, once written. */
    archiveFileId: entityIdSchema.nullable(),
  })
  .meta({ id: 'UserExport' });
export type UserExportRecord = z.infer<typeof userExportRecordSchema>;

export const userExportFileParamsSchema = z.object({ id: z.uuid('Not a valid id'), fileId: z.uuid('Not a valid id') });

/** The zip of every exported file is named after the simulation with this suffix. */
export const EXPORT_ARCHIVE_SUFFIX = '_export.zip';
