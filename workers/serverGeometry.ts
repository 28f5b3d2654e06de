// Node-side entry points of the geometry module for the server's jobs: shape info of uploads, STEP
// tessellation, the boolean union of an assembly part's bodies, output reduction (`fast` dataset) and
// surface reconstruction (`surface` dataset).
// The wasm module is read from wasm/pkg with fs and kept for the life of the process.
import type { MeshingParameters } from '../src/domain/meshing.ts';
import {
  gatherAttribute,
  SurgeGeometry,
  type LengthUnit,
  type ParticleAttribute,
  type SurfaceMesh,
  type SurfaceParams,
} from '../wasm/surgeGeometry.ts';
import { checkPartMesh, type CheckOptions, type PartMesh } from './geometry/partMesh.ts';
import { loadOcct, tessellateStep, type StepImport, type StepImportOptions } from './geometry/stepImport.ts';
import { parseStlFile, type StlImportOptions } from './geometry/stlImport.ts';
import { loadManifold, uniteMeshes, type IndexedMesh, type UnionOptions, type UnionResult } from './geometry/meshUnion.ts';

export type { IndexedMesh, UnionOptions, UnionResult } from './geometry/meshUnion.ts';

let geometry: Promise<SurgeGeometry> | null = null;

/** The process-wide module instance (calls are synchronous, so one instance serves a thread). */
export function nodeGeometry(): Promise<SurgeGeometry> {
  geometry ??= SurgeGeometry.load().catch((e: unknown) => {
    geometry = null;
    throw e;
  });
  return geometry;
}

/** Shape info (and the full health report and welded mesh) of an uploaded STL. */
export async function computeShapeInfo(stlBytes: Uint8Array, unit: LengthUnit, options?: StlImportOptions): Promise<PartMesh> {
  return parseStlFile(await nodeGeometry(), stlBytes, unit, options);
}

/** Shape info of a mesh already in memory (inline meshes, generated shapes). */
export async function computeMeshInfo(positions: Float32Array, indices?: Uint32Array, options?: CheckOptions): Promise<PartMesh> {
  return checkPartMesh(await nodeGeometry(), positions, indices, options);
}

/** A tessellation job: STEP bytes to structure tree and checked meshes (positions in metres). */
export async function tessellateStepFile(bytes: Uint8Array, parameters?: MeshingParameters, options?: StepImportOptions): Promise<StepImport> {
  const [occt, g] = await Promise.all([loadOcct(), nodeGeometry()]);
  return tessellateStep(occt, g, bytes, parameters, options);
}

/** One watertight surface of several closed bodies (manifold-3d); open bodies stay apart and are listed. */
export async function uniteBodies(meshes: readonly IndexedMesh[], options?: UnionOptions): Promise<UnionResult> {
  return uniteMeshes(await loadManifold(), meshes, options);
}

export interface PointAttribute {
  components: number;
  values: Float32Array | Uint32Array;
}

export interface PointDataset {
  positions: Float32Array;
  attributes: Record<string, PointAttribute>;
}

export interface ReducedDataset extends PointDataset {
  /** Indices of the kept points in the full dataset, ascending. */
  indices: Uint32Array;
  /** Every occupied cube of this edge (metres) keeps a point. */
  cellSize: number;
}

/** The `fast` dataset: `targetCount` points spread evenly over the output, with all their attributes. */
export async function reduceOutput(dataset: PointDataset, targetCount: number): Promise<ReducedDataset> {
  const g = await nodeGeometry();
  const n = dataset.positions.length / 3;
  for (const [name, a] of Object.entries(dataset.attributes)) {
    if (a.values.length !== n * a.components) throw new RangeError(`attribute ${name} has ${a.values.length} values for ${n} points`);
  }
  const { indices, cellSize } = g.reducePoints(dataset.positions, targetCount);
  const attributes: Record<string, PointAttribute> = {};
  for (const [name, a] of Object.entries(dataset.attributes)) {
    attributes[name] = { components: a.components, values: gatherAttribute(a.values, a.components, indices) };
  }
  return { positions: gatherAttribute(dataset.positions, 3, indices), attributes, indices, cellSize };
}

/** The `surface` dataset: a closed mesh around the particles with float attributes interpolated. */
export async function reconstructSurface(
  particles: { positions: Float32Array; attributes?: Record<string, ParticleAttribute> },
  params: SurfaceParams,
): Promise<SurfaceMesh> {
  return (await nodeGeometry()).reconstructSurface(particles.positions, params, particles.attributes ?? {});
}
