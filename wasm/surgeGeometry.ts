// Loader and typed API of the geometry module (wasm/pkg/surge_geometry.wasm), for Node and browsers:
// copies typed arrays into linear memory, calls the C ABI, copies results out and frees everything.

import type { ShapeInfo } from '../src/domain/shape.ts';
import { stlUnitFactors, type StlUnit } from '../src/domain/stlUnits.ts';
import type { Vec3 } from '../src/domain/vector.ts';

export type LengthUnit = StlUnit;
export type { ShapeInfo, Vec3 };

/** Metres per file unit of an uploaded STL. */
export const LENGTH_UNIT_SCALE: Readonly<Record<LengthUnit, number>> = stlUnitFactors;

/** Largest mesh the module accepts (STL triangles, surface triangles): beyond it a browser tab would
 * run out of memory before the user sees anything useful. */
export const MAX_TRIANGLES = 20_000_000;
/** Largest lattice a fill may return (points). */
export const MAX_LATTICE_POINTS = 200_000_000;
/** Defects listed per kind in a health report (the counts are always complete). */
export const DEFAULT_MAX_DEFECTS = 100;

export const GeometryErrorCode = {
  invalidInput: 'invalid_input',
  outOfMemory: 'out_of_memory',
  limitExceeded: 'limit_exceeded',
  internal: 'internal',
} as const;
export type GeometryErrorCode = (typeof GeometryErrorCode)[keyof typeof GeometryErrorCode];

const ERROR_CODES: Record<number, GeometryErrorCode> = {
  1: GeometryErrorCode.invalidInput,
  2: GeometryErrorCode.outOfMemory,
  3: GeometryErrorCode.limitExceeded,
  4: GeometryErrorCode.internal,
};

export class GeometryError extends Error {
  readonly code: GeometryErrorCode;
  constructor(code: GeometryErrorCode, message: string) {
    super(message);
    this.name = 'GeometryError';
    this.code = code;
  }
}

export interface TriangleMesh {
  /** xyz per vertex, metres. */
  positions: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
}

export interface WeldedMesh extends TriangleMesh {
  /** Input vertex -> welded vertex. */
  remap: Uint32Array;
  /** Tolerance actually used, metres. */
  tolerance: number;
}

/** One defect with what 'zoom to defect' needs: a point, and the triangles and edges (vertex pairs)
 * to highlight. */
export interface MeshDefect {
  point: Vec3;
  triangles: Uint32Array;
  edges: Uint32Array;
}

export interface DefectKind {
  /** Defective elements: boundary edges, non-manifold edges or vertices, degenerate faces,
   * inconsistently wound edges. */
  elements: number;
  /** Defects after grouping connected elements (a hole is one boundary loop). */
  groups: number;
  /** The largest groups first, at most `maxDefects`. */
  defects: MeshDefect[];
}

export interface BoundingBox {
  min: Vec3;
  max: Vec3;
}

export interface MeshHealth {
  nbrOfTriangles: number;
  vertexCount: number;
  edgeCount: number;
  surfaceArea: number;
  /** Area-weighted centre of the surface. */
  center: Vec3;
  /** Plane normal when planar, otherwise the normalised area-weighted mean normal (zero on closed meshes). */
  normal: Vec3;
  isPlanar: boolean;
  boundingBox: BoundingBox;
  /** Signed enclosed volume (positive when normals point outwards); meaningful when closed. */
  volume: number;
  /** No boundary and no non-manifold edge. */
  closed: boolean;
  holes: DefectKind;
  nonManifoldEdges: DefectKind;
  nonManifoldVertices: DefectKind;
  degenerateFaces: DefectKind;
  inconsistentWinding: DefectKind;
}

/** The spec's Shape.info; `normal` is null where the surface has no meaningful mean normal. */
export function toShapeInfo(h: MeshHealth): ShapeInfo {
  const hasNormal = h.normal.some((v) => v !== 0);
  return {
    center: h.center,
    normal: hasNormal ? h.normal : null,
    isPlanar: h.isPlanar,
    nbrOfTriangles: h.nbrOfTriangles,
    holes: h.holes.groups,
    nonManifold: h.nonManifoldEdges.elements + h.nonManifoldVertices.elements,
    surfaceArea: h.surfaceArea,
    boundingBox: h.boundingBox,
  };
}

