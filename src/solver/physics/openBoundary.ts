// End-of-step bookkeeping of open boundaries: fluid that enters a buffer zone becomes buffer, buffer
// that leaves into the fluid becomes fluid (an inlet then spawns a new buffer particle one buffer depth
// upstream), buffer that leaves the zone at the back or the side is removed.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { DEAD_KIND } from '../grid.ts';
import { IoDirectionCode, type OpenBoundaryParams, type PhysicsParams } from '../params.ts';

const FLUID = ParticleKind.fluid;
const BUFFER = ParticleKind.buffer;

/** True when the point's projection on the boundary plane lies inside the boundary polygon. */
export function insideBoundaryPolygon(
  b: Pick<OpenBoundaryParams, 'origin' | 'axisU' | 'axisV' | 'polygon'>, px: number, py: number, pz: number,
): boolean {
  const dx = px - b.origin[0], dy = py - b.origin[1], dz = pz - b.origin[2];
  const u = dx * b.axisU[0] + dy * b.axisU[1] + dz * b.axisU[2];
  const v = dx * b.axisV[0] + dy * b.axisV[1] + dz * b.axisV[2];
  const poly = b.polygon;
  for (let t = 0; t < poly.length; t += 6) {
    const ax = poly[t], ay = poly[t + 1], bx = poly[t + 2], by = poly[t + 3], cx = poly[t + 4], cy = poly[t + 5];
    const d1 = (bx - ax) * (v - ay) - (by - ay) * (u - ax);
    const d2 = (cx - bx) * (v - by) - (cy - by) * (u - bx);
    const d3 = (ax - cx) * (v - cy) - (ay - cy) * (u - cx);
    const hasNeg = d1 < 0 || d2 < 0 || d3 < 0;
    const hasPos = d1 > 0 || d2 > 0 || d3 > 0;
    if (!(hasNeg && hasPos)) return true;
  }
  return false;
}

export function signedDistance(b: OpenBoundaryParams, px: number, py: number, pz: number): number {
  return (px - b.origin[0]) * b.normal[0] + (py - b.origin[1]) * b.normal[1] + (pz - b.origin[2]) * b.normal[2];
}

export interface HousekeepingResult {
  count: number;
  nextId: number;
  spawned: number;
  removed: number;
  /** Particles that need a slot but found none: the caller grows the store and calls again. */
  needCapacity: number;
}

/**
 * Serial pass over [0, count): converts and removes particles and appends spawned buffer particles.
 * Deterministic (index order), so that a resumed run repeats it exactly.
 */
export function openBoundaryHousekeeping(
  s: ParticleStore, count: number, prm: PhysicsParams, nextId: number,
): HousekeepingResult {
  const result: HousekeepingResult = { count, nextId, spawned: 0, removed: 0, needCapacity: 0 };
  if (prm.boundaries.length === 0) return result;
  const { x, y, z, vx, vy, vz, rho, p, mass, nx, ny, nz } = s.f;
  const kind = s.kind;
  const body = s.body;
  const boundaries = prm.boundaries;
  // Count spawns first so that the store can grow before anything changes.
  let spawns = 0;
  for (let i = 0; i < count; i++) {
    if (kind[i] !== BUFFER) continue;
    const b = boundaries[prm.bodyBoundary[body[i]]];
    if (b.direction === IoDirectionCode.inflow && signedDistance(b, x[i], y[i], z[i]) >= 0) spawns++;
  }
  if (count + spawns > s.capacity) {
    result.needCapacity = count + spawns;
    return result;
  }
  let n = count;
  let id = nextId;
  for (let i = 0; i < count; i++) {
    const k = kind[i];
    if (k === FLUID) {
      for (let bi = 0; bi < boundaries.length; bi++) {
        const b = boundaries[bi];
        const sd = signedDistance(b, x[i], y[i], z[i]);
        if (sd < 0 && sd > -b.depth && insideBoundaryPolygon(b, x[i], y[i], z[i])) {
          kind[i] = BUFFER;
          body[i] = b.body;
          nx[i] = b.normal[0];
          ny[i] = b.normal[1];
          nz[i] = b.normal[2];
          break;
        }
      }
    } else if (k === BUFFER) {
      const b = boundaries[prm.bodyBoundary[body[i]]];
      const sd = signedDistance(b, x[i], y[i], z[i]);
      if (sd >= 0) {
        if (b.direction === IoDirectionCode.inflow) {
          // The new buffer particle takes the place one buffer depth upstream.
          x[n] = x[i] - b.depth * b.normal[0];
          y[n] = y[i] - b.depth * b.normal[1];
          z[n] = z[i] - b.depth * b.normal[2];
          vx[n] = vx[i];
          vy[n] = vy[i];
          vz[n] = vz[i];
          rho[n] = rho[i];
          p[n] = p[i];
          mass[n] = mass[i];
          nx[n] = b.normal[0];
          ny[n] = b.normal[1];
          nz[n] = b.normal[2];
          kind[n] = BUFFER;
          body[n] = body[i];
          s.id[n] = id++;
          n++;
          result.spawned++;
        }
        kind[i] = FLUID;
      } else if (sd <= -b.depth || !insideBoundaryPolygon(b, x[i], y[i], z[i])) {
        kind[i] = DEAD_KIND;
        result.removed++;
      }
    }
  }
  result.count = n;
  result.nextId = id;
  return result;
}
