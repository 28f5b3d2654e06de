// Geometry of a part (spec 1 §3 'Shape'): an uploaded or inline triangle mesh, a generated cube, a
// plane, a point cloud taken from another simulation or file, or nothing yet ("empty").
import { z } from 'zod';
import { numberSchema, intSchema, nonNegativeIntSchema } from './number.ts';
import { vec3Schema } from './vector.ts';
import { entityIdSchema } from './entity.ts';

export const shapeTypes = ['plane', 'stl', 'stl_cube', 'pointcloud', 'empty'] as const;
export const shapeTypeSchema = z.enum(shapeTypes);
export type ShapeType = z.infer<typeof shapeTypeSchema>;

// Named here too: stlUnits.ts holds them without zod, for the engine's geometry module.
export { stlUnitFactors, type StlUnit } from './stlUnits.ts';
export const stlUnitSchema = z.enum(['m', 'mm', 'in']);

export const fileReferenceSchema = z.object({
  name: z.string().min(1).max(255),
  /** Lower-case, without the dot: "stl", "step", "csv". */
  extension: z.string().min(1).max(16),
  unit: stlUnitSchema.optional(),
});
export type FileReference = z.infer<typeof fileReferenceSchema>;

/** Flat triangle mesh: xyz triples and counter-clockwise (outward) triangle index triples. */
export const triangleMeshSchema = z.object({
  vertices: z.array(numberSchema),
  indices: z.array(nonNegativeIntSchema),
});
export type TriangleMesh = z.infer<typeof triangleMeshSchema>;

/** Read-only facts computed by the server's mesh check (Information tab, mesh health mode). */
export const shapeInfoSchema = z.object({
  center: vec3Schema,
  normal: vec3Schema.nullable(),
  isPlanar: z.boolean(),
  nbrOfTriangles: nonNegativeIntSchema,
  holes: nonNegativeIntSchema,
  nonManifold: nonNegativeIntSchema,
  surfaceArea: numberSchema,
  boundingBox: z.object({ min: vec3Schema, max: vec3Schema }),
});
export type ShapeInfo = z.infer<typeof shapeInfoSchema>;

/**
 * Placement (vector.ts convention: scale, then Euler XYZ rotation in degrees, then translation) and the
 * discretisation resolution as a fraction of the full resolution (the UI slider shows 1..100 %).
 */
const shapeBase = {
  translation: vec3Schema,
  rotation: vec3Schema,
  scale: vec3Schema,
  flipNormals: z.boolean(),
  info: shapeInfoSchema.nullable(),
  resolution: numberSchema,
};

/** Uploaded STL (`fileId` + `file`) or a mesh carried inline in the document (`mesh`). */
export const stlShapeSchema = z.object({
  type: z.literal('stl'),
  ...shapeBase,
  fileId: entityIdSchema.nullable(),
  file: fileReferenceSchema.nullable(),
  mesh: triangleMeshSchema.nullable(),
});
/** Box of `dimensions` centred at the local origin (the add-menu Cube and Filled Cube). */
export const stlCubeShapeSchema = z.object({ type: z.literal('stl_cube'), ...shapeBase, dimensions: vec3Schema });
/** Square of dimensions[0] × dimensions[1] in the local XY plane, normal +Z (dimensions[2] unused). */
export const planeShapeSchema = z.object({ type: z.literal('plane'), ...shapeBase, dimensions: vec3Schema });
/** Particles taken from an output of another simulation, or from an uploaded file. */
export const pointcloudShapeSchema = z.object({
  type: z.literal('pointcloud'),
  ...shapeBase,
  refSimulationId: entityIdSchema.nullable(),
  refSimulationOutput: nonNegativeIntSchema.nullable(),
  fileId: entityIdSchema.nullable(),
  file: fileReferenceSchema.nullable(),
  /** Each source particle is split into this many (integer >= 1). */
  splittingRatio: intSchema,
});
export const emptyShapeSchema = z.object({ type: z.literal('empty'), ...shapeBase });

export const shapeSchema = z.discriminatedUnion('type', [
  stlShapeSchema, stlCubeShapeSchema, planeShapeSchema, pointcloudShapeSchema, emptyShapeSchema,
]);
export type Shape = z.infer<typeof shapeSchema>;
export type StlShape = z.infer<typeof stlShapeSchema>;
export type StlCubeShape = z.infer<typeof stlCubeShapeSchema>;
export type PlaneShape = z.infer<typeof planeShapeSchema>;
export type PointcloudShape = z.infer<typeof pointcloudShapeSchema>;
export type EmptyShape = z.infer<typeof emptyShapeSchema>;

// Named here too: setupDefaults.ts holds them without zod, for the engine's cases and benchmarks.
export {
  cubeShape, emptyShape, inlineMeshShape, planeShape, simulationPointcloudShape, stlFileShape,
} from './setupDefaults.ts';

/** True when the shape actually carries geometry the discretiser can use. */
export function hasGeometry(shape: Shape): boolean {
  switch (shape.type) {
    case 'empty':
      return false;
    case 'stl':
      return shape.fileId !== null || (shape.mesh !== null && shape.mesh.indices.length >= 3);
    case 'pointcloud':
      return shape.refSimulationId !== null || shape.fileId !== null;
    case 'stl_cube':
    case 'plane':
      return true;
  }
}

/** Mesh-resolution slider (percent, 1..100) to the stored fraction, and back. */
export function resolutionToPercent(fraction: number): number {
  return Math.round(fraction * 100 * 1e9) / 1e9;
}

export function percentToResolution(percent: number): number {
  return Math.round((percent / 100) * 1e12) / 1e12;
}
