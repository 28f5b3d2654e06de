// A part of the setup (spec 1 §3 'Part'): geometry (shape), physical role (component), material,
// seed point and appearance. Ownership fields (simulation, organisation, creator) live on the
// simulation record, not in the setup document.
import { z } from 'zod';
import { vec3Schema, type Vec3 } from './vector.ts';
import { entityIdSchema, timestampSchema, createEntityId } from './entity.ts';
import { materialIdSchema } from './material.ts';
import { componentSchema, type Component } from './component.ts';
import { shapeSchema, type Shape } from './shape.ts';
import { partAppearanceSchema, defaultPartAppearance, type HexColor } from './appearance.ts';

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

export interface NewPartInput {
  name: string;
  component: Component;
  shape: Shape;
  materialId?: number | null;
  seedPoint?: Vec3 | null;
  color?: HexColor;
  id?: string;
}

/** A new part with default appearance; fluid parts default to material 0 ("Fluid 1"). */
export function createPart(input: NewPartInput): Part {
  return {
    id: input.id ?? createEntityId(),
    name: input.name,
    materialId: input.materialId !== undefined ? input.materialId : input.component.type === 'rigid' ? null : 0,
    component: input.component,
    shape: input.shape,
    appearance: defaultPartAppearance(input.color),
    seedPoint: input.seedPoint ?? null,
    hasWarnings: false,
    warnings: [],
  };
}

/**
 * Parts whose mesh check found holes or non-manifold edges. An inlet or outlet is a surface: its open edges
 * are its outline, not holes.
 */
export function hasMeshIssues(part: Pick<Part, 'shape' | 'hasWarnings'> & { component?: Pick<Part['component'], 'type'> }): boolean {
  const info = part.shape.info;
  const surface = part.component?.type === 'openboundary';
  return part.hasWarnings || (info !== null && ((!surface && info.holes > 0) || info.nonManifold > 0));
}
