// Discretizer: turns the parts of a setup into particles on a world-aligned lattice of spacing Δx =
// particleDiameter (points at (i + 0.5) Δx). Fluid: filled volume of a closed mesh ("flow"), or a flood
// fill from the seed point below a height ("filling"). Walls: BOUNDARY_LAYERS layers of lattice
// particles behind each rigid surface (the side opposite to its normals). Open boundaries: buffer
// particles in the same layers behind a planar inlet/outlet surface.
import type { SetupDocument } from '../domain/setup.ts';
import type { Part } from '../domain/part.ts';
import type { Vec3 } from '../domain/vector.ts';
import { BOUNDARY_LAYERS } from './params.ts';
import { ParticleKind } from './particles.ts';
import { taitConstants, taitDensity } from './eos.ts';
import { meshBounds, type MeshData } from './geometry/mesh.ts';
import { latticeSize, type GeometryKernel, type Lattice } from './geometry/geometryKernel.ts';
import { insideBoundaryPolygon } from './physics/openBoundary.ts';

export type BodyKind = 'fluid' | 'wall_boundary' | 'open_boundary' | 'none';

/** One body per part, in part order: the body id of a particle is the index of its part. */
export interface BodyInfo {
  index: number;
  partId: string;
  name: string;
  kind: BodyKind;
  materialId: number | null;
}

export type DiscretizerWarningCode =
  | 'no_fluid' | 'fluid_outside_domain' | 'mesh_not_watertight' | 'fluid_not_enclosed' | 'seed_point_blocked'
  | 'part_without_particles';

export interface DiscretizerWarning {
  code: DiscretizerWarningCode;
  message: string;
  partId: string | null;
}

/** Planar open boundary as found by the discretizer (consumed by the physics parameters). */
export interface OpenBoundaryGeometry {
  body: number;
  origin: Vec3;
  normal: Vec3;
  axisU: Vec3;
  axisV: Vec3;
  polygon: number[];
  depth: number;
}

export interface DiscretizedParticles {
  count: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  vz: Float64Array;
  rho: Float64Array;
  p: Float64Array;
  mass: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
  /** Distance of a wall particle behind its rigid surface (m), 0 for the others: the thermal walls' extrapolation. */
  wallDepth: Float64Array;
  kind: Uint8Array;
  body: Uint32Array;
}

export interface DiscretizerCounts {
  fluid: number;
  wall: number;
  buffer: number;
  total: number;
  /** Particles per part id. */
  perPart: Record<string, number>;
}

export interface DiscretizedCase {
  particles: DiscretizedParticles;
  bodies: BodyInfo[];
  boundaries: OpenBoundaryGeometry[];
  counts: DiscretizerCounts;
  warnings: DiscretizerWarning[];
  /** Bounding box of all particles. */
  bounds: { min: Vec3; max: Vec3 };
  lattice: Lattice;
}

export interface DiscretizerInput {
  setup: SetupDocument;
  /** Placed world-space mesh of every part that has geometry, by part id. */
  meshes: ReadonlyMap<string, MeshData>;
  geometry: GeometryKernel;
  /** Refuses lattices larger than this many points (memory guard). */
  maxLatticePoints?: number;
}

export class DiscretizerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiscretizerError';
  }
}

/** Fluid points keep at least this distance (in Δx) from a wall surface; aligned lattices sit at 0.5. */
const FLUID_WALL_CLEARANCE = 0.45;
/** Lattice points the discretizer may allocate (about 10 bytes each). */
const DEFAULT_MAX_LATTICE = 100_000_000;

class ParticleBuilder {
  count = 0;
  private cap = 1024;
  f: Record<'x' | 'y' | 'z' | 'vx' | 'vy' | 'vz' | 'rho' | 'p' | 'mass' | 'nx' | 'ny' | 'nz' | 'depth', Float64Array>;
  kind = new Uint8Array(1024);
  body = new Uint32Array(1024);

  constructor() {
    this.f = {
      x: new Float64Array(1024), y: new Float64Array(1024), z: new Float64Array(1024),
      vx: new Float64Array(1024), vy: new Float64Array(1024), vz: new Float64Array(1024),
      rho: new Float64Array(1024), p: new Float64Array(1024), mass: new Float64Array(1024),
      nx: new Float64Array(1024), ny: new Float64Array(1024), nz: new Float64Array(1024), depth: new Float64Array(1024),
    };
  }

