// Refinement zones (spec 1 §3 'Refinement', kind chiron): volumes where the discretiser places finer
// particles. `level` is the particle size inside the zone relative to the global particle diameter.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { entityIdSchema, createEntityId } from './entity.ts';
import { volumeMeshSchema, type VolumeMesh } from './mesh.ts';
import { objectAppearanceSchema, defaultObjectAppearance } from './appearance.ts';

export const refinementKinds = ['chiron'] as const;
export const DEFAULT_REFINEMENT_LEVEL = 0.3;

export const refinementSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  kind: z.enum(refinementKinds),
  level: numberSchema,
  mesh: volumeMeshSchema,
  /** Server-side id of the stored mesh of `mesh`, when it has one. */
  meshId: entityIdSchema.nullable(),
  appearance: objectAppearanceSchema,
});
export type Refinement = z.infer<typeof refinementSchema>;

export function createRefinement(name: string, mesh: VolumeMesh, id: string = createEntityId()): Refinement {
  return {
    id, name, kind: 'chiron', level: DEFAULT_REFINEMENT_LEVEL, mesh, meshId: null,
    appearance: defaultObjectAppearance('#f2c14e'),
  };
}
