// Three-component vectors as plain [x, y, z] tuples and the small amount of vector and angle arithmetic
// shared by the setup document, the solver and the viewer; their wire schema is vector.ts's.
export type Vec3 = [number, number, number];

/** Unit vectors and origin; functions return fresh tuples so callers may mutate results freely. */
export const origin = (): Vec3 => [0, 0, 0];
export const unitX = (): Vec3 => [1, 0, 0];
export const unitY = (): Vec3 => [0, 1, 0];
export const unitZ = (): Vec3 => [0, 0, 1];

export function vec3(x: number, y: number, z: number): Vec3 {
  return [x, y, z];
}

export function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function scale(a: Vec3, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}

/** Component-wise product, used for non-uniform scaling. */
export function mul(a: Vec3, b: Vec3): Vec3 {
  return [a[0] * b[0], a[1] * b[1], a[2] * b[2]];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function length(a: Vec3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** True when the vector has zero length: such a vector cannot serve as an axis, normal or direction. */
export function isZeroVector(a: Vec3): boolean {
  return a[0] === 0 && a[1] === 0 && a[2] === 0;
}

/** Unit vector along `a`; throws on the zero vector because no direction exists. */
export function normalize(a: Vec3): Vec3 {
  const l = length(a);
  if (l === 0) throw new Error('Cannot normalize a zero-length vector');
  return [a[0] / l, a[1] / l, a[2] / l];
}

export function vec3Equals(a: Vec3, b: Vec3, tolerance = 0): boolean {
  return (
    Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance && Math.abs(a[2] - b[2]) <= tolerance
  );
}

export function isFiniteVec3(a: readonly unknown[]): a is Vec3 {
  return a.length === 3 && a.every((c) => typeof c === 'number' && Number.isFinite(c));
}

export function degToRad(deg: number): number {
  return (deg * Math.PI) / 180;
}

export function radToDeg(rad: number): number {
  return (rad * 180) / Math.PI;
}

/** Row-major 3x3 matrix. */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

export function mat3MulVec3(m: Mat3, v: Vec3): Vec3 {
  return [
    m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
    m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
    m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
  ];
}

export function mat3Mul(a: Mat3, b: Mat3): Mat3 {
  const r = new Array<number>(9) as Mat3;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
    }
  }
  return r;
}

/**
 * Rotation matrix of Euler angles in degrees with the XYZ convention of three.js: M = Rx · Ry · Rz.
 * Every `rotation` field of the setup document uses this convention, so viewer and solver agree.
 */
export function rotationMatrixFromEulerDeg(rotationDeg: Vec3): Mat3 {
  const [a, b, c] = rotationDeg.map(degToRad);
  const ca = Math.cos(a), sa = Math.sin(a);
  const cb = Math.cos(b), sb = Math.sin(b);
  const cc = Math.cos(c), sc = Math.sin(c);
  return [
    cb * cc, -cb * sc, sb,
    ca * sc + sa * sb * cc, ca * cc - sa * sb * sc, -sa * cb,
    sa * sc - ca * sb * cc, sa * cc + ca * sb * sc, ca * cb,
  ];
}

/** Rotation of `angleRad` about the unit-or-not axis `axis` (Rodrigues); throws on a zero axis. */
export function rotationMatrixAxisAngle(axis: Vec3, angleRad: number): Mat3 {
  const [x, y, z] = normalize(axis);
  const c = Math.cos(angleRad), s = Math.sin(angleRad), t = 1 - c;
  return [
    t * x * x + c, t * x * y - s * z, t * x * z + s * y,
    t * x * y + s * z, t * y * y + c, t * y * z - s * x,
    t * x * z - s * y, t * y * z + s * x, t * z * z + c,
  ];
}

/** Placement of a geometry: p' = R · (S ∘ p) + translation, scale first, then rotation, then translation. */
export interface Transform {
  translation: Vec3;
  rotation: Vec3;
  scale: Vec3;
}

export function transformPoint(t: Transform, p: Vec3): Vec3 {
  return add(mat3MulVec3(rotationMatrixFromEulerDeg(t.rotation), mul(t.scale, p)), t.translation);
}

export function identityTransform(): Transform {
  return { translation: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] };
}
