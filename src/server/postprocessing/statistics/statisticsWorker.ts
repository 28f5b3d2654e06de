// Worker thread of one statistics computation: runs computeStatistics on the task it was started with
// and posts every event; the API process terminates it to cancel.
import { parentPort, workerData } from 'node:worker_threads';
import { computeStatistics, type StatisticsTask } from './compute.ts';

const port = parentPort;
if (!port) throw new Error('statisticsWorker.ts runs as a worker thread');

computeStatistics(workerData as StatisticsTask, (event) => port.postMessage(event)).then(
  () => port.postMessage({ type: 'done' }),
  (error: unknown) => port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
