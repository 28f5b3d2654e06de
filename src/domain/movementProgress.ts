// Where one movement (without its leaders) is at a time: its travelled distance or angle and its speed.
// Apart from the movement schemas (movement.ts), so that the engine's kinematics load no zod.
import type { Movement } from './movement.ts';

/** Effective end time: an open end runs to the simulation end time. */
export function movementEnd(movement: Pick<Movement, 'end'>, simulationEndTime: number): number {
  return movement.end ?? simulationEndTime;
}

/**
 * Travelled distance (m, translatory) or angle (rad, rotatory) and current speed at time `t`, for the
 * movement alone (without leaders). Before `start` nothing has moved; after the end the movement holds
 * its final position and stops.
 */
export function movementProgressAt(
  movement: Pick<Movement, 'type' | 'start' | 'end'>,
  t: number,
  simulationEndTime: number,
): { distance: number; speed: number } {
  const end = movementEnd(movement, simulationEndTime);
  if (t <= movement.start) return { distance: 0, speed: 0 };
  const active = t < end;
  const tau = Math.min(t, end) - movement.start;
  const { vel, acc } = movement.type;
  return { distance: vel * tau + 0.5 * acc * tau * tau, speed: active ? vel + acc * tau : 0 };
}
