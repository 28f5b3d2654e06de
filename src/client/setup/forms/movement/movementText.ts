// How a movement reads in lists: its kind, when it runs, what it does and whom it follows.
import type { Movement } from '../../../../domain/movement.ts';
import type { Vec3 } from '../../../../domain/vector.ts';
import { formatNumber } from '../../fields/numberText.ts';

export const MOVEMENT_TYPE_LABEL = { translatory: 'Translation', rotatory: 'Rotation' } as const;

const vector = (v: Vec3) => `(${v.map((c) => formatNumber(Number(c.toPrecision(6)))).join(', ')})`;
const num = (x: number) => formatNumber(Number(x.toPrecision(6)));

/** "0 s → end (2 s)" or "0.5 s → 1.5 s". */
export function movementTimeText(movement: Pick<Movement, 'start' | 'end'>, endTime: number): string {
  const end = movement.end === null ? `end (${num(endTime)} s)` : `${num(movement.end)} s`;
  return `${num(movement.start)} s → ${end}`;
}

/** "0.2 m/s along (1, 0, 0)", "1 rad/s about (0, 1, 0) through (0, 0, 0)", with the acceleration when there is one. */
export function motionText(movement: Pick<Movement, 'type'>): string {
  const m = movement.type;
  if (m.type === 'translatory') {
    const acc = m.acc !== 0 ? `, ${num(m.acc)} m/s²` : '';
    return `${num(m.vel)} m/s${acc} along ${vector(m.direction)}`;
  }
  const acc = m.acc !== 0 ? `, ${num(m.acc)} rad/s²` : '';
  return `${num(m.vel)} rad/s${acc} about ${vector(m.axis)} through ${vector(m.center)}`;
}

/** The leaders' names, for "Follows …"; missing leaders are left out. */
export function leaderNames(movement: Pick<Movement, 'parents'>, movements: readonly Movement[]): string[] {
  return movement.parents.flatMap((id) => {
    const leader = movements.find((m) => m.id === id);
    return leader ? [leader.name] : [];
  });
}
