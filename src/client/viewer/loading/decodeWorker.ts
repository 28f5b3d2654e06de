// Output decoding worker: fetches (with the request headers it is given, such as a bearer token) or reads
// one typed-array file, checks its size, converts to the float32 the GPU path draws, and transfers the
// ArrayBuffer back without copying.
import { expose, transfer } from 'comlink';
import { failedRequestMessage } from './requestError.ts';

export type RequestHeaders = Record<string, string>;

export interface DecodeRequest {
  /** URL to fetch (with its headers), or a File picked from a local output folder. */
  source: { url: string; headers?: RequestHeaders } | { file: Blob };
  type: 'float32' | 'uint32';
  /** Expected number of 4-byte values; a mismatch is an error, never silently drawn. -1: any multiple of 4 bytes. */
  expectedValues: number;
}

export interface DecodeResult {
  buffer: ArrayBuffer;
}

const littleEndianHost = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

async function readBytes(source: DecodeRequest['source']): Promise<ArrayBuffer> {
  if ('url' in source) {
    const response = await fetch(source.url, { headers: source.headers });
    if (!response.ok) throw new Error(await failedRequestMessage(response, source.url));
    return response.arrayBuffer();
  }
  return source.file.arrayBuffer();
}

const api = {
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    const bytes = await readBytes(request.source);
    const sizeOk = request.expectedValues < 0 ? bytes.byteLength % 4 === 0 : bytes.byteLength === request.expectedValues * 4;
    if (!sizeOk) {
      throw new Error(`expected ${request.expectedValues * 4} bytes, got ${bytes.byteLength}`);
    }
    if (!littleEndianHost) {
      const view = new DataView(bytes);
      const words = new Uint32Array(bytes);
      for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
    }
    let buffer = bytes;
    if (request.type === 'uint32') {
      // Ids and counts are exact in float32 up to 2^24; the colormap path reads float32.
      const source = new Uint32Array(bytes);
      const converted = new Float32Array(source.length);
      for (let i = 0; i < source.length; i++) converted[i] = source[i];
      buffer = converted.buffer;
    }
    return transfer({ buffer }, [buffer]);
  },
};

export type DecodeWorkerApi = typeof api;

expose(api);
