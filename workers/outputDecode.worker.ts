// Output-decoding worker (one of the pool): fetches and decodes output arrays off the main thread and
// transfers the decoded buffers back.
import { dtypeSchema, type Dtype } from '../src/domain/output.ts';
import { exposeWorker, withTransfer } from './workerRuntime.ts';
import { decodeBuffer, fetchAndDecode, type DecodeRequest, type DecodedArray } from './outputDecode/decode.ts';

const api = {
  async fetchArray(request: DecodeRequest): Promise<DecodedArray> {
    return withTransfer(await fetchAndDecode(request));
  },

  /** Decodes bytes the caller already has (its buffer is transferred here and back). */
  decodeArray(buffer: ArrayBuffer, dtype: Dtype, components: 1 | 3, count?: number): DecodedArray {
    return withTransfer(decodeBuffer(buffer, dtypeSchema.parse(dtype), components, count));
  },
};

export type OutputDecodeWorkerApi = typeof api;

void exposeWorker(api);