/** Whether a part should carry the spec's mesh-health warning. */
export function hasMeshIssues(h: MeshHealth): boolean {
  return (
    h.holes.groups > 0 ||
    h.nonManifoldEdges.elements > 0 ||
    h.nonManifoldVertices.elements > 0 ||
    h.degenerateFaces.elements > 0 ||
    h.inconsistentWinding.elements > 0
  );
}

export interface Reduction {
  /** Kept point indices, ascending. */
  indices: Uint32Array;
  /** Every occupied cube of this edge length (metres) keeps at least one point. */
  cellSize: number;
}

export interface SurfaceParams {
  /** Particle radius r (half the particle spacing), metres. */
  particleRadius: number;
  /** Smoothing length in multiples of r; the kernel's compact support is twice this. Default 2. */
  smoothingLength?: number;
  /** Marching-cubes cell edge in multiples of r. Default 1. */
  cubeSize?: number;
  /** Surface level as a fraction of the rest volume fraction. Default 0.6. */
  isoThreshold?: number;
  maxTriangles?: number;
}

export const DEFAULT_SURFACE_PARAMS = { smoothingLength: 2, cubeSize: 1, isoThreshold: 0.6 } as const;

export interface ParticleAttribute {
  components: number;
  values: Float32Array;
}

export interface SurfaceMesh extends TriangleMesh {
  /** Attributes interpolated from the particles onto the vertices, by name. */
  attributes: Record<string, ParticleAttribute>;
  stats: { evaluatedBlocks: number; surfaceBlocks: number; particleBlocks: number; interiorBlocksSkipped: number; cellSize: number };
}

/** A lattice fill as runs of points along x. */
export interface LatticeRuns {
  /** j, k, i0, i1 per run (points i0..i1 of row j, k, inclusive), counted from `first`; rows in k, then j order. */
  runs: Uint32Array;
  /** Points inside the mesh. */
  points: number;
  /** Lattice index (origin + first * spacing) of the first point within the mesh's bounds, per axis. */
  first: Vec3;
  /** Lattice points spanned by the mesh's bounds, per axis. */
  count: Vec3;
}

export type WasmSource = WebAssembly.Module | ArrayBuffer | ArrayBufferView | Response | URL | string;

interface Exports {
  memory: WebAssembly.Memory;
  sg_init(): void;
  sg_alloc(bytes: number): number;
  sg_free(ptr: number, bytes: number): void;
  sg_out_of_memory(): number;
  sg_error_code(): number;
  sg_error_ptr(): number;
  sg_error_len(): number;
  sg_clear_error(): void;
  sg_result_buffer_count(out: number): number;
  sg_result_buffer_ptr(out: number, i: number): number;
  sg_result_buffer_len(out: number, i: number): number;
  sg_result_scalar_count(out: number): number;
  sg_result_scalar(out: number, i: number): number;
  sg_result_free(out: number): void;
  sg_stl_parse(ptr: number, len: number, scale: number, maxTriangles: number): number;
  sg_weld(pos: number, vertexCount: number, idx: number, indexCount: number, tolerance: number): number;
  sg_mesh_health(pos: number, vertexCount: number, idx: number, triangleCount: number, maxDefects: number): number;
  sg_reduce_points(pos: number, count: number, target: number): number;
  sg_iso_surface(
    pos: number,
    count: number,
    attrs: number,
    attrCount: number,
    radius: number,
    smoothing: number,
    cube: number,
    iso: number,
    maxTriangles: number,
  ): number;
  sg_points_in_mesh(pos: number, vertexCount: number, idx: number, triangleCount: number, query: number, queryCount: number): number;
  sg_lattice_fill(
    pos: number,
    vertexCount: number,
    idx: number,
    triangleCount: number,
    spacing: number,
    ox: number,
    oy: number,
    oz: number,
    maxPoints: number,
  ): number;
  sg_lattice_runs(
    pos: number,
    vertexCount: number,
    idx: number,
    triangleCount: number,
    spacing: number,
    ox: number,
    oy: number,
    oz: number,
    maxRuns: number,
  ): number;
}

type TypedArray = Float32Array | Uint32Array | Uint8Array | Int32Array | Float64Array | Uint16Array | Int16Array | Int8Array;
type ArrayKind = 'f32' | 'u32' | 'u8';

