// Movements of a simulation's setup as the viewers play them (spec 2 §4, §7): the movements with the parts
// they move, one part's keyframes computed with the domain's kinematics from the stored setup, and the
// acceleration file (a CSV checked with the domain's parser, stored beside the geometry uploads). Reading
// needs the same right as reading the setup; uploading the same as changing it.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ACCELERATION_FILE_MESSAGES, isCsvName, parseAccelerationCsv } from '../../domain/accelerationFile.ts';
import { geometryMovementsOfPart, partKeyframes } from '../../domain/kinematics.ts';
import { PART_KEYFRAME_MESSAGES, poseMatrix, type AccelerationFileUpload, type PartKeyframesReply, type SimulationMovements } from '../../domain/movementApi.ts';
import { emptySetup, type SetupDocument } from '../../domain/setup.ts';
import { fileExtension, UPLOAD_NAME_MAX_LENGTH } from '../../domain/uploads.ts';
import { addSimulationBytes } from '../runs/runs.repository.ts';
import { findSetup, findSimulation } from '../simulations/simulations.repository.ts';
import { insertUploadedFile } from '../uploads/uploadedFiles.repository.ts';
import type { Executor } from '../platform/db/client.ts';
import { forbidden, HttpError, notFound, validationFailed } from '../platform/http/errors.ts';
import { RunStorage } from '../platform/storage/storage.ts';
import { accessSimulation, allowed, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { accelerationFileExists, ACCELERATION_FILE_KIND, simulationsHoldingPart } from './movements.repository.ts';

/** The most outputs a stepped timeline may ask keyframes for; beyond it the stored settings are broken. */
const MAX_STEPPED_OUTPUTS = 1e6;

async function setupOf(db: Executor, simulationId: string): Promise<SetupDocument> {
  return (await findSetup(db, simulationId))?.document ?? emptySetup();
}

export async function listSimulationMovements(ctx: ServiceContext, auth: AuthContext, simulationId: string): Promise<SimulationMovements> {
  await accessSimulation(ctx.db, auth, simulationId, 'read');
  const setup = await setupOf(ctx.db, simulationId);
  const parts = setup.parts
    .map((part) => ({ partId: part.id, name: part.name, movementIds: geometryMovementsOfPart(setup.movements, part.id).map((m) => m.id) }))
    .filter((part) => part.movementIds.length > 0);
  return { endTime: setup.settings.endTime, outputTimeInterval: setup.settings.outputTimeInterval, movements: setup.movements, parts };
}

/**
 * The simulation whose part `partId` is meant: the one named (it must hold the part), or the only one the
 * caller may read among those holding it. Parts of simulations the caller may not read are refused as the
 * simulation would be (403 in the organisation); parts of other organisations do not exist (404).
 */
async function simulationOfPart(db: Executor, auth: AuthContext, partId: string, simulationId: string | undefined): Promise<string> {
  const holding = await simulationsHoldingPart(db, auth.organization.id, partId);
  if (simulationId !== undefined) {
    if (!holding.includes(simulationId)) throw notFound(PART_KEYFRAME_MESSAGES.partNotFound);
    await accessSimulation(db, auth, simulationId, 'read');
    return simulationId;
  }
  if (holding.length === 0) throw notFound(PART_KEYFRAME_MESSAGES.partNotFound);
  const readable: string[] = [];
  for (const id of holding) {
    const simulation = await findSimulation(db, auth.organization.id, id);
    if (simulation && allowed(auth, simulation.project.creatorId, 'read')) readable.push(id);
  }
  if (readable.length === 0) throw forbidden();
  if (readable.length > 1) throw new HttpError('wrong_input', PART_KEYFRAME_MESSAGES.ambiguousPart, { fieldErrors: [{ path: 'simulationId', message: PART_KEYFRAME_MESSAGES.ambiguousPart }] });
  return readable[0];
}

export async function getPartKeyframes(
  ctx: ServiceContext,
  auth: AuthContext,
  partId: string,
  query: { interpolate: boolean; simulationId?: string },
): Promise<PartKeyframesReply> {
  const simulationId = await simulationOfPart(ctx.db, auth, partId, query.simulationId);
  const setup = await setupOf(ctx.db, simulationId);
  const part = setup.parts.find((p) => p.id === partId);
  if (!part) throw notFound(PART_KEYFRAME_MESSAGES.partNotFound);
  const { endTime, outputTimeInterval } = setup.settings;
  const unplayable = (reason: string) =>
    new HttpError('wrong_input', `The movements of part "${part.name}" cannot be played: ${reason}`, { status: 409 });
  if (!(endTime > 0) || !(outputTimeInterval > 0) || endTime / outputTimeInterval > MAX_STEPPED_OUTPUTS) {
    throw unplayable('the end time and the output interval must be positive.');
  }
  let result;
  try {
    result = partKeyframes(setup.movements, partId, endTime, outputTimeInterval, query.interpolate);
  } catch (error) {
    // Only a stored document from before the movement rules could hold a cycle or a missing leader.
    throw unplayable(error instanceof Error ? error.message : String(error));
  }
  return {
    partId,
    simulationId,
    name: part.name,
    interpolate: query.interpolate,
    capped: result.capped,
    keyframes: result.keyframes.map((k) => ({ time: k.time, matrix: poseMatrix(k.pose) })),
  };
}

/** A setup may name only an acceleration file uploaded in its organisation. */
export async function assertAccelerationFileReference(db: Executor, organizationId: string, setup: SetupDocument): Promise<void> {
  const file = setup.settings.accelerationFile;
  if (file === null) return;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(file.id);
  if (!uuid || !(await accelerationFileExists(db, organizationId, file.id))) {
    throw validationFailed(ACCELERATION_FILE_MESSAGES.missingFile, 'settings.accelerationFile');
  }
}

/** The incoming file: its name and its bytes, read only once the caller may write (null: over the size limit). */
export type AccelerationUpload = { filename: string; read: () => Promise<Buffer | null>; discard: () => void };

/**
 * Stores an acceleration file for the simulation after checking it with the domain's parser: a CSV name,
 * within the size limit, UTF-8 text, and rows the parser accepts. A refused file leaves nothing behind.
 */
export async function uploadAccelerationFile(
  ctx: ServiceContext,
  auth: AuthContext,
  simulationId: string,
  upload: AccelerationUpload,
): Promise<AccelerationFileUpload> {
  const name = upload.filename.replace(/[\\/]/g, '_').slice(0, UPLOAD_NAME_MAX_LENGTH).trim();
  try {
    await accessSimulation(ctx.db, auth, simulationId, 'write');
    if (!name || !isCsvName(name)) throw validationFailed(ACCELERATION_FILE_MESSAGES.notCsv, 'file');
  } catch (error) {
    upload.discard();
    throw error;
  }
  const bytes = await upload.read();
  if (bytes === null) {
    throw new HttpError('wrong_input', ACCELERATION_FILE_MESSAGES.tooLarge, { status: 413, fieldErrors: [{ path: 'file', message: ACCELERATION_FILE_MESSAGES.tooLarge }] });
  }
  if (bytes.length === 0) throw validationFailed(ACCELERATION_FILE_MESSAGES.empty, 'file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validationFailed(ACCELERATION_FILE_MESSAGES.notText, 'file');
  }
  const parsed = parseAccelerationCsv(text);
  if (!parsed.ok) throw validationFailed(parsed.message, 'file');

  const id = randomUUID();
  const path = new RunStorage(ctx.config.storageDir).uploadPath(auth.organization.id, id);
  const partial = `${path}.part`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(partial, bytes, { flag: 'wx' });
    await rename(partial, path);
    await ctx.db.transaction(async (tx) => {
      await insertUploadedFile(tx, {
        id,
        organizationId: auth.organization.id,
        simulationId,
        name,
        extension: fileExtension(name),
        kind: ACCELERATION_FILE_KIND,
        size: bytes.length,
        unit: null,
        shapeInfo: null,
        warnings: [],
        sha256: createHash('sha256').update(bytes).digest('hex'),
        createdBy: auth.user.id,
      });
      await addSimulationBytes(tx, simulationId, bytes.length);
    });
  } catch (error) {
    await rm(partial, { force: true });
    await rm(path, { force: true });
    throw error;
  }
  const { time } = parsed.samples;
  return { id, name, size: bytes.length, rows: time.length, startTime: time[0], endTime: time[time.length - 1] };
}
