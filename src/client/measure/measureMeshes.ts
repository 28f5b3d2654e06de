// Sensors and volume clips as meshes of the viewer engine, for Setup and Results: point sensors as small
// markers, surface sensors and clips as their triangles (parametric, or the uploaded file placed with its
// unit and transform). Sensors take their own colour in Setup and one colour that stands out over the
// particles in Results; clips are drawn see-through so that what they enclose stays visible. Pure.
import { meshDefinitionTriangles } from '../../domain/meshGeometry.ts';
import type { MeshDefinition } from '../../domain/mesh.ts';
import { RESULTS_SENSOR_COLOR, type Sensor } from '../../domain/sensor.ts';
import type { Vec3 } from '../../domain/vector.ts';
import type { VolumeClip } from '../../domain/volumeClip.ts';
import type { SceneMesh, StlFiles } from '../setup/sceneMeshes.ts';
import { placeStl } from '../setup/stlGeometry.ts';

export type MeasureMode = 'setup' | 'results';

/** Marker radius of point sensors as a fraction of the case size. */
const POINT_MARKER_SIZE = 0.015;
const SENSOR_OPACITY = 0.85;
const CLIP_MAX_OPACITY = 0.35;

export interface MeasureMeshOptions {
  files: StlFiles;
  mode: MeasureMode;
  /** Size of the case (m): point markers scale with it. */
  caseSize: number;
  /** Engine mesh id of an object; Setup prefixes them, Results uses the ids themselves. */
  meshId: (kind: 'sensor' | 'volumeClip', id: string) => string;
}

/** An octahedron of radius r around p. */
export function markerTriangles(p: Vec3, r: number): { positions: Float32Array; indices: Uint32Array } {
  const positions = Float32Array.from([
    p[0] + r, p[1], p[2], p[0] - r, p[1], p[2], p[0], p[1] + r, p[2], p[0], p[1] - r, p[2], p[0], p[1], p[2] + r, p[0], p[1], p[2] - r,
  ]);
  const indices = Uint32Array.from([0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5]);
  return { positions, indices };
}

/** World triangles of a mesh definition; null for points and for uploaded files not loaded (yet). */
export function definitionTriangles(mesh: MeshDefinition, files: StlFiles): { positions: Float32Array; indices?: Uint32Array } | null {
  if (mesh.kind === 'complex') {
    const soup = files.get(mesh.fileId);
    return soup ? { positions: placeStl(soup, mesh, mesh.file ?? null) } : null;
  }
  const triangles = meshDefinitionTriangles(mesh);
  if (!triangles || triangles.indices.length === 0) return null;
  return { positions: Float32Array.from(triangles.vertices), indices: Uint32Array.from(triangles.indices) };
}

export function sensorMesh(sensor: Sensor, options: MeasureMeshOptions): SceneMesh | null {
  const color = options.mode === 'setup' ? sensor.appearance.color : RESULTS_SENSOR_COLOR;
  const appearance = { visibility: sensor.appearance.visibility, color, opacity: SENSOR_OPACITY, translucent: true, wireframe: false };
  const id = options.meshId('sensor', sensor.id);
  // A sensor is a marker or a surface, never a container: particles within its marker do not hide it.
  const pickOverParticles = true;
  if (sensor.kind === 'point') {
    return { id, name: sensor.name, ...markerTriangles(sensor.position, Math.max(options.caseSize, 1e-3) * POINT_MARKER_SIZE), appearance, pickOverParticles };
  }
  const triangles = definitionTriangles(sensor.mesh, options.files);
  return triangles ? { id, name: sensor.name, ...triangles, appearance, pickOverParticles } : null;
}

export function volumeClipMesh(clip: VolumeClip, options: MeasureMeshOptions): SceneMesh | null {
  const triangles = definitionTriangles(clip.mesh, options.files);
  if (!triangles) return null;
  const { color, opacity, visibility } = clip.appearance;
  return {
    id: options.meshId('volumeClip', clip.id),
    name: clip.name,
    ...triangles,
    appearance: { visibility, color, opacity: Math.min(opacity, CLIP_MAX_OPACITY), translucent: true, wireframe: false },
  };
}

export function measureMeshes(setup: { sensors: readonly Sensor[]; volumeClips: readonly VolumeClip[] }, options: MeasureMeshOptions): SceneMesh[] {
  const meshes: SceneMesh[] = [];
  for (const sensor of setup.sensors) {
    const mesh = sensorMesh(sensor, options);
    if (mesh) meshes.push(mesh);
  }
  for (const clip of setup.volumeClips) {
    const mesh = volumeClipMesh(clip, options);
    if (mesh) meshes.push(mesh);
  }
  return meshes;
}

/** Identity of what measureMeshes draws: rebuilt only when it changes. */
export function measureMeshKey(setup: { sensors: readonly Sensor[]; volumeClips: readonly VolumeClip[] }, files: StlFiles): string {
  const loaded = (mesh: MeshDefinition) => (mesh.kind === 'complex' ? files.has(mesh.fileId) : null);
  return JSON.stringify([
    setup.sensors.map((s) => {
      const { outputs: _outputs, attributes: _attributes, ...drawn } = s;
      return [drawn, s.kind === 'surface' ? loaded(s.mesh) : null];
    }),
    setup.volumeClips.map((c) => [c.id, c.name, c.mesh, c.appearance, loaded(c.mesh)]),
  ]);
}
