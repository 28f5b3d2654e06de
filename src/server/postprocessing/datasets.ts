// The `fast` and `surface` datasets of one output folder (ARCHITECTURE 'Data'): every object's particles
// reduced by the geometry module to at most FAST_DATASET_TARGET_POINTS with all attributes gathered
// (objects already small enough share the `full` files), and the fluid's reconstructed iso-surface with
// velocity and pressure interpolated onto its vertices. Files first, meta.json last (under its lock).
// The reduction picks points by position alone, so the reduced files of static walls (full files in the
// run's static folder) are static as well: they go to that folder once and every output names them there.
import { rm } from 'node:fs/promises';
import {
  isStaticOutputFile,
  outputAttributeFile,
  outputAttributeKey,
  outputIndicesFile,
  outputMetaFiles,
  outputPositionsFile,
  perMaterialAttributeFile,
  staticOutputFile,
  type OutputAttribute,
  type OutputDataset,
  type OutputMeta,
} from '../../domain/output.ts';
import { FAST_DATASET_TARGET_POINTS, SURFACE_ATTRIBUTES, SURFACE_RECONSTRUCTION } from '../../domain/postprocessing.ts';
import { isVectorAttribute, resultAttributes } from '../../domain/attributes.ts';
import { reconstructSurface, reduceOutput, type PointAttribute } from '../../../workers/serverGeometry.ts';
import { arrayPath, findDataset, readArray, readFloatArray, readMeta, updateMeta, withDatasets, writeArray, writeSharedArray } from './outputFolder.ts';

export interface DatasetOptions {
  /** Particle spacing of the run (m): the surface is reconstructed at half of it as particle radius. */
  particleDiameter: number;
  /** Points kept by the reduction (the domain's target unless a test asks for fewer). */
  fastTarget?: number;
}

export interface DatasetSummary {
  objects: { id: string; full: number; fast: number; surfaceVertices: number | null }[];
  bytes: number;
}

/** Min and max of the values, of the magnitude for vectors. */
export function rangeOf(values: Float32Array | Uint32Array, components: number): [number, number] | null {
  const n = values.length / components;
  if (n === 0) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    let v: number;
    if (components === 1) v = values[i];
    else v = Math.hypot(values[3 * i], values[3 * i + 1], values[3 * i + 2]);
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : null;
}

async function fastDataset(folder: string, objectId: string, full: OutputDataset, target: number): Promise<{ dataset: OutputDataset; bytes: number }> {
  if (full.count <= target) {
    // Nothing to reduce: the reduced dataset is the full one (like `raw`, it names the same files).
    return { dataset: { ...full, name: 'fast' }, bytes: 0 };
  }
  const positions = await readFloatArray(folder, full.positions, full.count);
  const attributes: Record<string, PointAttribute> = {};
  // By key: a per-material attribute (wetting by material) has one entry of its name per material.
  for (const a of full.attributes) attributes[outputAttributeKey(a)] = { components: a.components, values: await readArray(folder, a, full.count) };
  const reduced = await reduceOutput({ positions, attributes }, target);
  let bytes = 0;
  // Same positions, same points kept: a reduced file is static where its full file and the positions are.
  const staticPositions = isStaticOutputFile(full.positions.file);
  const write = async (name: string, values: Float32Array | Uint32Array, isStatic: boolean): Promise<string> => {
    if (isStatic) {
      const file = staticOutputFile(name);
      const written = await writeSharedArray(folder, file, values);
      if (written !== null) {
        bytes += written;
        return file;
      }
    }
    bytes += await writeArray(folder, name, values);
    return name;
  };
  const positionsFile = await write(outputPositionsFile(objectId, 'fast'), reduced.positions, staticPositions);
  const written: OutputAttribute[] = [];
  for (const a of full.attributes) {
    const values = reduced.attributes[outputAttributeKey(a)].values;
    const name = a.materialId === undefined ? outputAttributeFile(objectId, 'fast', a.name) : perMaterialAttributeFile(objectId, 'fast', a.name, a.materialId);
    const file = await write(name, values, staticPositions && isStaticOutputFile(a.file));
    written.push({ ...a, file, range: rangeOf(values, a.components) });
  }
  const count = reduced.positions.length / 3;
  return {
    dataset: { name: 'fast', count, positions: { file: positionsFile, dtype: 'float32', components: 3 }, indices: null, attributes: written },
    bytes,
  };
}

