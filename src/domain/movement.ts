// Prescribed motion of parts (spec 1 §3 'Movement'): translatory or rotatory, active between start and
// end, optionally following leader movements; "virtual" movements move only the wall velocity.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { vec3Schema, type Vec3 } from './vector.ts';
import { entityIdSchema, createEntityId } from './entity.ts';

export const movementTypes = ['translatory', 'rotatory'] as const;
export const movementTypeSchema = z.enum(movementTypes);
export type MovementType = z.infer<typeof movementTypeSchema>;

/** Along `direction`: initial speed `vel` (m/s) and constant acceleration `acc` (m/s²) from `start`. */
export const translatoryMotionSchema = z.object({
  type: z.literal('translatory'),
  direction: vec3Schema,
  acc: numberSchema,
  vel: numberSchema,
});
/** About `axis` through `center`: initial angular speed `vel` (rad/s), angular acceleration `acc` (rad/s²). */
export const rotatoryMotionSchema = z.object({
  type: z.literal('rotatory'),
  center: vec3Schema,
  axis: vec3Schema,
  acc: numberSchema,
  vel: numberSchema,
});
export const motionSchema = z.discriminatedUnion('type', [translatoryMotionSchema, rotatoryMotionSchema]);
export type Motion = z.infer<typeof motionSchema>;
export type TranslatoryMotion = z.infer<typeof translatoryMotionSchema>;
export type RotatoryMotion = z.infer<typeof rotatoryMotionSchema>;

/**
 * `end` null means until the simulation end time. `parents` are the ids of leader movements whose
 * motion this one is applied on top of; the followers of a movement are those listing it as a parent.
 * `virtualMovement` makes it a moving boundary condition: only the wall velocity, not the geometry, moves.
 */
export const movementSchema = z.object({
  id: entityIdSchema,
  partId: entityIdSchema.nullable(),
  name: z.string(),
  type: motionSchema,
  start: numberSchema,
  end: numberSchema.nullable(),
  virtualMovement: z.boolean(),
  parents: z.array(entityIdSchema),
});
export type Movement = z.infer<typeof movementSchema>;

/** Default rotation axis of a new rotatory movement (spec 1 §5). */
export const DEFAULT_ROTATION_AXIS: Readonly<Vec3> = [0, 1, 0];

const DEFAULT_MOVEMENT_BASE_NAME: Record<MovementType, string> = { translatory: 'Translation', rotatory: 'Rotation' };

/** "Translation" / "Rotation", suffixed with the first free number when taken ("Rotation 2"). */
export function defaultMovementName(type: MovementType, existingNames: readonly string[]): string {
  const base = DEFAULT_MOVEMENT_BASE_NAME[type];
  const taken = new Set(existingNames.map((n) => n.trim()));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base} ${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function defaultMotion(type: MovementType): Motion {
  return type === 'translatory'
    ? { type: 'translatory', direction: [1, 0, 0], acc: 0, vel: 0 }
    : { type: 'rotatory', center: [0, 0, 0], axis: [...DEFAULT_ROTATION_AXIS] as Vec3, acc: 0, vel: 0 };
}

/** A new movement as the add form starts it: start 0, open end, default unique name. */
export function createMovement(
  type: MovementType,
  partId: string | null,
  existingNames: readonly string[],
  id: string = createEntityId(),
): Movement {
  return {
    id,
    partId,
    name: defaultMovementName(type, existingNames),
    type: defaultMotion(type),
    start: 0,
    end: null,
    virtualMovement: false,
    parents: [],
  };
}

/** All movements that follow `movementId`, directly or through other followers. */
export function followersOf(movements: readonly Movement[], movementId: string): Set<string> {
  const result = new Set<string>();
  const queue = [movementId];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    for (const m of movements) {
      if (m.parents.includes(current) && !result.has(m.id)) {
        result.add(m.id);
        queue.push(m.id);
      }
    }
  }
  return result;
}

/**
 * Movements that may be chosen as leaders of `movementId`: everything but itself and its followers
 * (choosing a follower would make a cycle). In add mode (`movementId` undefined) every movement qualifies.
 */
export function leaderCandidates(movements: readonly Movement[], movementId: string | undefined): Movement[] {
  if (movementId === undefined) return [...movements];
  const excluded = followersOf(movements, movementId);
  excluded.add(movementId);
  return movements.filter((m) => !excluded.has(m.id));
}

// Where a movement is at a time, named here too: movementProgress.ts holds it without zod, for the engine.
export { movementEnd, movementProgressAt } from './movementProgress.ts';

/** The movement form adds when it has no id and edits when it has one; the type can change only when adding. */
export function movementFormMode(movementId: string | undefined | null): { mode: 'add' | 'edit'; typeSwitchable: boolean } {
  const adding = movementId === undefined || movementId === null;
  return { mode: adding ? 'add' : 'edit', typeSwitchable: adding };
}
