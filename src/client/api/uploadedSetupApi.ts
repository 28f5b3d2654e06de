// Upload of a preprocessed setup: the zip and its job file name as multipart, through XMLHttpRequest
// because it reports upload progress; failures carry the server's message.
import { xhrUpload, XhrUploadNetworkError, type XhrUploadAnswer } from './xhrUpload.ts';
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
  const url = `${API_PREFIX}/simulations/${encodeURIComponent(request.simulationId)}/uploaded_setup`;
  let answer: XhrUploadAnswer;
  try {
    answer = await xhrUpload(url, token, form, request);
  } catch (error) {
    if (error instanceof XhrUploadNetworkError) throw new UploadedSetupError('The connection to the server failed. Try again.', 0);
    throw error;
  }
  if (answer.status === 201) {
    const parsed = uploadedSetupSchema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    throw new UploadedSetupError('The server answered with data this version of Surge does not understand.', answer.status);
  }
  const error = apiErrorFromResponse(answer.status, answer.body, 201);
  throw new UploadedSetupError(error?.message ?? 'Unexpected answer.', answer.status);
}
