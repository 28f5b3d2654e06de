// Statistics: exact percentiles by selection against a full sort, the spatial operations and their
// aggregation over outputs, and computations over generated output folders (vector components, several
// objects, a volume clip as mask, missing outputs) checked against values computed directly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aggregateOverOutputs, spatialStatistics } from '../../../src/server/postprocessing/statistics/operations.ts';
import { percentilesInPlace, selectInPlace } from '../../../src/server/postprocessing/statistics/selection.ts';
import { computeStatistics, type StatisticsEvent, type StatisticsTask } from '../../../src/server/postprocessing/statistics/compute.ts';
import { meshDefinitionTriangles } from '../../../src/domain/meshGeometry.ts';
import { writeFixtureOutput } from './outputFixture.ts';
import { resultAttributes } from '../../../src/domain/attributes.ts';
import { offeredOperations } from '../../../src/domain/statistics.ts';
import { OUTPUT_META_VERSION, outputAreasFile, outputAttributeFile, outputMetaSchema, outputPositionsFile } from '../../../src/domain/output.ts';

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

describe('integrated quantities of a wall part', () => {
  // Two rigid parts as the solver writes them: a first layer facing the fluid with its surface areas and
  // two layers behind it without area, whose stresses (those of the particle in front) must not count
  // again; the particles' volumes would weigh every layer with Δx² and are not what the integral uses.
  const dx = 0.01;
  const folder = join(root, 'walls');
  mkdirSync(folder, { recursive: true });
  const parts = [
    { id: 'wall_1', layer: 4, pressure: (i: number) => 1000 + 10 * i, shear: 3, wet: (i: number) => (i < 3 ? 1 : 0.5) },
    { id: 'wall_2', layer: 6, pressure: (i: number) => 250 - i, shear: -1, wet: () => 1 },
  ];
  const expected = new Map<string, { normal: number; fx: number; fz: number; wetted: number }>();
  const objects = parts.map((part) => {
    const count = 3 * part.layer;
    const positions = new Float32Array(3 * count);
    const area = new Float32Array(count);
    const volume = new Float32Array(count).fill(dx ** 3);
    const normal = new Float32Array(count);
    const total = new Float32Array(3 * count);
    const wetting = new Float32Array(count);
    const sums = { normal: 0, fx: 0, fz: 0, wetted: 0 };
    for (let layer = 0; layer < 3; layer++) {
      for (let i = 0; i < part.layer; i++) {
        const k = layer * part.layer + i;
        positions.set([i * dx, 0, -(layer + 0.5) * dx], 3 * k);
        // The floor faces +z: the fluid presses down (−z) and drags along x.
        const a = layer === 0 ? dx * dx * (1 + 0.1 * i) : 0;
        area[k] = a;
        normal[k] = part.pressure(i);
        total.set([part.shear, 0, -part.pressure(i)], 3 * k);
        wetting[k] = part.wet(i);
        sums.normal += Math.fround(part.pressure(i)) * Math.fround(a);
        sums.fx += part.shear * Math.fround(a);
        sums.fz -= Math.fround(part.pressure(i)) * Math.fround(a);
        sums.wetted += Math.fround(part.wet(i)) * Math.fround(a);
      }
    }
    expected.set(part.id, sums);
    const files: [string, Float32Array][] = [
      [outputPositionsFile(part.id, 'full'), positions], [outputAreasFile(part.id, 'full'), area],
      [outputAttributeFile(part.id, 'full', 'volume'), volume], [outputAttributeFile(part.id, 'full', 'normal_stress'), normal],
      [outputAttributeFile(part.id, 'full', 'total_stress'), total], [outputAttributeFile(part.id, 'full', 'wetting'), wetting],
    ];
    for (const [file, data] of files) writeFileSync(join(folder, file), new Uint8Array(data.buffer));
    const attribute = (name: 'volume' | 'normal_stress' | 'total_stress' | 'wetting') => ({
      file: outputAttributeFile(part.id, 'full', name), dtype: 'float32' as const, components: resultAttributes[name].components,
      name, unit: resultAttributes[name].unit, range: null,
    });
    const full = {
      name: 'full' as const, count, positions: { file: outputPositionsFile(part.id, 'full'), dtype: 'float32' as const, components: 3 as const },
      indices: null, areas: { file: outputAreasFile(part.id, 'full'), dtype: 'float32' as const, components: 1 as const },
      attributes: [attribute('volume'), attribute('normal_stress'), attribute('total_stress'), attribute('wetting')],
    };
    return { id: part.id, kind: 'wall_boundary' as const, name: part.id, partId: null, materialId: null, datasets: [full, { ...full, name: 'raw' as const }] };
  });
  writeFileSync(join(folder, 'meta.json'), JSON.stringify(outputMetaSchema.parse({ version: OUTPUT_META_VERSION, outputNo: 0, time: 0, objects, sensors: [] })));

  async function integral(objIds: string[], attribute: 'normal_stress' | 'total_stress' | 'wetting', subAttribute: 'x' | 'z' | null): Promise<number> {
    const events: StatisticsEvent[] = [];
    await computeStatistics({ folders: [{ outputNo: 0, folder }], objIds, attribute, subAttribute, operations: ['integral'], clips: [] }, (e) => events.push(e));
    const out = events.find((e) => e.type === 'output');
    if (out?.type !== 'output') throw new Error('no output');
    return out.values.integral as number;
  }

  it('sums stress × surface area per part: normal force, force components and wetted area, deeper layers left out', async () => {
    expect(offeredOperations('wetting')).toContain('integral');
    for (const part of parts) {
      const e = expected.get(part.id) as { normal: number; fx: number; fz: number; wetted: number };
      const measured = {
        normal: await integral([part.id], 'normal_stress', null), fx: await integral([part.id], 'total_stress', 'x'),
        fz: await integral([part.id], 'total_stress', 'z'), wetted: await integral([part.id], 'wetting', null),
      };
      console.log(`${part.id}: normal force ${measured.normal.toFixed(6)} N (expected ${e.normal.toFixed(6)}), force x ${measured.fx.toFixed(6)} N (${e.fx.toFixed(6)}), z ${measured.fz.toFixed(6)} N (${e.fz.toFixed(6)}), wetted area ${measured.wetted.toExponential(4)} m² (${e.wetted.toExponential(4)})`);
      for (const key of ['normal', 'fx', 'fz', 'wetted'] as const) expect(measured[key]).toBeCloseTo(e[key], 9);
    }
    // Both parts together: the sum of the two.
    const both = await integral(['wall_1', 'wall_2'], 'normal_stress', null);
    expect(both).toBeCloseTo((expected.get('wall_1')?.normal ?? 0) + (expected.get('wall_2')?.normal ?? 0), 9);
  });
});
