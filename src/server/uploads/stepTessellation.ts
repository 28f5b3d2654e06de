// Tessellation of an uploaded STEP file: occt-import-js reads and meshes it with the user's meshing
// parameters on a worker thread (a large assembly takes seconds and must not hold up the API), the
// geometry module welds and checks every body, and the chosen bodies are stored as binary STL uploads in
// metres with their shape info: merged into one part, or one part per body. A STEP part is from then on an STL part for the setup, the solver and
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
  type TessellationSelection,
} from '../../domain/uploads.ts';
import { GeometryError, GeometryErrorCode } from '../../../wasm/surgeGeometry.ts';
import { tessellateStepFile } from '../../../workers/serverGeometry.ts';
import { addSimulationBytes } from '../runs/runs.repository.ts';
import { findUploadedFile, insertUploadedFile } from './uploadedFiles.repository.ts';
import { HttpError, notFound, wrongInput } from '../platform/http/errors.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import { checkStlBytes } from './shapeInfo.ts';
import { toUploadedFile } from './uploads.service.ts';

export interface TessellatedStlPart {
  name: string;
  stl: Uint8Array;
  shapeInfo: ShapeInfo;
  hasIssues: boolean;
  bodies: TessellatedBody[];
}

export interface TessellatedStep {
  parts: TessellatedStlPart[];
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

/** Reads, meshes and checks STEP bytes; the chosen bodies (all by default) become one STL part named
 * `name`, or one each named after the body. Throws GeometryError. */
export async function tessellateStepBytes(bytes: Uint8Array, parameters: MeshingParameters, selection: TessellationSelection, name: string): Promise<TessellatedStep> {
  const imported = await tessellateStepFile(bytes, parameters);
  const meshes = new Map(imported.meshes.map((m) => [m.entryId, m]));
  const all = leaves(imported.assemblyMetadata).filter((n) => meshes.has(n.entryId));
  if (all.length === 0) throw new GeometryError(GeometryErrorCode.invalidInput, 'the STEP file holds no solid or surface to mesh');
  const byId = new Map(all.map((n) => [n.entryId, n]));
  for (const id of selection.entryIds ?? []) {
    if (!byId.has(id)) throw new GeometryError(GeometryErrorCode.invalidInput, TESSELLATION_MESSAGES.unknownBody(id));
  }
  const chosen = selection.entryIds ? all.filter((n) => selection.entryIds?.includes(n.entryId)) : all;
  const body = (n: AssemblyNode): TessellatedBody => ({
    entryId: n.entryId,
    labelName: n.labelName,
    shapeType: n.shapeType,
    triangles: (meshes.get(n.entryId)?.indices.length ?? 0) / 3,
  });
  const groups = selection.separate ? chosen.map((n) => ({ name: n.labelName || name, nodes: [n] })) : [{ name, nodes: chosen }];
  const parts: TessellatedStlPart[] = [];
  for (const group of groups) {
    const stl = binaryStl(group.nodes.map((n) => meshes.get(n.entryId)!));
    const check = await checkStlBytes(stl, 'm');
    parts.push({ name: group.name, stl, shapeInfo: check.shapeInfo, hasIssues: check.hasIssues, bodies: group.nodes.map(body) });
  }
  return {
    parts,
    triangleCount: parts.reduce((n, p) => n + p.shapeInfo.nbrOfTriangles, 0),
    warnings: imported.warnings.map((w) => (w.parts?.length ? `${w.message} (${w.parts.join(', ')})` : w.message)),
  };
}

/** Tessellations one API process runs at once; more wait their turn. */
export const TESSELLATION_CONCURRENCY = 2;
/** A tessellation that runs longer is stopped: the parameters ask for more than is sensible. */
export const TESSELLATION_TIME_LIMIT_MS = 10 * 60 * 1000;

let running = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= TESSELLATION_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Runs `tessellateStepBytes` on a worker thread over the stored file, within the time limit. */
export function tessellateOnWorker(path: string, parameters: MeshingParameters, selection: TessellationSelection, name: string, timeLimitMs = TESSELLATION_TIME_LIMIT_MS): Promise<TessellatedStep> {
  return turn(async () => {
    const worker = new Worker(new URL('./stepTessellationWorker.ts', import.meta.url), { workerData: { path, parameters, selection, name } });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reply = await new Promise<TessellationReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the tessellation ended unexpectedly (exit code ${code})`)));
      timer = setTimeout(() => {
        const limit = timeLimitMs >= 60_000 ? `${Math.round(timeLimitMs / 60_000)} minutes` : `${Math.ceil(timeLimitMs / 1000)} s`;
        reject(new GeometryError(GeometryErrorCode.limitExceeded, `meshing took longer than ${limit}; increase the deviation factor or the angle`));
      }, timeLimitMs);
    }).finally(() => {
      clearTimeout(timer);
      void worker.terminate();
    });
    if (reply.ok) return reply.result;
    if (reply.code) throw new GeometryError(reply.code, reply.message);
    throw new Error(reply.message);
  });
}

function stepBaseName(stepName: string): string {
  return stepName.replace(/\.(step|stp)$/i, '') || 'part';
}

function stlName(partName: string): string {
  const safe = partName.replace(/[\\/]/g, '_').trim() || 'part';
  return `${safe.slice(0, UPLOAD_NAME_MAX_LENGTH - 4)}.stl`;
}

/** Tessellates an uploaded STEP file of the caller's organisation and stores the chosen bodies as STL
 * uploads of the same simulation. */
export async function tessellateUploadedStep(
  services: JobServices,
  auth: AuthContext,
  fileId: string,
  parameters: MeshingParameters,
  selection: TessellationSelection = {},
): Promise<StepTessellation> {
  const { db, storage, config } = services;
  const source = await findUploadedFile(db, auth.organization.id, fileId);
  if (!source) throw notFound('File not found.');
  const simulationId = source.simulationId;
  if (!simulationId) throw notFound('File not found.');
  await accessSimulation(db, auth, simulationId, 'write');
  if (source.kind !== 'step') throw wrongInput(TESSELLATION_MESSAGES.notStep, 'fileId');

  let result: TessellatedStep;
  try {
    result = await tessellateOnWorker(storage.uploadPath(source.organizationId, source.id), parameters, selection, stepBaseName(source.name));
  } catch (error) {
    if (error instanceof GeometryError) {
      const field = error.code === 'limit_exceeded' ? 'linearDeflectionFactor' : error.message.startsWith('The STEP file has no body') ? 'entryIds' : 'fileId';
      const message = field === 'entryIds' ? error.message : `${TESSELLATION_MESSAGES.unreadable} ${error.message}`;
      throw wrongInput(message, field);
    }
    throw error;
  }
  if (result.parts.some((p) => p.stl.byteLength > config.uploadMaxBytes.stl)) {
    throw new HttpError('wrong_input', UPLOAD_MESSAGES.tooLarge('stl'), { status: 413 });
  }

  const stored = result.parts.map((p) => ({ ...p, id: randomUUID() }));
  const paths = stored.map((p) => storage.uploadPath(auth.organization.id, p.id));
  try {
    for (const [i, p] of stored.entries()) {
      await mkdir(dirname(paths[i]), { recursive: true });
      await writeFile(paths[i], p.stl, { flag: 'wx' });
    }
    const rows = await db.transaction(async (tx) => {
      const inserted = [];
      for (const p of stored) {
        inserted.push(
          await insertUploadedFile(tx, {
            id: p.id,
            organizationId: auth.organization.id,
            simulationId,
            name: stlName(p.name),
            extension: 'stl',
            kind: 'stl',
            size: p.stl.byteLength,
            unit: 'm',
            shapeInfo: p.shapeInfo,
            warnings: p.hasIssues ? [MESSAGES.partIssues] : [],
            sha256: createHash('sha256').update(p.stl).digest('hex'),
            createdBy: auth.user.id,
          }),
        );
        await addSimulationBytes(tx, simulationId, p.stl.byteLength);
      }
      return inserted;
    });
    return {
      source: { id: source.id, name: source.name },
      parts: stored.map((p, i) => ({ name: p.name, file: toUploadedFile(rows[i]), bodies: p.bodies })),
      triangleCount: result.triangleCount,
      warnings: result.warnings,
    };
  } catch (error) {
    await Promise.all(paths.map((path) => rm(path, { force: true })));
    throw error;
  }
}

/** For the worker thread: tessellate the file at `path`. */
export async function tessellateStoredStep(path: string, parameters: MeshingParameters, selection: TessellationSelection, name: string): Promise<TessellationReply> {
  try {
    return { ok: true, result: await tessellateStepBytes(new Uint8Array(await readFile(path)), parameters, selection, name) };
  } catch (error) {
    return { ok: false, code: error instanceof GeometryError ? error.code : null, message: error instanceof Error ? error.message : String(error) };
  }
}
