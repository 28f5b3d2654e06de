// Messages between a job worker and its post-processing process (postprocessingProcess.ts): one task per
// output folder (reduced and surface datasets, sensors, or both) and its outcome.
import type { SensorTask } from './sensors/computeSensors.ts';

export type PostprocessingTask = {
  id: number;
  folder: string;
  particleDiameter: number;
  /** Write the `fast` and `surface` datasets. */
  datasets: boolean;
  /** Points the reduction keeps (the domain's target unless a test asks for fewer). */
  fastTarget?: number;
  /** Sensors to compute; null leaves the output's sensors as they are. */
  sensors: SensorTask[] | null;
};

export type StepOutcome = { state: 'ready' } | { state: 'failed'; error: string } | { state: 'skipped' };

export type PostprocessingReply = {
  id: number;
  datasets: StepOutcome;
  sensors: StepOutcome;
};
