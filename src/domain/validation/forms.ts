// Form schemas: the entity schemas plus the rules of this folder as zod refinements, parameterised by
// validation profile and the context a form knows. Use with react-hook-form's zodResolver; the server
// may use them too. Only errors block a form; warnings come from the rule functions directly.
import type { z } from 'zod';
import { materialSchema } from '../material.ts';
import { simulationSettingsSchema } from '../settings.ts';
import { partSchema } from '../part.ts';
import { componentSchema } from '../component.ts';
import { movementSchema } from '../movement.ts';
import { periodicBoundarySchema } from '../periodicBoundary.ts';
import { airDragDomainSchema } from '../airDrag.ts';
import { refinementSchema } from '../refinement.ts';
import { sensorSchema } from '../sensor.ts';
import { volumeClipSchema } from '../volumeClip.ts';
import { simulationConditionSchema } from '../condition.ts';
import type { ValidationProfile } from '../limits.ts';
import type { FieldIssue } from './issues.ts';
import { materialIssues, type MaterialRuleOptions } from './materialRules.ts';
import { settingsIssues } from './settingsRules.ts';
import { componentIssues, partIssues, type PartRuleOptions } from './partRules.ts';
import { movementIssues, type MovementRuleOptions } from './movementRules.ts';
import { periodicBoundaryIssues } from './periodicRules.ts';
import { airDragIssues } from './airDragRules.ts';
import { refinementIssues, sensorIssues, volumeClipIssues } from './objectRules.ts';
import { conditionIssues, type ConditionRuleOptions } from './conditionRules.ts';
import type { TableLookup } from './tables.ts';

/** "initialVelocity.2" -> ['initialVelocity', 2]; '' -> [] (the whole form). */
export function fieldPath(field: string): (string | number)[] {
  if (field === '') return [];
  return field.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** Adds the rule's errors to a schema as custom issues at their field paths. */
export function withRules<S extends z.ZodType>(schema: S, rule: (value: z.output<S>) => readonly FieldIssue[]) {
  return schema.superRefine((value, ctx) => {
    for (const issue of rule(value)) {
      if (issue.severity === 'error') ctx.addIssue({ code: 'custom', path: fieldPath(issue.field), message: issue.message });
    }
  });
}

export function materialFormSchema(
  profile: ValidationProfile,
  context: Omit<MaterialRuleOptions, 'profile'>,
) {
  return withRules(materialSchema, (m) => materialIssues(m, { profile, ...context }));
}

export function settingsFormSchema(profile: ValidationProfile, context: { materialCount?: number; movementStarts?: readonly number[] } = {}) {
  return withRules(simulationSettingsSchema, (s) => settingsIssues(s, { profile, ...context }));
}

export function partFormSchema(profile: ValidationProfile, context: Omit<PartRuleOptions, 'profile'>) {
  return withRules(partSchema, (p) => partIssues(p, { profile, ...context }));
}

/** Initial conditions, open-boundary and wall conditions alone (the part tabs that edit `component`). */
export function componentFormSchema(profile: ValidationProfile, context: Omit<PartRuleOptions, 'profile'>) {
  return withRules(componentSchema, (c) => componentIssues(c, { profile, ...context }));
}

export function movementFormSchema(profile: ValidationProfile, context: Omit<MovementRuleOptions, 'profile'>) {
  return withRules(movementSchema, (m) => movementIssues(m, { profile, ...context }));
}

export function periodicBoundaryFormSchema() {
  return withRules(periodicBoundarySchema, periodicBoundaryIssues);
}

export function airDragFormSchema(tables?: TableLookup) {
  return withRules(airDragDomainSchema, (d) => airDragIssues(d, tables));
}

export function refinementFormSchema() {
  return withRules(refinementSchema, refinementIssues);
}

export function sensorFormSchema() {
  return withRules(sensorSchema, sensorIssues);
}

export function volumeClipFormSchema(materialIds?: ReadonlySet<number>) {
  return withRules(volumeClipSchema, (c) => volumeClipIssues(c, materialIds));
}

export function conditionFormSchema(context: ConditionRuleOptions) {
  return withRules(simulationConditionSchema, (c) => conditionIssues(c, context));
}
