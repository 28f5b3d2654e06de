// Data export of results (spec 2 §3 'User export state', 'Export result', §5): what the user selected,
// what the export job produced, and the rules of the Select Data tab.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';
import { materialIdSchema } from './material.ts';
import { resultAttributeKeySchema } from './attributes.ts';
import { jobStateSchema, type JobState } from './jobs.ts';
import { limitsFor } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { checkRange, type FieldIssue } from './validation/issues.ts';

export const userExportStateSchema = z.object({
  simulationId: entityIdSchema,
  allObjects: z.boolean(),
  materials: z.array(materialIdSchema),
  boundaries: z.array(entityIdSchema),
  sensors: z.array(entityIdSchema),
  /** Materials whose reconstructed fluid surface is exported. */
  surfaceReconstructions: z.array(materialIdSchema),
  boundariesMode: z.enum(['full', 'reduced']),
  boundariesType: z.enum(['vtu', 'stl']),
  allAttributes: z.boolean(),
  attributes: z.array(resultAttributeKeySchema),
  outputMode: z.enum(['single', 'range']),
  outputsSingle: nonNegativeIntSchema,
  outputsRange: z.tuple([nonNegativeIntSchema, nonNegativeIntSchema]),
  stepSize: numberSchema,
  logs: z.boolean(),
  setup: z.boolean(),
});
export type UserExportState = z.infer<typeof userExportStateSchema>;

export function defaultUserExportState(simulationId: string, lastOutput: number): UserExportState {
  return {
    simulationId, allObjects: true, materials: [], boundaries: [], sensors: [], surfaceReconstructions: [],
    boundariesMode: 'reduced', boundariesType: 'stl', allAttributes: true, attributes: [], outputMode: 'single',
    outputsSingle: lastOutput, outputsRange: [0, lastOutput], stepSize: 1, logs: false, setup: false,
  };
}

export const exportFileSchema = z.object({ id: entityIdSchema, filename: z.string(), state: jobStateSchema });

export const exportResultSchema = z.object({
  state: jobStateSchema,
  progress: numberSchema.min(0).max(100),
  files: z.array(exportFileSchema),
  warnings: z.array(z.string()),
  errors: z.array(z.object({ description: z.string(), details: z.object({ outputs: z.array(nonNegativeIntSchema) }).optional() })),
});
export type ExportResult = z.infer<typeof exportResultSchema>;

/** Outputs an export covers: one, or start..end (inclusive) every stepSize-th. */
export function exportOutputs(state: Pick<UserExportState, 'outputMode' | 'outputsSingle' | 'outputsRange' | 'stepSize'>): number[] {
  if (state.outputMode === 'single') return [state.outputsSingle];
  const [start, end] = state.outputsRange;
  const step = Math.max(1, Math.floor(state.stepSize));
  const out: number[] = [];
  for (let o = start; o <= end; o += step) out.push(o);
  return out;
}

function selectedItemCount(s: UserExportState): number {
  if (s.allObjects) return 1;
  return s.materials.length + s.boundaries.length + s.sensors.length + s.surfaceReconstructions.length + (s.logs ? 1 : 0) + (s.setup ? 1 : 0);
}

/**
 * Select Data rules: at least one item; step size an integer 1..100; start 0..end; selected outputs
 * available (a warning otherwise); surface reconstruction needs its fluid selected.
 */
export function userExportIssues(state: UserExportState, availableOutputs: readonly number[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (selectedItemCount(state) === 0) issues.push({ field: '', message: MESSAGES.exportSelectItem, severity: 'error' });
  if (state.outputMode === 'range') {
    const step = checkRange(state.stepSize, limitsFor('default').exportStepSize);
    if (step) issues.push({ field: 'stepSize', message: step, severity: 'error' });
    const [start, end] = state.outputsRange;
    if (start > end) issues.push({ field: 'outputsRange.0', message: MESSAGES.exportStartRange, severity: 'error' });
  }
  if (!state.allObjects && state.surfaceReconstructions.some((m) => !state.materials.includes(m))) {
    issues.push({ field: 'surfaceReconstructions', message: MESSAGES.exportSurfaceNeedsFluid, severity: 'error' });
  }
  if (issues.length === 0) {
    const available = new Set(availableOutputs);
    if (exportOutputs(state).some((o) => !available.has(o))) {
      issues.push({ field: 'outputs', message: MESSAGES.exportMissingOutput, severity: 'warning' });
    }
  }
  return issues;
}

/** Exporting with no attributes requires confirmation. */
export function exportNeedsAttributeConfirmation(state: Pick<UserExportState, 'allAttributes' | 'attributes'>): boolean {
  return !state.allAttributes && state.attributes.length === 0;
}

/** The Download Files tab is disabled once the export expired. */
export function downloadTabEnabled(state: JobState | null): boolean {
  return state !== null && state !== 'expired';
}

/** Message shown for a finished export, null while fine. */
export function exportStateMessage(state: JobState): string | null {
  if (state === 'failed') return MESSAGES.exportFailedUnknown;
  if (state === 'expired') return MESSAGES.exportExpired;
  return null;
}
