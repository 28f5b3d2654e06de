// Tessellation of an uploaded STEP file: occt-import-js reads and meshes it with the user's meshing
// parameters on a worker thread (a large assembly takes seconds and must not hold up the API), the
// geometry module welds and checks every body, and all bodies together are stored as a binary STL upload
// in metres with its shape info. A STEP part is from then on an STL part for the setup, the solver and
// the exports; the STEP upload stays as its source.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AssemblyNode } from '../../domain/assembly.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { MeshingParameters } from '../../domain/meshing.ts';
import type { ShapeInfo } from '../../domain/shape.ts';
import {
  TESSELLATION_MESSAGES,
  UPLOAD_MESSAGES,
  UPLOAD_NAME_MAX_LENGTH,
  type StepTessellation,
  type TessellatedBody,
} from '../../domain/uploads.ts';
import { GeometryError, GeometryErrorCode } from '../../../wasm/surgeGeometry.ts';
import { tessellateStepFile } from '../../../workers/serverGeometry.ts';
import { addSimulationBytes } from '../db/runs.ts';
import { findUploadedFile, insertUploadedFile } from '../db/uploadedFiles.ts';
import { HttpError, notFound, wrongInput } from '../http/errors.ts';
import type { JobServices } from '../jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../services/access.ts';
import { checkStlBytes } from './shapeInfo.ts';
import { toUploadedFile } from './uploads.ts';

export interface TessellatedStep {
  stl: Uint8Array;
  shapeInfo: ShapeInfo;
  hasIssues: boolean;
  bodies: TessellatedBody[];
  triangleCount: number;
  warnings: string[];
}

export type TessellationReply = { ok: true; result: TessellatedStep } | { ok: false; code: GeometryErrorCode | null; message: string };

/** Binary STL of indexed meshes (metres), with each facet's unit normal. */
export function binaryStl(meshes: readonly { positions: Float32Array; indices: Uint32Array }[], header = 'Surge tessellated STEP'): Uint8Array {
  const triangles = meshes.reduce((n, m) => n + m.indices.length / 3, 0);
  const bytes = new Uint8Array(84 + 50 * triangles);
  bytes.set(new TextEncoder().encode(header.slice(0, 80)));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles, true);
  let at = 84;
  for (const { positions: p, indices } of meshes) {
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [3 * indices[t], 3 * indices[t + 1], 3 * indices[t + 2]];
      const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
      const v = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
      const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      const length = Math.hypot(n[0], n[1], n[2]) || 1;
      const floats = [n[0] / length, n[1] / length, n[2] / length, p[a], p[a + 1], p[a + 2], p[b], p[b + 1], p[b + 2], p[c], p[c + 1], p[c + 2]];
      for (let k = 0; k < 12; k++) view.setFloat32(at + 4 * k, floats[k], true);
      at += 50;
    }
  }
  return bytes;
}

function leaves(nodes: readonly AssemblyNode[]): AssemblyNode[] {
  return nodes.flatMap((n) => (n.children.length === 0 ? [n] : leaves(n.children)));
}

/** Reads, meshes and checks STEP bytes; all bodies become one STL. Throws GeometryError. */
export async function tessellateStepBytes(bytes: Uint8Array, parameters: MeshingParameters): Promise<TessellatedStep> {
  const imported = await tessellateStepFile(bytes, parameters);
  if (imported.meshes.length === 0) throw new GeometryError(GeometryErrorCode.invalidInput, 'the STEP file holds no solid or surface to mesh');
  const triangles = new Map(imported.meshes.map((m) => [m.entryId, m.indices.length / 3]));
  const bodies = leaves(imported.assemblyMetadata)
    .filter((n) => triangles.has(n.entryId))
    .map((n) => ({ entryId: n.entryId, labelName: n.labelName, shapeType: n.shapeType, triangles: triangles.get(n.entryId) ?? 0 }));
  const stl = binaryStl(imported.meshes);
  const check = await checkStlBytes(stl, 'm');
  return {
    stl,
    shapeInfo: check.shapeInfo,
    hasIssues: check.hasIssues,
    bodies,
    triangleCount: imported.triangleCount,
    warnings: imported.warnings.map((w) => (w.parts?.length ? `${w.message} (${w.parts.join(', ')})` : w.message)),
  };
}

