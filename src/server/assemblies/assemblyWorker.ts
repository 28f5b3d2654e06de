// Worker thread of the assembly jobs (assemblyTessellation.ts): reads a stored STEP file's structure tree,
// or tessellates parts of it, and posts progress and the result (STL bytes transferred, not copied).
import { parentPort, workerData } from 'node:worker_threads';
import { runAssemblyWork, type AssemblyWorkerInput } from './assemblyTessellation.ts';

await runAssemblyWork(workerData as AssemblyWorkerInput, (message, transfer) => parentPort?.postMessage(message, transfer ?? []));
