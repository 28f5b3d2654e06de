// What the Setup viewport draws, as inputs of the viewer engine: every part with geometry (placed in
// world metres, with its appearance), the deletion boundary as a frame of its twelve edges that hover and
// click find anywhere over its box, shown seed points as small markers, and the sensors and volume clips.
// Pure: the viewport component hands the result to the engine.
import type { SetupDocument } from '../../domain/setup.ts';
import type { Part } from '../../domain/part.ts';
import type { Vec3 } from '../../domain/vector.ts';
import { shapeTriangles } from '../../domain/meshGeometry.ts';
import { placeStl, type TriangleSoup } from './stlGeometry.ts';
import { measureMeshes, measureMeshKey } from '../measure/measureMeshes.ts';

/** Same shape as the engine's PartMeshInput, kept structural so this module needs no engine import. */
export interface SceneMesh {
  id: string;
  name: string;
  positions: Float32Array;
  indices?: Uint32Array;
  appearance: { visibility: boolean; color: string; opacity: number; translucent: boolean; wireframe: boolean };
  /** Where a ray that hits no part still picks this mesh: the deletion boundary answers over its whole box. */
  pickVolume?: { min: Vec3; max: Vec3 };
  /** Picked wherever it lies in front of the particles, even where particles lie within it (sensors). */
  pickOverParticles?: boolean;
}

export const DELETION_BOUNDARY_MESH_ID = 'deletion-boundary';
export const SEED_POINT_MESH_PREFIX = 'seed-point:';
export const SENSOR_MESH_PREFIX = 'sensor:';
export const VOLUME_CLIP_MESH_PREFIX = 'volume-clip:';

/** Engine mesh id of a sensor or volume clip in Setup (prefixed, so that it never names a part). */
export function setupMeasureMeshId(kind: 'sensor' | 'volumeClip', id: string): string {
  return `${kind === 'sensor' ? SENSOR_MESH_PREFIX : VOLUME_CLIP_MESH_PREFIX}${id}`;
}
const DELETION_BOUNDARY_COLOR = '#F26B38';
const SEED_POINT_COLOR = '#D64265';

/** Edge beams are this fraction of the box diagonal thick: thin, but wide enough to hover. */
const FRAME_THICKNESS = 0.006;
const SEED_MARKER_SIZE = 0.02;

export type StlFiles = ReadonlyMap<string, TriangleSoup>;

function placedTriangles(part: Part, files: StlFiles): { positions: Float32Array; indices?: Uint32Array } | null {
  const shape = part.shape;
  if (shape.type === 'stl' && shape.mesh === null) {
    const soup = shape.fileId === null ? undefined : files.get(shape.fileId);
    return soup ? { positions: placeStl(soup, shape, shape.file) } : null;
  }
  const triangles = shapeTriangles(shape);
  if (!triangles || triangles.indices.length === 0) return null;
  return { positions: Float32Array.from(triangles.vertices), indices: Uint32Array.from(triangles.indices) };
}

/** Indexed triangles as a flat soup of three vertices per triangle. */
export function toSoup(mesh: { positions: Float32Array; indices?: Uint32Array }): Float32Array {
  if (!mesh.indices) return mesh.positions;
  const out = new Float32Array(mesh.indices.length * 3);
  mesh.indices.forEach((v, i) => out.set(mesh.positions.subarray(v * 3, v * 3 + 3), i * 3));
  return out;
}

