// Point and surface sensors (spec 1 §3 'Sensor'): where results are sampled and which attributes and
// outputs are recorded. Available in setup and results mode.
import { z } from 'zod';
import { nonNegativeIntSchema } from './number.ts';
import { vec3Schema, type Vec3 } from './vector.ts';
import { entityIdSchema, createEntityId } from './entity.ts';
import { surfaceSensorMeshSchema, type SurfaceSensorMesh } from './mesh.ts';
import { objectAppearanceSchema, defaultObjectAppearance } from './appearance.ts';
import { resultAttributeKeySchema, type ResultAttributeKey } from './attributes.ts';

export const sensorKinds = ['point', 'surface'] as const;
export type SensorKind = (typeof sensorKinds)[number];

const sensorBase = {
  id: entityIdSchema,
  name: z.string(),
  appearance: objectAppearanceSchema,
  /** Output numbers computed for this sensor so far (filled by sensor computation). */
  outputs: z.array(nonNegativeIntSchema),
  attributes: z.array(resultAttributeKeySchema),
};

export const pointSensorSchema = z.object({ kind: z.literal('point'), ...sensorBase, position: vec3Schema });
export const surfaceSensorSchema = z.object({ kind: z.literal('surface'), ...sensorBase, mesh: surfaceSensorMeshSchema });
export const sensorSchema = z.discriminatedUnion('kind', [pointSensorSchema, surfaceSensorSchema]);
export type Sensor = z.infer<typeof sensorSchema>;
export type PointSensor = z.infer<typeof pointSensorSchema>;
export type SurfaceSensor = z.infer<typeof surfaceSensorSchema>;

const DEFAULT_POINT_ATTRIBUTES: ResultAttributeKey[] = ['pressure', 'velocity'];
const DEFAULT_SURFACE_ATTRIBUTES: ResultAttributeKey[] = ['pressure', 'velocity', 'volume_flux', 'mass_flux'];
const SENSOR_COLOR = '#e4572e';

export function createPointSensor(name: string, position: Vec3, id: string = createEntityId()): PointSensor {
  return {
    kind: 'point', id, name, position, outputs: [], attributes: [...DEFAULT_POINT_ATTRIBUTES],
    appearance: defaultObjectAppearance(SENSOR_COLOR),
  };
}

export function createSurfaceSensor(name: string, mesh: SurfaceSensorMesh, id: string = createEntityId()): SurfaceSensor {
  return {
    kind: 'surface', id, name, mesh, outputs: [], attributes: [...DEFAULT_SURFACE_ATTRIBUTES],
    appearance: defaultObjectAppearance(SENSOR_COLOR),
  };
}