/** A float array that lives in the module's linear memory, so that large inputs (10M particle
 * positions) can be written there directly, e.g. read from a file, instead of being copied in on
 * every call. Take `array` afresh after any call: memory growth replaces the underlying buffer. */
export class WasmFloat32Array {
  readonly length: number;
  /** @internal */ readonly ptr: number;
  private readonly owner: SurgeGeometry;
  private readonly generation: number;
  private freed = false;

  /** @internal Use SurgeGeometry.allocFloat32. */
  constructor(owner: SurgeGeometry, ptr: number, length: number, generation: number) {
    this.owner = owner;
    this.ptr = ptr;
    this.length = length;
    this.generation = generation;
  }

  /** The live view of the values. */
  get array(): Float32Array {
    this.check();
    return new Float32Array(this.owner.memoryBuffer, this.ptr, this.length);
  }

  /** @internal Throws when freed or when the module was restarted since allocation. */
  check(): void {
    if (this.freed) throw new GeometryError(GeometryErrorCode.invalidInput, 'this array was freed');
    if (this.generation !== this.owner.generation) {
      throw new GeometryError(GeometryErrorCode.invalidInput, 'this array belonged to a module instance that has since been restarted');
    }
  }

  free(): void {
    if (this.freed || this.generation !== this.owner.generation) return;
    this.freed = true;
    this.owner.release(this.ptr, 4 * this.length);
  }
}

type Input = TypedArray | WasmFloat32Array;

/** Reads one kernel result; every buffer is copied into a fresh JS-owned (transferable) array. */
class ResultReader {
  private readonly ex: Exports;
  private readonly out: number;
  constructor(ex: Exports, out: number) {
    this.ex = ex;
    this.out = out;
  }
  scalar(i: number): number {
    return this.ex.sg_result_scalar(this.out, i);
  }
  f32(i: number): Float32Array {
    return this.copy(i, 'f32') as Float32Array;
  }
  u32(i: number): Uint32Array {
    return this.copy(i, 'u32') as Uint32Array;
  }
  u8(i: number): Uint8Array {
    return this.copy(i, 'u8') as Uint8Array;
  }
  private copy(i: number, kind: ArrayKind): TypedArray {
    const ptr = this.ex.sg_result_buffer_ptr(this.out, i);
    const len = this.ex.sg_result_buffer_len(this.out, i);
    const buf = this.ex.memory.buffer;
    if (kind === 'f32') return new Float32Array(buf, ptr, len).slice();
    if (kind === 'u32') return new Uint32Array(buf, ptr, len).slice();
    return new Uint8Array(buf, ptr, len).slice();
  }
}

const HEALTH_KINDS = ['holes', 'nonManifoldEdges', 'nonManifoldVertices', 'degenerateFaces', 'inconsistentWinding'] as const;

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function readNodeFile(path: URL | string): Promise<Uint8Array> {
  // Kept out of the browser bundle: the specifier is only resolved when running under Node.
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
  try {
    return await fs.readFile(path);
  } catch (e) {
    throw new GeometryError(
      GeometryErrorCode.internal,
      `cannot read the geometry module at ${String(path)} (${(e as Error).message}); build it with scripts/build-wasm.sh`,
    );
  }
}

async function compileModule(source?: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source as BufferSource);
  if (source === undefined || typeof source === 'string' || source instanceof URL) {
    const url = source ?? new URL('./pkg/surge_geometry.wasm', import.meta.url);
    if (isNode() && (url instanceof URL ? url.protocol === 'file:' : !/^[a-z][a-z0-9+.-]*:/i.test(url))) {
      return WebAssembly.compile((await readNodeFile(url)) as BufferSource);
    }
    return compileModule(await fetch(url));
  }
  if (!source.ok) throw new GeometryError(GeometryErrorCode.internal, `geometry module download failed: HTTP ${source.status} for ${source.url}`);
  return WebAssembly.compile(await source.arrayBuffer());
}

function checkTyped(name: string, value: unknown, ctor: { new (n: number): TypedArray; name: string }, multiple = 1): void {
  if (!(value instanceof ctor)) throw new GeometryError(GeometryErrorCode.invalidInput, `${name} must be a ${ctor.name}`);
  if (value.length % multiple !== 0) {
    throw new GeometryError(GeometryErrorCode.invalidInput, `${name} length ${value.length} is not a multiple of ${multiple}`);
  }
}

