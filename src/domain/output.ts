// Simulation outputs (spec 2 §3 'Output', 'Output metadata'; ARCHITECTURE 'Data'): per-output states
// and the meta.json that describes the little-endian typed-array files of every object, dataset and
// attribute. The solver writes it; the viewer, statistics and export read it.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';
import { materialIdSchema } from './material.ts';
import { resultAttributeKeySchema } from './attributes.ts';
import { vec3Schema } from './vector.ts';

export const outputObjectKinds = ['material', 'fluid', 'wall_boundary', 'open_boundary'] as const;
export const outputObjectKindSchema = z.enum(outputObjectKinds);
export type OutputObjectKind = z.infer<typeof outputObjectKindSchema>;

/** Datasets by reduction: all particles, reduced point cloud, reconstructed surface, raw for statistics. */
export const datasetNames = ['fast', 'full', 'surface', 'raw'] as const;
export const datasetNameSchema = z.enum(datasetNames);
export type DatasetName = z.infer<typeof datasetNameSchema>;

export const outputStates = ['pending', 'ready', 'failed'] as const;
export const outputStateSchema = z.enum(outputStates);
export type OutputState = z.infer<typeof outputStateSchema>;

export const wallSensorStates = ['unknown', 'pending', 'failed'] as const;

export const outputSchema = z.object({
  outputNo: nonNegativeIntSchema,
  states: z.object({ visualization: outputStateSchema, sensor: outputStateSchema }),
  wallSensorState: z.enum(wallSensorStates),
});
export type Output = z.infer<typeof outputSchema>;

export const dtypes = ['float32', 'uint32'] as const;
export const dtypeSchema = z.enum(dtypes);
export type Dtype = z.infer<typeof dtypeSchema>;

/** Folder inside OUTPUTS_FOLDER for files that stay the same from output to output, written once. */
export const STATIC_OUTPUTS_FOLDER = 'static';
const STATIC_FILE_PREFIX = `../${STATIC_OUTPUTS_FOLDER}/`;
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** A file name of an output folder, optionally `../static/` before it (kept in step with outputFileLocation). */
const META_FILE = /^(\.\.\/static\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * A binary array file: `count` items of `components` values of `dtype`, little-endian. `file` is a name in
 * the output's folder, or `../static/<name>` for a file of the static folder beside it that several
 * outputs share (outputFileLocation, resolveOutputFile).
 */
export const arrayFileSchema = z.object({
  file: z.string().regex(META_FILE),
  dtype: dtypeSchema,
  components: z.union([z.literal(1), z.literal(3)]),
});
export type ArrayFile = z.infer<typeof arrayFileSchema>;

export const outputAttributeSchema = arrayFileSchema.extend({
  name: resultAttributeKeySchema,
  unit: z.string(),
  /** Min and max of the values (of the magnitude for vectors), for default colour ranges. */
  range: z.tuple([numberSchema, numberSchema]).nullable(),
  /**
   * The material of a per-material attribute (wetting by material): one entry of the same name per
   * material, each with its own file. Absent on every other attribute.
   */
  materialId: materialIdSchema.optional(),
});
export type OutputAttribute = z.infer<typeof outputAttributeSchema>;

/**
 * The key that tells an output's attributes apart: the name, or `name:materialId` for a per-material
 * attribute (the viewer's attribute choice, the exported array's name after the material).
 */
export function outputAttributeKey(a: Pick<OutputAttribute, 'name' | 'materialId'>): string {
  return a.materialId === undefined ? a.name : `${a.name}:${a.materialId}`;
}

export const outputDatasetSchema = z.object({
  name: datasetNameSchema,
  /** Points (particles or surface vertices). */
  count: nonNegativeIntSchema,
  positions: arrayFileSchema,
  /** Triangle indices (uint32 triples) of surface datasets. */
  indices: arrayFileSchema.nullable(),
  attributes: z.array(outputAttributeSchema),
  /**
   * Surface area each point stands for (m², float32), on wall datasets: what the integral of a stress
   * or of the wetting sums over (only the layer facing the fluid carries area). Without it an integral
   * weighs each particle with V^(2/3) of its volume.
   */
  areas: arrayFileSchema.optional(),
});
export type OutputDataset = z.infer<typeof outputDatasetSchema>;

/**
 * Where a moving part is at an output: a point x0 of the part's setup geometry lies at R x0 + translation
 * (R a rotation, row by row), the pose of the part's movements at the output's time.
 */
export const outputPoseSchema = z.object({
  rotation: z.tuple([numberSchema, numberSchema, numberSchema, numberSchema, numberSchema, numberSchema, numberSchema, numberSchema, numberSchema]),
  translation: vec3Schema,
});
export type OutputPose = z.infer<typeof outputPoseSchema>;

export const outputObjectSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/),
  kind: outputObjectKindSchema,
  name: z.string(),
  partId: entityIdSchema.nullable(),
  materialId: materialIdSchema.nullable(),
  datasets: z.array(outputDatasetSchema),
  /** Only on the walls of parts whose geometry moves. */
  pose: outputPoseSchema.optional(),
});
export type OutputObject = z.infer<typeof outputObjectSchema>;

