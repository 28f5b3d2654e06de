// New sensors and volume clips as the Add menus of Setup and Results create them: named uniquely, placed in
// the middle of the case and sized to it, so that a new object is visible where the fluid is.
import { defaultCircleMesh, defaultCubeMesh, defaultCylinderMesh, defaultRectangleMesh, complexMesh } from '../../domain/mesh.ts';
import { createPointSensor, createSurfaceSensor, sensorShapeLabels, type Sensor, type SensorShape } from '../../domain/sensor.ts';
import type { FileReference } from '../../domain/shape.ts';
import { uniqueName } from '../../domain/simulation.ts';
import type { Vec3 } from '../../domain/vector.ts';
import { createVolumeClip, volumeClipShapeLabels, type VolumeClip, type VolumeClipShape } from '../../domain/volumeClip.ts';

export interface CaseBounds {
  min: Vec3;
  max: Vec3;
}

/** An uploaded surface or volume for the Upload Geometry entries. */
export interface UploadedGeometry {
  fileId: string;
  file: FileReference;
}

const round = (v: number) => Number(v.toPrecision(3));

/** Middle of the case and a length of its size (the largest extent), or the unit cube at the origin. */
export function caseFrame(bounds: CaseBounds | null): { center: Vec3; size: number } {
  if (!bounds) return { center: [0, 0, 0], size: 1 };
  const center = bounds.min.map((v, a) => round((v + bounds.max[a]) / 2)) as Vec3;
  const size = Math.max(...bounds.max.map((v, a) => v - bounds.min[a]), 1e-3);
  return { center, size };
}

export function newSensor(
  existing: readonly Pick<Sensor, 'name'>[], shape: SensorShape, bounds: CaseBounds | null, upload?: UploadedGeometry,
): Sensor {
  const label = shape === 'geometry' ? 'Surface' : sensorShapeLabels[shape];
  const name = uniqueName(`${label} sensor`, new Set(existing.map((s) => s.name)));
  const { center, size } = caseFrame(bounds);
  switch (shape) {
    case 'point':
      return createPointSensor(name, center);
    case 'disk':
      return createSurfaceSensor(name, { ...defaultCircleMesh(center), radius: round(size / 8) });
    case 'rectangle':
      return createSurfaceSensor(name, { ...defaultRectangleMesh(center), width: round(size / 4), height: round(size / 4) });
    case 'geometry':
      if (!upload) throw new Error('An uploaded geometry is needed for this sensor.');
      return createSurfaceSensor(name, complexMesh(upload.fileId, upload.file));
  }
}

export function newVolumeClip(
  existing: readonly Pick<VolumeClip, 'name'>[], shape: VolumeClipShape, bounds: CaseBounds | null, upload?: UploadedGeometry,
): VolumeClip {
  const label = shape === 'geometry' ? 'Volume clip' : `${volumeClipShapeLabels[shape]} clip`;
  const name = uniqueName(label, new Set(existing.map((c) => c.name)));
  const { center, size } = caseFrame(bounds);
  switch (shape) {
    case 'cube': {
      const extent = bounds ? (bounds.max.map((v, a) => round(Math.max((v - bounds.min[a]) / 2, 1e-3))) as Vec3) : ([0.5, 0.5, 0.5] as Vec3);
      return createVolumeClip(name, { ...defaultCubeMesh(center), dimensions: extent });
    }
    case 'cylinder':
      return createVolumeClip(name, { ...defaultCylinderMesh(center), radius: round(size / 6), height: round(size / 3) });
    case 'geometry':
      if (!upload) throw new Error('An uploaded geometry is needed for this volume clip.');
      return createVolumeClip(name, complexMesh(upload.fileId, upload.file));
  }
}

/** Ids of the uploaded files the sensors and volume clips draw. */
export function measureFileIds(setup: { sensors: readonly Sensor[]; volumeClips: readonly VolumeClip[] }): string[] {
  const ids: string[] = [];
  for (const s of setup.sensors) if (s.kind === 'surface' && s.mesh.kind === 'complex') ids.push(s.mesh.fileId);
  for (const c of setup.volumeClips) if (c.mesh.kind === 'complex') ids.push(c.mesh.fileId);
  return ids;
}