function checkPositions(positions: unknown): void {
  if (positions instanceof WasmFloat32Array) {
    positions.check();
    if (positions.length % 3 !== 0) throw new GeometryError(GeometryErrorCode.invalidInput, `positions length ${positions.length} is not a multiple of 3`);
    return;
  }
  checkTyped('positions', positions, Float32Array, 3);
}

function checkNumber(name: string, value: unknown, test: (v: number) => boolean, rule: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !test(value)) {
    throw new GeometryError(GeometryErrorCode.invalidInput, `${name} must be ${rule}, got ${String(value)}`);
  }
  return value;
}

function checkCount(name: string, value: unknown, max = 0xffff_ffff): number {
  return checkNumber(name, value, (v) => Number.isInteger(v) && v >= 0 && v <= max, `an integer from 0 to ${max}`);
}

/** One instance of the module. Calls are synchronous; a trap (out of memory, internal error)
 * discards the instance's memory and the next call starts on a fresh one. */
export class SurgeGeometry {
  private readonly module: WebAssembly.Module;
  private ex: Exports;
  /** Counts instance restarts; arrays allocated in an earlier instance are gone. */
  generation = 0;

  private constructor(module: WebAssembly.Module) {
    this.module = module;
    this.ex = SurgeGeometry.instantiate(module);
  }

  /** Loads the module: by default wasm/pkg/surge_geometry.wasm next to this file (read with fs in
   * Node, fetched in browsers), or the given bytes, Response, URL, path or compiled module. */
  static async load(source?: WasmSource): Promise<SurgeGeometry> {
    return new SurgeGeometry(await compileModule(source));
  }

  private static instantiate(module: WebAssembly.Module): Exports {
    const instance = new WebAssembly.Instance(module, {});
    const ex = instance.exports as unknown as Exports;
    ex.sg_init();
    return ex;
  }

  /** Bytes of linear memory currently reserved by the module. */
  get memoryBytes(): number {
    return this.ex.memory.buffer.byteLength;
  }

  /** @internal */
  get memoryBuffer(): ArrayBuffer {
    return this.ex.memory.buffer as ArrayBuffer;
  }

  /** Reserves `length` floats in linear memory (zeroed); free them when done. */
  allocFloat32(length: number): WasmFloat32Array {
    checkCount('length', length, 0x3fff_ffff);
    const ptr = this.ex.sg_alloc(4 * length);
    if (ptr === 0) throw new GeometryError(GeometryErrorCode.outOfMemory, `out of memory: could not reserve ${Math.ceil((4 * length) / 2 ** 20)} MB`);
    new Uint8Array(this.ex.memory.buffer, ptr, 4 * length).fill(0);
    return new WasmFloat32Array(this, ptr, length, this.generation);
  }

  /** @internal */
  release(ptr: number, bytes: number): void {
    this.ex.sg_free(ptr, bytes);
  }

  /** Parses binary or ASCII STL into a triangle soup (9 floats per triangle) in metres. */
  parseStl(bytes: Uint8Array, unit: LengthUnit, maxTriangles = MAX_TRIANGLES): { positions: Float32Array; ascii: boolean } {
    checkTyped('STL bytes', bytes, Uint8Array);
    const scale = LENGTH_UNIT_SCALE[unit];
    if (scale === undefined) throw new GeometryError(GeometryErrorCode.invalidInput, `unit must be one of m, mm, in; got ${String(unit)}`);
    checkCount('maxTriangles', maxTriangles);
    // A binary file states its triangle count up front: refuse it before copying it into memory.
    if (bytes.length >= 84) {
      const declared = new DataView(bytes.buffer, bytes.byteOffset + 80, 4).getUint32(0, true);
      if (84 + 50 * declared === bytes.length && declared > maxTriangles) {
        throw new GeometryError(GeometryErrorCode.limitExceeded, `the STL has ${declared} triangles, more than the limit of ${maxTriangles}`);
      }
    }
    return this.call([bytes], ([p]) => this.ex.sg_stl_parse(p, bytes.length, scale, maxTriangles), (r) => ({
      positions: r.f32(0),
      ascii: r.scalar(1) === 1,
    }));
  }

