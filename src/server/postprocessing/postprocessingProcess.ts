// The post-processing process: takes output folders one at a time from the worker that started it and
// writes their reduced and surface datasets and sensor results. It runs apart from the job worker (and at
// low CPU priority, see postprocessingChild.ts) so that neither the solver nor the worker's heartbeats wait
// on it; it ends when its worker goes away.
import { writeReducedDatasets } from './datasets.ts';
import type { PostprocessingReply, PostprocessingTask, StepOutcome } from './postprocessingProtocol.ts';
import { writeSensorResults } from './sensors/computeSensors.ts';
import { readMeta, updateMeta } from './outputFolder.ts';

function failed(error: unknown): StepOutcome {
  return { state: 'failed', error: error instanceof Error ? error.message : String(error) };
}

async function handle(task: PostprocessingTask): Promise<PostprocessingReply> {
  let datasets: StepOutcome = { state: 'skipped' };
  let sensors: StepOutcome = { state: 'skipped' };
  if (task.datasets) {
    try {
      await writeReducedDatasets(task.folder, { particleDiameter: task.particleDiameter, fastTarget: task.fastTarget });
      datasets = { state: 'ready' };
    } catch (error) {
      datasets = failed(error);
    }
  }
  if (task.sensors !== null) {
    try {
      if (task.sensors.length > 0) await writeSensorResults(task.folder, task.sensors, task.particleDiameter);
      else if ((await readMeta(task.folder)).sensors.length > 0) await updateMeta(task.folder, (meta) => ({ ...meta, sensors: [] }));
      sensors = { state: 'ready' };
    } catch (error) {
      sensors = failed(error);
    }
  }
  return { id: task.id, datasets, sensors };
}

let chain: Promise<void> = Promise.resolve();
process.on('message', (task: PostprocessingTask) => {
  chain = chain.then(async () => {
    const reply = await handle(task);
    if (!process.connected) process.exit(0);
    process.send?.(reply);
  });
});
process.on('disconnect', () => process.exit(0));
