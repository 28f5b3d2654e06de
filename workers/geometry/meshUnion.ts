// Boolean union of closed triangle meshes with manifold-3d: several bodies of a STEP assembly become one
// watertight surface (overlaps and shared faces removed), so that the discretizer sees one closed solid
// rather than nested or intersecting shells whose inside test would cancel out. Bodies that are not closed
// and consistently wound cannot be united; they are kept beside the union and reported.
import Module from 'manifold-3d';

type ManifoldModule = Awaited<ReturnType<typeof Module>>;

export interface IndexedMesh {
  /** xyz per vertex (welded). */
  positions: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
}

export interface UnionResult {
  mesh: IndexedMesh;
  /** Indices (into the input list) of the meshes that went into the union. */
  united: number[];
  /** Indices of the meshes kept apart because they are not closed solids. */
  notUnited: number[];
}

let manifoldPromise: Promise<ManifoldModule> | null = null;

/** The manifold-3d module, started once per thread. */
export function loadManifold(): Promise<ManifoldModule> {
  manifoldPromise ??= Module()
    .then((wasm) => {
      wasm.setup();
      return wasm;
    })
    .catch((error: unknown) => {
      manifoldPromise = null;
      throw error;
    });
  return manifoldPromise;
}

/** Concatenates meshes into one (vertex indices offset). */
export function concatMeshes(meshes: readonly IndexedMesh[]): IndexedMesh {
  const vertexCount = meshes.reduce((n, m) => n + m.positions.length, 0);
  const indexCount = meshes.reduce((n, m) => n + m.indices.length, 0);
  const positions = new Float32Array(vertexCount);
  const indices = new Uint32Array(indexCount);
  let p = 0;
  let i = 0;
  for (const m of meshes) {
    positions.set(m.positions, p);
    const offset = p / 3;
    for (let k = 0; k < m.indices.length; k++) indices[i + k] = m.indices[k] + offset;
    p += m.positions.length;
    i += m.indices.length;
  }
  return { positions, indices };
}

export interface UnionOptions {
  /**
   * Edges of the union shorter than this (metres) are collapsed and near-coplanar slivers removed, moving
   * the surface by less than it: the cuts where bodies meet leave needle triangles otherwise.
   */
  simplifyTolerance?: number;
}

/**
 * The union of `meshes`. Each must be closed for the union to take it (manifold-3d's own check, after
 * merging coincident seam vertices); the others are appended unchanged and listed in `notUnited`.
 */
export function uniteMeshes(wasm: ManifoldModule, meshes: readonly IndexedMesh[], options: UnionOptions = {}): UnionResult {
  const { Manifold, Mesh } = wasm;
  const solids: InstanceType<typeof Manifold>[] = [];
  const united: number[] = [];
  const notUnited: number[] = [];
  try {
    meshes.forEach((m, index) => {
      if (m.indices.length === 0) {
        notUnited.push(index);
        return;
      }
      let solid: InstanceType<typeof Manifold> | null;
      try {
        const mesh = new Mesh({ numProp: 3, vertProperties: m.positions, triVerts: m.indices });
        mesh.merge();
        solid = new Manifold(mesh);
      } catch {
        solid = null;
      }
      if (solid && solid.status() === 'NoError' && !solid.isEmpty()) {
        solids.push(solid);
        united.push(index);
      } else {
        solid?.delete();
        notUnited.push(index);
      }
    });
    const parts: IndexedMesh[] = [];
    if (solids.length > 0) {
      const union = solids.length === 1 ? solids[0] : Manifold.union(solids);
      const simplified = options.simplifyTolerance ? union.simplify(options.simplifyTolerance) : union;
      try {
        if (simplified.status() !== 'NoError') throw new Error(`the union failed (${simplified.status()})`);
        const out = simplified.getMesh();
        // numProp is 3 here: the inputs carried positions only.
        parts.push({ positions: new Float32Array(out.vertProperties), indices: new Uint32Array(out.triVerts) });
      } finally {
        if (simplified !== union) simplified.delete();
        if (union !== solids[0]) union.delete();
      }
    }
    for (const index of notUnited) parts.push(meshes[index]);
    return { mesh: concatMeshes(parts), united, notUnited };
  } finally {
    for (const solid of solids) solid.delete();
  }
}
