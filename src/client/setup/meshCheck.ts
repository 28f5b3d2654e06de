// Mesh Check Mode of the Setup screen (spec 2 'Meshing tools': holes and non-manifold counts per part,
// a list of defects and zoom to each): every part's triangles in world metres are welded and checked by
// the mesh-health worker; each defect keeps its location, its edges as line segments to highlight and a
// radius to zoom to.
import type { Part } from '../../domain/part.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import type { Vec3 } from '../../domain/vector.ts';
import type { MeshDefect } from '../../../wasm/surgeGeometry.ts';
import type { PartMesh } from '../../../workers/geometry/partMesh.ts';
import { MeshHealthWorkerClient, startedOnce } from '../../../workers/geometryWorkers.ts';
import { partMesh, type StlFiles } from './sceneMeshes.ts';

export type DefectKindId = 'hole' | 'nonManifold';

export interface MeshCheckDefect {
  kind: DefectKindId;
  /** Where it is (m): the mean of its vertices. */
  point: Vec3;
  /** Edges it spans (a hole's boundary edges, non-manifold edges). */
  edges: number;
  /** Its edges as pairs of points (m), for highlighting. */
  segments: Float32Array;
  /** Radius (m) of the view that zooming to it shows. */
  radius: number;
}

export type PartMeshCheck =
  | { partId: string; name: string; status: 'checked'; holes: number; nonManifold: number; defects: MeshCheckDefect[] }
  | { partId: string; name: string; status: 'failed'; message: string };

/** The smallest zoom radius, as a share of the part's bounding-box diagonal. */
const MIN_ZOOM_SHARE = 0.02;

function defectOf(kind: DefectKindId, d: MeshDefect, positions: Float32Array, partDiagonal: number): MeshCheckDefect {
  const segments = new Float32Array(3 * d.edges.length);
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  d.edges.forEach((v, i) => {
    for (let a = 0; a < 3; a++) {
      const x = positions[3 * v + a];
      segments[3 * i + a] = x;
      lo[a] = Math.min(lo[a], x);
      hi[a] = Math.max(hi[a], x);
    }
  });
  const extent = d.edges.length > 0 ? Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2 : 0;
  return { kind, point: d.point, edges: d.edges.length / 2, segments, radius: Math.max(extent * 1.5, MIN_ZOOM_SHARE * partDiagonal, 1e-6) };
}

/** The defects of a checked mesh, holes first, each kind largest first (as the kernel lists them). */
export function meshCheckOf(part: Pick<Part, 'id' | 'name'>, mesh: PartMesh): PartMeshCheck {
  const { min, max } = mesh.health.boundingBox;
  const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  const defects = [
    ...mesh.health.holes.defects.map((d) => defectOf('hole', d, mesh.positions, diagonal)),
    ...mesh.health.nonManifoldEdges.defects.map((d) => defectOf('nonManifold', d, mesh.positions, diagonal)),
  ];
  return { partId: part.id, name: part.name, status: 'checked', holes: mesh.shapeInfo.holes, nonManifold: mesh.shapeInfo.nonManifold, defects };
}

const healthWorker = startedOnce(() => MeshHealthWorkerClient.start());

/** Checks every part whose geometry is at hand, one after another in the worker. */
export async function checkSetupMeshes(setup: SetupDocument, files: StlFiles): Promise<PartMeshCheck[]> {
  const results: PartMeshCheck[] = [];
  for (const part of setup.parts) {
    const mesh = partMesh(part, files);
    if (!mesh) {
      results.push({ partId: part.id, name: part.name, status: 'failed', message: 'Its geometry has not been loaded.' });
      continue;
    }
    try {
      const client = await healthWorker();
      // Copies go to the worker: the viewer keeps drawing the originals.
      const checked = await client.checkMesh(mesh.positions.slice(), mesh.indices?.slice());
      results.push(meshCheckOf(part, checked));
    } catch (error) {
      results.push({ partId: part.id, name: part.name, status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
