// The output-decoding pool: at most min(12, hardware threads) workers fetch and decode little-endian
// output arrays, queue extra requests, transfer buffers and report malformed files.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputDecodePool, outputDecodePoolSize } from '../../../workers/geometryWorkers.ts';

const files = new Map<string, Uint8Array>();
let server: Server;
let base = '';
let pool: OutputDecodePool;

function littleEndian(values: number[], dtype: 'float32' | 'uint32'): Uint8Array {
  const view = new DataView(new ArrayBuffer(4 * values.length));
  values.forEach((v, i) => (dtype === 'float32' ? view.setFloat32(4 * i, v, true) : view.setUint32(4 * i, v, true)));
  return new Uint8Array(view.buffer);
}

beforeAll(async () => {
  for (let k = 0; k < 20; k++) {
    files.set(`/out/p${k}.positions.bin`, littleEndian(Array.from({ length: 30 }, (_, i) => i * (k + 1)), 'float32'));
  }
  files.set('/out/velocity.bin', littleEndian([3, 4, 0, 0, 0, 0, 1, 2, 2], 'float32'));
  files.set('/out/surface.indices.bin', littleEndian([0, 1, 2, 2, 1, 3], 'uint32'));
  server = createServer((req, res) => {
    if (req.headers.authorization !== 'Bearer token') {
      res.writeHead(401).end();
      return;
    }
    const body = files.get(req.url ?? '');
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pool = new OutputDecodePool({ size: 3 });
});

afterAll(async () => {
  pool?.close();
  await new Promise((resolve) => server.close(resolve));
});

const headers = { authorization: 'Bearer token' };

describe('output decoding pool', () => {
  it('sizes itself min(12, hardware threads)', () => {
    expect(outputDecodePoolSize(32)).toBe(12);
    expect(outputDecodePoolSize(12)).toBe(12);
    expect(outputDecodePoolSize(2)).toBe(2);
    // Unknown thread count: a modest default.
    expect(outputDecodePoolSize(0)).toBe(4);
    expect(new OutputDecodePool({ size: 64 }).size).toBe(12);
  });

  it('decodes float32 vectors with their magnitude range, and uint32 indices', async () => {
    const v = await pool.fetchArray({ url: `${base}/out/velocity.bin`, dtype: 'float32', components: 3, count: 3, headers });
    expect(v.values).toBeInstanceOf(Float32Array);
    expect(Array.from(v.values)).toEqual([3, 4, 0, 0, 0, 0, 1, 2, 2]);
    expect(v.range).toEqual([0, 5]);
    const idx = await pool.fetchArray({ url: `${base}/out/surface.indices.bin`, dtype: 'uint32', components: 3, count: 2, headers });
    expect(idx.values).toBeInstanceOf(Uint32Array);
    expect(Array.from(idx.values)).toEqual([0, 1, 2, 2, 1, 3]);
  });

  it('runs many requests on no more workers than its size', async () => {
    const requests = Array.from({ length: 20 }, (_, k) => ({
      url: `${base}/out/p${k}.positions.bin`,
      dtype: 'float32' as const,
      components: 3 as const,
      count: 10,
      headers,
    }));
    const out = await pool.fetchArrays(requests);
    expect(out.map((o) => o.values[1])).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    expect(pool.started).toBeLessThanOrEqual(3);
  });

  it('transfers bytes it is given', async () => {
    const bytes = littleEndian([1, 2, 3], 'uint32').buffer as ArrayBuffer;
    const out = await pool.decodeArray(bytes, 'uint32', 1);
    expect(bytes.byteLength).toBe(0);
    expect(Array.from(out.values)).toEqual([1, 2, 3]);
    expect(out.range).toEqual([1, 3]);
  });

  it('reports wrong sizes, missing files and refused requests', async () => {
    await expect(pool.fetchArray({ url: `${base}/out/velocity.bin`, dtype: 'float32', components: 3, count: 4, headers })).rejects.toThrow(
      /expected 4 items, found 3/,
    );
    await expect(pool.fetchArray({ url: `${base}/out/missing.bin`, dtype: 'float32', components: 1, headers })).rejects.toThrow(/HTTP 404/);
    await expect(pool.fetchArray({ url: `${base}/out/velocity.bin`, dtype: 'float32', components: 1 })).rejects.toThrow(/HTTP 401/);
    await expect(pool.decodeArray(new ArrayBuffer(10), 'float32', 3)).rejects.toThrow(/not a whole number/);
  });
});
