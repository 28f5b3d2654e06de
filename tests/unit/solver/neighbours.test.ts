// Cell-linked list: the counting sort's invariants, and rates computed through the cell list equal
// rates computed over all particle pairs (a grid with one cell is a brute-force search).
import { describe, expect, it } from 'vitest';
import { ParticleKind, allocateParticles, type ParticleStore } from '../../../src/solver/particles.ts';
import { DEAD_KIND, createSortScratch, makeGrid, sortByCell } from '../../../src/solver/grid.ts';
import { ShiftingMode, WallMode, buildPhysicsParams } from '../../../src/solver/params.ts';
import {
  RATE_BUILD_LIST, RATE_PRESSURE, RATE_SHIFT, RATE_VISCOUS, fluidRates,
} from '../../../src/solver/physics/rates.ts';
import {
  allocateNeighbourLists, decodeNeighbours, listBytesPerParticle, listsOverflowed,
} from '../../../src/solver/physics/neighbourLists.ts';
import { SMOOTHING_RATIO } from '../../../src/solver/kernel.ts';

const dx = 0.01;

/** Deterministic pseudo-random numbers (LCG) so that failures reproduce. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function jitteredBlock(n: number, walls: number): ParticleStore {
  const s = allocateParticles(n + walls, false);
  const rnd = random(7);
  const side = Math.ceil(Math.cbrt(n));
  for (let i = 0; i < n + walls; i++) {
    const wall = i >= n;
    const k = wall ? i - n : i;
    const f = s.f;
    f.x[i] = ((k % side) + 0.5 + 0.3 * (rnd() - 0.5)) * dx;
    f.y[i] = ((Math.floor(k / side) % side) + 0.5 + 0.3 * (rnd() - 0.5)) * dx;
    f.z[i] = wall ? -(Math.floor(k / (side * side)) + 0.5) * dx : (Math.floor(k / (side * side)) + 0.5 + 0.3 * (rnd() - 0.5)) * dx;
    f.vx[i] = wall ? 0 : rnd() - 0.5;
    f.vy[i] = wall ? 0 : rnd() - 0.5;
    f.vz[i] = wall ? 0 : rnd() - 0.5;
    f.rho[i] = 1000 * (1 + 0.01 * (rnd() - 0.5));
    f.p[i] = 400 * (rnd() - 0.5);
    f.mass[i] = 1000 * dx ** 3;
    f.nz[i] = wall ? 1 : 0;
    s.kind[i] = wall ? ParticleKind.wall : ParticleKind.fluid;
    s.body[i] = wall ? 1 : 0;
    s.id[i] = i;
  }
  return s;
}

const prm = buildPhysicsParams({
  dx, rho0: 1000, c0: 20, gamma: 7, nu: 1e-6, gravity: [0, 0, -9.81], wallMode: WallMode.riemann,
  lowDissipation: false, shifting: ShiftingMode.lyu21, densityLimiter: false, densityThreshold: 0.3,
  noSlip: [0, 1], bodyBoundary: [-1, -1], boundaries: [], domainActive: false,
  domainMin: [0, 0, 0], domainMax: [0, 0, 0],
}, SMOOTHING_RATIO);

describe('cell-linked list', () => {
  it('sorts particles by cell, drops dead ones and keeps every particle in its cell range', () => {
    const s = jitteredBlock(500, 100);
    s.kind[17] = DEAD_KIND;
    s.kind[230] = DEAD_KIND;
    const grid = makeGrid([-0.05, -0.05, -0.05], [0.15, 0.15, 0.15], 2 * prm.h, 600);
    const cellStart = new Int32Array(grid.nCells + 1);
    const ids = new Set(Array.from(s.id.subarray(0, 600)));
    const live = sortByCell(s, 600, grid, cellStart, createSortScratch(grid, 600));
    expect(live).toBe(598);
    expect(cellStart[grid.nCells]).toBe(598);
    const seen = new Set<number>();
    for (let i = 0; i < live; i++) {
      expect(cellStart[s.cell[i]]).toBeLessThanOrEqual(i);
      expect(cellStart[s.cell[i] + 1]).toBeGreaterThan(i);
      expect(s.kind[i]).not.toBe(DEAD_KIND);
      seen.add(s.id[i]);
    }
    expect(seen.size).toBe(598);
    expect(ids.has(17) && !seen.has(17) && !seen.has(230)).toBe(true);
    for (let c = 0; c < grid.nCells; c++) expect(cellStart[c + 1]).toBeGreaterThanOrEqual(cellStart[c]);
  });

  it('finds the same neighbours as a brute-force search', () => {
    const n = 729, walls = 243, total = n + walls;
    // As in the CPU backend: walls in front with their own cell list, moving particles behind them.
    const frontWalls = (s: ParticleStore) => {
      const order = [...Array(total).keys()].sort((a, b) => Number(s.kind[b] === ParticleKind.wall) - Number(s.kind[a] === ParticleKind.wall));
      const copy = allocateParticles(total, false);
      order.forEach((from, to) => {
        for (const key of ['x', 'y', 'z', 'vx', 'vy', 'vz', 'rho', 'p', 'mass', 'nx', 'ny', 'nz', 'fs'] as const) copy.f[key][to] = s.f[key][from];
        copy.kind[to] = s.kind[from];
        copy.body[to] = s.body[from];
        copy.id[to] = s.id[from];
      });
      return copy;
    };
    const withCells = frontWalls(jitteredBlock(n, walls));
    const brute = frontWalls(jitteredBlock(n, walls));
    const fine = makeGrid([-0.05, -0.05, -0.05], [0.15, 0.15, 0.15], 2 * prm.h, total);
    const single = makeGrid([-1, -1, -1], [1, 1, 1], 4, total);
    expect(fine.nCells).toBeGreaterThan(100);
    expect(single.nCells).toBe(1);
    const lists = [fine, single].map((g, k) => {
      const s = k === 0 ? withCells : brute;
      const wallStart = new Int32Array(g.nCells + 1);
      const cellStart = new Int32Array(g.nCells + 1);
      sortByCell(s, walls, g, wallStart, createSortScratch(g, total));
      sortByCell(s, total, g, cellStart, createSortScratch(g, total), [], null, walls);
      // The brute-force search's one cell holds more particles than a byte counts, so that its lists go
      // through the overflow map: the rates must not notice.
      const l = allocateNeighbourLists(total, 0, k === 0 ? listBytesPerParticle(prm.support2, dx) : 8, false);
      fluidRates(s, g, cellStart, wallStart, prm, 0, total, RATE_PRESSURE | RATE_VISCOUS | RATE_SHIFT | RATE_BUILD_LIST, l, prm.support2);
      return l;
    });
    // Lists from the cell search hold exactly the pairs within the radius, walls first.
    let pairs = 0, wallPairs = 0;
    for (let i = 0; i < total; i++) {
      if (withCells.kind[i] !== ParticleKind.fluid) continue;
      pairs += lists[0].count[i] & 0xffff;
      wallPairs += lists[0].count[i] >>> 16;
    }
    let brutePairs = 0, bruteWallPairs = 0;
    for (let i = 0; i < total; i++) {
      if (brute.kind[i] !== ParticleKind.fluid) continue;
      for (let j = 0; j < total; j++) {
        const d2 = (brute.f.x[i] - brute.f.x[j]) ** 2 + (brute.f.y[i] - brute.f.y[j]) ** 2 + (brute.f.z[i] - brute.f.z[j]) ** 2;
        if (j !== i && d2 < prm.support2) {
          brutePairs++;
          if (brute.kind[j] === ParticleKind.wall) bruteWallPairs++;
        }
      }
    }
    expect(pairs).toBe(brutePairs);
    expect(listsOverflowed(withCells.kind, 0, total, lists[0])).toBe(false);
    // Every brute-force list is in the overflow map, but a larger pool would not take it: no growth asked.
    let inMap = 0;
    for (let i = 0; i < total; i++) if (brute.kind[i] === ParticleKind.fluid && lists[1].count[i] < 0) inMap++;
    expect(inMap).toBe(n);
    expect(listsOverflowed(brute.kind, 0, total, lists[1])).toBe(false);
    // The cell search in a pool far too small runs out of room, which asks for a larger pool.
    {
      const wallStart = new Int32Array(fine.nCells + 1);
      const cellStart = new Int32Array(fine.nCells + 1);
      sortByCell(withCells, walls, fine, wallStart, createSortScratch(fine, total));
      sortByCell(withCells, total, fine, cellStart, createSortScratch(fine, total), [], null, walls);
      const small = allocateNeighbourLists(total, 0, 8, false);
      fluidRates(withCells, fine, cellStart, wallStart, prm, 0, total, RATE_PRESSURE | RATE_VISCOUS | RATE_SHIFT | RATE_BUILD_LIST, small, prm.support2);
      expect(listsOverflowed(withCells.kind, 0, total, small)).toBe(true);
    }
    expect(wallPairs).toBe(bruteWallPairs);
    expect(wallPairs).toBeGreaterThan(1000);
    const byId = new Map<number, number>();
    for (let i = 0; i < total; i++) byId.set(brute.id[i], i);
    // The byte lists (row counts, indices less their row's start) expand to the brute-force lists.
    let listed = 0;
    for (let i = 0; i < total; i++) {
      if (withCells.kind[i] !== ParticleKind.fluid) continue;
      const c = lists[0].count[i];
      const mine = decodeNeighbours(lists[0], i).subarray(0, c & 0xffff);
      const theirs = decodeNeighbours(lists[1], byId.get(withCells.id[i]) as number).subarray(1);
      const ids = (l: Int32Array, st: ParticleStore) => Array.from(l, (j) => st.id[j]).sort((a, b) => a - b);
      expect(ids(mine, withCells)).toEqual(ids(theirs, brute));
      // Walls first, as many as counted.
      for (let k = 0; k < mine.length; k++) expect(withCells.kind[mine[k]] === ParticleKind.wall).toBe(k < c >>> 16);
      listed += mine.length;
    }
    expect(listed).toBe(brutePairs);
    let worst = 0;
    let aMax = 0;
    for (let i = 0; i < total; i++) {
      if (withCells.kind[i] !== ParticleKind.fluid) continue;
      const j = byId.get(withCells.id[i]) as number;
      for (const key of ['ax', 'ay', 'az', 'drho', 'sx', 'sy', 'sz', 'srho'] as const) {
        worst = Math.max(worst, Math.abs(withCells.f[key][i] - brute.f[key][j]));
        aMax = Math.max(aMax, Math.abs(brute.f[key][j]));
      }
    }
    console.log(`largest rate difference cell list vs brute force: ${worst.toExponential(2)} (largest rate ${aMax.toExponential(2)})`);
    expect(worst).toBeLessThan(1e-9 * aMax);
  });
});
