// Upload of a preprocessed setup: the zip and its job file name as multipart, through XMLHttpRequest
// because it reports upload progress; failures carry the server's message.
import { API_PREFIX } from '../../domain/api.ts';
import { apiErrorFromResponse } from '../../domain/errors.ts';
import { uploadedSetupSchema, type UploadedSetup } from '../../domain/uploadedSetup.ts';
import type { TokenSource } from './ApiClient.ts';

export interface UploadedSetupRequest {
  simulationId: string;
  file: File;
  jobFilename: string;
  tokens: TokenSource;
  /** Fraction 0..1 of the bytes sent. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

export class UploadedSetupError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'UploadedSetupError';
    this.status = status;
  }
}

export async function uploadPreprocessedSetup(request: UploadedSetupRequest): Promise<UploadedSetup> {
  const token = await request.tokens.getAccessToken();
  if (!token) throw new UploadedSetupError('You need to sign in to use Surge.', 401);
  const form = new FormData();
  // The job file name first, so that the server knows it before the zip's bytes arrive.
  form.append('jobFilename', request.jobFilename);
  form.append('file', request.file, request.file.name);
  return new Promise<UploadedSetup>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}/simulations/${encodeURIComponent(request.simulationId)}/uploaded_setup`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadedSetupError('The connection to the server failed. Try again.', 0));
    };
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201) {
        const parsed = uploadedSetupSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new UploadedSetupError('The server answered with data this version of Surge does not understand.', xhr.status));
        return;
      }
      const error = apiErrorFromResponse(xhr.status, body, 201);
      reject(new UploadedSetupError(error?.message ?? 'Unexpected answer.', xhr.status));
    };
    if (request.signal.aborted) {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    xhr.send(form);
  });
}
