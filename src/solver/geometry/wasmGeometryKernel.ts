// The discretizer's geometry kernel on the wasm geometry module: STL reading and welding, mesh health
// and the inside test (lattice fill) run in the module; the wall band and crossed lattice edges, which
// the module does not offer, come from latticeQueries.ts.
import { SurgeGeometry, type WasmSource } from '../../../wasm/surgeGeometry.ts';
import { meshBounds, type MeshData } from './mesh.ts';
import { latticeSize, type GeometryKernel, type Lattice, type MeshHealth } from './geometryKernel.ts';
import { markCrossedEdges, surfaceBand } from './latticeQueries.ts';

function readStl(g: SurgeGeometry, bytes: Uint8Array): MeshData {
  // Unit 'm' leaves the coordinates as stored; the part's unit factor is applied in double precision
  // when the mesh is placed.
  const soup = g.parseStl(bytes, 'm');
  const welded = g.weld(soup.positions);
  return { positions: Float64Array.from(welded.positions), indices: welded.indices };
}

function meshHealth(g: SurgeGeometry, mesh: MeshData): MeshHealth {
  if (mesh.indices.length === 0) {
    return {
      triangles: 0, boundaryEdges: 0, nonManifoldEdges: 0, misorientedEdges: 0, degenerateTriangles: 0,
      volume: 0, watertight: false,
    };
  }
  // Welded first: generated and imported meshes may repeat a vertex per face, and topology is read
  // from shared vertex indices. Relative to the mesh's corner, so that float32 keeps small features
  // apart wherever the geometry sits (the enclosed volume does not depend on the origin).
  const min = meshBounds(mesh).min;
  const src = mesh.positions;
  const local = new Float32Array(src.length);
  for (let i = 0; i < src.length; i += 3) {
    local[i] = src[i] - min[0];
    local[i + 1] = src[i + 1] - min[1];
    local[i + 2] = src[i + 2] - min[2];
  }
  const welded = g.weld(local, mesh.indices);
  const h = g.meshHealth(welded, 0);
  const misoriented = h.inconsistentWinding.elements;
  return {
    triangles: h.nbrOfTriangles,
    boundaryEdges: h.holes.elements,
    nonManifoldEdges: h.nonManifoldEdges.elements,
    misorientedEdges: misoriented,
    degenerateTriangles: h.degenerateFaces.elements,
    volume: h.volume,
    watertight: h.closed && misoriented === 0,
  };
}

/**
 * Offset of the lattice handed to the module, in Δx along +x, +y and +z: a face through lattice
 * points (a box whose size is an odd multiple of Δx, centred on the origin) would otherwise be decided
 * by float32 rounding. With it every surface is half-open, so a box spanning m Δx holds m points per
 * axis wherever it sits. Larger than float32's error over a few thousand cells.
 */
const LATTICE_OFFSET = 1e-3;

/** Axis orders of the rays: x, then y and z for the vote on meshes with holes (even permutations). */
const RAY_AXES = [[0, 1, 2], [1, 2, 0], [2, 0, 1]] as const;

function insideLattice(g: SurgeGeometry, mesh: MeshData, l: Lattice, watertight = true): Uint8Array {
  const inside = new Uint8Array(latticeSize(l));
  if (mesh.indices.length === 0) return inside;
  const h = l.spacing;
  const n = l.n;
  // The module works in float32: coordinates relative to a lattice cell at the mesh's lower corner
  // keep the mesh as exact as the lattice needs, wherever the geometry sits in the world.
  const b = meshBounds(mesh);
  const shift = [Math.floor(b.min[0] / h), Math.floor(b.min[1] / h), Math.floor(b.min[2] / h)];
  const src = mesh.positions;
  const origin = (0.5 + LATTICE_OFFSET) * h;
  const rays = watertight ? RAY_AXES.slice(0, 1) : RAY_AXES;
  for (const axes of rays) {
    const local = new Float32Array(src.length);
    for (let v = 0; v < src.length; v += 3) {
      for (let a = 0; a < 3; a++) local[v + a] = src[v + axes[a]] - shift[axes[a]] * h;
    }
    // The module casts its rays along its first axis and returns runs of inside points of its
    // lattice origin + m Δx, which are the solver's lattice points m + shift.
    const fill = g.latticeRuns({ positions: local, indices: mesh.indices }, h, [origin, origin, origin], inside.length);
    const off = [0, 1, 2].map((a) => fill.first[a] + shift[axes[a]] - l.i0[axes[a]]);
    const runs = fill.runs;
    if (watertight) {
      // Rays along x: a run is a contiguous stretch of the lattice's linear index.
      for (let r = 0; r < runs.length; r += 4) {
        const j = runs[r] + off[1], k = runs[r + 1] + off[2];
        if (j < 0 || k < 0 || j >= n[1] || k >= n[2]) continue;
        const i0 = Math.max(0, runs[r + 2] + off[0]), i1 = Math.min(n[0] - 1, runs[r + 3] + off[0]);
        const row = n[0] * (j + n[1] * k);
        if (i0 <= i1) inside.fill(1, row + i0, row + i1 + 1);
      }
      continue;
    }
    const cell = [0, 0, 0];
    for (let r = 0; r < runs.length; r += 4) {
      cell[axes[1]] = runs[r] + off[1];
      cell[axes[2]] = runs[r + 1] + off[2];
      for (let m = runs[r + 2]; m <= runs[r + 3]; m++) {
        cell[axes[0]] = m + off[0];
        const [i, j, k] = cell;
        if (i < 0 || j < 0 || k < 0 || i >= n[0] || j >= n[1] || k >= n[2]) continue;
        inside[i + n[0] * (j + n[1] * k)]++;
      }
    }
  }
  if (!watertight) {
    // A hole lets some rays leak in or out; a point is inside when at least two of the three
    // directions agree.
    for (let i = 0; i < inside.length; i++) inside[i] = inside[i] >= 2 ? 1 : 0;
  }
  return inside;
}

/** The kernel on one module instance (its calls are synchronous, one instance serves a thread). */
export function wasmGeometryKernel(g: SurgeGeometry): GeometryKernel {
  return {
    readStl: (bytes) => readStl(g, bytes),
    meshHealth: (mesh) => meshHealth(g, mesh),
    insideLattice: (mesh, lattice, watertight) => insideLattice(g, mesh, lattice, watertight),
    surfaceBand,
    markCrossedEdges,
  };
}

/** Loads the module from `source` (bytes, URL, path, Response or compiled module) into a kernel. */
export async function loadGeometryKernel(source?: WasmSource): Promise<GeometryKernel> {
  return wasmGeometryKernel(await SurgeGeometry.load(source));
}

let fallback: Promise<GeometryKernel> | null = null;

/**
 * The kernel for callers that bring none (prepareCase without a platform): the module at its default
 * place next to its loader, which reads it with fs in Node and fetches it in browsers.
 */
export function defaultGeometryKernel(): Promise<GeometryKernel> {
  fallback ??= loadGeometryKernel().catch((e: unknown) => {
    fallback = null;
    throw e;
  });
  return fallback;
}
