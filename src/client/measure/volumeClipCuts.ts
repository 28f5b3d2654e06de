// Volume clips as the viewer engine cuts particles with them (spec 1 §3 'Volume clip'): each visible clip
// becomes a unit shape and the matrix that takes world coordinates into it. Cubes, cylinders and spheres
// are exact (a cylinder as the round shape its 100-sided mesh approximates); an uploaded geometry is cut
// by its oriented bounding box (the box of the file in its own frame, placed with its unit, scale,
// rotation and translation), since an exact inside test of an arbitrary mesh per particle is beyond a
// vertex shader. Pure.
import { alignZ } from '../../domain/meshGeometry.ts';
import type { VolumeMesh } from '../../domain/mesh.ts';
import { stlUnitFactors } from '../../domain/shape.ts';
import { mat3Mul, rotationMatrixFromEulerDeg, type Mat3, type Vec3 } from '../../domain/vector.ts';
import type { VolumeClip } from '../../domain/volumeClip.ts';
import type { VolumeCut, VolumeCutShape } from '../viewer/ViewerEngine.ts';
import type { StlFiles } from '../setup/sceneMeshes.ts';

const IDENTITY: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/**
 * Row-major 4x4 matrix taking a world point p to D⁻¹ · (S⁻¹ · Qᵀ · (p − t) − c): Q the placement's
 * rotation, S its scale, c the shape's centre in its scaled frame, D the extents of the unit shape.
 */
function worldToUnit(q: Mat3, scale: Vec3, translation: Vec3, centre: Vec3, extents: Vec3): number[] | null {
  const rows: number[] = [];
  for (let r = 0; r < 3; r++) {
    const k = scale[r] * extents[r];
    if (!Number.isFinite(k) || Math.abs(k) < 1e-12) return null;
    // Row r of Qᵀ is column r of Q.
    const row: Vec3 = [q[r] / k, q[3 + r] / k, q[6 + r] / k];
    const w = -(row[0] * translation[0] + row[1] * translation[1] + row[2] * translation[2]) - centre[r] / extents[r];
    rows.push(row[0], row[1], row[2], w);
  }
  return [...rows, 0, 0, 0, 1];
}

/** Bounds of an uploaded file in its own frame, in metres (its unit applied). */
function fileBounds(positions: Float32Array, unit: number): { min: Vec3; max: Vec3 } | null {
  if (positions.length < 3) return null;
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      const v = positions[i + c] * unit;
      if (v < min[c]) min[c] = v;
      if (v > max[c]) max[c] = v;
    }
  }
  return { min, max };
}

function meshCut(mesh: VolumeMesh, files: StlFiles): { shape: VolumeCutShape; worldToUnit: number[] } | null {
  const rotation = rotationMatrixFromEulerDeg(mesh.rotation);
  const origin: Vec3 = [0, 0, 0];
  let shape: VolumeCutShape;
  let m: number[] | null;
  switch (mesh.kind) {
    case 'cube':
      shape = 'box';
      m = worldToUnit(mat3Mul(rotation, IDENTITY), mesh.scale, mesh.translation, origin, mesh.dimensions);
      break;
    case 'cylinder':
      shape = 'cylinder';
      m = worldToUnit(mat3Mul(rotation, alignZ(mesh.axis)), mesh.scale, mesh.translation, origin, [mesh.radius, mesh.radius, mesh.height]);
      break;
    case 'sphere':
      shape = 'sphere';
      m = worldToUnit(rotation, mesh.scale, mesh.translation, origin, [mesh.radius, mesh.radius, mesh.radius]);
      break;
    case 'complex': {
      const soup = files.get(mesh.fileId);
      const bounds = soup ? fileBounds(soup.positions, stlUnitFactors[mesh.file?.unit ?? 'm']) : null;
      if (!bounds) return null;
      shape = 'box';
      // The box centre c and extents d in the file's frame: the scale applies to both.
      const extents: Vec3 = [0, 1, 2].map((c) => bounds.max[c] - bounds.min[c]) as Vec3;
      const centre: Vec3 = [0, 1, 2].map((c) => (bounds.max[c] + bounds.min[c]) / 2) as Vec3;
      m = worldToUnit(rotation, mesh.scale, mesh.translation, centre, extents);
      break;
    }
  }
  return m ? { shape, worldToUnit: m } : null;
}

/** The cuts of the visible clips whose shape is known (uploaded files once loaded), in the setup's order. */
export function volumeClipCuts(clips: readonly VolumeClip[], files: StlFiles): VolumeCut[] {
  const cuts: VolumeCut[] = [];
  for (const clip of clips) {
    if (!clip.appearance.visibility) continue;
    const cut = meshCut(clip.mesh, files);
    if (cut) cuts.push({ id: clip.id, ...cut, inverted: clip.inverted, materialId: clip.materialId });
  }
  return cuts;
}
