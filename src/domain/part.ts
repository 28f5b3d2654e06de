// A part of the setup (spec 1 §3 'Part'): geometry (shape), physical role (component), material,
// seed point and appearance. Ownership fields (simulation, organisation, creator) live on the
// simulation record, not in the setup document.
import { z } from 'zod';
import { vec3Schema } from './vector.ts';
import { entityIdSchema, timestampSchema } from './entity.ts';
import { materialIdSchema } from './material.ts';
import { componentSchema } from './component.ts';
import { shapeSchema } from './shape.ts';
import { partAppearanceSchema } from './appearance.ts';

/** A finding of the mesh check, e.g. holes or non-manifold edges, shown on the Information tab. */
export const partWarningSchema = z.object({ errorCode: z.string(), message: z.string() });
export type PartWarning = z.infer<typeof partWarningSchema>;

export const partSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  /** Null only for rigid parts; validation reports a missing material on every other part. */
  materialId: materialIdSchema.nullable(),
  component: componentSchema,
  shape: shapeSchema,
  appearance: partAppearanceSchema,
  /** Point inside the fluid region the filling starts from (filling parts) or inside the solid. */
  seedPoint: vec3Schema.nullable(),
  hasWarnings: z.boolean(),
  warnings: z.array(partWarningSchema),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
});
export type Part = z.infer<typeof partSchema>;

// Named here too: setupDefaults.ts holds them without zod, for the engine's cases and benchmarks.
export { createPart, type NewPartInput } from './setupDefaults.ts';

/**
 * Parts whose mesh check found holes or non-manifold edges. An inlet or outlet is a surface: its open edges
 * are its outline, not holes.
 */
export function hasMeshIssues(part: Pick<Part, 'shape' | 'hasWarnings'> & { component?: Pick<Part['component'], 'type'> }): boolean {
  const info = part.shape.info;
  const surface = part.component?.type === 'openboundary';
  return part.hasWarnings || (info !== null && ((!surface && info.holes > 0) || info.nonManifold > 0));
}