/** Convex hull (counter-clockwise, seen from +z) of points in the xy plane. */
function hull2d(points: [number, number][]): [number, number][] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const turn = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && turn(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (const p of [...sorted].reverse()) {
    while (upper.length >= 2 && turn(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * The part of a triangle soup below z = height, with a lid at the height over the cut's outline: how a
 * fluid level shows the liquid standing in its container. The lid is the convex outline of the cut,
 * exact for convex containers.
 */
export function clipBelowHeight(soup: Float32Array, height: number): Float32Array {
  const out: number[] = [];
  const cut: [number, number][] = [];
  for (let t = 0; t < soup.length; t += 9) {
    const polygon: number[][] = [];
    for (let k = 0; k < 3; k++) {
      const a = soup.subarray(t + k * 3, t + k * 3 + 3);
      const b = soup.subarray(t + ((k + 1) % 3) * 3, t + ((k + 1) % 3) * 3 + 3);
      const aIn = a[2] <= height;
      const bIn = b[2] <= height;
      if (aIn) polygon.push([a[0], a[1], a[2]]);
      if (aIn !== bIn) {
        const f = (height - a[2]) / (b[2] - a[2]);
        const p = [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), height];
        polygon.push(p);
        cut.push([p[0], p[1]]);
      } else if (aIn && a[2] === height) {
        cut.push([a[0], a[1]]);
      }
    }
    for (let i = 1; i + 1 < polygon.length; i++) out.push(...polygon[0], ...polygon[i], ...polygon[i + 1]);
  }
  const lid = hull2d(cut);
  for (let i = 1; i + 1 < lid.length; i++) out.push(lid[0][0], lid[0][1], height, lid[i][0], lid[i][1], height, lid[i + 1][0], lid[i + 1][1], height);
  return Float32Array.from(out);
}

/** A part's triangles in world metres (placement applied), or null when its geometry is not at hand. */
export function partMesh(part: Part, files: StlFiles): SceneMesh | null {
  const appearance = {
    visibility: part.appearance.visibility,
    color: part.appearance.color,
    opacity: part.appearance.opacity,
    translucent: part.appearance.translucent,
    wireframe: part.appearance.wireframe,
  };
  const placed = placedTriangles(part, files);
  if (!placed) return null;
  if (part.component.type === 'filling') {
    const positions = clipBelowHeight(toSoup(placed), part.component.height);
    return positions.length > 0 ? { id: part.id, name: part.name, positions, appearance } : null;
  }
  return { id: part.id, name: part.name, ...placed, appearance };
}

/** World bounds of a part's geometry (without the fill-height cut); null when it has none loaded. */
export function partBounds(part: Part, files: StlFiles): { min: Vec3; max: Vec3 } | null {
  const placed = placedTriangles(part, files);
  return placed ? meshBounds([placed]) : null;
}

/** Adds an axis-aligned box with outward-facing triangles. */
function pushBox(positions: number[], indices: number[], min: Vec3, max: Vec3): void {
  const base = positions.length / 3;
  for (let c = 0; c < 8; c++) {
    positions.push(c & 1 ? max[0] : min[0], c & 2 ? max[1] : min[1], c & 4 ? max[2] : min[2]);
  }
  const faces = [
    [0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5],
  ];
  for (const [a, b, c, d] of faces) indices.push(base + a, base + b, base + c, base + a, base + c, base + d);
}

/** The twelve edges of the box [min, max] as beams of thickness `t`. */
export function boxFrame(min: Vec3, max: Vec3, t: number): { positions: Float32Array; indices: Uint32Array } {
  const positions: number[] = [];
  const indices: number[] = [];
  const h = t / 2;
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    for (const cu of [min[u], max[u]]) {
      for (const cv of [min[v], max[v]]) {
        const lo: Vec3 = [0, 0, 0];
        const hi: Vec3 = [0, 0, 0];
        lo[axis] = min[axis] - h;
        hi[axis] = max[axis] + h;
        lo[u] = cu - h;
        hi[u] = cu + h;
        lo[v] = cv - h;
        hi[v] = cv + h;
        pushBox(positions, indices, lo, hi);
      }
    }
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

function diagonal(min: Vec3, max: Vec3): number {
  return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
}

/** An octahedron marker of radius r at p. */
function marker(p: Vec3, r: number): { positions: Float32Array; indices: Uint32Array } {
  const positions = Float32Array.from([
    p[0] + r, p[1], p[2], p[0] - r, p[1], p[2], p[0], p[1] + r, p[2], p[0], p[1] - r, p[2], p[0], p[1], p[2] + r, p[0], p[1], p[2] - r,
  ]);
  const indices = Uint32Array.from([0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5]);
  return { positions, indices };
}

/** Bounds of all finite positions of the meshes; null when there are none. */
export function meshBounds(meshes: readonly Pick<SceneMesh, 'positions'>[]): { min: Vec3; max: Vec3 } | null {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const m of meshes) {
    for (let i = 0; i < m.positions.length; i += 3) {
      for (let a = 0; a < 3; a++) {
        const value = m.positions[i + a];
        if (value < min[a]) min[a] = value;
        if (value > max[a]) max[a] = value;
      }
    }
  }
  return Number.isFinite(min[0]) ? { min, max } : null;
}

/** World bounds of the parts with geometry at hand (what new sensors and clips are placed in); null without any. */
export function partsBounds(setup: Pick<SetupDocument, 'parts'>, files: StlFiles): { min: Vec3; max: Vec3 } | null {
  return meshBounds(setup.parts.flatMap((p) => placedTriangles(p, files) ?? []));
}

export interface SceneOptions {
  files: StlFiles;
  shownSeedPoints: readonly string[];
}

export function buildSceneMeshes(setup: SetupDocument, options: SceneOptions): SceneMesh[] {
  const meshes: SceneMesh[] = [];
  for (const part of setup.parts) {
    const mesh = partMesh(part, options.files);
    if (mesh) meshes.push(mesh);
  }
  const partBounds = meshBounds(meshes);
  const { settings } = setup;
  if (settings.calcDomainActive && settings.calcDomainMin.every((v, i) => v < settings.calcDomainMax[i])) {
    const frame = boxFrame(settings.calcDomainMin, settings.calcDomainMax, FRAME_THICKNESS * diagonal(settings.calcDomainMin, settings.calcDomainMax));
    meshes.push({
      id: DELETION_BOUNDARY_MESH_ID,
      name: 'Deletion Boundary',
      ...frame,
      pickVolume: { min: [...settings.calcDomainMin], max: [...settings.calcDomainMax] },
      appearance: { visibility: true, color: DELETION_BOUNDARY_COLOR, opacity: 1, translucent: false, wireframe: false },
    });
  }
  const size = partBounds ? diagonal(partBounds.min, partBounds.max) : 1;
  for (const part of setup.parts) {
    if (part.seedPoint === null || !options.shownSeedPoints.includes(part.id)) continue;
    meshes.push({
      id: `${SEED_POINT_MESH_PREFIX}${part.id}`,
      name: `Seed point of ${part.name}`,
      ...marker(part.seedPoint, Math.max(size, 1e-3) * SEED_MARKER_SIZE),
      appearance: { visibility: true, color: SEED_POINT_COLOR, opacity: 1, translucent: false, wireframe: false },
    });
  }
  meshes.push(...measureMeshes(setup, { files: options.files, mode: 'setup', caseSize: size, meshId: setupMeasureMeshId }));
  return meshes;
}

/**
 * Identity of the scene's geometry: meshes are rebuilt only when it changes; appearance changes are
 * applied to the existing meshes.
 */
export function sceneGeometryKey(setup: SetupDocument, options: SceneOptions): string {
  const parts = setup.parts.map((p) => {
    const { info: _info, ...shape } = p.shape;
    const height = p.component.type === 'filling' ? p.component.height : null;
    const fileLoaded = p.shape.type === 'stl' && p.shape.fileId !== null ? options.files.has(p.shape.fileId) : null;
    return [p.id, p.name, shape, height, fileLoaded, options.shownSeedPoints.includes(p.id) ? p.seedPoint : null];
  });
  const s = setup.settings;
  return JSON.stringify([parts, s.calcDomainActive ? [s.calcDomainMin, s.calcDomainMax] : null, measureMeshKey(setup, options.files)]);
}

/** The bounding box the deletion boundary starts with: the parts' bounds with a margin of 10 % per side. */
export function defaultDeletionBoundary(meshes: readonly Pick<SceneMesh, 'positions'>[]): { min: Vec3; max: Vec3 } {
  const bounds = meshBounds(meshes);
  if (!bounds) return { min: [-1, -1, -1], max: [1, 1, 1] };
  const round = (v: number) => Number(v.toPrecision(6));
  const min: Vec3 = [0, 0, 0];
  const max: Vec3 = [0, 0, 0];
  for (let a = 0; a < 3; a++) {
    const margin = Math.max((bounds.max[a] - bounds.min[a]) * 0.1, 1e-3);
    min[a] = round(bounds.min[a] - margin);
    max[a] = round(bounds.max[a] + margin);
  }
  return { min, max };
}