  /** Merges vertices closer than `tolerance` metres (default: 1e-6 of the bounding-box diagonal).
   * Without indices the positions are read as a triangle soup. */
  weld(positions: Float32Array, indices?: Uint32Array, tolerance?: number): WeldedMesh {
    checkTyped('positions', positions, Float32Array, 3);
    if (indices !== undefined) checkTyped('indices', indices, Uint32Array, 3);
    const tol = tolerance === undefined ? -1 : checkNumber('tolerance', tolerance, (v) => v >= 0, 'a non-negative number');
    const idx = indices ?? new Uint32Array(0);
    return this.call([positions, idx], ([p, i]) => this.ex.sg_weld(p, positions.length / 3, i, idx.length, tol), (r) => ({
      positions: r.f32(0),
      indices: r.u32(1),
      remap: r.u32(2),
      tolerance: r.scalar(1),
    }));
  }

  /** Holes, non-manifold edges and vertices, degenerate faces, inconsistent winding, and shape info. */
  meshHealth(mesh: TriangleMesh, maxDefects = DEFAULT_MAX_DEFECTS): MeshHealth {
    checkTyped('positions', mesh.positions, Float32Array, 3);
    checkTyped('indices', mesh.indices, Uint32Array, 3);
    checkCount('maxDefects', maxDefects);
    return this.call(
      [mesh.positions, mesh.indices],
      ([p, i]) => this.ex.sg_mesh_health(p, mesh.positions.length / 3, i, mesh.indices.length / 3, maxDefects),
      (r) => {
        const s = (i: number) => r.scalar(i);
        const kind = (k: number): DefectKind => {
          const points = r.f32(5 * k);
          const triOff = r.u32(5 * k + 1);
          const tris = r.u32(5 * k + 2);
          const edgeOff = r.u32(5 * k + 3);
          const edges = r.u32(5 * k + 4);
          const defects: MeshDefect[] = [];
          for (let d = 0; d < points.length / 3; d++) {
            defects.push({
              point: [points[3 * d], points[3 * d + 1], points[3 * d + 2]],
              triangles: tris.slice(triOff[d], triOff[d + 1]),
              edges: edges.slice(edgeOff[d], edgeOff[d + 1]),
            });
          }
          return { elements: s([3, 4, 5, 6, 7][k]), groups: s(25 + k), defects };
        };
        const kinds = Object.fromEntries(HEALTH_KINDS.map((name, k) => [name, kind(k)])) as Record<(typeof HEALTH_KINDS)[number], DefectKind>;
        return {
          nbrOfTriangles: s(0),
          vertexCount: s(1),
          edgeCount: s(23),
          surfaceArea: s(8),
          center: [s(9), s(10), s(11)],
          normal: [s(12), s(13), s(14)],
          isPlanar: s(15) === 1,
          boundingBox: { min: [s(16), s(17), s(18)], max: [s(19), s(20), s(21)] },
          volume: s(22),
          closed: s(24) === 1,
          ...kinds,
        };
      },
    );
  }

  /** Picks exactly `targetCount` points spread evenly over space (all of them when there are fewer). */
  reducePoints(positions: Float32Array | WasmFloat32Array, targetCount: number): Reduction {
    checkPositions(positions);
    checkCount('targetCount', targetCount);
    return this.call([positions], ([p]) => this.ex.sg_reduce_points(p, positions.length / 3, targetCount), (r) => ({
      indices: r.u32(0),
      cellSize: r.scalar(0),
    }));
  }

