// Reads an output folder back (tests, statistics, the CLI summary): meta.json and the typed arrays of
// one object's dataset, wherever meta.json places its files (the output's folder or the static one).
import {
  outputAttributeKey, outputFilePath, outputFolderPath, outputMetaSchema, type OutputMeta, type OutputObject,
} from '../../domain/output.ts';
import type { OutputSink } from './sink.ts';

export async function readOutputMeta(sink: OutputSink, outputNo: number): Promise<OutputMeta> {
  const bytes = await sink.readFile(`${outputFolderPath(outputNo)}/meta.json`);
  if (bytes === null) throw new Error(`output ${outputNo} does not exist`);
  return outputMetaSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

export interface ObjectArrays {
  object: OutputObject;
  count: number;
  positions: Float32Array;
  /** By attribute key: the name, or `name:materialId` for a per-material attribute (outputAttributeKey). */
  attributes: Map<string, Float32Array | Uint32Array>;
}

export async function readOutputObject(
  sink: OutputSink, outputNo: number, meta: OutputMeta, objectId: string, dataset: 'full' | 'raw' = 'full',
): Promise<ObjectArrays> {
  const object = meta.objects.find((o) => o.id === objectId);
  if (object === undefined) throw new Error(`output ${outputNo} has no object ${objectId}`);
  const ds = object.datasets.find((d) => d.name === dataset);
  if (ds === undefined) throw new Error(`object ${objectId} has no dataset ${dataset}`);
  const load = async (file: string, dtype: 'float32' | 'uint32') => {
    const bytes = await sink.readFile(outputFilePath(outputNo, file));
    if (bytes === null) throw new Error(`missing output file ${file}`);
    const copy = bytes.slice();
    return dtype === 'float32' ? new Float32Array(copy.buffer) : new Uint32Array(copy.buffer);
  };
  const positions = (await load(ds.positions.file, 'float32')) as Float32Array;
  const attributes = new Map<string, Float32Array | Uint32Array>();
  for (const a of ds.attributes) attributes.set(outputAttributeKey(a), await load(a.file, a.dtype));
  return { object, count: ds.count, positions, attributes };
}
