// Uploading a preprocessed setup (organisations with upload_preprocessing): the zip is stored, read with
// the zip reader, its job file must be a Surge setup document, the geometry the document names inside the
// zip becomes uploaded files of the simulation, and the simulation is marked as an uploaded setup (it then
// opens in Monitor; Setup and Results refuse it). Nothing changes unless every step succeeds.
import { createHash, randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, posix } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZodError } from 'zod';
import { FEATURES, hasFeature } from '../../domain/organization.ts';
import { parseSetupDocument, UnsupportedSetupVersionError, type SetupDocument } from '../../domain/setup.ts';
import type { FileReference, ShapeInfo, StlUnit } from '../../domain/shape.ts';
import { isZipFileName } from '../../domain/startRules.ts';
import {
  jobFilenameSchema,
  normalizeZipPath,
  UPLOADED_SETUP_MESSAGES,
  type UploadedSetup,
  type UploadedSetupLimits,
} from '../../domain/uploadedSetup.ts';
import { fileExtension, UPLOAD_NAME_MAX_LENGTH } from '../../domain/uploads.ts';
import type { Executor } from '../platform/db/client.ts';
import { addSimulationBytes } from '../runs/runs.repository.ts';
import { saveSetup, updateSimulation } from '../simulations/simulations.repository.ts';
import { uploadedFilesByIds } from './uploadedFiles.repository.ts';
import { deleteUploadedFiles, findUploadedSetup, saveUploadedSetup } from './uploadedSetups.repository.ts';
import { forbidden, HttpError, validationFailed, wrongInput } from '../platform/http/errors.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import type { RunStorage } from '../platform/storage/storage.ts';
import { uploadGeometry } from './uploads.service.ts';
import { fileSource, isZipDataError, looksLikeZip, openZipEntryStream, readZipDirectory, readZipEntry, ZipLimitError, type ZipEntry, type ZipSource } from '../platform/storage/zipReader.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';

/** The parts of a multipart request as @fastify/multipart yields them (only what is read here). */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

const tooLarge = (maxBytes: number) => new HttpError('wrong_input', UPLOADED_SETUP_MESSAGES.tooLarge(maxBytes), { status: 413 });

type StoredZip = { id: string; path: string; name: string; size: number; sha256: string };

/** Streams the zip to `path`, refusing it beyond the limit; returns its size and SHA-256. */
async function storeZip(stream: Readable, path: string, maxBytes: number): Promise<{ size: number; sha256: string }> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(tooLarge(maxBytes));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(stream, meter, createWriteStream(path, { flags: 'wx' }));
  return { size, sha256: hash.digest('hex') };
}

/** Reads the form: the zip (field "file", stored as it arrives) and the job file name, in either order. */
async function receiveForm(
  services: JobServices,
  auth: AuthContext,
  parts: AsyncIterable<UploadPart>,
  limits: UploadedSetupLimits,
): Promise<{ zip: StoredZip; jobFilename: string }> {
  let zip: StoredZip | undefined;
  let jobFilename: unknown;
  let receiving: Readable | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'jobFilename') jobFilename = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || zip) {
        part.file.resume();
        throw wrongInput(UPLOADED_SETUP_MESSAGES.noFile, 'file');
      }
      const name = part.filename.replace(/[\\/]/g, '_').slice(0, UPLOAD_NAME_MAX_LENGTH).trim();
      if (!isZipFileName(name)) {
        part.file.resume();
        throw wrongInput(UPLOADED_SETUP_MESSAGES.notZip, 'file');
      }
      const id = randomUUID();
      const path = `${services.storage.uploadPath(auth.organization.id, id)}.part`;
      zip = { id, path, name, size: 0, sha256: '' };
      receiving = part.file;
      const stored = await storeZip(part.file, path, limits.zipMaxBytes);
      if (part.file.truncated) throw tooLarge(limits.zipMaxBytes);
      zip = { ...zip, ...stored };
      receiving = undefined;
    }
    if (!zip) throw wrongInput(UPLOADED_SETUP_MESSAGES.noFile, 'file');
    if (zip.size === 0) throw wrongInput(UPLOADED_SETUP_MESSAGES.empty, 'file');
    const parsed = jobFilenameSchema.safeParse(typeof jobFilename === 'string' ? jobFilename : '');
    if (!parsed.success) throw validationFailed(parsed.error.issues[0].message, 'jobFilename');
    return { zip, jobFilename: parsed.data };
  } catch (error) {
    // Drain what the client still sends, so that the error answer reaches it.
    receiving?.resume();
    if (zip) await rm(zip.path, { force: true });
    throw error;
  }
}