  add(kind: number, body: number, x: number, y: number, z: number): number {
    if (this.count === this.cap) this.grow();
    const i = this.count++;
    this.f.x[i] = x;
    this.f.y[i] = y;
    this.f.z[i] = z;
    this.kind[i] = kind;
    this.body[i] = body;
    return i;
  }

  private grow(): void {
    this.cap *= 2;
    for (const key of Object.keys(this.f) as (keyof ParticleBuilder['f'])[]) {
      const next = new Float64Array(this.cap);
      next.set(this.f[key]);
      this.f[key] = next;
    }
    const k = new Uint8Array(this.cap);
    k.set(this.kind);
    this.kind = k;
    const b = new Uint32Array(this.cap);
    b.set(this.body);
    this.body = b;
  }

  finish(): DiscretizedParticles {
    const n = this.count;
    const f = this.f;
    return {
      count: n, x: f.x.slice(0, n), y: f.y.slice(0, n), z: f.z.slice(0, n),
      vx: f.vx.slice(0, n), vy: f.vy.slice(0, n), vz: f.vz.slice(0, n),
      rho: f.rho.slice(0, n), p: f.p.slice(0, n), mass: f.mass.slice(0, n),
      nx: f.nx.slice(0, n), ny: f.ny.slice(0, n), nz: f.nz.slice(0, n), wallDepth: f.depth.slice(0, n),
      kind: this.kind.slice(0, n), body: this.body.slice(0, n),
    };
  }
}

function bodyKindOf(part: Part): BodyKind {
  switch (part.component.type) {
    case 'filling':
    case 'flow':
      return 'fluid';
    case 'rigid':
      return 'wall_boundary';
    case 'openboundary':
      return 'open_boundary';
    case 'refinement':
      return 'none';
  }
}

function makeLattice(min: Vec3, max: Vec3, dx: number): Lattice {
  const i0: [number, number, number] = [0, 0, 0];
  const n: [number, number, number] = [0, 0, 0];
  for (let a = 0; a < 3; a++) {
    const lo = Math.floor(min[a] / dx - 0.5);
    const hi = Math.ceil(max[a] / dx - 0.5);
    i0[a] = lo;
    n[a] = Math.max(1, hi - lo + 1);
  }
  return { spacing: dx, i0, n };
}

/** Plane of a planar mesh, or null when the triangles do not lie in one plane. */
export function planeOfMesh(mesh: MeshData, tolerance: number): { origin: Vec3; normal: Vec3 } | null {
  const p = mesh.positions;
  const idx = mesh.indices;
  let nx = 0, ny = 0, nz = 0;
  for (let t = 0; t < idx.length; t += 3) {
    const a = 3 * idx[t], b = 3 * idx[t + 1], c = 3 * idx[t + 2];
    nx += (p[b + 1] - p[a + 1]) * (p[c + 2] - p[a + 2]) - (p[b + 2] - p[a + 2]) * (p[c + 1] - p[a + 1]);
    ny += (p[b + 2] - p[a + 2]) * (p[c] - p[a]) - (p[b] - p[a]) * (p[c + 2] - p[a + 2]);
    nz += (p[b] - p[a]) * (p[c + 1] - p[a + 1]) - (p[b + 1] - p[a + 1]) * (p[c] - p[a]);
  }
  const l = Math.hypot(nx, ny, nz);
  if (l === 0 || p.length === 0) return null;
  const normal: Vec3 = [nx / l, ny / l, nz / l];
  let ox = 0, oy = 0, oz = 0;
  const nv = p.length / 3;
  for (let i = 0; i < p.length; i += 3) {
    ox += p[i];
    oy += p[i + 1];
    oz += p[i + 2];
  }
  const origin: Vec3 = [ox / nv, oy / nv, oz / nv];
  for (let i = 0; i < p.length; i += 3) {
    const d = (p[i] - origin[0]) * normal[0] + (p[i + 1] - origin[1]) * normal[1] + (p[i + 2] - origin[2]) * normal[2];
    if (Math.abs(d) > tolerance) return null;
  }
  return { origin, normal };
}

