// Node worker_threads entry of a solver thread (see workerLoop.ts).
import { parentPort, workerData, receiveMessageOnPort } from 'node:worker_threads';
import { workerLoop, contextFromInit, type WorkerInit, type WorkerRebind } from './workerLoop.ts';

const init = workerData as WorkerInit;
const port = parentPort;
if (port === null) throw new Error('solver worker started outside a worker thread');
let ctx = contextFromInit(init, init.particles, init.capacity, init.lists);
let generation = 0;
for (;;) {
  const r = workerLoop(init, ctx, generation);
  generation = r.generation;
  if (r.reason === 'exit') break;
  // The main thread posts the new memory before it raises the rebind generation.
  const msg = receiveMessageOnPort(port);
  if (msg === undefined) throw new Error('solver worker: rebind without new particle memory');
  const rebind = msg.message as WorkerRebind;
  ctx = contextFromInit(init, rebind.particles, rebind.capacity, rebind.lists);
}
port.close();