/** The job file: the exact path, or (for a bare name) the one entry anywhere in the zip with that name. */
function findJobEntry(entries: readonly ZipEntry[], jobFilename: string): ZipEntry {
  const wanted = normalizeZipPath(jobFilename);
  const files = entries.filter((e) => !e.isDirectory);
  const exact = files.find((e) => e.name === wanted);
  if (exact) return exact;
  if (!wanted.includes('/')) {
    const byName = files.filter((e) => posix.basename(e.name) === wanted);
    if (byName.length === 1) return byName[0];
  }
  throw new HttpError('job_file_not_found', UPLOADED_SETUP_MESSAGES.jobFileMissing(jobFilename), { fieldErrors: [{ path: 'jobFilename', message: UPLOADED_SETUP_MESSAGES.jobFileMissing(jobFilename) }] });
}

function parseJobFile(name: string, bytes: Buffer): SetupDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw validationFailed(UPLOADED_SETUP_MESSAGES.jobFileNotJson(name, (error as Error).message), 'jobFilename');
  }
  try {
    return parseSetupDocument(raw);
  } catch (error) {
    if (error instanceof UnsupportedSetupVersionError) throw validationFailed(UPLOADED_SETUP_MESSAGES.jobFileNotSetup(name, error.message), 'jobFilename');
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw validationFailed(UPLOADED_SETUP_MESSAGES.jobFileNotSetup(name, `${where}${issue.message}`), 'jobFilename');
    }
    throw error;
  }
}

/** A place in the document that names a geometry file: a part's STL or point-cloud file, or an uploaded mesh. */
type GeometryReference = {
  /** What the document says: the file name, or for meshes the file id. */
  reference: string;
  fileId: string | null;
  unit: StlUnit;
  assign(fileId: string, file: FileReference, info: ShapeInfo | null): void;
};

