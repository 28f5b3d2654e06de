// Geometry rules shared by parts, refinements, sensors and volume clips (spec 1 §5 'Meshing'):
// dimensions, radii, heights and widths > 0, integer resolutions > 0, scale > 0, splitting ratio an
// integer >= 1, mesh resolution 1..100 %, opacity 0..1, non-zero axes and normals, 7-character colours.
import type { Shape } from '../shape.ts';
import { hasGeometry, resolutionToPercent } from '../shape.ts';
import type { MeshDefinition } from '../mesh.ts';
import { hexColorSchema } from '../appearance.ts';
import { limitsFor } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import type { IssueList } from './issues.ts';

const L = limitsFor('default');

export function checkAppearance(list: IssueList, appearance: { opacity: number; color: string }): void {
  list.range('opacity', appearance.opacity, L.opacity);
  if (!hexColorSchema.safeParse(appearance.color).success) list.error('color', MESSAGES.colorHex);
}

function checkPlacement(list: IssueList, placed: { translation: unknown[]; rotation: unknown[]; scale: unknown[] }): void {
  list.vectorRange('translation', placed.translation, {});
  list.vectorRange('rotation', placed.rotation, {});
  list.vectorRange('scale', placed.scale, L.scale);
}

/** Part geometry; reports the 'No geometry found...' error on the `shape` field itself. */
export function checkShape(list: IssueList, shape: Shape): void {
  if (!hasGeometry(shape)) {
    list.error('', MESSAGES.noGeometry);
    return;
  }
  checkPlacement(list, shape);
  list.range('resolution', resolutionToPercent(shape.resolution), L.meshResolutionPercent);
  switch (shape.type) {
    case 'stl_cube':
      list.vectorRange('dimensions', shape.dimensions, L.length);
      break;
    case 'plane':
      list.range('dimensions.0', shape.dimensions[0], L.length);
      list.range('dimensions.1', shape.dimensions[1], L.length);
      break;
    case 'pointcloud':
      list.range('splittingRatio', shape.splittingRatio, L.splittingRatio);
      if (shape.refSimulationId !== null && shape.refSimulationOutput === null) {
        list.error('refSimulationOutput', MESSAGES.required);
      }
      break;
    case 'stl':
    case 'empty':
      break;
  }
}

/** Mesh definitions of refinements, sensors and volume clips. */
export function checkMesh(list: IssueList, mesh: MeshDefinition): void {
  if (mesh.kind === 'point') {
    list.vectorRange('position', mesh.position, {});
    return;
  }
  checkPlacement(list, mesh);
  switch (mesh.kind) {
    case 'rectangle':
      list.range('width', mesh.width, L.length);
      list.range('height', mesh.height, L.length);
      list.nonZeroVector('normal', mesh.normal);
      list.range('angle', mesh.angle, {});
      break;
    case 'cube':
      list.vectorRange('dimensions', mesh.dimensions, L.length);
      break;
    case 'cylinder':
      list.range('radius', mesh.radius, L.length);
      list.range('height', mesh.height, L.length);
      list.nonZeroVector('axis', mesh.axis);
      list.range('cylinderResolution', mesh.cylinderResolution, L.resolution);
      break;
    case 'circle':
      list.range('radius', mesh.radius, L.length);
      list.nonZeroVector('normal', mesh.normal);
      list.range('circleResolution', mesh.circleResolution, L.resolution);
      break;
    case 'plane':
      list.range('width', mesh.width, L.length);
      list.range('height', mesh.height, L.length);
      list.nonZeroVector('normal', mesh.normal);
      break;
    case 'sphere':
      list.range('radius', mesh.radius, L.length);
      list.range('sphereResolution', mesh.sphereResolution, L.resolution);
      break;
    case 'complex':
      break;
  }
}
