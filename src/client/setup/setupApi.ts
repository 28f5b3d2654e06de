// Calls of the Setup screen: the setup document, unlocking it (Edit Setup), geometry and acceleration file
// uploads with progress and abort, the stored bytes of an uploaded file, the server's validation with the
// solver's support check (the client reads only the solver part; it computes the rest itself), and the
// movements with each moving part's keyframes.
import { xhrUpload, XhrUploadNetworkError, type XhrUploadAnswer } from '../api/xhrUpload.ts';
import { API_PREFIX } from '../../domain/api.ts';
import { apiErrorFromResponse } from '../../domain/errors.ts';
import { MESSAGES, templates } from '../../domain/messages.ts';
import { setupDocumentSchema, type SetupDocument } from '../../domain/setup.ts';
import type { StlUnit } from '../../domain/shape.ts';
import { stepTessellationSchema, uploadedFileSchema, type StepTessellation, type TessellationSelection, type UploadedFile } from '../../domain/uploads.ts';
import type { MeshingParameters } from '../../domain/meshing.ts';
import { serverValidationSchema, type ServerValidation } from '../../domain/runs.ts';
import { simulationSchema, type Simulation } from '../../domain/simulation.ts';
import { z } from 'zod';
import {
  accelerationFileUploadSchema, partKeyframesSchema, simulationMovementsSchema, type AccelerationFileUpload, type PartKeyframesReply,
  type SimulationMovements,
} from '../../domain/movementApi.ts';
import type { ApiClient, TokenSource } from '../api/ApiClient.ts';

const simulationPath = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export function getSetup(api: ApiClient, simulationId: string): Promise<SetupDocument> {
  return api.get(`${simulationPath(simulationId)}/setup`, setupDocumentSchema);
}

export function putSetup(api: ApiClient, simulationId: string, document: SetupDocument): Promise<SetupDocument> {
  return api.put(`${simulationPath(simulationId)}/setup`, document, setupDocumentSchema);
}

/** Edit Setup: the setup is unlocked from the last run, which can then no longer be resumed. */
export function unlockSetup(api: ApiClient, simulationId: string): Promise<Simulation> {
  return api.post(`${simulationPath(simulationId)}/setup/unlock`, {}, simulationSchema, 200);
}

export class UploadError extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(title: string, detail: string, status: number) {
    super(title);
    this.name = 'UploadError';
    this.detail = detail;
    this.status = status;
  }
}

export interface UploadRequest {
  simulationId: string;
  file: File;
  unit: StlUnit;
  tokens: TokenSource;
  /** Fraction 0..1 of the bytes sent. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. Rejects
 * with an AbortError when `signal` aborts, and with UploadError carrying the spec's texts otherwise.
 */
export async function uploadGeometry(request: UploadRequest): Promise<UploadedFile> {
  const url = `${API_PREFIX}${simulationPath(request.simulationId)}/files?unit=${request.unit}`;
  return uploadFile(url, uploadedFileSchema, request);
}

/** The acceleration file (one CSV: time, ax, ay, az), checked by the server with the domain's parser. */
export async function uploadAccelerationFile(
  request: Omit<UploadRequest, 'unit' | 'onProgress'> & { onProgress?: (fraction: number) => void },
): Promise<AccelerationFileUpload> {
  const url = `${API_PREFIX}${simulationPath(request.simulationId)}/acceleration_file`;
  return uploadFile(url, accelerationFileUploadSchema, { ...request, onProgress: request.onProgress ?? (() => undefined) });
}

/** Sends `request.file` in the multipart field "file" to `url` and reads the created record with `schema`. */
export async function uploadFile<S extends z.ZodType>(url: string, schema: S, request: Omit<UploadRequest, 'unit'>): Promise<z.infer<S>> {
  const token = await request.tokens.getAccessToken();
  if (!token) throw new UploadError(templates.uploadFailed(request.file.name), 'You need to sign in to use Surge.', 401);
  const form = new FormData();
  form.append('file', request.file, request.file.name);
  let answer: XhrUploadAnswer;
  try {
    answer = await xhrUpload(url, token, form, request);
  } catch (error) {
    if (error instanceof XhrUploadNetworkError) throw new UploadError(templates.uploadFailed(request.file.name), 'The connection to the server failed. Try again.', 0);
    throw error;
  }
  const { status, body } = answer;
  if (status === 201 || status === 200) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new UploadError(templates.uploadFailed(request.file.name), 'The server answered with data this version of Surge does not understand.', status);
  }
  if (status === 503) throw new UploadError(templates.uploadRejected(request.file.name), MESSAGES.uploadSecurityRisk, 503);
  const error = apiErrorFromResponse(status, body, [200, 201]);
  throw new UploadError(templates.uploadFailed(request.file.name), `${error?.message ?? 'Unexpected answer.'} Try again.`, status);
}

/** The stored bytes of an uploaded file (STL), for drawing it. */
export async function getFileBytes(tokens: TokenSource, fileId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const token = await tokens.getAccessToken();
  if (!token) throw new Error('You need to sign in to use Surge.');
  const response = await fetch(`${API_PREFIX}/files/${encodeURIComponent(fileId)}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw apiErrorFromResponse(response.status, body, 200) ?? new Error(`The file could not be loaded (${response.status}).`);
  }
  return response.arrayBuffer();
}

export function getServerValidation(api: ApiClient, simulationId: string): Promise<ServerValidation> {
  return api.get(`${simulationPath(simulationId)}/validation`, serverValidationSchema);
}

/** Meshes the chosen bodies of an uploaded STEP file on the server into STL uploads of the same
 * simulation: one merged part, or one per body. */
export function tessellateStep(api: ApiClient, fileId: string, parameters: MeshingParameters, selection: TessellationSelection = {}): Promise<StepTessellation> {
  return api.post(`/files/${encodeURIComponent(fileId)}/tessellation`, { ...parameters, ...selection }, stepTessellationSchema, 201);
}

export function getSimulationMovements(api: ApiClient, simulationId: string, signal?: AbortSignal): Promise<SimulationMovements> {
  return api.get(`${simulationPath(simulationId)}/movements`, simulationMovementsSchema, undefined, signal);
}

/** Thrown when a keyframe reply is not what the viewer can play ('Movements could not be interpreted.'). */
export class KeyframesShapeError extends Error {
  constructor() {
    super(MESSAGES.movementsNotInterpreted);
    this.name = 'KeyframesShapeError';
  }
}

/** A part's keyframes; a reply of another shape is refused with the spec's message. */
export async function getPartKeyframes(
  api: ApiClient,
  simulationId: string,
  partId: string,
  interpolate: boolean,
  signal?: AbortSignal,
): Promise<PartKeyframesReply> {
  const raw: unknown = await api.get(`/parts/${encodeURIComponent(partId)}/movements/keyframes`, z.unknown(), { simulationId, interpolate }, signal);
  const parsed = partKeyframesSchema.safeParse(raw);
  if (!parsed.success) throw new KeyframesShapeError();
  return parsed.data;
}
