// How parts, materials and auxiliary objects are drawn in the viewer; stored with the setup so a case
// reopens looking the same.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { timestampSchema } from './entity.ts';

/** Exactly '#rrggbb': the colour picker accepts only 7-character hex strings (spec 2 §5). */
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export type HexColor = z.infer<typeof hexColorSchema>;

export const viewModes = ['surface', 'particles_spheres', 'particles_outlined_circles'] as const;
export const viewModeSchema = z.enum(viewModes);
export type ViewMode = z.infer<typeof viewModeSchema>;

export const partAppearanceSchema = z.object({
  id: z.string().optional(),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
  color: hexColorSchema,
  opacity: numberSchema,
  wireframe: z.boolean(),
  translucent: z.boolean(),
  visibility: z.boolean(),
  viewMode: viewModeSchema,
  showPointcloud: z.boolean(),
});
export type PartAppearance = z.infer<typeof partAppearanceSchema>;

// Named here too: setupDefaults.ts holds them without zod, for the engine's cases and benchmarks.
export { defaultPartAppearance } from './setupDefaults.ts';

/** Fluid of one material in the results viewer: visible and drawn as particle spheres by default. */
export const materialAppearanceSchema = z.object({
  visibility: z.boolean(),
  viewMode: viewModeSchema,
  color: hexColorSchema,
});
export type MaterialAppearance = z.infer<typeof materialAppearanceSchema>;

export function defaultMaterialAppearance(color: HexColor): MaterialAppearance {
  return { visibility: true, viewMode: 'particles_spheres', color };
}

/** Refinements, sensors, volume clips and domains only toggle visibility and colour. */
export const objectAppearanceSchema = z.object({
  color: hexColorSchema,
  opacity: numberSchema,
  visibility: z.boolean(),
});
export type ObjectAppearance = z.infer<typeof objectAppearanceSchema>;

export function defaultObjectAppearance(color: HexColor): ObjectAppearance {
  return { color, opacity: 0.5, visibility: true };
}
