// Triangle meshes of the parametric geometries (cube shapes, planes, and the mesh kinds of refinements,
// sensors and volume clips), generated once here so the viewer, the discretiser and the sensors agree.
// Triangles are counter-clockwise seen from outside (outward normals); coordinates are in metres,
// already placed by the definition's transform.
import type { MeshDefinition } from './mesh.ts';
import { MESH_DEFAULTS } from './mesh.ts';
import type { Shape, TriangleMesh } from './shape.ts';
import type { Mat3, Transform, Vec3 } from './vector.ts';
import { add, cross, mat3Mul, mat3MulVec3, mul, normalize, rotationMatrixAxisAngle, rotationMatrixFromEulerDeg, degToRad, dot } from './vector.ts';

interface Builder {
  vertices: number[];
  indices: number[];
}

function pushVertex(b: Builder, v: Vec3): number {
  b.vertices.push(v[0], v[1], v[2]);
  return b.vertices.length / 3 - 1;
}

function box(b: Builder, size: Vec3): void {
  const [hx, hy, hz] = size.map((s) => s / 2);
  const corners: Vec3[] = [
    [-hx, -hy, -hz], [hx, -hy, -hz], [hx, hy, -hz], [-hx, hy, -hz],
    [-hx, -hy, hz], [hx, -hy, hz], [hx, hy, hz], [-hx, hy, hz],
  ];
  const base = b.vertices.length / 3;
  for (const c of corners) pushVertex(b, c);
  const faces = [
    [0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7],
  ];
  for (const [a, c1, c2, c3] of faces) b.indices.push(base + a, base + c1, base + c2, base + a, base + c2, base + c3);
}

/** Unit-normal-facing quad of width × height in the local XY plane (normal +Z). */
function quad(b: Builder, width: number, height: number): void {
  const base = b.vertices.length / 3;
  const hx = width / 2;
  const hy = height / 2;
  for (const v of [[-hx, -hy, 0], [hx, -hy, 0], [hx, hy, 0], [-hx, hy, 0]] as Vec3[]) pushVertex(b, v);
  b.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
}

function disk(b: Builder, radius: number, segments: number, z = 0, facingUp = true): void {
  const center = pushVertex(b, [0, 0, z]);
  const first = b.vertices.length / 3;
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    pushVertex(b, [radius * Math.cos(a), radius * Math.sin(a), z]);
  }
  for (let i = 0; i < segments; i++) {
    const p = first + i;
    const q = first + ((i + 1) % segments);
    if (facingUp) b.indices.push(center, p, q);
    else b.indices.push(center, q, p);
  }
}

/** Closed cylinder along local +Z, centred at the origin. */
function cylinder(b: Builder, radius: number, height: number, segments: number): void {
  const h = height / 2;
  const ring = b.vertices.length / 3;
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    pushVertex(b, [radius * Math.cos(a), radius * Math.sin(a), -h]);
    pushVertex(b, [radius * Math.cos(a), radius * Math.sin(a), h]);
  }
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    const b0 = ring + 2 * i, t0 = b0 + 1, b1 = ring + 2 * j, t1 = b1 + 1;
    b.indices.push(b0, b1, t1, b0, t1, t0);
  }
  disk(b, radius, segments, h, true);
  disk(b, radius, segments, -h, false);
}

/** UV sphere with `segments` longitudes and latitudes. */
function sphere(b: Builder, radius: number, segments: number): void {
  const base = b.vertices.length / 3;
  const rows = segments;
  const cols = segments;
  for (let r = 0; r <= rows; r++) {
    const theta = (Math.PI * r) / rows;
    for (let c = 0; c <= cols; c++) {
      const phi = (2 * Math.PI * c) / cols;
      pushVertex(b, [radius * Math.sin(theta) * Math.cos(phi), radius * Math.sin(theta) * Math.sin(phi), radius * Math.cos(theta)]);
    }
  }
  const at = (r: number, c: number) => base + r * (cols + 1) + c;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      // Seen from outside, going down in r and forward in c is counter-clockwise.
      if (r !== 0) b.indices.push(at(r, c), at(r + 1, c), at(r, c + 1));
      if (r !== rows - 1) b.indices.push(at(r, c + 1), at(r + 1, c), at(r + 1, c + 1));
    }
  }
}

/** Rotation taking local +Z onto `direction`. */
export function alignZ(direction: Vec3): Mat3 {
  const d = normalize(direction);
  const z: Vec3 = [0, 0, 1];
  const c = dot(z, d);
  if (c > 1 - 1e-12) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  if (c < -1 + 1e-12) return [1, 0, 0, 0, -1, 0, 0, 0, -1];
  return rotationMatrixAxisAngle(cross(z, d), Math.acos(c));
}