async function surfaceDataset(folder: string, objectId: string, full: OutputDataset, particleDiameter: number): Promise<{ dataset: OutputDataset | null; bytes: number }> {
  if (full.count === 0) return { dataset: null, bytes: 0 };
  const positions = await readFloatArray(folder, full.positions, full.count);
  const attributes: Record<string, { components: number; values: Float32Array }> = {};
  for (const name of SURFACE_ATTRIBUTES) {
    const a = full.attributes.find((x) => x.name === name);
    if (a && a.dtype === 'float32') attributes[name] = { components: a.components, values: await readFloatArray(folder, a, full.count) };
  }
  const mesh = await reconstructSurface({ positions, attributes }, { particleRadius: particleDiameter / 2, ...SURFACE_RECONSTRUCTION });
  const count = mesh.positions.length / 3;
  if (mesh.indices.length === 0) return { dataset: null, bytes: 0 };
  let bytes = 0;
  const positionsFile = outputPositionsFile(objectId, 'surface');
  const indicesFile = outputIndicesFile(objectId, 'surface');
  bytes += await writeArray(folder, positionsFile, mesh.positions);
  bytes += await writeArray(folder, indicesFile, mesh.indices);
  const written: OutputAttribute[] = [];
  for (const [name, a] of Object.entries(mesh.attributes)) {
    const key = SURFACE_ATTRIBUTES.find((k) => k === name);
    if (!key) continue;
    const file = outputAttributeFile(objectId, 'surface', key);
    bytes += await writeArray(folder, file, a.values);
    const components = isVectorAttribute(key) ? 3 : 1;
    written.push({ file, dtype: 'float32', components, name: key, unit: resultAttributes[key].unit, range: rangeOf(a.values, components) });
  }
  return {
    dataset: {
      name: 'surface',
      count,
      positions: { file: positionsFile, dtype: 'float32', components: 3 },
      indices: { file: indicesFile, dtype: 'uint32', components: 3 },
      attributes: written,
    },
    bytes,
  };
}

/**
 * Files of `fast` and `surface` datasets that a new meta.json no longer names (an earlier pass wrote them).
 * Static files stay: other outputs name them.
 */
async function removeUnreferenced(folder: string, before: OutputMeta, after: OutputMeta): Promise<void> {
  const named = (meta: OutputMeta) => new Set(outputMetaFiles({ ...meta, sensors: [] }));
  const keep = named(after);
  for (const file of named(before)) if (!keep.has(file) && !isStaticOutputFile(file)) await rm(arrayPath(folder, file), { force: true });
}

/**
 * Writes the `fast` dataset of every object and the `surface` dataset of every fluid object of the
 * output in `folder`, and records them in its meta.json. Idempotent: a second pass replaces the first.
 */
export async function writeReducedDatasets(folder: string, options: DatasetOptions): Promise<DatasetSummary> {
  const meta = await readMeta(folder);
  const target = options.fastTarget ?? FAST_DATASET_TARGET_POINTS;
  const made = new Map<string, OutputDataset[]>();
  const summary: DatasetSummary = { objects: [], bytes: 0 };
  for (const object of meta.objects) {
    const full = findDataset(object, 'full');
    if (!full) continue;
    const datasets: OutputDataset[] = [];
    const fast = await fastDataset(folder, object.id, full, target);
    datasets.push(fast.dataset);
    summary.bytes += fast.bytes;
    let surfaceVertices: number | null = null;
    if (object.kind === 'fluid') {
      const surface = await surfaceDataset(folder, object.id, full, options.particleDiameter);
      summary.bytes += surface.bytes;
      if (surface.dataset) datasets.push(surface.dataset);
      surfaceVertices = surface.dataset ? surface.dataset.count : null;
    }
    made.set(object.id, datasets);
    summary.objects.push({ id: object.id, full: full.count, fast: fast.dataset.count, surfaceVertices });
  }
  const after = await updateMeta(folder, (current) => ({
    ...current,
    objects: current.objects.map((o) => {
      const datasets = made.get(o.id);
      // A fluid without a surface this time drops the one an earlier pass may have written.
      const kept = o.kind === 'fluid' && !datasets?.some((d) => d.name === 'surface') ? { ...o, datasets: o.datasets.filter((d) => d.name !== 'surface') } : o;
      return datasets ? withDatasets(kept, datasets) : kept;
    }),
  }));
  await removeUnreferenced(folder, meta, after);
  return summary;
}