  /** Closed iso-surface of the particles' SPH volume fraction, with attributes interpolated onto it. */
  reconstructSurface(
    positions: Float32Array | WasmFloat32Array,
    params: SurfaceParams,
    attributes: Record<string, ParticleAttribute> = {},
  ): SurfaceMesh {
    checkPositions(positions);
    const n = positions.length / 3;
    const radius = checkNumber('particleRadius', params.particleRadius, (v) => v > 0, 'a positive number');
    const smoothing = checkNumber('smoothingLength', params.smoothingLength ?? DEFAULT_SURFACE_PARAMS.smoothingLength, (v) => v > 0, 'a positive number');
    const cube = checkNumber('cubeSize', params.cubeSize ?? DEFAULT_SURFACE_PARAMS.cubeSize, (v) => v > 0, 'a positive number');
    const iso = checkNumber('isoThreshold', params.isoThreshold ?? DEFAULT_SURFACE_PARAMS.isoThreshold, (v) => v > 0, 'a positive number');
    const maxTriangles = checkCount('maxTriangles', params.maxTriangles ?? MAX_TRIANGLES);
    const names = Object.keys(attributes);
    for (const name of names) {
      const a = attributes[name];
      checkCount(`attribute ${name} components`, a.components, 64);
      if (a.components < 1) throw new GeometryError(GeometryErrorCode.invalidInput, `attribute ${name} needs at least one component`);
      checkTyped(`attribute ${name}`, a.values, Float32Array);
      if (a.values.length !== n * a.components) {
        throw new GeometryError(GeometryErrorCode.invalidInput, `attribute ${name} has ${a.values.length} values, expected ${n * a.components}`);
      }
    }
    const arrays: Input[] = [positions, ...names.map((k) => attributes[k].values), new Uint32Array(2 * names.length)];
    return this.call(
      arrays,
      (ptrs) => {
        // The descriptor table (pointer, components) goes last, once the attribute pointers are known.
        const table = ptrs[ptrs.length - 1];
        const view = new Uint32Array(this.ex.memory.buffer, table, 2 * names.length);
        names.forEach((name, i) => {
          view[2 * i] = ptrs[1 + i];
          view[2 * i + 1] = attributes[name].components;
        });
        return this.ex.sg_iso_surface(ptrs[0], n, table, names.length, radius, smoothing, cube, iso, maxTriangles);
      },
      (r) => {
        const out: Record<string, ParticleAttribute> = {};
        names.forEach((name, i) => {
          out[name] = { components: attributes[name].components, values: r.f32(2 + i) };
        });
        return {
          positions: r.f32(0),
          indices: r.u32(1),
          attributes: out,
          stats: {
            evaluatedBlocks: r.scalar(2),
            surfaceBlocks: r.scalar(3),
            particleBlocks: r.scalar(4),
            interiorBlocksSkipped: r.scalar(5),
            cellSize: r.scalar(6),
          },
        };
      },
    );
  }

  /** 1 for each point inside the closed mesh (non-zero winding number), else 0. */
  pointsInMesh(mesh: TriangleMesh, points: Float32Array): Uint8Array {
    checkTyped('positions', mesh.positions, Float32Array, 3);
    checkTyped('indices', mesh.indices, Uint32Array, 3);
    checkTyped('points', points, Float32Array, 3);
    return this.call(
      [mesh.positions, mesh.indices, points],
      ([p, i, q]) => this.ex.sg_points_in_mesh(p, mesh.positions.length / 3, i, mesh.indices.length / 3, q, points.length / 3),
      (r) => r.u8(0),
    );
  }

  /** Points of the lattice origin + (i, j, k) * spacing that lie inside the closed mesh (xyz). */
  fillLattice(mesh: TriangleMesh, spacing: number, origin: Vec3 = [0, 0, 0], maxPoints = MAX_LATTICE_POINTS): Float32Array {
    checkTyped('positions', mesh.positions, Float32Array, 3);
    checkTyped('indices', mesh.indices, Uint32Array, 3);
    checkNumber('spacing', spacing, (v) => v > 0, 'a positive number');
    if (!Array.isArray(origin) || origin.length !== 3) throw new GeometryError(GeometryErrorCode.invalidInput, 'origin must be [x, y, z]');
    origin.forEach((v, a) => checkNumber(`origin[${a}]`, v, () => true, 'a finite number'));
    checkCount('maxPoints', maxPoints);
    return this.call(
      [mesh.positions, mesh.indices],
      ([p, i]) =>
        this.ex.sg_lattice_fill(p, mesh.positions.length / 3, i, mesh.indices.length / 3, spacing, origin[0], origin[1], origin[2], maxPoints),
      (r) => r.f32(0),
    );
  }