function place(b: Builder, local: Mat3, t: Transform, flip: boolean): TriangleMesh {
  const r = mat3Mul(rotationMatrixFromEulerDeg(t.rotation), local);
  const vertices = new Array<number>(b.vertices.length);
  for (let i = 0; i < b.vertices.length; i += 3) {
    const p = add(mat3MulVec3(r, mul(t.scale, [b.vertices[i], b.vertices[i + 1], b.vertices[i + 2]])), t.translation);
    vertices[i] = p[0];
    vertices[i + 1] = p[1];
    vertices[i + 2] = p[2];
  }
  const indices = [...b.indices];
  // Mirroring scales and explicit flips both reverse the winding.
  const mirrored = t.scale[0] * t.scale[1] * t.scale[2] < 0;
  if (flip !== mirrored) for (let i = 0; i < indices.length; i += 3) [indices[i + 1], indices[i + 2]] = [indices[i + 2], indices[i + 1]];
  return { vertices, indices };
}

const IDENTITY: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Triangles of a mesh definition; null for points and stored (complex) meshes, which have no parametric form. */
export function meshDefinitionTriangles(mesh: MeshDefinition): TriangleMesh | null {
  const b: Builder = { vertices: [], indices: [] };
  switch (mesh.kind) {
    case 'point':
    case 'complex':
      return null;
    case 'cube':
      box(b, mesh.dimensions);
      return place(b, IDENTITY, mesh, mesh.flipNormals);
    case 'sphere':
      sphere(b, mesh.radius, mesh.sphereResolution || MESH_DEFAULTS.sphereResolution);
      return place(b, IDENTITY, mesh, mesh.flipNormals);
    case 'cylinder':
      cylinder(b, mesh.radius, mesh.height, mesh.cylinderResolution || MESH_DEFAULTS.cylinderResolution);
      return place(b, alignZ(mesh.axis), mesh, mesh.flipNormals);
    case 'circle':
      disk(b, mesh.radius, mesh.circleResolution || MESH_DEFAULTS.circleResolution);
      return place(b, alignZ(mesh.normal), mesh, mesh.flipNormals);
    case 'plane':
      quad(b, mesh.width, mesh.height);
      return place(b, alignZ(mesh.normal), mesh, mesh.flipNormals);
    case 'rectangle':
      quad(b, mesh.width, mesh.height);
      return place(b, mat3Mul(alignZ(mesh.normal), rotationMatrixAxisAngle([0, 0, 1], degToRad(mesh.angle))), mesh, mesh.flipNormals);
  }
}

/**
 * Triangles of a part shape with a parametric or inline form (stl_cube, plane, inline stl), placed by
 * the shape transform; null for file-based and empty shapes.
 */
export function shapeTriangles(shape: Shape): TriangleMesh | null {
  const b: Builder = { vertices: [], indices: [] };
  switch (shape.type) {
    case 'stl_cube':
      box(b, shape.dimensions);
      return place(b, IDENTITY, shape, shape.flipNormals);
    case 'plane':
      quad(b, shape.dimensions[0], shape.dimensions[1]);
      return place(b, IDENTITY, shape, shape.flipNormals);
    case 'stl':
      if (!shape.mesh) return null;
      b.vertices.push(...shape.mesh.vertices);
      b.indices.push(...shape.mesh.indices);
      return place(b, IDENTITY, shape, shape.flipNormals);
    case 'pointcloud':
    case 'empty':
      return null;
  }
}

/** Signed volume of a closed mesh (positive for outward normals), by the divergence theorem. */
export function signedVolume(mesh: TriangleMesh): number {
  const v = mesh.vertices;
  let sum = 0;
  for (let i = 0; i < mesh.indices.length; i += 3) {
    const a = mesh.indices[i] * 3, b = mesh.indices[i + 1] * 3, c = mesh.indices[i + 2] * 3;
    const pa: Vec3 = [v[a], v[a + 1], v[a + 2]];
    const pb: Vec3 = [v[b], v[b + 1], v[b + 2]];
    const pc: Vec3 = [v[c], v[c + 1], v[c + 2]];
    sum += dot(pa, cross(pb, pc));
  }
  return sum / 6;
}

/** Total triangle area. */
export function surfaceArea(mesh: TriangleMesh): number {
  const v = mesh.vertices;
  let sum = 0;
  for (let i = 0; i < mesh.indices.length; i += 3) {
    const a = mesh.indices[i] * 3, b = mesh.indices[i + 1] * 3, c = mesh.indices[i + 2] * 3;
    const e1: Vec3 = [v[b] - v[a], v[b + 1] - v[a + 1], v[b + 2] - v[a + 2]];
    const e2: Vec3 = [v[c] - v[a], v[c + 1] - v[a + 1], v[c + 2] - v[a + 2]];
    const n = cross(e1, e2);
    sum += Math.hypot(n[0], n[1], n[2]) / 2;
  }
  return sum;
}
