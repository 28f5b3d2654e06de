// STEP assembly import (spec 1 §2-§3, spec 2 §2-§3, §7-§9): the imported structure tree, the parts organised
// from it, tessellation runs, the JSON configuration file that saves the organisation, and the rules of the
// two-step import modal (selection, search, which buttons are enabled, the repeated-component warning).
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { entityIdSchema, timestampSchema } from './entity.ts';
import { jobStateSchema, type JobState } from './jobs.ts';
import { checkedMeshingParametersSchema, meshingParametersSchema } from './meshing.ts';
import { ASSEMBLY_OVERLAY_MAX_NAMES, NAME_MAX_LENGTH } from './constants.ts';
import { templates } from './messages.ts';

// ---------------------------------------------------------------- structure tree

/** OCAF entry of a node: "0:1:1" for the document's shapes, ":n" appended per level. */
export const ASSEMBLY_NODE_ID_PATTERN = /^\d{1,9}(:\d{1,9}){0,62}$/;
export const assemblyNodeIdSchema = z.string().max(640).regex(ASSEMBLY_NODE_ID_PATTERN, { error: 'must be an assembly node id such as 0:1:1:2' });

export interface AssemblyNode {
  entryId: string;
  labelName: string;
  /** OpenCascade shape type: SOLID, SHELL, COMPOUND. */
  shapeType: string;
  children: AssemblyNode[];
}

export const assemblyNodeSchema: z.ZodType<AssemblyNode> = z.lazy(() =>
  z.object({
    entryId: z.string(),
    labelName: z.string(),
    shapeType: z.string(),
    children: z.array(assemblyNodeSchema),
  }),
);

export interface IndexedNode {
  node: AssemblyNode;
  /** Entry ids of the nodes above it, outermost first. */
  ancestors: string[];
}

/** Every node of the tree by entry id. */
export function indexAssembly(tree: readonly AssemblyNode[]): Map<string, IndexedNode> {
  const index = new Map<string, IndexedNode>();
  const walk = (node: AssemblyNode, ancestors: string[]) => {
    index.set(node.entryId, { node, ancestors });
    for (const child of node.children) walk(child, [...ancestors, node.entryId]);
  };
  for (const node of tree) walk(node, []);
  return index;
}

/** The bodies (leaves) under the given nodes, each once, in tree order of first mention. */
export function bodiesOf(index: ReadonlyMap<string, IndexedNode>, nodeIds: readonly string[]): AssemblyNode[] {
  const seen = new Set<string>();
  const out: AssemblyNode[] = [];
  const walk = (node: AssemblyNode) => {
    if (node.children.length === 0) {
      if (!seen.has(node.entryId)) out.push(node);
      seen.add(node.entryId);
      return;
    }
    node.children.forEach(walk);
  };
  for (const id of nodeIds) {
    const found = index.get(id);
    if (found) walk(found.node);
  }
  return out;
}

/** How many times each body is reached from the given nodes (a body under two chosen nodes counts twice). */
function bodyOccurrences(index: ReadonlyMap<string, IndexedNode>, nodeIds: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (node: AssemblyNode) => {
    if (node.children.length === 0) counts.set(node.entryId, (counts.get(node.entryId) ?? 0) + 1);
    else node.children.forEach(walk);
  };
  for (const id of nodeIds) {
    const found = index.get(id);
    if (found) walk(found.node);
  }
  return counts;
}

export function unknownNodeIds(index: ReadonlyMap<string, IndexedNode>, nodeIds: readonly string[]): string[] {
  return [...new Set(nodeIds.filter((id) => !index.has(id)))];
}

/**
 * The tree cut to nodes whose name contains `query` (case-insensitive), with their ancestors (to show where
 * they are) and all their descendants. An empty query keeps everything.
 */
