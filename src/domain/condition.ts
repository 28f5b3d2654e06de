// Simulation conditions (spec 1 §3 'Simulation condition'): stop the run or warn when time, runtime,
// consumed credits or particle count reach a threshold.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { entityIdSchema, createEntityId } from './entity.ts';

export const conditionValueTypes = ['time', 'runtime', 'credits', 'particle_nbr'] as const;
export const conditionValueTypeSchema = z.enum(conditionValueTypes);
export type ConditionValueType = z.infer<typeof conditionValueTypeSchema>;

export const conditionActions = ['stop', 'warning'] as const;
export const conditionActionSchema = z.enum(conditionActions);
export type ConditionAction = z.infer<typeof conditionActionSchema>;

/** Fires when the value becomes >= (gte) or <= (lte) the threshold. */
export const conditionOperators = ['gte', 'lte'] as const;
export const conditionOperatorSchema = z.enum(conditionOperators);
export type ConditionOperator = z.infer<typeof conditionOperatorSchema>;

export const simulationConditionSchema = z.object({
  id: entityIdSchema,
  valueType: conditionValueTypeSchema,
  action: conditionActionSchema,
  operator: conditionOperatorSchema,
  threshold: numberSchema,
  triggered: z.boolean(),
});
export type SimulationCondition = z.infer<typeof simulationConditionSchema>;

// The check of a threshold, named here too: conditionCheck.ts holds it without zod, for the engine.
export { isConditionMet, type ConditionValues } from './conditionCheck.ts';

export function createCondition(
  valueType: ConditionValueType, threshold: number, action: ConditionAction = 'stop', id: string = createEntityId(),
): SimulationCondition {
  return { id, valueType, action, operator: 'gte', threshold, triggered: false };
}

/** Time, runtime and credits only grow during a run, so only 'gte' makes sense for them. */
export function allowedConditionOperators(valueType: ConditionValueType): readonly ConditionOperator[] {
  return valueType === 'particle_nbr' ? conditionOperators : ['gte'];
}
