// Rotational periodic boundary (spec 1 §3 'Periodic boundary'): the domain is a slice of `sliceAngle`
// degrees about `axis` through `center`, starting at `sliceRotation` degrees.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { vec3Schema, type Vec3 } from './vector.ts';
import { entityIdSchema, createEntityId } from './entity.ts';

export const periodicBoundarySchema = z.object({
  id: entityIdSchema,
  type: z.literal('rotational'),
  center: vec3Schema,
  axis: vec3Schema,
  /** Degrees, strictly between -360 and 360. */
  sliceRotation: numberSchema,
  /** Degrees, 1..120; ideally a divisor of 360. */
  sliceAngle: numberSchema,
  /** Normal of the first cut plane, as computed for display. */
  normal: vec3Schema,
  visibility: z.boolean(),
});
export type PeriodicBoundary = z.infer<typeof periodicBoundarySchema>;

export const DEFAULT_SLICE_ANGLE = 90;

export function createPeriodicBoundary(center: Vec3 = [0, 0, 0], id: string = createEntityId()): PeriodicBoundary {
  return {
    id, type: 'rotational', center, axis: [0, 0, 1], sliceRotation: 0, sliceAngle: DEFAULT_SLICE_ANGLE,
    normal: [0, 1, 0], visibility: true,
  };
}

/** Number of slices that make the full circle, when `sliceAngle` divides 360 within `tolerance`. */
export function periodicSliceCount(sliceAngleDeg: number, tolerance = 0.1): number | null {
  if (!(sliceAngleDeg > 0)) return null;
  const n = Math.round(360 / sliceAngleDeg);
  return Math.abs(n * sliceAngleDeg - 360) <= tolerance ? n : null;
}