function planeAxes(n: Vec3): [Vec3, Vec3] {
  const ref: Vec3 = Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const ux = ref[1] * n[2] - ref[2] * n[1], uy = ref[2] * n[0] - ref[0] * n[2], uz = ref[0] * n[1] - ref[1] * n[0];
  const ul = Math.hypot(ux, uy, uz);
  const u: Vec3 = [ux / ul, uy / ul, uz / ul];
  const v: Vec3 = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  return [u, v];
}

export function discretize(input: DiscretizerInput): DiscretizedCase {
  const { setup, meshes, geometry } = input;
  const s = setup.settings;
  const dx = s.particleDiameter;
  if (!(dx > 0) || !Number.isFinite(dx)) throw new DiscretizerError('particleDiameter must be a positive number');
  const layers = BOUNDARY_LAYERS;
  const warnings: DiscretizerWarning[] = [];
  const bodies: BodyInfo[] = setup.parts.map((part, index) => ({
    index, partId: part.id, name: part.name, kind: bodyKindOf(part),
    materialId: part.component.type === 'rigid' ? null : part.materialId,
  }));

  // Lattice over every part's geometry and seed point, with room for the boundary layers.
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const part of setup.parts) {
    const mesh = meshes.get(part.id);
    if (mesh !== undefined && mesh.positions.length > 0) {
      const b = meshBounds(mesh);
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a], b.min[a]);
        max[a] = Math.max(max[a], b.max[a]);
      }
    }
    if (part.seedPoint !== null && (part.component.type === 'filling')) {
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a], part.seedPoint[a]);
        max[a] = Math.max(max[a], part.seedPoint[a]);
      }
    }
  }
  if (!Number.isFinite(min[0])) {
    throw new DiscretizerError('the setup has no part with geometry to discretize');
  }
  const margin = (layers + 2) * dx;
  const lattice = makeLattice(
    [min[0] - margin, min[1] - margin, min[2] - margin], [max[0] + margin, max[1] + margin, max[2] + margin], dx,
  );
  const total = latticeSize(lattice);
  if (total > (input.maxLatticePoints ?? DEFAULT_MAX_LATTICE)) {
    throw new DiscretizerError(
      `the geometry spans ${lattice.n.join(' x ')} lattice points at particleDiameter ${dx}; increase particleDiameter`,
    );
  }
  const [lnx, lny, lnz] = lattice.n;
  const coord = (axis: number, i: number) => (lattice.i0[axis] + i + 0.5) * dx;

  // Rigid surfaces: nearest signed distance over all rigid parts, crossing edges, closed containers.
  const band = (layers + 0.5) * dx;
  const wallSlot = new Map<number, number>();
  const wallDist: number[] = [];
  const wallBody: number[] = [];
  const wallN: number[] = [];
  const blocked = new Uint8Array(total);
  const forbidden = new Uint8Array(total);
  // The closed body whose solid side holds a point (index + 1; 0: none). A solid claims its interior over
  // a container whose outside it shares, so a wall point inside a solid belongs to that solid even where
  // a container's surface is nearer (the foot of a block standing on the floor).
  const owner = new Int32Array(total);
  const solidBody = new Set<number>();
  for (const body of bodies) {
    if (body.kind !== 'wall_boundary') continue;
    const mesh = meshes.get(body.partId);
    if (mesh === undefined) continue;
    const health = geometry.meshHealth(mesh);
    if (health.watertight) {
      // A closed rigid body is either a solid (outward normals: no fluid inside) or a container
      // (inward normals: no fluid outside).
      const inside = geometry.insideLattice(mesh, lattice);
      const solid = health.volume > 0;
      for (let i = 0; i < total; i++) {
        if ((inside[i] === 1) !== solid) continue;
        forbidden[i] = 1;
        if (owner[i] === 0 || (solid && !solidBody.has(owner[i] - 1))) owner[i] = body.index + 1;
      }
      if (solid) solidBody.add(body.index);
    }
    geometry.markCrossedEdges(mesh, lattice, blocked);
    const sb = geometry.surfaceBand(mesh, lattice, band);
    for (let k = 0; k < sb.count; k++) {
      const key = sb.index[k];
      const d = sb.distance[k];
      const slot = wallSlot.get(key);
      if (slot === undefined) {
        wallSlot.set(key, wallDist.length);
        wallDist.push(d);
        wallBody.push(body.index);
        wallN.push(sb.nx[k], sb.ny[k], sb.nz[k]);
      } else if (Math.abs(d) < Math.abs(wallDist[slot])) {
        wallDist[slot] = d;
        wallBody[slot] = body.index;
        wallN[3 * slot] = sb.nx[k];
        wallN[3 * slot + 1] = sb.ny[k];
        wallN[3 * slot + 2] = sb.nz[k];
      }
    }
  }
  const clearance = FLUID_WALL_CLEARANCE * dx;
  const fluidAllowed = (key: number): boolean => {
    if (forbidden[key] === 1) return false;
    const slot = wallSlot.get(key);
    return slot === undefined || wallDist[slot] >= clearance;
  };

  // Open boundaries: planar surfaces; their buffer zone is no place for initial fluid.
  const boundaries: OpenBoundaryGeometry[] = [];
  const bufferKeys = new Map<number, number>();
  const depth = layers * dx;
  for (const body of bodies) {
    if (body.kind !== 'open_boundary') continue;
    const mesh = meshes.get(body.partId);
    if (mesh === undefined) continue;
    const plane = planeOfMesh(mesh, 1e-6 * Math.max(dx, 1e-9) + 1e-9);
    if (plane === null) throw new DiscretizerError(`open boundary "${body.name}" must be a planar surface`);
    const [u, v] = planeAxes(plane.normal);
    const polygon: number[] = [];
    const p = mesh.positions;
    for (let t = 0; t < mesh.indices.length; t++) {
      const a = 3 * mesh.indices[t];
      const rx = p[a] - plane.origin[0], ry = p[a + 1] - plane.origin[1], rz = p[a + 2] - plane.origin[2];
      polygon.push(rx * u[0] + ry * u[1] + rz * u[2], rx * v[0] + ry * v[1] + rz * v[2]);
    }
    const boundary: OpenBoundaryGeometry = { body: body.index, origin: plane.origin, normal: plane.normal, axisU: u, axisV: v, polygon, depth };
    boundaries.push(boundary);
    const b = meshBounds(mesh);
    const range = (axis: number) => {
      const lo = Math.max(0, Math.ceil((b.min[axis] - depth) / dx - 0.5) - lattice.i0[axis]);
      const hi = Math.min(lattice.n[axis] - 1, Math.floor((b.max[axis] + depth) / dx - 0.5) - lattice.i0[axis]);
      return [lo, hi];
    };
    const [i0, i1] = range(0), [j0, j1] = range(1), [k0, k1] = range(2);
    for (let k = k0; k <= k1; k++) {
      for (let j = j0; j <= j1; j++) {
        for (let i = i0; i <= i1; i++) {
          const x = coord(0, i), y = coord(1, j), z = coord(2, k);
          const sd = (x - plane.origin[0]) * plane.normal[0] + (y - plane.origin[1]) * plane.normal[1] + (z - plane.origin[2]) * plane.normal[2];
          if (sd >= 0 || sd < -depth) continue;
          if (!insideBoundaryPolygon(boundary, x, y, z)) continue;
          const key = i + lnx * (j + lny * k);
          if (!bufferKeys.has(key)) bufferKeys.set(key, boundaries.length - 1);
        }
      }
    }
  }

  const builder = new ParticleBuilder();
  const claimed = new Uint8Array(total);
  const perPart: Record<string, number> = {};
  const material = setup.materials[0];
  const fluidMaterialOf = (part: Part) => setup.materials.find((m) => m.id === part.materialId) ?? material;
  let outsideDomain = 0;
  const dom = s.calcDomainActive;
  const inDomain = (x: number, y: number, z: number) =>
    !dom || (x >= s.calcDomainMin[0] && y >= s.calcDomainMin[1] && z >= s.calcDomainMin[2] &&
      x <= s.calcDomainMax[0] && y <= s.calcDomainMax[1] && z <= s.calcDomainMax[2]);

  // Fluid parts.
  for (const body of bodies) {
    if (body.kind !== 'fluid') continue;
    const part = setup.parts[body.index];
    const mesh = meshes.get(part.id);
    let candidates: Uint8Array | null = null;
    if (part.component.type === 'flow') {
      if (mesh === undefined) continue;
      const health = geometry.meshHealth(mesh);
      if (!health.watertight) {
        warnings.push({
          code: 'mesh_not_watertight', partId: part.id,
          message: `fluid part "${part.name}" is not watertight (${health.boundaryEdges} open, ${health.nonManifoldEdges} non-manifold, ${health.misorientedEdges} misoriented edges): its filled volume may be wrong`,
        });
      }
      candidates = geometry.insideLattice(mesh, lattice, health.watertight);
    } else if (part.component.type === 'filling') {
      const own = new Uint8Array(blocked);
      if (mesh !== undefined) geometry.markCrossedEdges(mesh, lattice, own);
      const seed = part.seedPoint;
      if (seed === null) throw new DiscretizerError(`fluid level part "${part.name}" has no seed point`);
      const si = Math.round(seed[0] / dx - 0.5) - lattice.i0[0];
      const sj = Math.round(seed[1] / dx - 0.5) - lattice.i0[1];
      const sk = Math.round(seed[2] / dx - 0.5) - lattice.i0[2];
      const height = part.component.height;
      const inLattice = (i: number, j: number, k: number) => i >= 0 && j >= 0 && k >= 0 && i < lnx && j < lny && k < lnz;
      const seedKey = si + lnx * (sj + lny * sk);
      if (!inLattice(si, sj, sk) || coord(2, sk) > height || !fluidAllowed(seedKey)) {
        warnings.push({
          code: 'seed_point_blocked', partId: part.id,
          message: `the seed point of "${part.name}" lies in a wall, above the fill height or outside the geometry: no fluid filled`,
        });
        continue;
      }
      candidates = new Uint8Array(total);
      const queue = new Int32Array(total);
      let head = 0, tail = 0;
      queue[tail++] = seedKey;
      candidates[seedKey] = 1;
      let leaked = false;
      while (head < tail) {
        const key = queue[head++];
        const i = key % lnx;
        const jk = (key - i) / lnx;
        const j = jk % lny;
        const k = (jk - j) / lny;
        if (i === 0 || j === 0 || k === 0 || i === lnx - 1 || j === lny - 1 || k === lnz - 1) leaked = true;
        // Six lattice neighbours; the edge bits live on the lower point of each edge.
        for (let dir = 0; dir < 6; dir++) {
          const axis = dir >> 1;
          const up = (dir & 1) === 0;
          const stride = axis === 0 ? 1 : axis === 1 ? lnx : lnx * lny;
          const coordOnAxis = axis === 0 ? i : axis === 1 ? j : k;
          const extent = axis === 0 ? lnx : axis === 1 ? lny : lnz;
          if (up ? coordOnAxis + 1 >= extent : coordOnAxis === 0) continue;
          const nkey = up ? key + stride : key - stride;
          const edgeKey = up ? key : nkey;
          if (candidates[nkey] === 1 || (own[edgeKey] & (1 << axis)) !== 0) continue;
          if (coord(2, axis === 2 ? k + (up ? 1 : -1) : k) > height || forbidden[nkey] === 1) continue;
          candidates[nkey] = 1;
          queue[tail++] = nkey;
        }
      }
      if (leaked) {
        warnings.push({
          code: 'fluid_not_enclosed', partId: part.id,
          message: `the fluid level of "${part.name}" is not enclosed by walls: it filled up to the edge of the geometry`,
        });
      }
    }
    if (candidates === null) continue;
    const mat = fluidMaterialOf(part);
    const ic = part.component.type === 'filling' || part.component.type === 'flow' ? part.component : null;
    const first = builder.count;
    for (let k = 0; k < lnz; k++) {
      for (let j = 0; j < lny; j++) {
        for (let i = 0; i < lnx; i++) {
          const key = i + lnx * (j + lny * k);
          if (candidates[key] !== 1 || claimed[key] === 1 || bufferKeys.has(key) || !fluidAllowed(key)) continue;
          const x = coord(0, i), y = coord(1, j), z = coord(2, k);
          if (!inDomain(x, y, z)) {
            outsideDomain++;
            continue;
          }
          claimed[key] = 1;
          builder.add(ParticleKind.fluid, body.index, x, y, z);
        }
      }
    }
    // Initial conditions: velocity, pressure (constant or hydrostatic), density from the Tait inverse.
    const eos = taitConstants(mat.density, mat.gamma, mat.speedOfSound);
    const [gx, gy, gz] = s.gravity;
    const g = Math.hypot(gx, gy, gz);
    const up: Vec3 = g > 0 ? [-gx / g, -gy / g, -gz / g] : [0, 0, 1];
    let top = -Infinity;
    const f = builder.f;
    for (let n = first; n < builder.count; n++) top = Math.max(top, f.x[n] * up[0] + f.y[n] * up[1] + f.z[n] * up[2]);
    top += 0.5 * dx;
    for (let n = first; n < builder.count; n++) {
      let p = ic?.initialPressure ?? 0;
      if (ic?.initialPreset === 'hydrostatic') p += mat.density * g * (top - (f.x[n] * up[0] + f.y[n] * up[1] + f.z[n] * up[2]));
      const rho = taitDensity(p, eos);
      f.p[n] = p;
      f.rho[n] = rho;
      f.mass[n] = rho * dx * dx * dx;
      f.vx[n] = ic?.initialVelocity[0] ?? 0;
      f.vy[n] = ic?.initialVelocity[1] ?? 0;
      f.vz[n] = ic?.initialVelocity[2] ?? 0;
    }
    perPart[part.id] = builder.count - first;
    if (builder.count === first) {
      warnings.push({ code: 'part_without_particles', partId: part.id, message: `fluid part "${part.name}" produced no particles` });
    }
  }
  const fluidCount = builder.count;

  // Wall particles: the solid side of every rigid surface, within the boundary layers (wallSites).
  const rho0 = material.density;
  const wallStart = builder.count;
  for (const site of wallSites(wallSlot, wallDist, wallBody, wallN, forbidden, owner, lattice, layers)) {
    if (claimed[site.key] === 1) continue;
    const key = site.key;
    const i = key % lnx;
    const jk = (key - i) / lnx;
    const j = jk % lny;
    const k = (jk - j) / lny;
    const n = builder.add(ParticleKind.wall, site.body, coord(0, i), coord(1, j), coord(2, k));
    builder.f.nx[n] = site.normal[0];
    builder.f.ny[n] = site.normal[1];
    builder.f.nz[n] = site.normal[2];
    builder.f.depth[n] = site.depth;
    builder.f.rho[n] = rho0;
    builder.f.mass[n] = rho0 * dx * dx * dx;
    const partId = bodies[site.body].partId;
    perPart[partId] = (perPart[partId] ?? 0) + 1;
  }
  const wallCount = builder.count - wallStart;

  // Buffer particles of the open boundaries.
  const bufferStart = builder.count;
  const bufferEntries = [...bufferKeys.entries()].sort((a, b) => a[0] - b[0]);
  for (const [key, bi] of bufferEntries) {
    const b = boundaries[bi];
    const part = setup.parts[b.body];
    if (part.component.type !== 'openboundary') continue;
    const comp = part.component;
    const wall = wallSlot.get(key);
    if (wall !== undefined && wallDist[wall] < 0) continue;
    const mat = fluidMaterialOf(part);
    const eos = taitConstants(mat.density, mat.gamma, mat.speedOfSound);
    const i = key % lnx;
    const jk = (key - i) / lnx;
    const j = jk % lny;
    const k = (jk - j) / lny;
    const n = builder.add(ParticleKind.buffer, b.body, coord(0, i), coord(1, j), coord(2, k));
    const un = comp.ioType === 'riemann_velocity' ? (comp.ioDirection === 'inflow' ? comp.ioVelocity : -comp.ioVelocity) : 0;
    const p = comp.ioType === 'riemann_pressure' ? comp.ioPressure : comp.initialPressure;
    const f = builder.f;
    f.vx[n] = un * b.normal[0];
    f.vy[n] = un * b.normal[1];
    f.vz[n] = un * b.normal[2];
    f.nx[n] = b.normal[0];
    f.ny[n] = b.normal[1];
    f.nz[n] = b.normal[2];
    f.p[n] = p;
    f.rho[n] = taitDensity(p, eos);
    f.mass[n] = f.rho[n] * dx * dx * dx;
    perPart[part.id] = (perPart[part.id] ?? 0) + 1;
  }
  const bufferCount = builder.count - bufferStart;

  if (fluidCount === 0 && bufferCount === 0) {
    warnings.push({ code: 'no_fluid', partId: null, message: 'the setup produces no fluid particles' });
  }
  if (outsideDomain > 0) {
    warnings.push({
      code: 'fluid_outside_domain', partId: null,
      message: `${outsideDomain} fluid particles lie outside the deletion boundary and were left out`,
    });
  }
  const particles = builder.finish();
  const pmin: Vec3 = [Infinity, Infinity, Infinity];
  const pmax: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let n = 0; n < particles.count; n++) {
    const c = [particles.x[n], particles.y[n], particles.z[n]];
    for (let a = 0; a < 3; a++) {
      if (c[a] < pmin[a]) pmin[a] = c[a];
      if (c[a] > pmax[a]) pmax[a] = c[a];
    }
  }
  return {
    particles, bodies, boundaries, warnings, lattice,
    counts: { fluid: fluidCount, wall: wallCount, buffer: bufferCount, total: particles.count, perPart },
    bounds: { min: pmin, max: pmax },
  };
}

