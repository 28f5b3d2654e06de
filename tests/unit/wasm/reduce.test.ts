// Point-cloud reduction for the `fast` dataset: exact target count, every attribute of the kept points,
// and the bounding box and attribute ranges kept within one coverage cell.
import { beforeAll, describe, expect, it } from 'vitest';
import { gatherAttribute, type SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { loadGeometry, random } from './geometryFixtures.ts';

let g: SurgeGeometry;
beforeAll(async () => {
  g = await loadGeometry();
});

/** A sloshing-tank-like cloud: a jittered block of fluid plus a thrown-up sheet and droplets. */
function fluidCloud(count: number, seed = 1): Float32Array {
  const rnd = random(seed);
  const p = new Float32Array(3 * count);
  for (let i = 0; i < count; i++) {
    const r = rnd();
    if (r < 0.8) {
      p.set([rnd() * 2, rnd() * 1, rnd() * 0.5], 3 * i);
    } else if (r < 0.97) {
      const u = rnd();
      p.set([1.5 + 0.4 * u, rnd(), 0.5 + u * 0.8 + 0.02 * rnd()], 3 * i);
    } else {
      p.set([0.5 + rnd(), rnd(), 0.8 + rnd() * 0.6], 3 * i);
    }
  }
  return p;
}

function bounds(p: Float32Array, comps = 3): { min: number[]; max: number[] } {
  const min = new Array(comps).fill(Infinity);
  const max = new Array(comps).fill(-Infinity);
  for (let i = 0; i < p.length; i += comps) {
    for (let a = 0; a < comps; a++) {
      min[a] = Math.min(min[a], p[i + a]);
      max[a] = Math.max(max[a], p[i + a]);
    }
  }
  return { min, max };
}

describe('point-cloud reduction', () => {
  const n = 200_000;
  const positions = fluidCloud(n);
  // Attributes that vary smoothly in space: velocity (3 components) and pressure (hydrostatic).
  const velocity = new Float32Array(3 * n);
  const pressure = new Float32Array(n);
  const ids = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const [x, y, z] = [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]];
    velocity.set([2 * x, -y, z * z], 3 * i);
    pressure[i] = 1000 * 9.81 * (1.4 - z);
    ids[i] = i;
  }

  for (const target of [50_000, 5_000, 777]) {
    it(`keeps exactly ${target} points, the bounding box and attribute ranges within one cell`, () => {
      const { indices, cellSize } = g.reducePoints(positions, target);
      expect(indices.length).toBe(target);
      expect(cellSize).toBeGreaterThan(0);
      for (let i = 1; i < indices.length; i++) expect(indices[i]).toBeGreaterThan(indices[i - 1]);

      const kept = gatherAttribute(positions, 3, indices);
      const all = bounds(positions);
      const sub = bounds(kept);
      for (let a = 0; a < 3; a++) {
        expect(sub.min[a] - all.min[a]).toBeLessThanOrEqual(cellSize * 1.0001);
        expect(all.max[a] - sub.max[a]).toBeLessThanOrEqual(cellSize * 1.0001);
      }
      // Within one cell the attributes change by at most their gradient times the cell diagonal.
      const diag = cellSize * Math.sqrt(3);
      const v = bounds(velocity);
      const vs = bounds(gatherAttribute(velocity, 3, indices));
      const gradient = [2, 1, 2 * 1.4];
      for (let a = 0; a < 3; a++) {
        expect(vs.min[a] - v.min[a]).toBeLessThanOrEqual(gradient[a] * diag);
        expect(v.max[a] - vs.max[a]).toBeLessThanOrEqual(gradient[a] * diag);
      }
      const pAll = bounds(pressure, 1);
      const pSub = bounds(gatherAttribute(pressure, 1, indices), 1);
      expect(pSub.min[0] - pAll.min[0]).toBeLessThanOrEqual(1000 * 9.81 * diag);
      expect(pAll.max[0] - pSub.max[0]).toBeLessThanOrEqual(1000 * 9.81 * diag);
      // Gathered attributes belong to the kept points.
      const keptIds = gatherAttribute(ids, 1, indices);
      expect(Array.from(keptIds.subarray(0, 10))).toEqual(Array.from(indices.subarray(0, 10)));
    });
  }

  it('spreads the kept points evenly: a uniform cloud keeps a share per region proportional to its volume', () => {
    const rnd = random(9);
    const uniform = new Float32Array(3 * 100_000).map(() => rnd());
    const { indices } = g.reducePoints(uniform, 10_000);
    const octants = new Array(8).fill(0);
    for (const i of indices) {
      const o = (uniform[3 * i] < 0.5 ? 0 : 1) + (uniform[3 * i + 1] < 0.5 ? 0 : 2) + (uniform[3 * i + 2] < 0.5 ? 0 : 4);
      octants[o]++;
    }
    for (const c of octants) expect(Math.abs(c - 1250)).toBeLessThan(60);
  });

  it('picks the same points as the scalar reference: fingerprints of the kept sets are fixed', () => {
    // Recorded from the one-point-at-a-time implementation; the SIMD pass must quantise and order
    // cells identically. 200,001 points so that the last point goes through the scalar remainder.
    const fnv = (a: Uint32Array) => {
      let h = 0x811c9dc5;
      for (const v of a) h = Math.imul(h ^ v, 0x01000193) >>> 0;
      return h.toString(16);
    };
    const cloud = fluidCloud(200_001);
    const got = [50_000, 5_000, 777, 12_345].map((t) => fnv(g.reducePoints(cloud, t).indices));
    expect(got).toEqual(['9221e3a3', '66fed3c5', 'd2ca7d70', '4eb0c2fa']);
  });

  it('is deterministic', () => {
    const a = g.reducePoints(positions, 12_345).indices;
    const b = g.reducePoints(positions, 12_345).indices;
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
  });

  it('handles sparse clouds (points on a thin shell) and asks for more than there are', () => {
    const rnd = random(3);
    const shell = new Float32Array(3 * 60_000);
    for (let i = 0; i < 60_000; i++) {
      const a = rnd() * 2 * Math.PI;
      const z = rnd() * 2 - 1;
      const r = Math.sqrt(1 - z * z);
      shell.set([r * Math.cos(a), r * Math.sin(a), z], 3 * i);
    }
    expect(g.reducePoints(shell, 40_000).indices.length).toBe(40_000);
    expect(g.reducePoints(shell, 100_000).indices.length).toBe(60_000);
    expect(g.reducePoints(shell, 0).indices.length).toBe(0);
  });

  it('gathers attributes of any component count', () => {
    const values = new Float32Array([0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]);
    expect(Array.from(gatherAttribute(values, 4, new Uint32Array([2, 0])))).toEqual([20, 21, 22, 23, 0, 1, 2, 3]);
  });

  it('rejects non-finite positions', () => {
    expect(() => g.reducePoints(new Float32Array([0, 0, 0, NaN, 1, 1]), 1)).toThrow(/non-finite/);
    // Inside the part read 12 floats at a time, on every axis, NaN and both infinities.
    for (const bad of [NaN, Infinity, -Infinity]) {
      for (const at of [0, 1, 2, 1501, 2999]) {
        const p = fluidCloud(1000, 5);
        p[at] = bad;
        expect(() => g.reducePoints(p, 10)).toThrow(/non-finite/);
      }
    }
  });
});