function geometryReferences(setup: SetupDocument): GeometryReference[] {
  const found: GeometryReference[] = [];
  for (const part of setup.parts) {
    const shape = part.shape;
    if ((shape.type === 'stl' || shape.type === 'pointcloud') && (shape.file !== null || shape.fileId !== null)) {
      found.push({
        reference: shape.file?.name ?? shape.fileId ?? '',
        fileId: shape.fileId,
        unit: shape.file?.unit ?? 'm',
        assign(fileId, file, info) {
          shape.fileId = fileId;
          shape.file = file;
          if (shape.info === null) shape.info = info;
        },
      });
    }
  }
  const meshes = [...setup.sensors.map((s) => ('mesh' in s ? s.mesh : null)), ...setup.volumeClips.map((c) => c.mesh), ...setup.refinements.map((r) => r.mesh)];
  for (const mesh of meshes) {
    if (mesh?.kind !== 'complex') continue;
    found.push({
      reference: mesh.fileId,
      fileId: mesh.fileId,
      unit: 'm',
      assign(fileId) {
        mesh.fileId = fileId;
      },
    });
  }
  return found;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Matches every geometry reference to an entry of the zip (relative to the job file's folder, then to
 * the zip's root) or to a file the organisation already has; anything else is an error.
 */
async function resolveReferences(
  services: JobServices,
  auth: AuthContext,
  entries: readonly ZipEntry[],
  jobEntry: ZipEntry,
  references: readonly GeometryReference[],
): Promise<Map<GeometryReference, ZipEntry>> {
  const byName = new Map(entries.filter((e) => !e.isDirectory).map((e) => [e.name, e]));
  const folder = posix.dirname(jobEntry.name);
  const fromZip = new Map<GeometryReference, ZipEntry>();
  const existing: GeometryReference[] = [];
  for (const ref of references) {
    const name = normalizeZipPath(ref.reference);
    const entry = (folder !== '.' ? byName.get(normalizeZipPath(`${folder}/${name}`)) : undefined) ?? byName.get(name);
    if (entry) fromZip.set(ref, entry);
    else existing.push(ref);
  }
  const ids = existing.map((ref) => ref.fileId).filter((id): id is string => id !== null && UUID.test(id));
  const known = new Set((await uploadedFilesByIds(services.db, auth.organization.id, ids)).map((row) => row.id));
  for (const ref of existing) {
    if (ref.fileId === null || !known.has(ref.fileId)) throw validationFailed(UPLOADED_SETUP_MESSAGES.referenceMissing(ref.reference), 'file');
  }
  return fromZip;
}

/** A 400 for a zip that is damaged, or (ZipLimitError) one that would unpack to more than the limits. */
function badZip(error: unknown): HttpError {
  const detail = error instanceof Error ? error.message : '';
  if (error instanceof ZipLimitError) return wrongInput(UPLOADED_SETUP_MESSAGES.unpacksTooLarge(detail), 'file');
  return wrongInput(UPLOADED_SETUP_MESSAGES.badZip(detail), 'file');
}

/**
 * POST /api/simulations/:id/uploaded_setup: multipart with the zip (field "file") and the job file's
 * path inside it (field "jobFilename"). The zip's directory is checked against `limits` (the installation's
 * SURGE_UPLOAD_ZIP_* settings) before anything is unpacked, and every entry again while it is inflated.
 */
export async function uploadPreprocessedSetup(
  services: JobServices,
  auth: AuthContext,
  simulationId: string,
  parts: AsyncIterable<UploadPart>,
  limits: UploadedSetupLimits = services.config.uploadedSetupLimits,
): Promise<UploadedSetup> {
  const { db, storage } = services;
  const simulation = await accessSimulation(db, auth, simulationId, 'write');
  if (!hasFeature(auth.organization, FEATURES.UPLOAD_PREPROCESSING)) throw forbidden(UPLOADED_SETUP_MESSAGES.featureMissing);
  if (simulation.state !== 'not_started') throw new HttpError('wrong_input', UPLOADED_SETUP_MESSAGES.alreadyStarted, { status: 409 });

  const { zip, jobFilename } = await receiveForm(services, auth, parts, limits);
  const storedFiles: { id: string; size: number }[] = [];
  let source: (ZipSource & { close(): Promise<void> }) | undefined;
  try {
    source = await fileSource(zip.path);
    if (!looksLikeZip(await source.read(0, 4))) throw badZip(new Error('It does not start like a zip archive.'));
    let entries: ZipEntry[];
    try {
      entries = await readZipDirectory(source, limits);
    } catch (error) {
      throw isZipDataError(error) ? badZip(error) : error;
    }
    const jobEntry = findJobEntry(entries, jobFilename);
    let jobBytes: Buffer;
    try {
      jobBytes = await readZipEntry(source, jobEntry, limits.jobFileMaxBytes);
    } catch (error) {
      throw isZipDataError(error) ? badZip(error) : error;
    }
    const setup = parseJobFile(jobEntry.name, jobBytes);
    const references = geometryReferences(setup);
    const fromZip = await resolveReferences(services, auth, entries, jobEntry, references);

    // Each entry is stored once, however many places name it; the geometry upload checks its content.
    const storedByEntry = new Map<ZipEntry, Awaited<ReturnType<typeof uploadGeometry>>>();
    for (const [ref, entry] of fromZip) {
      let stored = storedByEntry.get(entry);
      if (!stored) {
        try {
          stored = await uploadGeometry(services, auth, simulationId, ref.unit, {
            filename: posix.basename(entry.name),
            stream: openZipEntryStream(source, entry),
            truncated: () => false,
          });
        } catch (error) {
          if (error instanceof HttpError) throw wrongInput(`${entry.name}: ${error.message}`, 'file');
          throw isZipDataError(error) ? badZip(error) : error;
        }
        storedByEntry.set(entry, stored);
        storedFiles.push({ id: stored.id, size: stored.size });
      }
      ref.assign(stored.id, { name: stored.name, extension: fileExtension(stored.name), ...(stored.unit ? { unit: stored.unit } : {}) }, stored.shapeInfo);
    }

    const finalPath = storage.uploadPath(auth.organization.id, zip.id);
    await rename(zip.path, finalPath);
    const previous = await findUploadedSetup(db, simulationId);
    const fileIds = storedFiles.map((f) => f.id);
    const row = await db.transaction(async (tx) => {
      const saved = await saveUploadedSetup(tx, {
        simulationId,
        organizationId: auth.organization.id,
        zipFileId: zip.id,
        zipName: zip.name,
        zipSize: zip.size,
        sha256: zip.sha256,
        jobFilename: jobEntry.name,
        fileIds,
        createdBy: auth.user.id,
        createdAt: new Date(),
      });
      await saveSetup(tx, simulationId, setup);
      await updateSimulation(tx, simulationId, { uploadedSetup: true, setupLocked: false, resumable: false });
      await addSimulationBytes(tx, simulationId, zip.size - (previous?.zipSize ?? 0));
      return saved;
    });
    if (previous) await rm(storage.uploadPath(previous.organizationId, previous.zipFileId), { force: true });
    return {
      simulationId,
      zipName: row.zipName,
      zipSize: row.zipSize,
      jobFilename: row.jobFilename,
      fileIds: row.fileIds,
      createdAt: row.createdAt.toISOString(),
    };
  } catch (error) {
    await rm(zip.path, { force: true });
    await rm(storage.uploadPath(auth.organization.id, zip.id), { force: true });
    if (storedFiles.length > 0) {
      await deleteUploadedFiles(db, auth.organization.id, storedFiles.map((f) => f.id));
      await addSimulationBytes(db, simulationId, -storedFiles.reduce((sum, f) => sum + f.size, 0));
      await Promise.all(storedFiles.map((f) => rm(storage.uploadPath(auth.organization.id, f.id), { force: true })));
    }
    throw error;
  } finally {
    await source?.close();
  }
}

/**
 * Gives the clone of an uploaded setup a record of its own, so that it can start: the zip under a new id
 * (a hard link where the file system has them, otherwise a copy), so that replacing the upload of either
 * simulation leaves the other's intact. The geometry files stay shared, as the setup refers to them by id.
 * Returns the new zip's path (for the caller to remove if the clone is not committed), or null when the
 * source has no record or its zip is gone (the clone then cannot start either, and says why).
 */
export async function copyUploadedSetup(
  db: Executor,
  storage: RunStorage,
  fromSimulationId: string,
  to: { simulationId: string; createdBy: string },
): Promise<string | null> {
  const source = await findUploadedSetup(db, fromSimulationId);
  if (!source) return null;
  const sourcePath = storage.uploadPath(source.organizationId, source.zipFileId);
  const zipFileId = randomUUID();
  const path = storage.uploadPath(source.organizationId, zipFileId);
  try {
    await link(sourcePath, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    await copyFile(sourcePath, path, constants.COPYFILE_FICLONE);
  }
  await saveUploadedSetup(db, {
    simulationId: to.simulationId,
    organizationId: source.organizationId,
    zipFileId,
    zipName: source.zipName,
    zipSize: source.zipSize,
    sha256: source.sha256,
    jobFilename: source.jobFilename,
    fileIds: source.fileIds,
    createdBy: to.createdBy,
    createdAt: new Date(),
  });
  await addSimulationBytes(db, to.simulationId, source.zipSize);
  return path;
}
