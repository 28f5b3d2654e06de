// Calls about movements (spec 2 §7 'Viewer data'): the movements of a simulation with the parts they move,
// one part's keyframes (time and a 4×4 transform, interpolated or stepped) and the upload of the
// acceleration file. Server and client share these shapes.
import { z } from 'zod';
import { movementSchema } from './movement.ts';
import type { Pose } from './kinematics.ts';

/** GET /api/simulations/{id}/movements. */
export const simulationMovementsSchema = z
  .object({
    /** Simulation end time (s): keyframes span [0, endTime]. */
    endTime: z.number(),
    outputTimeInterval: z.number(),
    movements: z.array(movementSchema),
    /** Parts whose geometry moves (those with keyframes to load), in the setup's order. */
    parts: z.array(z.object({ partId: z.string(), name: z.string(), movementIds: z.array(z.string()) })),
  })
  .meta({ id: 'SimulationMovements' });
export type SimulationMovements = z.infer<typeof simulationMovementsSchema>;

/**
 * GET /api/parts/{id}/movements/keyframes. `interpolate` (default true): keyframes close enough for linear
 * blending; false: one per output time, each held until the next. `simulationId` names the simulation when
 * several hold the part (a cloned setup keeps its parts' ids).
 */
export const partKeyframesQuerySchema = z.object({
  interpolate: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === undefined || v === 'true' || v === '1'),
  simulationId: z.string().uuid('Not a valid id').optional(),
});

/** Row-major 4×4 matrix of a pose: rotation in the upper 3×3, translation in the last column. */
export const transformMatrixSchema = z.array(z.number()).length(16);

export const partKeyframesSchema = z
  .object({
    partId: z.string(),
    simulationId: z.string(),
    name: z.string(),
    interpolate: z.boolean(),
    /** True when the keyframe cap (5000) cut the keyframes short. */
    capped: z.boolean(),
    keyframes: z.array(z.object({ time: z.number(), matrix: transformMatrixSchema })),
  })
  .meta({ id: 'PartKeyframes' });
export type PartKeyframesReply = z.infer<typeof partKeyframesSchema>;

export function poseMatrix(pose: Pose): number[] {
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = pose.rotation;
  const [x, y, z] = pose.translation;
  return [r0, r1, r2, x, r3, r4, r5, y, r6, r7, r8, z, 0, 0, 0, 1];
}

/** POST /api/simulations/{id}/acceleration_file: the stored file and what it holds. */
export const accelerationFileUploadSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    size: z.number().int().nonnegative(),
    rows: z.number().int().nonnegative(),
    /** First and last sample time (s). */
    startTime: z.number(),
    endTime: z.number(),
  })
  .meta({ id: 'AccelerationFileUpload' });
export type AccelerationFileUpload = z.infer<typeof accelerationFileUploadSchema>;

export const PART_KEYFRAME_MESSAGES = {
  partNotFound: 'Part not found.',
  ambiguousPart: 'The part is in several simulations (a copied setup keeps its parts); name one with simulationId.',
} as const;
