// Worker thread of a STEP tessellation (stepTessellation.ts): reads the stored file, meshes and checks it
// and posts the STL bytes back (transferred, not copied).
import { parentPort, workerData } from 'node:worker_threads';
import type { MeshingParameters } from '../../domain/meshing.ts';
import { tessellateStoredStep } from './stepTessellation.ts';

const { path, parameters } = workerData as { path: string; parameters: MeshingParameters };
const reply = await tessellateStoredStep(path, parameters);
parentPort?.postMessage(reply, reply.ok ? [reply.result.stl.buffer as ArrayBuffer] : []);
