// Movement rules (spec 1 §5 'Movement'): start >= 0, before the end and before the simulation end
// time; translatory acceleration and velocity ranges; non-zero direction or axis; leaders must exist
// and must not be the movement itself or one of its followers. Forms show these only after a submit.
import type { Movement } from '../movement.ts';
import { followersOf } from '../movement.ts';
import { limitsFor, type ValidationProfile } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { IssueList, type FieldIssue } from './issues.ts';
import { nameIssue } from './names.ts';

export interface MovementRuleOptions {
  profile: ValidationProfile;
  /** Simulation end time (s). */
  endTime: number;
  /** All movements of the case (the checked one included when editing), for leader checks. */
  movements?: readonly Movement[];
  /** Ids of the existing parts; enables the part reference check. */
  partIds?: ReadonlySet<string>;
}

export function movementIssues(movement: Movement, options: MovementRuleOptions): FieldIssue[] {
  const L = limitsFor(options.profile);
  const list = new IssueList();
  const nameMessage = nameIssue(movement.name);
  if (nameMessage) list.error('name', nameMessage);

  if (list.range('start', movement.start, L.movementStart)) {
    if (movement.end !== null && Number.isFinite(movement.end) && !(movement.start < movement.end)) {
      list.error('start', MESSAGES.movementStartBeforeEnd);
    } else if (Number.isFinite(options.endTime) && !(movement.start < options.endTime)) {
      list.error('start', MESSAGES.movementStartBeforeSimulationEnd);
    }
  }
  if (movement.end !== null) list.range('end', movement.end, {});

  const motion = list.nested('type');
  if (movement.type.type === 'translatory') {
    motion.nonZeroVector('direction', movement.type.direction);
    motion.range('acc', movement.type.acc, L.movementAcceleration);
    motion.range('vel', movement.type.vel, L.movementVelocity);
  } else {
    motion.nonZeroVector('axis', movement.type.axis);
    motion.vectorRange('center', movement.type.center, {});
    motion.range('acc', movement.type.acc, {});
    motion.range('vel', movement.type.vel, {});
  }

  if (movement.partId !== null && options.partIds && !options.partIds.has(movement.partId)) {
    list.error('partId', MESSAGES.movementPartMissing);
  }
  if (options.movements) {
    const ids = new Set(options.movements.map((m) => m.id));
    const followers = followersOf(options.movements, movement.id);
    for (const parent of movement.parents) {
      if (parent === movement.id || followers.has(parent)) list.error('parents', MESSAGES.movementLeaderCycle);
      else if (!ids.has(parent)) list.error('parents', MESSAGES.movementLeaderMissing);
    }
  }
  return list.issues;
}
