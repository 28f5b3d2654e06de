// Worker thread of the mesh check of a large uploaded STL (shapeInfo.ts): reads the file, checks it with
// the geometry module and posts the result.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { StlUnit } from '../../domain/shape.ts';
import { GeometryError } from '../../../wasm/surgeGeometry.ts';
import { checkStlBytes, type StlCheckReply } from './shapeInfo.ts';

const { path, unit } = workerData as { path: string; unit: StlUnit };

async function check(): Promise<StlCheckReply> {
  try {
    return { ok: true, check: await checkStlBytes(new Uint8Array(await readFile(path)), unit) };
  } catch (error) {
    return { ok: false, code: error instanceof GeometryError ? error.code : null, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.postMessage(await check());
