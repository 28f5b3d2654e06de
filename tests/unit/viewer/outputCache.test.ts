// The viewer's output cache and HTTP output sources without a browser: files are fetched with the
// source's headers, an output listed again (new entries, same folder) is shown from the cache, and an
// output with the same number from another folder (another run) is loaded, never shown from the cache.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTPUT_META_VERSION, type OutputMeta } from '../../../src/domain/output.ts';
import { ViewerTimeline } from '../../../src/client/viewer/engine/ViewerTimeline.ts';
import { ViewerStore } from '../../../src/client/viewer/viewerState.ts';
import type { LoadedOutput } from '../../../src/client/viewer/loading/outputLoader.ts';
import type { DecodePool } from '../../../src/client/viewer/loading/DecodePool.ts';
import type { DecodeRequest } from '../../../src/client/viewer/loading/decodeWorker.ts';
import type { PartMeshes } from '../../../src/client/viewer/scene/PartMeshes.ts';
import { outputSourceFromUrl, outputSourceKey, type OutputSource } from '../../../src/client/viewer/loading/outputSource.ts';

/** Output folders by URL path: meta.json plus one positions file whose single x is `marker`. */
function folder(files: Map<string, BodyInit>, path: string, marker: number): void {
  const meta: OutputMeta = {
    version: OUTPUT_META_VERSION,
    outputNo: 1,
    time: 0.1,
    objects: [
      {
        id: 'water',
        kind: 'fluid',
        name: 'Water',
        partId: null,
        materialId: 0,
        datasets: [{ name: 'full', count: 1, positions: { file: 'water.full.positions.bin', dtype: 'float32', components: 3 }, indices: null, attributes: [] }],
      },
    ],
    sensors: [],
  };
  files.set(`${path}meta.json`, JSON.stringify(meta));
  files.set(`${path}bin/water.full.positions.bin`, new Blob([new Float32Array([marker, 0, 0]).buffer]));
}

function setup() {
  const files = new Map<string, BodyInit>();
  const requests: { path: string; auth: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    requests.push({ path, auth: new Headers(init?.headers).get('authorization') });
    const body = files.get(path);
    return body === undefined ? new Response('{"description":"No such output"}', { status: 404 }) : new Response(body);
  });
  const pool = {
    async decode(request: DecodeRequest) {
      if (!('url' in request.source)) throw new Error('expected a URL');
      const response = await fetch(request.source.url, { headers: request.source.headers });
      return response.arrayBuffer();
    },
  } as unknown as DecodePool;
  const shown: LoadedOutput[] = [];
  const timeline = new ViewerTimeline({
    store: new ViewerStore(),
    pool,
    parts: {} as PartMeshes,
    mode: 'postprocessor',
    showLoadedOutput: (loaded) => shown.push(loaded),
    includeObject: () => true,
    requestFrame: () => undefined,
    message: () => undefined,
  });
  let token = 'first';
  const source = (path: string): OutputSource =>
    outputSourceFromUrl(path, 'http://surge.test/', { filesUrl: 'bin/', headers: () => ({ Authorization: `Bearer ${token}` }) });
  return { files, requests, timeline, shown, source, setToken: (t: string) => (token = t) };
}

afterEach(() => vi.unstubAllGlobals());

describe('output sources and cache', () => {
  it('fetches meta.json and the files with the headers asked for at request time', async () => {
    const { files, requests, timeline, shown, source, setToken } = setup();
    folder(files, '/runs/a/1/', 7);
    setToken('fresh');
    timeline.setOutputs([{ outputNo: 1, source: source('/runs/a/1/') }], 1);
    expect(await timeline.showOutput(0)).toBe(true);
    expect(shown[0].objects[0].arrays.positions[0]).toBe(7);
    expect(requests).toEqual([
      { path: '/runs/a/1/meta.json', auth: 'Bearer fresh' },
      { path: '/runs/a/1/bin/water.full.positions.bin', auth: 'Bearer fresh' },
    ]);
  });

  it('shows an output listed again from the cache, and one from another folder never from it', async () => {
    const { files, requests, timeline, shown, source } = setup();
    folder(files, '/runs/a/1/', 1);
    folder(files, '/runs/b/1/', 2);
    timeline.setOutputs([{ outputNo: 1, source: source('/runs/a/1/') }], 1);
    await timeline.showOutput(0);
    // The list arrives again with new entry objects for the same folder: no new request.
    timeline.setOutputs([{ outputNo: 1, source: source('/runs/a/1/') }], 1);
    await timeline.showOutput(0);
    expect(requests).toHaveLength(2);
    expect(shown.map((s) => s.objects[0].arrays.positions[0])).toEqual([1, 1]);
    // Output 1 of another run: same number, another folder.
    timeline.setOutputs([{ outputNo: 1, source: source('/runs/b/1/') }], 1);
    await timeline.showOutput(0);
    expect(requests).toHaveLength(4);
    expect(shown.map((s) => s.objects[0].arrays.positions[0])).toEqual([1, 1, 2]);
  });

  it('keys sources by their folder and query, and picked folders by identity', () => {
    const a = outputSourceFromUrl('/x/1', 'http://surge.test/', { search: '?runId=r1' });
    expect(outputSourceKey(a)).toBe(outputSourceKey(outputSourceFromUrl('/x/1/', 'http://surge.test/', { search: '?runId=r1' })));
    expect(outputSourceKey(a)).not.toBe(outputSourceKey(outputSourceFromUrl('/x/1/', 'http://surge.test/', { search: '?runId=r2' })));
    const files = new Map<string, Blob>();
    expect(outputSourceKey({ kind: 'files', files })).toBe(outputSourceKey({ kind: 'files', files }));
    expect(outputSourceKey({ kind: 'files', files })).not.toBe(outputSourceKey({ kind: 'files', files: new Map() }));
  });
});
