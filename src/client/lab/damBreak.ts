// Generated test data for the viewer lab and benchmarks: a dam-break-like water column collapsing into a
// tank, with velocity, pressure and density fields, plus the tank and an obstacle as part meshes.

export const TANK = { length: 3.2, width: 1, height: 1.2 } as const;
const COLUMN = { length: 1.2, width: 1, height: 0.8 } as const;
const GRAVITY = 9.81;
const RHO = 1000;

export interface DamBreakData {
  count: number;
  spacing: number;
  positions: Float32Array;
  velocity: Float32Array;
  pressure: Float32Array;
  density: Float32Array;
}

/** Surface height of the collapsing column at x (a smooth front that has run out by `run` m). */
function surfaceHeight(x: number, run: number): number {
  const front = COLUMN.length + run;
  if (x >= front) return 0;
  const slope = Math.max(0, (x - COLUMN.length * 0.35) / (front - COLUMN.length * 0.35));
  return COLUMN.height * (1 - 0.82 * slope * slope) + 0.015;
}

/**
 * Exactly `count` particles on a lattice under the collapsing surface: x varies fastest, then y, then
 * the layer index, so a partial top layer takes up any remainder.
 */
export function generateDamBreak(count: number, run = 0.9): DamBreakData {
  const length = COLUMN.length + run;
  // Lattice counts with the column's aspect ratio; nz layers span the local surface height.
  const volumeShape = length * COLUMN.width * COLUMN.height * 0.7;
  const spacing = Math.cbrt(volumeShape / Math.max(1, count));
  const nx = Math.max(1, Math.round(length / spacing));
  const ny = Math.max(1, Math.round(COLUMN.width / spacing));
  const nz = Math.max(1, Math.ceil(count / (nx * ny)));
  const positions = new Float32Array(count * 3);
  const velocity = new Float32Array(count * 3);
  const pressure = new Float32Array(count);
  const density = new Float32Array(count);
  const front = COLUMN.length + run;
  const speedScale = 2 * Math.sqrt(GRAVITY * COLUMN.height);
  for (let i = 0; i < count; i++) {
    const ix = i % nx;
    const iy = Math.floor(i / nx) % ny;
    const iz = Math.floor(i / (nx * ny));
    const x = ((ix + 0.5) / nx) * length * 0.999;
    const y = ((iy + 0.5) / ny) * COLUMN.width;
    const h = surfaceHeight(x, run);
    const z = ((iz + 0.5) / nz) * h;
    positions[i * 3] = x;
    positions[i * 3 + 1] = y;
    positions[i * 3 + 2] = z;
    const towardFront = Math.min(1, x / front);
    const u = speedScale * towardFront * towardFront * (0.6 + 0.4 * (z / Math.max(h, 1e-6)));
    const w = -0.6 * speedScale * towardFront * (1 - towardFront) * (z / Math.max(h, 1e-6));
    const v = 0.08 * speedScale * Math.sin((y / COLUMN.width) * Math.PI * 2) * towardFront;
    velocity[i * 3] = u;
    velocity[i * 3 + 1] = v;
    velocity[i * 3 + 2] = w;
    const hydrostatic = RHO * GRAVITY * Math.max(0, h - z);
    pressure[i] = hydrostatic * (1 + 0.15 * Math.sin(x * 7) * (1 - towardFront)) - 120 * towardFront * towardFront;
    density[i] = RHO * (1 + hydrostatic / (RHO * 20 * 20 * 7));
  }
  return { count, spacing: Math.min(length / nx, COLUMN.width / ny), positions, velocity, pressure, density };
}

export interface BoxMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

/** Axis-aligned box as 12 triangles (24 vertices, flat normals from unshared corners). */
export function boxMesh(min: [number, number, number], max: [number, number, number], openTop = false): BoxMesh {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const faces: number[][] = [
    [x0, y0, z0, x1, y0, z0, x1, y0, z1, x0, y0, z1], // -y
    [x1, y1, z0, x0, y1, z0, x0, y1, z1, x1, y1, z1], // +y
    [x0, y1, z0, x0, y0, z0, x0, y0, z1, x0, y1, z1], // -x
    [x1, y0, z0, x1, y1, z0, x1, y1, z1, x1, y0, z1], // +x
    [x0, y1, z0, x1, y1, z0, x1, y0, z0, x0, y0, z0], // -z
  ];
  if (!openTop) faces.push([x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1]); // +z
  const positions = new Float32Array(faces.flat());
  const indices: number[] = [];
  faces.forEach((_, f) => indices.push(f * 4, f * 4 + 1, f * 4 + 2, f * 4, f * 4 + 2, f * 4 + 3));
  return { positions, indices: new Uint32Array(indices) };
}

/** The tank (open top) and an obstacle block in the flow path. */
export function damBreakParts(): { id: string; name: string; mesh: BoxMesh }[] {
  return [
    { id: 'tank', name: 'Tank', mesh: boxMesh([-0.02, -0.02, -0.02], [TANK.length, TANK.width + 0.02, TANK.height], true) },
    { id: 'obstacle', name: 'Obstacle', mesh: boxMesh([2.3, 0.35, 0], [2.45, 0.65, 0.3]) },
  ];
}

/** A movement for the obstacle: it turns 90° about z and rises 0.1 m over 2 s (row-major 4x4). */
export function obstacleMovement(): { partId: string; name: string; keyframes: { time: number; matrix: number[] }[] }[] {
  const keyframes = [];
  const cx = 2.375;
  const cy = 0.5;
  for (let k = 0; k <= 8; k++) {
    const t = k * 0.25;
    const a = (k / 8) * (Math.PI / 2);
    const c = Math.cos(a);
    const s = Math.sin(a);
    // Rotation about the obstacle's vertical axis through (cx, cy), then a lift.
    const tx = cx - c * cx + s * cy;
    const ty = cy - s * cx - c * cy;
    keyframes.push({ time: t, matrix: [c, -s, 0, tx, s, c, 0, ty, 0, 0, 1, (k / 8) * 0.1, 0, 0, 0, 1] });
  }
  return [{ partId: 'obstacle', name: 'Obstacle', keyframes }];
}
