// The start flow's form: solver, cores, GPU and the conditions, validated with the domain's condition
// schema (thresholds ahead of the current values, a time below the end time).
import { z } from 'zod';
import type { ConditionValues } from '../../domain/condition.ts';
import { conditionFormSchema } from '../../domain/validation/forms.ts';

export function startFormSchema(context: { endTime: number; current: ConditionValues }) {
  return z.object({
    solverId: z.string().min(1, 'Choose a solver'),
    cores: z.number().int().min(0),
    gpu: z.boolean(),
    conditions: z.array(conditionFormSchema(context)),
  });
}

export type StartFormValues = z.infer<ReturnType<typeof startFormSchema>>;
