// Loads one simulation output folder: meta.json (validated with the domain schema), then every
// typed-array file of the chosen particle dataset through the decoding pool, in parallel. The result
// holds the transferred arrays, ready to become GPU buffers as they are.
import { outputAttributeKey, type DatasetName, type OutputDataset, type OutputMeta } from '../../../domain/output.ts';
import { resultAttributes } from '../../../domain/attributes.ts';
import type { ParticleArrays } from '../gpu/ParticleLayer.ts';
import type { DecodePool } from './DecodePool.ts';
import { fileRequestSource, readOutputMeta, type OutputSource } from './outputSource.ts';

/** "Wetting by Material (Water)": the attribute's label and the material's name, from its fluid object. */
export function perMaterialLabel(meta: OutputMeta, name: OutputDataset['attributes'][number]['name'], materialId: number): string {
  const fluid = meta.objects.find((o) => o.kind === 'fluid' && o.materialId === materialId);
  return `${resultAttributes[name].label} (${fluid?.name ?? `material ${materialId}`})`;
}

export interface LoadedParticleObject {
  id: string;
  name: string;
  kind: OutputMeta['objects'][number]['kind'];
  dataset: DatasetName;
  count: number;
  arrays: ParticleArrays;
}

export interface LoadedSurface {
  id: string;
  name: string;
  positions: Float32Array;
  indices: Uint32Array;
}

export interface LoadedOutput {
  meta: OutputMeta;
  objects: LoadedParticleObject[];
  surfaces: LoadedSurface[];
}

export interface LoadOptions {
  /** 'full' for quality All, otherwise the reduced 'fast' dataset where it exists. */
  dataset: 'full' | 'fast';
  /** Load only these attributes (positions are always loaded); all when omitted. */
  attributes?: string[];
  /** Also load reconstructed surface meshes. */
  surfaces?: boolean;
  /** Objects to load; the others are left out and their files never fetched. All when omitted. */
  include?: (object: OutputMeta['objects'][number]) => boolean;
  /** meta.json when already read, so that loading more objects of an output does not read it again. */
  meta?: OutputMeta;
  onFile?: (done: number, total: number) => void;
}

/** The particle dataset to draw: the preferred one, else the other of full/fast. */
export function pickParticleDataset(datasets: readonly OutputDataset[], preferred: 'full' | 'fast'): OutputDataset | null {
  const order = preferred === 'full' ? ['full', 'fast'] : ['fast', 'full'];
  for (const name of order) {
    const d = datasets.find((x) => x.name === name);
    if (d) return d;
  }
  return null;
}

export async function loadOutputFolder(source: OutputSource, pool: DecodePool, options: LoadOptions): Promise<LoadedOutput> {
  const meta = options.meta ?? (await readOutputMeta(source));
  const jobs: Promise<void>[] = [];
  let done = 0;
  let total = 0;
  const decode = (file: string, dtype: 'float32' | 'uint32', values: number): Promise<ArrayBuffer> => {
    total += 1;
    return fileRequestSource(source, file)
      .then((src) => pool.decode({ source: src, type: dtype, expectedValues: values }))
      .then((buffer) => {
        done += 1;
        options.onFile?.(done, total);
        return buffer;
      });
  };

  const objects: LoadedParticleObject[] = [];
  for (const object of meta.objects) {
    if (options.include && !options.include(object)) continue;
    const dataset = pickParticleDataset(object.datasets, options.dataset);
    if (!dataset) continue;
    const loaded: LoadedParticleObject = {
      id: object.id,
      name: object.name,
      kind: object.kind,
      dataset: dataset.name,
      count: dataset.count,
      arrays: { positions: new Float32Array(0), attributes: {} },
    };
    objects.push(loaded);
    jobs.push(
      decode(dataset.positions.file, dataset.positions.dtype, dataset.count * 3).then((buffer) => {
        loaded.arrays.positions = new Float32Array(buffer);
      }),
    );
    for (const attribute of dataset.attributes) {
      if (options.attributes && !options.attributes.includes(attribute.name)) continue;
      // A per-material attribute (wetting by material) is one choice per material, named after it.
      const key = outputAttributeKey(attribute);
      const label = attribute.materialId === undefined ? undefined : perMaterialLabel(meta, attribute.name, attribute.materialId);
      const entry = (array: Float32Array) => ({ array, components: attribute.components, unit: attribute.unit, ...(label ? { label } : {}) });
      // Keep meta.json's attribute order whatever order the files arrive in.
      loaded.arrays.attributes[key] = entry(new Float32Array(0));
      jobs.push(
        decode(attribute.file, attribute.dtype, dataset.count * attribute.components).then((buffer) => {
          loaded.arrays.attributes[key] = entry(new Float32Array(buffer));
        }),
      );
    }
  }

  const surfaces: LoadedSurface[] = [];
  if (options.surfaces) {
    for (const object of meta.objects) {
      if (options.include && !options.include(object)) continue;
      const surface = object.datasets.find((d) => d.name === 'surface');
      if (!surface || !surface.indices) continue;
      const entry: LoadedSurface = { id: `${object.id}:surface`, name: `${object.name} surface`, positions: new Float32Array(0), indices: new Uint32Array(0) };
      surfaces.push(entry);
      jobs.push(
        decode(surface.positions.file, 'float32', surface.count * 3).then((buffer) => {
          entry.positions = new Float32Array(buffer);
        }),
      );
      const indices = surface.indices;
      // Indices must stay integers: fetched as raw 32-bit words and viewed as uint32.
      jobs.push(
        fileRequestSource(source, indices.file)
          .then((src) => pool.decode({ source: src, type: 'float32', expectedValues: -1 }))
          .then((buffer) => {
            entry.indices = new Uint32Array(buffer);
          }),
      );
    }
  }

  await Promise.all(jobs);
  return { meta, objects, surfaces };
}

/** Objects of a loaded output that `include` asks for but that were left out when it was loaded. */
export function missingObjects(loaded: LoadedOutput, include: (object: OutputMeta['objects'][number]) => boolean, dataset: 'full' | 'fast'): string[] {
  const have = new Set(loaded.objects.map((o) => o.id));
  return loaded.meta.objects.filter((o) => !have.has(o.id) && include(o) && pickParticleDataset(o.datasets, dataset) !== null).map((o) => o.id);
}

/** Loads the objects of `loaded` named in `ids` and returns the output with them, in meta.json's order. */
export async function loadMoreObjects(
  loaded: LoadedOutput,
  ids: readonly string[],
  source: OutputSource,
  pool: DecodePool,
  dataset: 'full' | 'fast',
): Promise<LoadedOutput> {
  const more = await loadOutputFolder(source, pool, { dataset, meta: loaded.meta, include: (o) => ids.includes(o.id) });
  const order = new Map(loaded.meta.objects.map((o, i) => [o.id, i]));
  const objects = [...loaded.objects, ...more.objects].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { ...loaded, objects };
}
