// Volume clips (spec 1 §3 'Volume clip'): a closed volume that restricts results and statistics to the
// fluid inside it (or outside, when inverted), optionally to one material.
import { z } from 'zod';
import { entityIdSchema, createEntityId } from './entity.ts';
import { materialIdSchema } from './material.ts';
import { volumeMeshSchema, type VolumeMesh, type MeshKind } from './mesh.ts';
import { objectAppearanceSchema, defaultObjectAppearance } from './appearance.ts';

export const volumeClipSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  mesh: volumeMeshSchema,
  appearance: objectAppearanceSchema,
  /** Fluid the clip applies to; null applies it to all fluids. */
  materialId: materialIdSchema.nullable(),
  inverted: z.boolean(),
});
export type VolumeClip = z.infer<typeof volumeClipSchema>;

/** The shapes the Add menu offers for a volume clip (spec 1 §2). */
export const volumeClipShapes = ['cube', 'cylinder', 'geometry'] as const;
export type VolumeClipShape = (typeof volumeClipShapes)[number];
export const volumeClipShapeLabels: Readonly<Record<VolumeClipShape, string>> = {
  cube: 'Cube',
  cylinder: 'Cylinder',
  geometry: 'Upload Geometry',
};

/** The clip's kind is the kind of its mesh (cube, cylinder, sphere or uploaded geometry). */
export function volumeClipKind(clip: Pick<VolumeClip, 'mesh'>): MeshKind {
  return clip.mesh.kind;
}

export function createVolumeClip(name: string, mesh: VolumeMesh, id: string = createEntityId()): VolumeClip {
  return { id, name, mesh, appearance: defaultObjectAppearance('#5b8def'), materialId: null, inverted: false };
}
