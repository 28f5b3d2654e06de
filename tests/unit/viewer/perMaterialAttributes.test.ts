// Per-material attributes in the viewer (wetting by material): the entries of one name, one per material,
// load as separate attribute choices keyed name:materialId and labelled after their material's fluid.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTPUT_META_VERSION, outputAttributeKey, type OutputMeta } from '../../../src/domain/output.ts';
import { loadOutputFolder } from '../../../src/client/viewer/loading/outputLoader.ts';
import { outputSourceFromUrl } from '../../../src/client/viewer/loading/outputSource.ts';
import type { DecodePool } from '../../../src/client/viewer/loading/DecodePool.ts';
import type { DecodeRequest } from '../../../src/client/viewer/loading/decodeWorker.ts';

function fluid(id: string, name: string, materialId: number): OutputMeta['objects'][number] {
  return {
    id, kind: 'fluid', name, partId: null, materialId,
    datasets: [{ name: 'full', count: 0, positions: { file: `${id}.full.positions.bin`, dtype: 'float32', components: 3 }, indices: null, attributes: [] }],
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('per-material attributes', () => {
  it('loads wetting by material as one choice per material, named after its fluid', async () => {
    const wetting = (materialId: number) => ({
      name: 'wetting_by_material' as const, file: `wall_0.full.wetting_by_material.${materialId}.bin`, dtype: 'float32' as const,
      components: 1 as const, unit: '', range: [0, 1] as [number, number], materialId,
    });
    const meta: OutputMeta = {
      version: OUTPUT_META_VERSION, outputNo: 1, time: 0.1, sensors: [],
      objects: [
        fluid('fluid_0', 'Water', 0), fluid('fluid_3', 'Oil', 3),
        {
          id: 'wall_0', kind: 'wall_boundary', name: 'Tank', partId: 'tank', materialId: null,
          datasets: [{
            name: 'full', count: 2, positions: { file: 'wall_0.full.positions.bin', dtype: 'float32', components: 3 }, indices: null,
            attributes: [
              { name: 'wetting', file: 'wall_0.full.wetting.bin', dtype: 'float32', components: 1, unit: '', range: [0, 1] },
              wetting(0), wetting(3),
            ],
          }],
        },
      ],
    };
    const files = new Map<string, Float32Array>([
      ['wall_0.full.positions.bin', new Float32Array(6)], ['fluid_0.full.positions.bin', new Float32Array(0)],
      ['fluid_3.full.positions.bin', new Float32Array(0)], ['wall_0.full.wetting.bin', new Float32Array([1, 1])],
      ['wall_0.full.wetting_by_material.0.bin', new Float32Array([1, 0])], ['wall_0.full.wetting_by_material.3.bin', new Float32Array([0, 1])],
    ]);
    vi.stubGlobal('fetch', async (url: string) => {
      const data = files.get(new URL(url).pathname.split('/').pop() ?? '');
      return data === undefined ? new Response('', { status: 404 }) : new Response(new Blob([data.buffer as ArrayBuffer]));
    });
    const pool = {
      async decode(request: DecodeRequest) {
        if (!('url' in request.source)) throw new Error('expected a URL');
        return (await fetch(request.source.url)).arrayBuffer();
      },
    } as unknown as DecodePool;
    const loaded = await loadOutputFolder(outputSourceFromUrl('/runs/a/1/', 'http://surge.test/'), pool, { dataset: 'full', meta });
    const wall = loaded.objects.find((o) => o.id === 'wall_0');
    const attributes = wall?.arrays.attributes ?? {};
    expect(Object.keys(attributes)).toEqual(['wetting', 'wetting_by_material:0', 'wetting_by_material:3']);
    expect(outputAttributeKey(wetting(3))).toBe('wetting_by_material:3');
    expect(attributes['wetting_by_material:0'].label).toBe('Wetting by Material (Water)');
    expect(attributes['wetting_by_material:3'].label).toBe('Wetting by Material (Oil)');
    expect([...attributes['wetting_by_material:3'].array]).toEqual([0, 1]);
    expect(attributes.wetting.label).toBeUndefined();
  });
});
