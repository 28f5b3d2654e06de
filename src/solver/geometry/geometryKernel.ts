// Geometry of the discretizer behind one interface: STL reading, mesh health and lattice queries. The
// implementation (wasmGeometryKernel.ts) runs the geometry module for what it offers and the lattice
// queries of latticeQueries.ts for the rest; platforms load the module (nodePlatform, browserPlatform).
import type { MeshData } from './mesh.ts';

/** Lattice points at (i0 + i + 0.5) Δx, i in [0, n), per axis; linear index i + nx (j + ny k). */
export interface Lattice {
  spacing: number;
  /** First integer cell index per axis (world-aligned lattice). */
  i0: [number, number, number];
  n: [number, number, number];
}

export function latticeSize(l: Lattice): number {
  return l.n[0] * l.n[1] * l.n[2];
}

export function latticeCoord(l: Lattice, axis: number, i: number): number {
  return (l.i0[axis] + i + 0.5) * l.spacing;
}

/** Topology of a mesh after welding (vertices closer than 1e-6 of its diagonal merged). */
export interface MeshHealth {
  triangles: number;
  /** Edges used by one triangle only (holes). */
  boundaryEdges: number;
  /** Edges used by more than two triangles. */
  nonManifoldEdges: number;
  /** Edges whose two triangles run them in the same direction (inconsistent orientation). */
  misorientedEdges: number;
  degenerateTriangles: number;
  /** Signed enclosed volume, positive when the normals point outwards (meaningful when watertight). */
  volume: number;
  /** No open, non-manifold or misoriented edge. */
  watertight: boolean;
}

/** Lattice points near a surface: signed distance (positive on the side the normals point to). */
export interface SurfaceBand {
  /** Linear lattice indices. */
  index: Int32Array;
  distance: Float64Array;
  /** Unit direction from the point towards the front side of the surface (the surface normal side). */
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
  count: number;
}

export interface GeometryKernel {
  /** Binary or ASCII STL in the file's own units, vertices welded. */
  readStl(bytes: Uint8Array): MeshData;
  meshHealth(mesh: MeshData): MeshHealth;
  /**
   * 1 for lattice points inside the mesh, 0 outside. Inside means a non-zero winding number, so a
   * closed mesh with inward normals (a container) contains its interior too. Surfaces are half-open
   * (a point within 10⁻³ Δx of a face counts as if it lay that much further along +x, +y, +z), so a box
   * spanning m Δx holds m lattice points per axis wherever it sits. For a mesh that is not watertight
   * (`watertight` false) a point is inside when rays along at least two of the three axes say so.
   */
  insideLattice(mesh: MeshData, lattice: Lattice, watertight?: boolean): Uint8Array;
  /** Lattice points closer than `band` to the mesh, with signed distance and direction to the front side. */
  surfaceBand(mesh: MeshData, lattice: Lattice, band: number): SurfaceBand;
  /**
   * Marks lattice edges that cross the mesh: bit 0 for the edge from a point to its +x neighbour,
   * bit 1 for +y, bit 2 for +z. ORs into `blocked` (one byte per lattice point).
   */
  markCrossedEdges(mesh: MeshData, lattice: Lattice, blocked: Uint8Array): void;
}
