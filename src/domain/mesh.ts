// Mesh definitions of refinements, sensors and volume clips (spec 1 §3 'Mesh kinds', spec 2 §3):
// parametric primitives placed by a transform, a single point, or a stored ("complex") mesh file.
import { z } from 'zod';
import { numberSchema, intSchema, nonNegativeIntSchema } from './number.ts';
import { vec3Schema, type Vec3 } from './vector.ts';
import { entityIdSchema } from './entity.ts';
import { fileReferenceSchema, type FileReference } from './shape.ts';

export const meshKinds = ['point', 'rectangle', 'cube', 'cylinder', 'circle', 'complex', 'plane', 'sphere'] as const;
export const meshKindSchema = z.enum(meshKinds);
export type MeshKind = z.infer<typeof meshKindSchema>;

/** Segment counts and sizes the viewer and solver use when a definition leaves them out (spec 2 §9). */
export const MESH_DEFAULTS = {
  circleResolution: 100,
  cylinderResolution: 100,
  sphereResolution: 16,
  planeSize: 2,
  cylinderHeight: 2,
} as const;

/**
 * Placement shared by every kind but `point`: local geometry centred at the origin, scaled, rotated
 * (Euler XYZ degrees, see vector.ts) and translated. `nbrOfTriangles` is informative, filled by the server.
 */
const placed = {
  translation: vec3Schema,
  rotation: vec3Schema,
  scale: vec3Schema,
  flipNormals: z.boolean(),
  nbrOfTriangles: nonNegativeIntSchema.optional(),
};

export const pointMeshSchema = z.object({ kind: z.literal('point'), position: vec3Schema });
/** Rectangle in the plane through the origin with the given normal, rotated in-plane by `angle` degrees. */
export const rectangleMeshSchema = z.object({
  kind: z.literal('rectangle'), ...placed, width: numberSchema, height: numberSchema, normal: vec3Schema, angle: numberSchema,
});
export const cubeMeshSchema = z.object({ kind: z.literal('cube'), ...placed, dimensions: vec3Schema });
export const cylinderMeshSchema = z.object({
  kind: z.literal('cylinder'), ...placed, radius: numberSchema, height: numberSchema, axis: vec3Schema,
  cylinderResolution: intSchema,
});
/** Disk (sensor "Disk"): a circle of the given radius in the plane with the given normal. */
export const circleMeshSchema = z.object({
  kind: z.literal('circle'), ...placed, radius: numberSchema, normal: vec3Schema, circleResolution: intSchema,
});
/**
 * A stored triangle mesh (uploaded geometry); `cache` lets the server serve a cached decoding. `file` names
 * the upload and its length unit for the screens that draw it; the server scales by the unit it stored
 * with the upload.
 */
export const complexMeshSchema = z.object({
  kind: z.literal('complex'), ...placed, fileId: entityIdSchema, cache: z.boolean(), file: fileReferenceSchema.nullable().optional(),
});
export const planeMeshSchema = z.object({
  kind: z.literal('plane'), ...placed, width: numberSchema, height: numberSchema, normal: vec3Schema,
});
export const sphereMeshSchema = z.object({
  kind: z.literal('sphere'), ...placed, radius: numberSchema, sphereResolution: intSchema,
});

export const meshDefinitionSchema = z.discriminatedUnion('kind', [
  pointMeshSchema, rectangleMeshSchema, cubeMeshSchema, cylinderMeshSchema, circleMeshSchema, complexMeshSchema,
  planeMeshSchema, sphereMeshSchema,
]);
export type MeshDefinition = z.infer<typeof meshDefinitionSchema>;
export type PointMesh = z.infer<typeof pointMeshSchema>;
export type RectangleMesh = z.infer<typeof rectangleMeshSchema>;
export type CubeMesh = z.infer<typeof cubeMeshSchema>;
export type CylinderMesh = z.infer<typeof cylinderMeshSchema>;
export type CircleMesh = z.infer<typeof circleMeshSchema>;
export type ComplexMesh = z.infer<typeof complexMeshSchema>;
export type PlaneMesh = z.infer<typeof planeMeshSchema>;
export type SphereMesh = z.infer<typeof sphereMeshSchema>;

/** Meshes that enclose a volume: the only ones refinements and volume clips may use. */
export const volumeMeshSchema = z.discriminatedUnion('kind', [
  cubeMeshSchema, cylinderMeshSchema, sphereMeshSchema, complexMeshSchema,
]);
export type VolumeMesh = z.infer<typeof volumeMeshSchema>;

/** Meshes a surface sensor may sample on. */
export const surfaceSensorMeshSchema = z.discriminatedUnion('kind', [
  circleMeshSchema, rectangleMeshSchema, planeMeshSchema, complexMeshSchema,
]);
export type SurfaceSensorMesh = z.infer<typeof surfaceSensorMeshSchema>;

function placement(translation: Vec3 = [0, 0, 0]) {
  return { translation, rotation: [0, 0, 0] as Vec3, scale: [1, 1, 1] as Vec3, flipNormals: false };
}

export function defaultCubeMesh(center: Vec3 = [0, 0, 0]): CubeMesh {
  return { kind: 'cube', ...placement(center), dimensions: [1, 1, 1] };
}

export function defaultCylinderMesh(center: Vec3 = [0, 0, 0]): CylinderMesh {
  return {
    kind: 'cylinder', ...placement(center), radius: 0.5, height: MESH_DEFAULTS.cylinderHeight, axis: [0, 0, 1],
    cylinderResolution: MESH_DEFAULTS.cylinderResolution,
  };
}

export function defaultCircleMesh(center: Vec3 = [0, 0, 0]): CircleMesh {
  return {
    kind: 'circle', ...placement(center), radius: 0.5, normal: [0, 0, 1],
    circleResolution: MESH_DEFAULTS.circleResolution,
  };
}

export function defaultRectangleMesh(center: Vec3 = [0, 0, 0]): RectangleMesh {
  return { kind: 'rectangle', ...placement(center), width: 1, height: 1, normal: [0, 0, 1], angle: 0 };
}

export function defaultPlaneMesh(center: Vec3 = [0, 0, 0]): PlaneMesh {
  return {
    kind: 'plane', ...placement(center), width: MESH_DEFAULTS.planeSize, height: MESH_DEFAULTS.planeSize,
    normal: [0, 0, 1],
  };
}

export function defaultSphereMesh(center: Vec3 = [0, 0, 0]): SphereMesh {
  return { kind: 'sphere', ...placement(center), radius: 0.5, sphereResolution: MESH_DEFAULTS.sphereResolution };
}

export function complexMesh(fileId: string, file: FileReference | null = null): ComplexMesh {
  return { kind: 'complex', ...placement(), fileId, cache: true, file };
}
