// Results without a browser: the outputs list (polling 60 s, 10 min once all are ready; realtime merges;
// what playback steps through) and an output folder of the API read with the user's token through the
// viewer's loader.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutputListEntry } from '../../../src/domain/runOutputs.ts';
import { OUTPUT_META_VERSION, type OutputMeta } from '../../../src/domain/output.ts';
import { mergeOutputs, outputsPollInterval, viewableOutputs } from '../../../src/client/results/outputList.ts';
import { HIDDEN_OBJECT_KINDS, apiOutputSource } from '../../../src/client/results/outputFolderSource.ts';
import { loadMoreObjects, loadOutputFolder, missingObjects } from '../../../src/client/viewer/loading/outputLoader.ts';
import type { DecodePool } from '../../../src/client/viewer/loading/DecodePool.ts';
import type { DecodeRequest } from '../../../src/client/viewer/loading/decodeWorker.ts';

const RUN = '11111111-1111-4111-8111-111111111111';
const output = (outputNo: number, visualization: 'ready' | 'pending' | 'failed' = 'ready', runId = RUN): OutputListEntry => ({
  runId,
  outputNo,
  time: outputNo * 0.05,
  states: { visualization, sensor: 'pending' },
  wallSensorState: 'unknown',
  bytes: 1000,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('outputs list', () => {
  it('polls every 60 s, and every 10 min once every output is ready', () => {
    expect(outputsPollInterval(undefined)).toBe(60_000);
    expect(outputsPollInterval([])).toBe(60_000);
    expect(outputsPollInterval([output(0), output(1, 'pending')])).toBe(60_000);
    expect(outputsPollInterval([output(0), output(1)])).toBe(600_000);
  });

  it('merges outputs.available into the list by number, and a new run replaces the list', () => {
    const current = [output(0), output(1, 'pending')];
    expect(mergeOutputs(current, [output(1), output(2)])?.map((o) => `${o.outputNo}:${o.states.visualization}`)).toEqual(['0:ready', '1:ready', '2:ready']);
    const otherRun = '22222222-2222-4222-8222-222222222222';
    expect(mergeOutputs(current, [output(0, 'ready', otherRun)])?.map((o) => o.runId)).toEqual([otherRun]);
    expect(mergeOutputs(current, 'nothing')).toBeNull();
    expect(mergeOutputs(current, [{ outputNo: 'x' }])).toBeNull();
  });

  it('plays back only outputs whose visualization is ready, in order', () => {
    expect(viewableOutputs([output(2), output(0), output(1, 'failed'), output(3, 'pending')]).map((o) => o.outputNo)).toEqual([0, 2]);
  });
});

describe('output folder of the API', () => {
  const files: Record<string, BodyInit> = {};
  const seen: { url: string; auth: string | null }[] = [];
  /** The API as the browser sees it: answers by path and query, records the Authorization header. */
  const api = async (url: string, init?: RequestInit) => {
    const parsed = new URL(url);
    seen.push({ url: parsed.pathname + parsed.search, auth: new Headers(init?.headers).get('authorization') });
    const body = files[parsed.pathname + parsed.search];
    return body === undefined ? new Response('{"title":"resource_not_found","description":"No such file","status":404}', { status: 404 }) : new Response(body);
  };
  /** The decoding pool as its workers behave: they fetch the URL with the headers they are handed. */
  const pool = {
    async decode(request: DecodeRequest) {
      if (!('url' in request.source)) throw new Error('expected a URL with headers, not bytes');
      const response = await api(request.source.url, { headers: request.source.headers });
      if (!response.ok) throw new Error(((await response.json()) as { description: string }).description);
      return response.arrayBuffer();
    },
  } as unknown as DecodePool;

  const positions = new Float32Array([0, 0, 0, 1, 0, 0]);
  const velocity = new Float32Array([1, 0, 0, 0, 2, 0]);
  const fluid: OutputMeta['objects'][number] = {
    id: 'fluid1',
    kind: 'fluid',
    name: 'Water',
    partId: null,
    materialId: 0,
    datasets: [
      {
        name: 'fast',
        count: 2,
        positions: { file: 'fluid1.fast.positions.bin', dtype: 'float32', components: 3 },
        indices: null,
        attributes: [{ name: 'velocity', file: 'fluid1.fast.velocity.bin', dtype: 'float32', components: 3, unit: 'm/s', range: [1, 2] }],
      },
    ],
  };
  const meta: OutputMeta = { version: OUTPUT_META_VERSION, outputNo: 3, time: 0.15, objects: [fluid], sensors: [] };
  const tokens = { getAccessToken: async () => 'tok' };

  afterEach(() => {
    seen.length = 0;
    for (const key of Object.keys(files)) delete files[key];
  });

  it('reads meta.json and hands the workers the file URLs with the bearer token, for a given run', async () => {
    const q = `?runId=${RUN}`;
    files[`/api/simulations/sim/outputs/3/meta.json${q}`] = JSON.stringify(meta);
    files[`/api/simulations/sim/outputs/3/files/fluid1.fast.positions.bin${q}`] = new Blob([positions.buffer]);
    files[`/api/simulations/sim/outputs/3/files/fluid1.fast.velocity.bin${q}`] = new Blob([velocity.buffer]);
    vi.stubGlobal('fetch', api);
    const source = apiOutputSource(tokens, 'sim', 3, RUN);
    const loaded = await loadOutputFolder(source, pool, { dataset: 'fast' });
    expect(loaded.meta.outputNo).toBe(3);
    expect(Array.from(loaded.objects[0].arrays.positions)).toEqual(Array.from(positions));
    expect(Array.from(loaded.objects[0].arrays.attributes.velocity.array)).toEqual(Array.from(velocity));
    expect(seen.map((s) => s.url).sort()).toEqual(Object.keys(files).sort());
    expect(seen.every((s) => s.auth === 'Bearer tok')).toBe(true);

    const missing = apiOutputSource(tokens, 'sim', 4);
    await expect(loadOutputFolder(missing, pool, { dataset: 'fast' })).rejects.toThrow('No such file');
  });

  it('leaves hidden wall particles out and fetches them only once they are shown', async () => {
    const tank = { ...fluid, id: 'tank', kind: 'wall_boundary' as const, name: 'Tank' };
    tank.datasets = [{ ...fluid.datasets[0], positions: { ...fluid.datasets[0].positions, file: 'tank.fast.positions.bin' }, attributes: [] }];
    files['/api/simulations/sim/outputs/3/meta.json'] = JSON.stringify({ ...meta, objects: [tank, fluid] });
    files['/api/simulations/sim/outputs/3/files/fluid1.fast.positions.bin'] = new Blob([positions.buffer]);
    files['/api/simulations/sim/outputs/3/files/fluid1.fast.velocity.bin'] = new Blob([velocity.buffer]);
    files['/api/simulations/sim/outputs/3/files/tank.fast.positions.bin'] = new Blob([positions.buffer]);
    vi.stubGlobal('fetch', api);
    const source = apiOutputSource(tokens, 'sim', 3);
    const shown = (o: { kind: string }) => !HIDDEN_OBJECT_KINDS.includes(o.kind as never);
    const fluidOnly = await loadOutputFolder(source, pool, { dataset: 'fast', include: shown });
    expect(fluidOnly.objects.map((o) => o.id)).toEqual(['fluid1']);
    expect(seen).toHaveLength(3);
    expect(missingObjects(fluidOnly, shown, 'fast')).toEqual([]);
    expect(missingObjects(fluidOnly, () => true, 'fast')).toEqual(['tank']);
    seen.length = 0;
    const withTank = await loadMoreObjects(fluidOnly, ['tank'], source, pool, 'fast');
    expect(withTank.objects.map((o) => o.id)).toEqual(['tank', 'fluid1']);
    expect(seen.map((s) => s.url)).toEqual(['/api/simulations/sim/outputs/3/files/tank.fast.positions.bin']);
  });
});
