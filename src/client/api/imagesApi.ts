// Calls on stored images (spec 2 §7 'Data tables, dashboards, images'): upload a PNG or JPEG as multipart
// (fields "file" and "name"), and read its bytes as an object URL with the user's token.
import { API_PREFIX } from '../../domain/api.ts';
import { apiErrorFromResponse, UnexpectedStatusError } from '../../domain/errors.ts';
import { IMAGE_NAME_MAX_LENGTH, imageSchema, type Image } from '../../domain/images.ts';
import { ResponseShapeError, type TokenSource } from './ApiClient.ts';

const imagePath = (id: string) => `/images/${encodeURIComponent(id)}`;

async function authHeaders(tokens: TokenSource): Promise<Record<string, string>> {
  const token = await tokens.getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function raise(response: Response, expected: number): Promise<never> {
  const body: unknown = await response.json().catch(() => null);
  throw (
    apiErrorFromResponse(response.status, body, [expected]) ??
    new UnexpectedStatusError('unexpected_status', 'Unexpected answer', response.status, 'Unexpected answer')
  );
}

/** The image name as the API takes it: trimmed to its length limit, keeping the extension. */
export function imageUploadName(name: string): string {
  const clean = name.trim() || 'image.png';
  if (clean.length <= IMAGE_NAME_MAX_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 5 ? clean.slice(dot) : '';
  return `${clean.slice(0, IMAGE_NAME_MAX_LENGTH - extension.length)}${extension}`;
}

/** POST /api/client-upload/images: stores the bytes (of `simulationId` when given); answers 201 with the image record. */
export async function uploadImage(tokens: TokenSource, file: Blob, name: string, simulationId?: string): Promise<Image> {
  const uploadName = imageUploadName(name);
  const form = new FormData();
  form.append('name', uploadName);
  // The simulation it is saved from: only that simulation's dashboard may show it.
  if (simulationId) form.append('simulationId', simulationId);
  form.append('file', file, uploadName);
  const response = await fetch(`${API_PREFIX}/client-upload/images`, {
    method: 'POST',
    headers: { ...(await authHeaders(tokens)), Accept: 'application/json' },
    body: form,
  });
  if (response.status !== 201) return raise(response, 201);
  const parsed = imageSchema.safeParse(await response.json());
  if (!parsed.success) throw new ResponseShapeError('POST /client-upload/images', parsed.error.message);
  return parsed.data;
}

/** The bytes of a stored image as an object URL (an <img> cannot send the bearer token); the caller revokes it. */
export async function fetchImageUrl(tokens: TokenSource, imageId: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`${API_PREFIX}${imagePath(imageId)}`, { headers: await authHeaders(tokens), signal });
  if (!response.ok) return raise(response, 200);
  return URL.createObjectURL(await response.blob());
}
