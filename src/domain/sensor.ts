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

/**
 * Attributes a sensor can record: what the solver writes for its fluids, interpolated at the sensor;
 * surface sensors add the fluxes through their surface (v·n and ρ v·n). Surface sensors also always give
 * the integrated quantities of their surface (normal force, volume and mass flow rate, wetted area).
 */
export const POINT_SENSOR_ATTRIBUTES: readonly ResultAttributeKey[] = ['pressure', 'velocity', 'density', 'acceleration', 'shear_rate'];
export const SURFACE_SENSOR_ATTRIBUTES: readonly ResultAttributeKey[] = [...POINT_SENSOR_ATTRIBUTES, 'volume_flux', 'mass_flux'];

export function sensorAttributeOptions(kind: SensorKind): readonly ResultAttributeKey[] {
  return kind === 'point' ? POINT_SENSOR_ATTRIBUTES : SURFACE_SENSOR_ATTRIBUTES;
}

/** Integrated quantities every surface sensor gives per output (spec 2 §3 'Integrated quantities'). */
export const SURFACE_SENSOR_INTEGRALS = ['mass_flow_rate', 'volume_flow_rate', 'normal_force', 'wetted_area'] as const;

/**
 * The shapes the Add menu offers for a sensor (spec 1 §2): a point, a disk (circle mesh), a rectangle, or
 * an uploaded surface (complex mesh).
 */
export const sensorShapes = ['point', 'disk', 'rectangle', 'geometry'] as const;
export type SensorShape = (typeof sensorShapes)[number];
export const sensorShapeLabels: Readonly<Record<SensorShape, string>> = {
  point: 'Point',
  disk: 'Disk',
  rectangle: 'Rectangle',
  geometry: 'Upload Geometry',
};

export function sensorShapeOf(sensor: Sensor): SensorShape {
  if (sensor.kind === 'point') return 'point';
  switch (sensor.mesh.kind) {
    case 'circle':
      return 'disk';
    case 'rectangle':
    case 'plane':
      return 'rectangle';
    case 'complex':
      return 'geometry';
  }
}

const DEFAULT_POINT_ATTRIBUTES: ResultAttributeKey[] = ['pressure', 'velocity'];
const DEFAULT_SURFACE_ATTRIBUTES: ResultAttributeKey[] = ['pressure', 'velocity', 'volume_flux', 'mass_flux'];
const SENSOR_COLOR = '#e4572e';

/**
 * Sensors are drawn in their own colour in Setup and in one colour that stands out over the particles in
 * Results (spec 2 §4: the modes change the sensor colour).
 */
export const RESULTS_SENSOR_COLOR = '#FFB10F';

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
