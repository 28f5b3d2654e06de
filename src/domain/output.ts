// Simulation outputs (spec 2 §3 'Output', 'Output metadata'; ARCHITECTURE 'Data'): per-output states
// and the meta.json that describes the little-endian typed-array files of every object, dataset and
// attribute. The solver writes it; the viewer, statistics and export read it.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';
import { materialIdSchema } from './material.ts';
import { resultAttributeKeySchema } from './attributes.ts';
import { vec3Schema } from './vector.ts';
import { META_FILE, OUTPUT_META_VERSION } from './outputLayout.ts';

// The layout of output folders, named here too: outputLayout.ts holds it without zod, for the engine.
export {
  OUTPUTS_FOLDER, OUTPUT_META_VERSION, STATIC_OUTPUTS_FOLDER, isStaticOutputFile, outputAreasFile, outputAttributeFile,
  outputFileLocation, outputFilePath, outputFolderName, outputFolderPath, outputIndicesFile, outputPositionsFile,
  perMaterialAttributeFile, resolveOutputFile, staticOutputFile, type OutputFileLocation,
} from './outputLayout.ts';

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

/** meta.json of one output folder. `time` is the simulated time in seconds. */
export const outputMetaSchema = z.object({
  version: z.literal(OUTPUT_META_VERSION),
  outputNo: nonNegativeIntSchema,
  time: numberSchema,
  objects: z.array(outputObjectSchema),
  sensors: z.array(outputObjectSchema.extend({ kind: z.literal('sensor') }).omit({ partId: true, materialId: true })),
});
export type OutputMeta = z.infer<typeof outputMetaSchema>;

/**
 * Throws a ZodError where a meta.json would not read back: the engine's writer runs it before it writes
 * one, or, where the engine runs without the domain's schemas (the server's solver process), the process
 * that records the output runs it on the meta the engine reports.
 */
export function checkOutputMeta(meta: OutputMeta): void {
  outputMetaSchema.parse(meta);
}

/** Every array file a meta.json names (objects and sensors, all datasets). */
export function outputMetaFiles(meta: Pick<OutputMeta, 'objects' | 'sensors'>): string[] {
  return [...meta.objects, ...meta.sensors].flatMap((o) =>
    o.datasets.flatMap((d) => [
      d.positions.file, ...(d.indices ? [d.indices.file] : []), ...(d.areas ? [d.areas.file] : []), ...d.attributes.map((a) => a.file),
    ]),
  );
}

/** Bytes per value of a dtype. */
export function dtypeBytes(_dtype: Dtype): number {
  return 4;
}

/** Visualization cache entry kinds per output. */
export const visualizationCacheKinds = ['meshes', 'pointclouds', 'surface_reconstructions', 'masks'] as const;
