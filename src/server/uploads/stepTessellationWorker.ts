// Worker thread of a STEP tessellation (stepTessellation.ts): reads the stored file, meshes and checks it
// and posts the STL bytes of each part back (transferred, not copied).
import { parentPort, workerData } from 'node:worker_threads';
import type { MeshingParameters } from '../../domain/meshing.ts';
import type { TessellationSelection } from '../../domain/uploads.ts';
import { tessellateStoredStep } from './stepTessellation.ts';

const { path, parameters, selection, name } = workerData as { path: string; parameters: MeshingParameters; selection: TessellationSelection; name: string };
const reply = await tessellateStoredStep(path, parameters, selection, name);
parentPort?.postMessage(reply, reply.ok ? reply.result.parts.map((p) => p.stl.buffer as ArrayBuffer) : []);