/** Runs `tessellateStepBytes` on a worker thread over the stored file. */
async function tessellateOnWorker(path: string, parameters: MeshingParameters): Promise<TessellatedStep> {
  const worker = new Worker(new URL('./stepTessellationWorker.ts', import.meta.url), { workerData: { path, parameters } });
  const reply = await new Promise<TessellationReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the tessellation ended unexpectedly (exit code ${code})`)));
  }).finally(() => void worker.terminate());
  if (reply.ok) return reply.result;
  if (reply.code) throw new GeometryError(reply.code, reply.message);
  throw new Error(reply.message);
}

function stlName(stepName: string): string {
  const base = stepName.replace(/\.(step|stp)$/i, '') || 'part';
  return `${base.slice(0, UPLOAD_NAME_MAX_LENGTH - 4)}.stl`;
}

/** Tessellates an uploaded STEP file of the caller's organisation and stores the result as an STL upload
 * of the same simulation. */
export async function tessellateUploadedStep(services: JobServices, auth: AuthContext, fileId: string, parameters: MeshingParameters): Promise<StepTessellation> {
  const { db, storage, config } = services;
  const source = await findUploadedFile(db, auth.organization.id, fileId);
  if (!source) throw notFound('File not found.');
  const simulationId = source.simulationId;
  if (!simulationId) throw notFound('File not found.');
  await accessSimulation(db, auth, simulationId, 'write');
  if (source.kind !== 'step') throw wrongInput(TESSELLATION_MESSAGES.notStep, 'fileId');

  let result: TessellatedStep;
  try {
    result = await tessellateOnWorker(storage.uploadPath(source.organizationId, source.id), parameters);
  } catch (error) {
    if (error instanceof GeometryError) {
      const field = error.code === 'limit_exceeded' ? 'linearDeflectionFactor' : 'fileId';
      throw wrongInput(`${TESSELLATION_MESSAGES.unreadable} ${error.message}`, field);
    }
    throw error;
  }
  if (result.stl.byteLength > config.uploadMaxBytes.stl) {
    throw new HttpError('wrong_input', UPLOAD_MESSAGES.tooLarge('stl'), { status: 413 });
  }

  const id = randomUUID();
  const path = storage.uploadPath(auth.organization.id, id);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, result.stl, { flag: 'wx' });
  try {
    const warnings = result.hasIssues ? [MESSAGES.partIssues] : [];
    const row = await db.transaction(async (tx) => {
      const inserted = await insertUploadedFile(tx, {
        id,
        organizationId: auth.organization.id,
        simulationId,
        name: stlName(source.name),
        extension: 'stl',
        kind: 'stl',
        size: result.stl.byteLength,
        unit: 'm',
        shapeInfo: result.shapeInfo,
        warnings,
        sha256: createHash('sha256').update(result.stl).digest('hex'),
        createdBy: auth.user.id,
      });
      await addSimulationBytes(tx, simulationId, result.stl.byteLength);
      return inserted;
    });
    return {
      source: { id: source.id, name: source.name },
      file: toUploadedFile(row),
      bodies: result.bodies,
      triangleCount: result.triangleCount,
      warnings: result.warnings,
    };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** For the worker thread: tessellate the file at `path`. */
export async function tessellateStoredStep(path: string, parameters: MeshingParameters): Promise<TessellationReply> {
  try {
    return { ok: true, result: await tessellateStepBytes(new Uint8Array(await readFile(path)), parameters) };
  } catch (error) {
    return { ok: false, code: error instanceof GeometryError ? error.code : null, message: error instanceof Error ? error.message : String(error) };
  }
}