  /** The points of `fillLattice` as runs along x, for callers that keep their own lattice: 16 bytes
   * per run instead of 12 per point, and lattice indices instead of coordinates. */
  latticeRuns(mesh: TriangleMesh, spacing: number, origin: Vec3 = [0, 0, 0], maxRuns = MAX_LATTICE_POINTS): LatticeRuns {
    checkTyped('positions', mesh.positions, Float32Array, 3);
    checkTyped('indices', mesh.indices, Uint32Array, 3);
    checkNumber('spacing', spacing, (v) => v > 0, 'a positive number');
    if (!Array.isArray(origin) || origin.length !== 3) throw new GeometryError(GeometryErrorCode.invalidInput, 'origin must be [x, y, z]');
    origin.forEach((v, a) => checkNumber(`origin[${a}]`, v, () => true, 'a finite number'));
    checkCount('maxRuns', maxRuns);
    return this.call(
      [mesh.positions, mesh.indices],
      ([p, i]) =>
        this.ex.sg_lattice_runs(p, mesh.positions.length / 3, i, mesh.indices.length / 3, spacing, origin[0], origin[1], origin[2], maxRuns),
      (r) => ({
        runs: r.u32(0),
        points: r.scalar(1),
        first: [r.scalar(2), r.scalar(3), r.scalar(4)],
        count: [r.scalar(5), r.scalar(6), r.scalar(7)],
      }),
    );
  }

  /** Copies inputs in, runs the kernel, reads and frees the result, frees the inputs. */
  private call<T>(inputs: Input[], kernel: (ptrs: number[]) => number, read: (r: ResultReader) => T): T {
    const ex = this.ex;
    const allocated: [number, number][] = [];
    try {
      const ptrs = inputs.map((arr) => {
        if (arr instanceof WasmFloat32Array) {
          arr.check();
          return arr.ptr;
        }
        const bytes = arr.byteLength;
        const ptr = ex.sg_alloc(bytes);
        if (ptr === 0) {
          throw new GeometryError(
            GeometryErrorCode.outOfMemory,
            `out of memory: could not reserve ${Math.ceil(bytes / 2 ** 20)} MB for the input (module holds ${Math.round(this.memoryBytes / 2 ** 20)} MB)`,
          );
        }
        allocated.push([ptr, bytes]);
        new Uint8Array(ex.memory.buffer, ptr, bytes).set(new Uint8Array(arr.buffer, arr.byteOffset, bytes));
        return ptr;
      });
      ex.sg_clear_error();
      const out = kernel(ptrs);
      if (out === 0) {
        const code = ERROR_CODES[ex.sg_error_code()] ?? GeometryErrorCode.internal;
        throw new GeometryError(code, this.errorMessage() || 'geometry kernel failed');
      }
      try {
        return read(new ResultReader(ex, out));
      } finally {
        ex.sg_result_free(out);
      }
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError || (e instanceof RangeError && /memory/i.test(e.message))) {
        // A trap leaves the instance unusable: report why, then start over on fresh memory.
        const trap = (e as Error).message;
        const oom = e instanceof RangeError || this.safeOutOfMemory();
        const detail = oom ? '' : this.errorMessage();
        this.ex = SurgeGeometry.instantiate(this.module);
        this.generation++;
        allocated.length = 0;
        if (oom) {
          throw new GeometryError(GeometryErrorCode.outOfMemory, 'out of memory: the geometry module could not grow its memory for this input');
        }
        throw new GeometryError(GeometryErrorCode.internal, detail || `geometry module trapped: ${trap}`);
      }
      throw e;
    } finally {
      for (const [ptr, bytes] of allocated) ex.sg_free(ptr, bytes);
    }
  }

  private safeOutOfMemory(): boolean {
    try {
      return this.ex.sg_out_of_memory() === 1;
    } catch {
      return false;
    }
  }

  private errorMessage(): string {
    try {
      const len = this.ex.sg_error_len();
      const bytes = new Uint8Array(this.ex.memory.buffer, this.ex.sg_error_ptr(), len);
      return new TextDecoder().decode(bytes);
    } catch {
      return '';
    }
  }
}

/** Gathers `components` values per kept index from an attribute array (any typed array). */
export function gatherAttribute<T extends TypedArray>(values: T, components: number, indices: Uint32Array): T {
  const ctor = values.constructor as { new (n: number): T };
  const out = new ctor(indices.length * components);
  if (components === 1) {
    for (let i = 0; i < indices.length; i++) out[i] = values[indices[i]];
  } else if (components === 3) {
    for (let i = 0; i < indices.length; i++) {
      const s = 3 * indices[i];
      out[3 * i] = values[s];
      out[3 * i + 1] = values[s + 1];
      out[3 * i + 2] = values[s + 2];
    }
  } else {
    for (let i = 0; i < indices.length; i++) {
      const s = components * indices[i];
      for (let c = 0; c < components; c++) out[components * i + c] = values[s + c];
    }
  }
  return out;
}
