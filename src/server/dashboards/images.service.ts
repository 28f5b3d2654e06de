// Images saved from the results viewer (spec 2 §7): the multipart upload is streamed to the storage
// directory within the size limit, its bytes must be a PNG or a JPEG (a file that claims to be one and is
// not is refused as a security risk), and the image belongs to the caller's organisation.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  detectImageType,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  IMAGE_NAME_MAX_LENGTH,
  IMAGE_PROBE_BYTES,
  IMAGE_REJECTED_STATUS,
  imageContentTypes,
  imageExtension,
  imageNameSchema,
  type Image,
} from '../../domain/images.ts';
import type { Database, Executor } from '../platform/db/client.ts';
import { deleteImage, findImage, insertImage, simulationsShowingImage, type ImageRow } from './images.repository.ts';
import { forbidden, HttpError, notFound, validationFailed, wrongInput } from '../platform/http/errors.ts';
import type { RunStorage } from '../platform/storage/storage.ts';
import { allowed, type AuthContext } from '../platform/access.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ImageServices = { db: Database; storage: RunStorage };

/** The parts of a multipart request as @fastify/multipart yields them (only what is read here). */
export type ImageUploadPart =
  | { type: 'file'; fieldname: string; filename: string; mimetype?: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

export function toImage(row: ImageRow): Image {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

const tooLarge = () => new HttpError('wrong_input', IMAGE_MESSAGES.tooLarge, { status: 413, fieldErrors: [{ path: 'file', message: IMAGE_MESSAGES.tooLarge }] });

type Received = { size: number; sha256: string; head: Buffer };

/** Streams the image to `path` within `maxBytes`, keeping its first bytes for the type check. */
async function receive(stream: Readable, path: string, maxBytes: number): Promise<Received> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(tooLarge());
        return;
      }
      if (headBytes < IMAGE_PROBE_BYTES) {
        head.push(chunk.subarray(0, IMAGE_PROBE_BYTES - headBytes));
        headBytes = Math.min(IMAGE_PROBE_BYTES, headBytes + chunk.length);
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(stream, meter, createWriteStream(path, { flags: 'wx' }));
  return { size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

/** A file that says it is a PNG or JPEG (by name or declared type) but whose bytes are not one. */
function claimsImage(filename: string, mimetype: string | undefined): boolean {
  return IMAGE_EXTENSIONS.includes(imageExtension(filename)) || (imageContentTypes as readonly string[]).includes((mimetype ?? '').toLowerCase());
}

/** POST /api/client-upload/images: multipart fields "file" (PNG or JPEG) and "name" (the file name when absent). */
export async function uploadImage(
  services: ImageServices,
  auth: AuthContext,
  parts: AsyncIterable<ImageUploadPart>,
  maxBytes: number = IMAGE_MAX_BYTES,
): Promise<Image> {
  const { db, storage } = services;
  const id = randomUUID();
  const path = storage.imagePath(auth.organization.id, id);
  const partial = `${path}.part`;
  let name: unknown;
  let file: (Received & { filename: string; mimetype?: string }) | undefined;
  let receiving: Readable | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'name') name = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw wrongInput(IMAGE_MESSAGES.noFile, 'file');
      }
      receiving = part.file;
      const received = await receive(part.file, partial, maxBytes);
      if (part.file.truncated) throw tooLarge();
      receiving = undefined;
      file = { ...received, filename: part.filename.replace(/[\\/]/g, '_').slice(0, IMAGE_NAME_MAX_LENGTH), mimetype: part.mimetype };
    }
    if (!file) throw wrongInput(IMAGE_MESSAGES.noFile, 'file');
    const parsedName = imageNameSchema.safeParse(typeof name === 'string' ? name : file.filename);
    if (!parsedName.success) throw validationFailed(parsedName.error.issues[0].message, 'name');
    if (file.size === 0) throw wrongInput(IMAGE_MESSAGES.empty, 'file');
    const contentType = detectImageType(file.head);
    if (!contentType) {
      if (claimsImage(file.filename, file.mimetype)) {
        throw new HttpError('wrong_input', IMAGE_MESSAGES.securityRisk, { status: IMAGE_REJECTED_STATUS, fieldErrors: [{ path: 'file', message: IMAGE_MESSAGES.securityRisk }] });
      }
      throw wrongInput(IMAGE_MESSAGES.notImage, 'file');
    }
    await rename(partial, path);
    const row = await insertImage(db, {
      id,
      organizationId: auth.organization.id,
      name: parsedName.data,
      contentType,
      size: file.size,
      sha256: file.sha256,
      createdBy: auth.user.id,
    });
    return toImage(row);
  } catch (error) {
    // Drain what the client still sends, so that the error answer reaches it.
    receiving?.resume();
    await rm(partial, { force: true });
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * Who may see an image: its creator, whoever may open every project, and whoever may open a simulation
 * that shows it (post image or dashboard tile). Images have no owner simulation of their own, so what
 * shows them decides; the writes that make a simulation show an image check the caller may see it.
 */
export async function mayReadImage(db: Executor, auth: AuthContext, row: ImageRow): Promise<boolean> {
  if (allowed(auth, row.createdBy ?? '', 'read')) return true;
  const showing = await simulationsShowingImage(db, auth.organization.id, row.id);
  return showing.some((s) => allowed(auth, s.projectCreatorId, 'read'));
}

/** GET /api/images/:id: see mayReadImage; another organisation's image does not exist. */
export async function openImage(services: ImageServices, auth: AuthContext, imageId: string) {
  const row = await findImage(services.db, auth.organization.id, imageId);
  if (!row) throw notFound(IMAGE_MESSAGES.notFound);
  if (!(await mayReadImage(services.db, auth, row))) throw forbidden();
  const path = services.storage.imagePath(row.organizationId, row.id);
  try {
    await stat(path);
  } catch {
    throw notFound(IMAGE_MESSAGES.notFound);
  }
  return { row, stream: () => createReadStream(path) };
}

/** DELETE /api/images/:id: its creator or whoever may edit every project; simulations showing it lose it. */
export async function removeImage(services: ImageServices, auth: AuthContext, imageId: string): Promise<void> {
  const { db, storage } = services;
  const row = await findImage(db, auth.organization.id, imageId);
  if (!row) throw notFound(IMAGE_MESSAGES.notFound);
  if (!allowed(auth, row.createdBy ?? '', 'write')) throw forbidden();
  await deleteImage(db, auth.organization.id, imageId);
  await rm(storage.imagePath(row.organizationId, row.id), { force: true });
}

/** For PUT /api/simulations/:id: a post image must be an image of the caller's organisation that the caller may see. */
export async function assertPostImage(db: Executor, auth: AuthContext, imageId: string | null | undefined): Promise<void> {
  if (!imageId) return;
  const row = await findImage(db, auth.organization.id, imageId);
  if (!row || !(await mayReadImage(db, auth, row))) throw validationFailed(IMAGE_MESSAGES.unknownPostImage, 'postImageId');
}

/**
 * Whether an image belongs to a simulation's dashboard: the simulation shows it already (post image or
 * another tile), or the caller saved it and no other simulation shows it yet.
 */
export async function isImageOfSimulation(db: Executor, auth: AuthContext, simulationId: string, imageId: string): Promise<boolean> {
  if (!UUID.test(imageId)) return false;
  const row = await findImage(db, auth.organization.id, imageId);
  if (!row) return false;
  const showing = await simulationsShowingImage(db, auth.organization.id, imageId);
  if (showing.some((s) => s.simulationId === simulationId)) return true;
  return showing.length === 0 && row.createdBy === auth.user.id;
}
