// Statistics: exact percentiles by selection against a full sort, the spatial operations and their
// aggregation over outputs, and computations over generated output folders (vector components, several
// objects, a volume clip as mask, missing outputs) checked against values computed directly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aggregateOverOutputs, spatialStatistics } from '../../../src/server/postprocessing/statistics/operations.ts';
import { percentilesInPlace, selectInPlace } from '../../../src/server/postprocessing/statistics/selection.ts';
import { computeStatistics, type StatisticsEvent, type StatisticsTask } from '../../../src/server/postprocessing/statistics/compute.ts';
import { meshDefinitionTriangles } from '../../../src/domain/meshGeometry.ts';
import { writeFixtureOutput } from './outputFixture.ts';

const root = mkdtempSync(join(tmpdir(), 'surge-stats-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** numpy's 'linear' percentile on a sorted copy: the reference the selection must match. */
function sortedPercentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const x = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(x);
  const hi = Math.ceil(x);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (x - lo);
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('selection', () => {
  it('puts the k-th smallest value at k with smaller ones before and larger ones after', () => {
    const rnd = random(7);
    for (const n of [1, 2, 17, 100, 1001]) {
      const values = Array.from({ length: n }, () => Math.floor(rnd() * 50));
      for (const k of [0, Math.floor(n / 3), n - 1]) {
        const a = Float64Array.from(values);
        const v = selectInPlace(a, k);
        expect(v).toBe([...values].sort((x, y) => x - y)[k]);
        for (let i = 0; i < k; i++) expect(a[i]).toBeLessThanOrEqual(v);
        for (let i = k + 1; i < n; i++) expect(a[i]).toBeGreaterThanOrEqual(v);
      }
    }
  });

  it('gives the interpolated percentiles of a full sort, also for sorted, reversed and constant input', () => {
    const rnd = random(11);
    const inputs = [
      Array.from({ length: 10_001 }, () => rnd() * 1000 - 500),
      Array.from({ length: 5000 }, (_, i) => i),
      Array.from({ length: 5000 }, (_, i) => 5000 - i),
      Array.from({ length: 999 }, () => 3.5),
      [42],
    ];
    for (const values of inputs) {
      const got = percentilesInPlace(Float64Array.from(values), [5, 50, 95]);
      expect(got[0]).toBeCloseTo(sortedPercentile(values, 5), 9);
      expect(got[1]).toBeCloseTo(sortedPercentile(values, 50), 9);
      expect(got[2]).toBeCloseTo(sortedPercentile(values, 95), 9);
    }
  });
});

describe('operations', () => {
  it('computes every operation, integral weighted by areas, and null for empty input', () => {
    const values = [4, 1, 3, 2, 10];
    const out = spatialStatistics(Float64Array.from(values), ['mean', 'min', 'max', '5th_percentile', 'median', '95th_percentile', 'integral'], Float64Array.from([1, 1, 2, 2, 0.5]));
    expect(out).toMatchObject({ mean: 4, min: 1, max: 10, median: 3, integral: 4 + 1 + 6 + 4 + 5 });
    expect(out['5th_percentile']).toBeCloseTo(sortedPercentile(values, 5), 12);
    expect(out['95th_percentile']).toBeCloseTo(sortedPercentile(values, 95), 12);
    expect(spatialStatistics(new Float64Array(0), ['mean', 'median'])).toEqual({ mean: null, median: null });
    expect(spatialStatistics(Float64Array.from([1, 2]), ['integral']).integral).toBeNull();
  });

  it('aggregates per-output values with the temporal aggregator, integral as a mean, skipping missing ones', () => {
    expect(aggregateOverOutputs([1, 5, null, 3], 'max')).toBe(5);
    expect(aggregateOverOutputs([1, 5, null, 3], 'mean')).toBe(3);
    expect(aggregateOverOutputs([2, 4], 'integral')).toBe(3);
    expect(aggregateOverOutputs([1, 2, 3, 4], 'median')).toBe(2.5);
    expect(aggregateOverOutputs([null], 'mean')).toBeNull();
  });
});

describe('computation over output folders', () => {
  const dx = 0.1;
  const velocity = (x: number, y: number, z: number): [number, number, number] => [x - 0.3, 2 * y, -z];
  const pressure = (_x: number, _y: number, z: number, i: number) => 1000 * 9.81 * (1 - z) + (i % 7);
  const folders = [0, 1, 2].map((n) => {
    const folder = join(root, `output_${n}`);
    const written = writeFixtureOutput(folder, { outputNo: n, time: n * 0.1, fluid: { n: [6, 5, 4], dx, origin: [0, 0, 0] }, fields: { pressure, velocity }, wall: true });
    return { folder, ...written };
  });

  async function run(task: Omit<StatisticsTask, 'folders'>, folderList: StatisticsTask['folders']) {
    const events: StatisticsEvent[] = [];
    await computeStatistics({ ...task, folders: folderList }, (e) => events.push(e));
    return events;
  }

  it('matches values computed directly, per vector component and magnitude, over several objects', async () => {
    const list = folders.map((f, outputNo) => ({ outputNo, folder: f.folder }));
    const fluidVelocity = folders[1].arrays.get('fluid_0')?.get('velocity') as Float32Array;
    for (const sub of ['magnitude', 'x', 'z'] as const) {
      const events = await run({ objIds: ['fluid_0'], attribute: 'velocity', subAttribute: sub, operations: ['mean', 'max', 'median', '95th_percentile'], clips: [] }, list);
      const second = events.find((e) => e.type === 'output' && e.outputNo === 1);
      const expected: number[] = [];
      for (let i = 0; i < fluidVelocity.length / 3; i++) {
        const [x, y, z] = [fluidVelocity[3 * i], fluidVelocity[3 * i + 1], fluidVelocity[3 * i + 2]];
        expected.push(sub === 'magnitude' ? Math.hypot(x, y, z) : sub === 'x' ? x : z);
      }
      expect(second).toBeDefined();
      if (second?.type !== 'output') continue;
      expect(second.values.mean).toBeCloseTo(expected.reduce((a, b) => a + b, 0) / expected.length, 5);
      expect(second.values.max).toBeCloseTo(Math.max(...expected), 5);
      expect(second.values.median).toBeCloseTo(sortedPercentile(expected, 50), 5);
      expect(second.values['95th_percentile']).toBeCloseTo(sortedPercentile(expected, 95), 5);
    }
    const both = await run({ objIds: ['fluid_0', 'wall_1'], attribute: 'pressure', subAttribute: null, operations: ['min', 'mean'], clips: [] }, list.slice(0, 1));
    const joined = [...(folders[0].arrays.get('fluid_0')?.get('pressure') as Float32Array), ...(folders[0].arrays.get('wall_1')?.get('pressure') as Float32Array)];
    const first = both.find((e) => e.type === 'output');
    expect(first?.type === 'output' && first.values.min).toBeCloseTo(Math.min(...joined), 3);
    expect(first?.type === 'output' && first.values.mean).toBeCloseTo(joined.reduce((a, b) => a + b, 0) / joined.length, 2);
  });

  it('integrates over particle areas V^(2/3) and reports progress for every output', async () => {
    const events = await run({ objIds: ['fluid_0'], attribute: 'pressure', subAttribute: null, operations: ['integral'], clips: [] }, [{ outputNo: 0, folder: folders[0].folder }]);
    const p = folders[0].arrays.get('fluid_0')?.get('pressure') as Float32Array;
    const area = Math.cbrt(dx ** 6);
    const out = events.find((e) => e.type === 'output');
    expect(out?.type === 'output' && out.values.integral).toBeCloseTo(p.reduce((s, v) => s + v * area, 0), 0);
    expect(events.filter((e) => e.type === 'progress')).toEqual([{ type: 'progress', done: 1, total: 1 }]);
  });

  it('reports outputs without the data as missing and keeps the others', async () => {
    const events = await run({ objIds: ['fluid_0'], attribute: 'shear_rate', subAttribute: null, operations: ['mean'], clips: [] }, [{ outputNo: 0, folder: folders[0].folder }]);
    expect(events.find((e) => e.type === 'missing')).toMatchObject({ outputNo: 0 });
    const mixed = await run({ objIds: ['fluid_0'], attribute: 'pressure', subAttribute: null, operations: ['mean'], clips: [] }, [
      { outputNo: 0, folder: folders[0].folder },
      { outputNo: 7, folder: null },
      { outputNo: 8, folder: join(root, 'nowhere') },
    ]);
    expect(mixed.filter((e) => e.type === 'missing').map((e) => e.type === 'missing' && e.outputNo)).toEqual([7, 8]);
    expect(mixed.filter((e) => e.type === 'output')).toHaveLength(1);
  });

  it('keeps only the particles inside a volume clip (outside when inverted)', async () => {
    const cube = meshDefinitionTriangles({ kind: 'cube', translation: [0.1, 0.1, 0.1], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: false, dimensions: [0.25, 0.25, 0.25] });
    if (!cube) throw new Error('no cube');
    const clip = { id: 'clip', positions: Float32Array.from(cube.vertices), indices: Uint32Array.from(cube.indices), inverted: false, materialId: null };
    const positions = folders[0].arrays.get('fluid_0')?.get('position') as Float32Array;
    const p = folders[0].arrays.get('fluid_0')?.get('pressure') as Float32Array;
    const inside: number[] = [];
    const outside: number[] = [];
    for (let i = 0; i < p.length; i++) {
      const within = [0, 1, 2].every((a) => Math.abs(positions[3 * i + a] - 0.1) < 0.125);
      (within ? inside : outside).push(p[i]);
    }
    expect(inside.length).toBe(27);
    for (const [inverted, expected] of [[false, inside], [true, outside]] as const) {
      const events = await run({ objIds: ['fluid_0'], attribute: 'pressure', subAttribute: null, operations: ['mean', 'max'], clips: [{ ...clip, inverted }] }, [{ outputNo: 0, folder: folders[0].folder }]);
      const out = events.find((e) => e.type === 'output');
      expect(out?.type === 'output' && out.values.max).toBeCloseTo(Math.max(...expected), 3);
      expect(out?.type === 'output' && out.values.mean).toBeCloseTo(expected.reduce((a, b) => a + b, 0) / expected.length, 2);
    }
  });
});