export function filterAssembly(tree: readonly AssemblyNode[], query: string): AssemblyNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tree];
  const keep = (node: AssemblyNode): AssemblyNode | null => {
    if (node.labelName.toLowerCase().includes(q)) return node;
    const children = node.children.map(keep).filter((c): c is AssemblyNode => c !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return tree.map(keep).filter((n): n is AssemblyNode => n !== null);
}

/** Entry ids in the order the tree shows them, descending only into expanded nodes. */
export function visibleOrder(tree: readonly AssemblyNode[], expanded: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (node: AssemblyNode) => {
    out.push(node.entryId);
    if (expanded.has(node.entryId)) node.children.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

export interface TreeSelection {
  selected: string[];
  /** Where a shift-click range starts. */
  anchor: string | null;
}

/**
 * A click on a node: alone it selects that node; with ctrl or meta it toggles it; with shift it selects the
 * range from the anchor to it in visible order (added to the selection with ctrl or meta as well).
 */
export function clickNode(
  current: TreeSelection, id: string, modifiers: { ctrl: boolean; shift: boolean }, order: readonly string[],
): TreeSelection {
  if (modifiers.shift && current.anchor !== null && order.includes(current.anchor) && order.includes(id)) {
    const [a, b] = [order.indexOf(current.anchor), order.indexOf(id)].sort((x, y) => x - y);
    const range = order.slice(a, b + 1);
    const selected = modifiers.ctrl ? [...new Set([...current.selected, ...range])] : range;
    return { selected, anchor: current.anchor };
  }
  if (modifiers.ctrl) {
    const selected = current.selected.includes(id) ? current.selected.filter((s) => s !== id) : [...current.selected, id];
    return { selected, anchor: id };
  }
  return { selected: [id], anchor: id };
}

// ---------------------------------------------------------------- entities on the wire

export const tessellationWarningSchema = z.object({
  message: z.string(),
  errorCode: z.string(),
  parts: z.array(z.string()).optional(),
});
export type TessellationWarning = z.infer<typeof tessellationWarningSchema>;

export const assemblySchema = z
  .object({
    id: entityIdSchema,
    simulationId: entityIdSchema,
    filename: z.string(),
    /** State of the import (the assembly job): the part organizer opens once it is completed. */
    state: jobStateSchema,
    /** The structure tree; null until the import completed. */
    assemblyMetadata: z.array(assemblyNodeSchema).nullable(),
    latestTessellationRunId: entityIdSchema.nullable(),
    tessellationWarnings: z.array(tessellationWarningSchema),
    /** Why the import or the latest tessellation failed. */
    tessellationErrors: z.array(z.object({ message: z.string() })),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Assembly' });
export type Assembly = z.infer<typeof assemblySchema>;

export const assemblyComponentTypes = ['rigid', 'openboundary'] as const;
export const assemblyComponentTypeSchema = z.enum(assemblyComponentTypes);
export type AssemblyComponentType = z.infer<typeof assemblyComponentTypeSchema>;

/** Most parts an assembly holds, and node ids a part names. */
export const ASSEMBLY_MAX_PARTS = 2000;
export const ASSEMBLY_PART_MAX_NODES = 10_000;

const partNameSchema = z.string().trim().min(1, { error: 'A part needs a name.' }).max(NAME_MAX_LENGTH);
const partNodeIdsSchema = z.array(assemblyNodeIdSchema).min(1, { error: 'A part needs at least one assembly node.' }).max(ASSEMBLY_PART_MAX_NODES);

export const assemblyPartSchema = z
  .object({
    id: entityIdSchema,
    name: partNameSchema,
    assemblyNodeIds: partNodeIdsSchema,
    componentType: assemblyComponentTypeSchema,
    meshingParameters: meshingParametersSchema,
    /** Never tessellated, or changed since the last tessellation. */
    needsTessellation: z.boolean(),
  })
  .meta({ id: 'AssemblyPart' });
export type AssemblyPart = z.infer<typeof assemblyPartSchema>;

/** Bodies of the /assemblies/{id}/parts calls: lists. A new part may carry its meshing parameters (a
 * configuration file does), otherwise it gets the defaults. */
export const assemblyPartCreateSchema = z.object({
  name: partNameSchema,
  assemblyNodeIds: partNodeIdsSchema,
  componentType: assemblyComponentTypeSchema,
  meshingParameters: checkedMeshingParametersSchema.optional(),
});
export type AssemblyPartCreate = z.infer<typeof assemblyPartCreateSchema>;
export const assemblyPartsCreateSchema = z.array(assemblyPartCreateSchema).min(1).max(ASSEMBLY_MAX_PARTS);

export const assemblyPartUpdateSchema = z.object({
  id: entityIdSchema,
  name: partNameSchema.optional(),
  assemblyNodeIds: partNodeIdsSchema.optional(),
  meshingParameters: checkedMeshingParametersSchema.optional(),
  /** Moving a part between the Solids and Inlets/Outlets tabs. */
  componentType: assemblyComponentTypeSchema.optional(),
});
export type AssemblyPartUpdate = z.infer<typeof assemblyPartUpdateSchema>;
export const assemblyPartsUpdateSchema = z.array(assemblyPartUpdateSchema).min(1).max(ASSEMBLY_MAX_PARTS);
export const assemblyPartDeleteSchema = z.object({ partIds: z.array(entityIdSchema).min(1).max(ASSEMBLY_MAX_PARTS) });

export const tessellationRunSchema = z
  .object({
    id: entityIdSchema,
    assemblyId: entityIdSchema,
    state: jobStateSchema,
    progress: numberSchema.min(0).max(100),
    /** The parts this run tessellates (their setup parts carry the same ids). */
    partIds: z.array(entityIdSchema),
    warnings: z.array(tessellationWarningSchema),
    errors: z.array(z.object({ message: z.string() })),
    createdAt: timestampSchema,
  })
  .meta({ id: 'TessellationRun' });
export type TessellationRun = z.infer<typeof tessellationRunSchema>;

// ---------------------------------------------------------------- configuration file

/** One entry of the exported/imported configuration file (a JSON array of these). */
export const configurationEntrySchema = z.object({
  name: partNameSchema,
  meshingParameters: checkedMeshingParametersSchema,
  assemblyNodeIds: partNodeIdsSchema,
  componentType: assemblyComponentTypeSchema,
});
export const configurationFileSchema = z.array(configurationEntrySchema).max(ASSEMBLY_MAX_PARTS);
export type ConfigurationEntry = z.infer<typeof configurationEntrySchema>;

export const CONFIGURATION_FILE_NAME_SUFFIX = '-configuration.json';

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

// ---------------------------------------------------------------- the modal's rules

/** Import needs at least one selected node; Merge & Import at least two. */
export function assemblyImportActions(selectedCount: number): { import: boolean; mergeAndImport: boolean } {
  return { import: selectedCount >= 1, mergeAndImport: selectedCount >= 2 };
}

/** What Import (a part per selected node) and Merge & Import (one part of all) create. */
export function partsFromSelection(
  index: ReadonlyMap<string, IndexedNode>, selected: readonly string[], merge: boolean, componentType: AssemblyComponentType,
): AssemblyPartCreate[] {
  const name = (id: string) => index.get(id)?.node.labelName.trim() || id;
  if (merge) return [{ name: name(selected[0]), assemblyNodeIds: [...selected], componentType }];
  return selected.map((id) => ({ name: name(id), assemblyNodeIds: [id], componentType }));
}

/** Next is enabled once the import completed and at least one part exists. */
export function assemblyNextEnabled(state: JobState, partCount: number): boolean {
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

/** Counts per node id of how often it was used across parts. */
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

export interface RepeatedComponent {
  entryId: string;
  name: string;
  parts: number;
  occurrences: number;
}

/**
 * Bodies that end up in more than one part, or twice in one part (a subassembly and one of its members
 * chosen together): their walls would be doubled. One finding per body, in tree order.
 */
export function repeatedComponents(tree: readonly AssemblyNode[], parts: readonly Pick<AssemblyPart, 'assemblyNodeIds'>[]): RepeatedComponent[] {
  const index = indexAssembly(tree);
  const usage = new Map<string, { parts: number; occurrences: number }>();
  for (const part of parts) {
    for (const [body, count] of bodyOccurrences(index, part.assemblyNodeIds)) {
      const entry = usage.get(body) ?? { parts: 0, occurrences: 0 };
      entry.parts += 1;
      entry.occurrences += count;
      usage.set(body, entry);
    }
  }
  const order = [...index.keys()];
  return [...usage]
    .filter(([, u]) => u.parts > 1 || u.occurrences > u.parts)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([entryId, u]) => ({ entryId, name: index.get(entryId)?.node.labelName || entryId, ...u }));
}

/** The warnings of `repeatedComponents` in the spec's words. */
export function repeatedComponentWarnings(tree: readonly AssemblyNode[], parts: readonly Pick<AssemblyPart, 'assemblyNodeIds'>[]): TessellationWarning[] {
  return repeatedComponents(tree, parts).map((r) => ({
    message: templates.assemblyComponentRepeated(r.name, r.parts, r.occurrences),
    errorCode: 'component_repeated',
    parts: [r.entryId],
  }));
}

/** The overlay's names: at most ASSEMBLY_OVERLAY_MAX_NAMES, then '+N more'. */
export function overlayNames(names: readonly string[]): { shown: string[]; more: string | null } {
  if (names.length <= ASSEMBLY_OVERLAY_MAX_NAMES) return { shown: [...names], more: null };
  return { shown: names.slice(0, ASSEMBLY_OVERLAY_MAX_NAMES), more: templates.assemblyOverlayMore(names.length - ASSEMBLY_OVERLAY_MAX_NAMES) };
}

// ---------------------------------------------------------------- messages

export const ASSEMBLY_MESSAGES = {
  notStepName: 'Only STEP files (.step, .stp) can be imported as an assembly.',
  noBodies: 'The STEP file holds no solid or surface to import.',
  unreadable: 'The STEP file could not be read as an assembly.',
  importRunning: 'The assembly is still being imported.',
  importFailed: 'The import of this assembly failed; upload the file again.',
  unknownNodes: (ids: readonly string[]) => `The assembly has no node ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}.`,
  unknownParts: (ids: readonly string[]) => `The assembly has no part ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}.`,
  duplicateParts: 'A part is named twice in the list.',
  tooManyParts: `An assembly holds at most ${ASSEMBLY_MAX_PARTS} parts.`,
  nothingToTessellate: 'No part needs tessellation.',
  tessellationRunning: 'A tessellation of this assembly is already running.',
  uploadedSetup: 'An uploaded setup cannot be edited.',
  invalidConfiguration: 'The configuration file is not a JSON list of parts (name, meshingParameters, assemblyNodeIds, componentType).',
  notUnited: (names: readonly string[]) =>
    `These bodies are not closed solids and could not be united with the others; they stay separate surfaces in the part: ${names.join(', ')}.`,
  tooLarge: 'A tessellated part is larger than the STL upload limit; increase the deviation factor or the angle.',
  setupPartsUpdated: (n: number) => `${n} part${n === 1 ? '' : 's'} updated in the setup.`,
} as const;