interface WallSite {
  key: number;
  body: number;
  normal: Vec3;
  /** Distance behind the nearest rigid surface (m). */
  depth: number;
}

/**
 * Lattice points that become wall particles. The solid side is the union of the points inside any
 * closed solid or outside any closed container (`forbidden`) and the points behind an open rigid surface
 * (nearest surface seen from its back). A point of a closed body's solid side is a wall point when an
 * open lattice point lies within the boundary layers of it, whichever surface is nearest: so the foot of
 * a solid standing on a container's floor, two solids touching, and concave corners are covered, where
 * the nearest surface alone would call a point just inside a solid a floor-side point. Its normal points
 * from the point towards the open points around it (a face normal at a flat wall, the bisector in a
 * corner); points of open surfaces keep the nearest surface's normal.
 */
function wallSites(
  wallSlot: Map<number, number>, wallDist: number[], wallBody: number[], wallN: number[], forbidden: Uint8Array,
  owner: Int32Array, lattice: Lattice, layers: number,
): WallSite[] {
  const dx = lattice.spacing;
  const [lnx, lny, lnz] = lattice.n;
  const behindOpenSurface = (key: number): boolean => {
    const slot = wallSlot.get(key);
    return slot !== undefined && wallDist[slot] < 0 && wallDist[slot] >= -layers * dx;
  };
  const open = (key: number): boolean => forbidden[key] === 0 && !behindOpenSurface(key);
  // Lattice offsets within the layers' reach (distance ≤ layers Δx), nearest first.
  const offsets: [number, number, number, number][] = [];
  const reach2 = layers * layers + 1e-9;
  for (let c = -layers; c <= layers; c++) {
    for (let b = -layers; b <= layers; b++) {
      for (let a = -layers; a <= layers; a++) {
        const r2 = a * a + b * b + c * c;
        if (r2 > 0 && r2 <= reach2) offsets.push([a, b, c, r2]);
      }
    }
  }
  offsets.sort((u, v) => u[3] - v[3]);
  const sites: WallSite[] = [];
  const keys = [...wallSlot.keys()].sort((u, v) => u - v);
  for (const key of keys) {
    const slot = wallSlot.get(key) as number;
    if (forbidden[key] === 0) {
      if (behindOpenSurface(key)) {
        sites.push({ key, body: wallBody[slot], normal: [wallN[3 * slot], wallN[3 * slot + 1], wallN[3 * slot + 2]], depth: Math.abs(wallDist[slot]) });
      }
      continue;
    }
    const i = key % lnx;
    const jk = (key - i) / lnx;
    const j = jk % lny;
    const k = (jk - j) / lny;
    let sx = 0, sy = 0, sz = 0, any = false;
    for (const [a, b, c, r2] of offsets) {
      const ii = i + a, jj = j + b, kk = k + c;
      if (ii < 0 || jj < 0 || kk < 0 || ii >= lnx || jj >= lny || kk >= lnz) continue;
      if (!open(ii + lnx * (jj + lny * kk))) continue;
      any = true;
      const w = 1 / r2;
      sx += a * w;
      sy += b * w;
      sz += c * w;
    }
    if (!any) continue;
    const len = Math.hypot(sx, sy, sz);
    const normal: Vec3 = len > 1e-9 ? [sx / len, sy / len, sz / len] : [wallN[3 * slot], wallN[3 * slot + 1], wallN[3 * slot + 2]];
    sites.push({ key, body: owner[key] > 0 ? owner[key] - 1 : wallBody[slot], normal, depth: Math.abs(wallDist[slot]) });
  }
  return sites;
}
