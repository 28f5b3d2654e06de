// A part's surface as the viewer and the server take it: welded (so that faces exported separately
// share their seams), with its shape info and the mesh-health report used by 'zoom to defect'.
import {
  hasMeshIssues,
  toShapeInfo,
  type MeshHealth,
  type ShapeInfo,
  type SurgeGeometry,
} from '../../wasm/surgeGeometry.ts';

export interface PartMesh {
  /** Welded vertices, xyz in metres. */
  positions: Float32Array;
  indices: Uint32Array;
  shapeInfo: ShapeInfo;
  health: MeshHealth;
  /** The spec's part warning: holes, non-manifold, degenerate or inconsistently wound elements. */
  hasWarnings: boolean;
}

export interface CheckOptions {
  /** Weld tolerance in metres; default relative to the bounding box. */
  weldTolerance?: number;
  /** Defects listed per kind. */
  maxDefects?: number;
}

/** Welds a soup (no indices) or an indexed mesh and checks it. */
export function checkPartMesh(
  g: SurgeGeometry,
  positions: Float32Array,
  indices: Uint32Array | undefined,
  options: CheckOptions = {},
): PartMesh {
  const welded = g.weld(positions, indices, options.weldTolerance);
  const health = g.meshHealth(welded, options.maxDefects);
  return {
    positions: welded.positions,
    indices: welded.indices,
    shapeInfo: toShapeInfo(health),
    health,
    hasWarnings: hasMeshIssues(health),
  };
}