export const OUTPUT_META_VERSION = 1;

/** meta.json of one output folder. `time` is the simulated time in seconds. */
export const outputMetaSchema = z.object({
  version: z.literal(OUTPUT_META_VERSION),
  outputNo: nonNegativeIntSchema,
  time: numberSchema,
  objects: z.array(outputObjectSchema),
  sensors: z.array(outputObjectSchema.extend({ kind: z.literal('sensor') }).omit({ partId: true, materialId: true })),
});
export type OutputMeta = z.infer<typeof outputMetaSchema>;

/** Where a file named in meta.json lies: in the output's own folder or in the shared static folder. */
export interface OutputFileLocation {
  folder: 'output' | 'static';
  name: string;
}

/** The location of a file as meta.json names it, or null when the name is none an output may use. */
export function outputFileLocation(file: string): OutputFileLocation | null {
  const shared = file.startsWith(STATIC_FILE_PREFIX);
  const name = shared ? file.slice(STATIC_FILE_PREFIX.length) : file;
  return FILE_NAME.test(name) ? { folder: shared ? 'static' : 'output', name } : null;
}

/** How meta.json names file `name` of the static folder. */
export function staticOutputFile(name: string): string {
  return `${STATIC_FILE_PREFIX}${name}`;
}

export function isStaticOutputFile(file: string): boolean {
  return outputFileLocation(file)?.folder === 'static';
}

/**
 * The path of a file named in an output's meta.json, given that output's folder as a '/'-separated path
 * or URL (no trailing '/'): `<folder>/<name>`, or `<parent of folder>/static/<name>` for a static file.
 * Every reader (solver, server, viewer) resolves output files with this function only.
 */
export function resolveOutputFile(outputFolder: string, file: string): string {
  const location = outputFileLocation(file);
  if (location === null) throw new Error(`not a file of an output folder: ${file}`);
  const folder = outputFolder.endsWith('/') ? outputFolder.slice(0, -1) : outputFolder;
  if (location.folder === 'output') return `${folder}/${location.name}`;
  const slash = folder.lastIndexOf('/');
  return `${slash < 0 ? '' : folder.slice(0, slash + 1)}${STATIC_OUTPUTS_FOLDER}/${location.name}`;
}

/** Every array file a meta.json names (objects and sensors, all datasets). */
export function outputMetaFiles(meta: Pick<OutputMeta, 'objects' | 'sensors'>): string[] {
  return [...meta.objects, ...meta.sensors].flatMap((o) =>
    o.datasets.flatMap((d) => [
      d.positions.file, ...(d.indices ? [d.indices.file] : []), ...(d.areas ? [d.areas.file] : []), ...d.attributes.map((a) => a.file),
    ]),
  );
}

/** File names inside an output folder, shared by writer and readers. */
export function outputPositionsFile(objectId: string, dataset: DatasetName): string {
  return `${objectId}.${dataset}.positions.bin`;
}

export function outputAreasFile(objectId: string, dataset: DatasetName): string {
  return `${objectId}.${dataset}.areas.bin`;
}

export function outputIndicesFile(objectId: string, dataset: DatasetName): string {
  return `${objectId}.${dataset}.indices.bin`;
}

export function outputAttributeFile(objectId: string, dataset: DatasetName, attribute: string): string {
  return `${objectId}.${dataset}.${attribute}.bin`;
}

/** File of a per-material attribute (wetting by material) for one material. */
export function perMaterialAttributeFile(objectId: string, dataset: DatasetName, attribute: string, materialId: number): string {
  return `${objectId}.${dataset}.${attribute}.${materialId}.bin`;
}

/** The folder of a run that holds its outputs, one subfolder per output. */
export const OUTPUTS_FOLDER = 'outputs';

/**
 * Folder name of output n inside OUTPUTS_FOLDER: the number itself. The solver writes it, the server,
 * post-processing and the viewer lab read it; runs already on disk keep this layout.
 */
export function outputFolderName(outputNo: number): string {
  return String(outputNo);
}

/** Output n's folder relative to the run folder, with '/' separators (`outputs/<n>`). */
export function outputFolderPath(outputNo: number): string {
  return `${OUTPUTS_FOLDER}/${outputFolderName(outputNo)}`;
}

/** A file named in output n's meta.json, relative to the run folder (`outputs/<n>/…` or `outputs/static/…`). */
export function outputFilePath(outputNo: number, file: string): string {
  return resolveOutputFile(outputFolderPath(outputNo), file);
}

/** Bytes per value of a dtype. */
export function dtypeBytes(_dtype: Dtype): number {
  return 4;
}

/** Visualization cache entry kinds per output. */
export const visualizationCacheKinds = ['meshes', 'pointclouds', 'surface_reconstructions', 'masks'] as const;
