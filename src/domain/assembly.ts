// STEP assembly import (spec 1 §3, spec 2 §3): the imported structure tree, the parts organised from it,
// tessellation runs, and the JSON configuration file that saves the organisation.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';
import { jobStateSchema } from './jobs.ts';
import { meshingParametersSchema } from './meshing.ts';
import { NAME_MAX_LENGTH } from './constants.ts';

export interface AssemblyNode {
  entryId: string;
  labelName: string;
  shapeType: string;
  children: AssemblyNode[];
}

export const assemblyNodeSchema: z.ZodType<AssemblyNode> = z.lazy(() =>
  z.object({
    entryId: z.string(),
    labelName: z.string(),
    /** OpenCascade shape type: SOLID, COMPOUND, SHELL... */
    shapeType: z.string(),
    children: z.array(assemblyNodeSchema),
  }),
);

export const tessellationWarningSchema = z.object({
  message: z.string(),
  errorCode: z.string(),
  parts: z.array(z.string()).optional(),
});

export const assemblySchema = z.object({
  id: entityIdSchema,
  filename: z.string(),
  state: jobStateSchema,
  assemblyMetadata: z.array(assemblyNodeSchema).nullable(),
  latestTessellationRunId: entityIdSchema.nullable(),
  tessellationWarnings: z.array(tessellationWarningSchema),
  tessellationErrors: z.array(z.object({ message: z.string() })),
});
export type Assembly = z.infer<typeof assemblySchema>;

export const assemblyComponentTypes = ['rigid', 'openboundary'] as const;
export const assemblyComponentTypeSchema = z.enum(assemblyComponentTypes);
export type AssemblyComponentType = z.infer<typeof assemblyComponentTypeSchema>;

export const assemblyPartSchema = z.object({
  id: entityIdSchema,
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  assemblyNodeIds: z.array(z.string()).min(1),
  componentType: assemblyComponentTypeSchema,
  meshingParameters: meshingParametersSchema,
  needsTessellation: z.boolean(),
});
export type AssemblyPart = z.infer<typeof assemblyPartSchema>;

/** Bodies of the /assemblies/{id}/parts calls. */
export const assemblyPartCreateSchema = assemblyPartSchema.pick({ name: true, assemblyNodeIds: true, componentType: true });
export const assemblyPartUpdateSchema = assemblyPartSchema
  .pick({ name: true, assemblyNodeIds: true, meshingParameters: true })
  .partial()
  .extend({ id: entityIdSchema });
export const assemblyPartDeleteSchema = z.object({ partIds: z.array(entityIdSchema).min(1) });

export const tessellationRunSchema = z.object({
  id: entityIdSchema,
  assemblyId: entityIdSchema,
  state: jobStateSchema,
  progress: numberSchema.min(0).max(100),
});
export type TessellationRun = z.infer<typeof tessellationRunSchema>;

/** One entry of the exported/imported configuration file (a JSON array of these). */
export const configurationEntrySchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  meshingParameters: meshingParametersSchema,
  assemblyNodeIds: z.array(z.string()).min(1),
  componentType: assemblyComponentTypeSchema,
});
export const configurationFileSchema = z.array(configurationEntrySchema);
export type ConfigurationEntry = z.infer<typeof configurationEntrySchema>;

export function toConfigurationFile(parts: readonly AssemblyPart[]): ConfigurationEntry[] {
  return parts.map(({ name, meshingParameters, assemblyNodeIds, componentType }) => ({
    name, meshingParameters, assemblyNodeIds, componentType,
  }));
}

/** Parses an uploaded configuration file; null when it is not valid JSON of the right shape. */
export function parseConfigurationFile(text: string): ConfigurationEntry[] | null {
  try {
    const result = configurationFileSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Import needs at least one selected node; Merge & Import at least two. */
export function assemblyImportActions(selectedCount: number): { import: boolean; mergeAndImport: boolean } {
  return { import: selectedCount >= 1, mergeAndImport: selectedCount >= 2 };
}

/** Next is enabled once the import completed and at least one part exists. */
export function assemblyNextEnabled(state: Assembly['state'], partCount: number): boolean {
  return state === 'completed' && partCount > 0;
}

/** Button of step 2: 'Re-Tessellate' once a tessellation run exists; disabled when invalid or nothing to do. */
export function tessellateButton(
  assembly: Pick<Assembly, 'latestTessellationRunId'>, parts: readonly Pick<AssemblyPart, 'needsTessellation'>[], formValid: boolean,
): { label: 'Import' | 'Re-Tessellate'; disabled: boolean } {
  return {
    label: assembly.latestTessellationRunId === null ? 'Import' : 'Re-Tessellate',
    disabled: !formValid || !parts.some((p) => p.needsTessellation),
  };
}

/** Counts per node of how often it was used across parts, for the repeated-component warning. */
export function nodeUsage(parts: readonly Pick<AssemblyPart, 'assemblyNodeIds'>[]): Map<string, { parts: number; occurrences: number }> {
  const usage = new Map<string, { parts: number; occurrences: number }>();
  for (const part of parts) {
    const seen = new Set<string>();
    for (const id of part.assemblyNodeIds) {
      const entry = usage.get(id) ?? { parts: 0, occurrences: 0 };
      entry.occurrences += 1;
      if (!seen.has(id)) entry.parts += 1;
      seen.add(id);
      usage.set(id, entry);
    }
  }
  return usage;
}
