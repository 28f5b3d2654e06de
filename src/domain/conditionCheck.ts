// When a simulation condition fires, apart from the condition schemas (condition.ts) so that the engine,
// which checks the thresholds after every advance, loads no zod.
import type { SimulationCondition } from './condition.ts';

/** Current values of a run the thresholds are compared with. Units: s, s (wall clock), credits, count. */
export interface ConditionValues {
  time: number;
  runtime: number;
  credits: number;
  particle_nbr: number;
}

/** Whether the condition fires for the given current values. */
export function isConditionMet(condition: SimulationCondition, values: ConditionValues): boolean {
  const v = values[condition.valueType];
  return condition.operator === 'gte' ? v >= condition.threshold : v <= condition.threshold;
}
