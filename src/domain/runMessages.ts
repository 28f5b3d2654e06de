// The texts the run lifecycle answers with, apart from the run schemas (runs.ts) so that the solver
// process, which words a run refused for want of fluid, loads no zod.
/** Texts of the run lifecycle that the spec does not word itself. */
export const RUN_MESSAGES = {
  notStartable: 'The simulation is running. Stop it before starting it again.',
  notResumable: 'This simulation cannot be resumed. Restart it instead.',
  notRunning: 'The simulation is not running.',
  tooManyCores: (max: number) => `Your subscription allows at most ${max} cores.`,
  noFreeInstance: 'The free instance is not part of your subscription. Choose at least 1 core.',
  freeInstanceOccupied: 'The free instance is occupied by another simulation. Wait for it to end or choose paid cores.',
  noCheckpoint: 'There is no checkpoint to resume from. Restart the simulation instead.',
  creditsExhausted: 'Your organisation has no credits left; the simulation was stopped.',
  workerLost: 'The worker processing this job stopped responding.',
  workerShutDown: 'The worker processing this job was shut down.',
  recoveryExhausted: 'The simulation lost its worker too often and was stopped.',
  noGpu: 'No GPU is available on the worker that took this run.',
  discretizationActive: 'A discretization is already scheduled or running.',
  notCancellable: 'This job cannot be cancelled (it has ended, or it is a simulation run, which is stopped instead).',
  enqueueFailed: 'The job could not be queued. Please try again soon.',
  queueUnavailable: 'The job queue cannot be reached right now. Please try again soon.',
  /** `reasons`: what the discretizer said about the fluid parts (a blocked seed point, a part outside the domain). */
  noFluid: (reasons: readonly string[]) =>
    `The discretization produced no fluid particles, so the run was not started${reasons.length > 0 ? `: ${reasons.join('; ')}` : '. Check the fluid parts of the setup.'}`,
  conditionReached: (valueType: string, threshold: number) => `Condition reached: ${valueType} ${threshold}`,
} as const;
