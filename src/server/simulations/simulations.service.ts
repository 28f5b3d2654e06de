// Simulations: create (with an empty setup), read, rename / describe / move, delete, clone, and the
// setup document (read, replace, unlock). Names are unique within their project.
import { rm } from 'node:fs/promises';
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { emptySetup, type SetupDocument } from '../../domain/setup.ts';
import { copyName, type Simulation, type SimulationClone, type SimulationCreate, type SimulationUpdate } from '../../domain/simulation.ts';
import { RUNNING_GROUP, type SimulationState } from '../../domain/simulationState.ts';
import { setupWriteErrors } from '../../domain/validation/writeRules.ts';
import type { Executor } from '../platform/db/client.ts';
import { deleteImage, imageShownElsewhere } from '../dashboards/images.repository.ts';
import { touchProject } from '../projects/projects.repository.ts';
import {
  deleteSimulation,
  findSetup,
  findSimulation,
  insertSimulation,
  saveSetup,
  simulationNamesInProject,
  simulationNameTaken,
  updateSimulation,
} from './simulations.repository.ts';
import { duplicate, HttpError, notFound } from '../platform/http/errors.ts';
import { assertSensorsEditable } from '../postprocessing/sensors/sensorService.ts';
import { RunStorage } from '../platform/storage/storage.ts';
import { accessProject, accessSimulation, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { assertPostImage } from '../dashboards/images.service.ts';
import { toSimulation } from '../platform/mappers.ts';
import { copyUploadedSetup } from '../uploads/uploadedSetups.service.ts';
import { assertAccelerationFileReference } from '../movements/movements.service.ts';
import { recordSetupEdit } from '../activity/activity.service.ts';

const BUSY_STATES: readonly SimulationState[] = [...RUNNING_GROUP, 'stopping'];

async function load(db: Executor, auth: AuthContext, id: string): Promise<Simulation> {
  const row = await findSimulation(db, auth.organization.id, id);
  if (!row) throw notFound('Simulation not found.');
  return toSimulation(row);
}

export async function createSimulation(ctx: ServiceContext, auth: AuthContext, projectId: string, input: SimulationCreate): Promise<Simulation> {
  const id = await ctx.db.transaction(async (tx) => {
    await accessProject(tx, auth, projectId, 'write');
    if (await simulationNameTaken(tx, projectId, input.name)) throw duplicate(ERROR_MESSAGES.nameAlreadyUsed, 'name');
    const row = await insertSimulation(tx, {
      organizationId: auth.organization.id,
      projectId,
      creatorId: auth.user.id,
      name: input.name,
      description: input.description,
    });
    await saveSetup(tx, row.id, emptySetup());
    await touchProject(tx, projectId);
    return row.id;
  });
  return load(ctx.db, auth, id);
}

export async function getSimulation(ctx: ServiceContext, auth: AuthContext, id: string): Promise<Simulation> {
  return toSimulation(await accessSimulation(ctx.db, auth, id, 'read'));
}

export async function updateSimulationDetails(ctx: ServiceContext, auth: AuthContext, id: string, input: SimulationUpdate): Promise<Simulation> {
  let replaced: string | null = null;
  await ctx.db.transaction(async (tx) => {
    const current = await accessSimulation(tx, auth, id, 'write');
    const targetProjectId = input.projectId ?? current.projectId;
    if (targetProjectId !== current.projectId) await accessProject(tx, auth, targetProjectId, 'write');
    await assertPostImage(tx, auth, input.postImageId);
    const name = input.name ?? current.name;
    if ((name !== current.name || targetProjectId !== current.projectId) && (await simulationNameTaken(tx, targetProjectId, name, id))) {
      throw duplicate(ERROR_MESSAGES.nameAlreadyUsed, 'name');
    }
    await updateSimulation(tx, id, {
      name: input.name,
      description: input.description,
      projectId: input.projectId,
      postImageId: input.postImageId,
    });
    await touchProject(tx, targetProjectId);
    if (targetProjectId !== current.projectId) await touchProject(tx, current.projectId);
    if (input.postImageId !== undefined && current.postImageId && current.postImageId !== input.postImageId) {
      replaced = await dropUnshownImage(tx, auth.organization.id, current.postImageId, id);
    }
  });
  await removeImageFile(ctx, auth, replaced);
  return load(ctx.db, auth, id);
}

/** The bytes of an image whose record went in a committed transaction. */
async function removeImageFile(ctx: ServiceContext, auth: AuthContext, imageId: string | null): Promise<void> {
  if (imageId) await rm(new RunStorage(ctx.config.storageDir).imagePath(auth.organization.id, imageId), { force: true });
}

/**
 * A post image lives for the simulations that show it (images have no list of their own): the one a
 * simulation stops showing goes when no other simulation shows it. Returns its id when it went.
 */
async function dropUnshownImage(tx: Executor, organizationId: string, imageId: string, simulationId: string): Promise<string | null> {
  if (await imageShownElsewhere(tx, imageId, simulationId)) return null;
  return (await deleteImage(tx, organizationId, imageId)) ? imageId : null;
}

export async function removeSimulation(ctx: ServiceContext, auth: AuthContext, id: string): Promise<void> {
  let dropped: string | null = null;
  await ctx.db.transaction(async (tx) => {
    const current = await accessSimulation(tx, auth, id, 'write');
    if (BUSY_STATES.includes(current.state as SimulationState)) {
      throw new HttpError('wrong_input', 'Stop the simulation before deleting it.', { status: 409 });
    }
    if (current.postImageId) dropped = await dropUnshownImage(tx, auth.organization.id, current.postImageId, id);
    await deleteSimulation(tx, id);
    await touchProject(tx, current.projectId);
  });
  await removeImageFile(ctx, auth, dropped);
}

/**
 * A new, not started simulation with a deep copy of the setup, named "<name> (copy)" made unique. The
 * clone of an uploaded setup gets its own copy of the upload's record and zip.
 */
export async function cloneSimulation(ctx: ServiceContext, auth: AuthContext, id: string, input: SimulationClone): Promise<Simulation> {
  const storedZips: string[] = [];
  const cloneId = await ctx.db.transaction(async (tx) => {
    const source = await accessSimulation(tx, auth, id, 'read');
    const projectId = input.projectId ?? source.projectId;
    await accessProject(tx, auth, projectId, 'write');
    const taken = await simulationNamesInProject(tx, projectId);
    if (input.name !== undefined && taken.has(input.name)) throw duplicate(ERROR_MESSAGES.nameAlreadyUsed, 'name');
    const name = input.name ?? copyName(source.name, taken);
    const setup = await findSetup(tx, source.id);
    const row = await insertSimulation(tx, {
      organizationId: auth.organization.id,
      projectId,
      creatorId: auth.user.id,
      name,
      description: source.description,
      uploadedSetup: source.uploadedSetup,
      cores: source.cores,
      gpu: source.gpu,
      freeInstance: source.freeInstance,
      solverId: source.solverId,
    });
    await saveSetup(tx, row.id, structuredClone(setup?.document ?? emptySetup()));
    if (source.uploadedSetup) {
      const zip = await copyUploadedSetup(tx, new RunStorage(ctx.config.storageDir), source.id, { simulationId: row.id, createdBy: auth.user.id });
      if (zip) storedZips.push(zip);
    }
    await touchProject(tx, projectId);
    return row.id;
  }).catch(async (error: unknown) => {
    await Promise.all(storedZips.map((path) => rm(path, { force: true })));
    throw error;
  });
  return load(ctx.db, auth, cloneId);
}

export async function getSetup(ctx: ServiceContext, auth: AuthContext, id: string): Promise<SetupDocument> {
  await accessSimulation(ctx.db, auth, id, 'read');
  const setup = await findSetup(ctx.db, id);
  return setup?.document ?? emptySetup();
}

/**
 * Replaces the setup; a document with a value the domain rules refuse (out of range, zero axis, deletion
 * boundary min not below max, seed above the fill height, a broken movement) or naming an acceleration
 * file that was never uploaded is refused whole with the rule's message, and nothing is stored. What a case being built still lacks saves, and blocks only the start.
 */
export async function replaceSetup(ctx: ServiceContext, auth: AuthContext, id: string, document: SetupDocument): Promise<SetupDocument> {
  const refusals = setupWriteErrors(document);
  return ctx.db.transaction(async (tx) => {
    const simulation = await accessSimulation(tx, auth, id, 'write');
    if (simulation.uploadedSetup) throw new HttpError('wrong_input', ERROR_MESSAGES.uploadedSetupNotEditable, { status: 409 });
    if (simulation.setupLocked) throw new HttpError('wrong_input', ERROR_MESSAGES.setupLocked, { status: 409 });
    // Refused after the access check, so that a caller who may not write learns nothing about the rules.
    if (refusals.length > 0) throw new HttpError('validation_error', refusals[0].message, { fieldErrors: refusals });
    await assertAccelerationFileReference(tx, auth.organization.id, document);
    const previous = (await findSetup(tx, id))?.document ?? emptySetup();
    await assertSensorsEditable(tx, id, previous.sensors, document.sensors);
    await saveSetup(tx, id, document);
    await recordSetupEdit(tx, { simulationId: id, userId: auth.user.id, before: previous, after: document });
    await updateSimulation(tx, id, {});
    await touchProject(tx, simulation.projectId);
    return document;
  });
}

/** Edit Setup: the setup leaves the last run, which can then no longer be resumed. */
export async function unlockSetup(ctx: ServiceContext, auth: AuthContext, id: string): Promise<Simulation> {
  await ctx.db.transaction(async (tx) => {
    const simulation = await accessSimulation(tx, auth, id, 'write');
    if (BUSY_STATES.includes(simulation.state as SimulationState)) {
      throw new HttpError('wrong_input', 'Stop the simulation before editing its setup.', { status: 409 });
    }
    await updateSimulation(tx, id, { setupLocked: false, resumable: false });
  });
  return load(ctx.db, auth, id);
}
