// Geometry uploads: the stream goes to the storage directory (counted against the kind's limit and
// hashed on the way), the bytes must be what the name says (STL binary or ASCII, STEP), and STL files get
// their shape info (mesh health) from the geometry module. Files belong to the organisation.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { MESSAGES } from '../../domain/messages.ts';
import type { StlUnit } from '../../domain/shape.ts';
import {
  detectUploadKind,
  fileExtension,
  UPLOAD_MESSAGES,
  UPLOAD_NAME_MAX_LENGTH,
  uploadKindOfName,
  type UploadedFile,
} from '../../domain/uploads.ts';
import { GeometryError } from '../../../wasm/surgeGeometry.ts';
import { addSimulationBytes } from '../runs/runs.repository.ts';
import { findUploadedFile, insertUploadedFile, type UploadedFileRow } from './uploadedFiles.repository.ts';
import { forbidden, HttpError, notFound, wrongInput } from '../platform/http/errors.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { checkStlFile } from './shapeInfo.ts';
import { accessSimulation, allowed, type AuthContext } from '../platform/access.ts';

export function toUploadedFile(row: UploadedFileRow): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    size: row.size,
    unit: row.unit,
    shapeInfo: row.shapeInfo ?? null,
    warnings: row.warnings,
    createdAt: row.createdAt.toISOString(),
  };
}

const tooLarge = (message: string) => new HttpError('wrong_input', message, { status: 413 });

/** Streams `source` to `path`, refusing it beyond `maxBytes`; returns its size and SHA-256. */
async function store(source: Readable, path: string, maxBytes: number, onTooLarge: () => HttpError): Promise<{ size: number; sha256: string }> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(onTooLarge());
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(source, meter, createWriteStream(path, { flags: 'wx' }));
  return { size, sha256: hash.digest('hex') };
}

async function head(path: string, size: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(size, 4096));
    await handle.read(buffer, 0, buffer.length, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

export type IncomingUpload = { filename: string; stream: Readable; truncated(): boolean };

export async function uploadGeometry(
  services: JobServices,
  auth: AuthContext,
  simulationId: string,
  unit: StlUnit,
  upload: IncomingUpload,
): Promise<UploadedFile> {
  const { db, storage, config } = services;
  await accessSimulation(db, auth, simulationId, 'write');
  const name = upload.filename.replace(/[\\/]/g, '_').slice(0, UPLOAD_NAME_MAX_LENGTH).trim();
  const kindByName = uploadKindOfName(name);
  if (!name || !kindByName) {
    upload.stream.resume();
    throw wrongInput(UPLOAD_MESSAGES.unsupportedName, 'file');
  }
  const id = randomUUID();
  const path = storage.uploadPath(auth.organization.id, id);
  const partial = `${path}.part`;
  const limit = config.uploadMaxBytes[kindByName];
  try {
    const { size, sha256 } = await store(upload.stream, partial, limit, () => tooLarge(UPLOAD_MESSAGES.tooLarge(kindByName)));
    if (upload.truncated()) throw tooLarge(UPLOAD_MESSAGES.tooLarge(kindByName));
    if (size === 0) throw wrongInput(UPLOAD_MESSAGES.empty, 'file');
    const kind = detectUploadKind(await head(partial, size));
    if (kind !== kindByName) throw wrongInput(kindByName === 'stl' ? UPLOAD_MESSAGES.notStl : UPLOAD_MESSAGES.notStep, 'file');

    let shapeInfo = null;
    const warnings: string[] = [];
    if (kind === 'stl') {
      try {
        const check = await checkStlFile(partial, size, unit);
        shapeInfo = check.shapeInfo;
        if (check.hasIssues) warnings.push(MESSAGES.partIssues);
      } catch (error) {
        if (error instanceof GeometryError) throw wrongInput(`${UPLOAD_MESSAGES.unreadableMesh} ${error.message}`, 'file');
        throw error;
      }
    }
    await rename(partial, path);
    const row = await db.transaction(async (tx) => {
      const inserted = await insertUploadedFile(tx, {
        id,
        organizationId: auth.organization.id,
        simulationId,
        name,
        extension: fileExtension(name),
        kind,
        size,
        unit: kind === 'stl' ? unit : null,
        shapeInfo,
        warnings,
        sha256,
        createdBy: auth.user.id,
      });
      await addSimulationBytes(tx, simulationId, size);
      return inserted;
    });
    return toUploadedFile(row);
  } catch (error) {
    upload.stream.resume();
    await rm(partial, { force: true });
    await rm(path, { force: true });
    throw error;
  }
}

const CONTENT_TYPES: Record<string, string> = { stl: 'model/stl', step: 'model/step' };

/** The stored bytes of a file of the caller's organisation. */
export async function openUploadedFile(services: JobServices, auth: AuthContext, fileId: string) {
  const row = await findUploadedFile(services.db, auth.organization.id, fileId);
  if (!row) throw notFound('File not found.');
  // A file is as readable as the simulation it was uploaded to; one whose simulation is gone (a clone may
  // still use it) stays with its uploader and whoever may open every project.
  if (row.simulationId) await accessSimulation(services.db, auth, row.simulationId, 'read');
  else if (!allowed(auth, row.createdBy ?? '', 'read')) throw forbidden();
  const path = services.storage.uploadPath(row.organizationId, row.id);
  try {
    await stat(path);
  } catch {
    throw notFound('File not found.');
  }
  return {
    row,
    contentType: CONTENT_TYPES[row.kind] ?? 'application/octet-stream',
    stream: () => createReadStream(path),
  };
}
