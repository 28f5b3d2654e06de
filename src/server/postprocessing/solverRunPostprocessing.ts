// Ties the post-processing step to solver run sessions: while a session runs, every output it records
// (announced pending on the event bus) is queued for its reduced datasets and sensors in this process; a
// session starts by taking over outputs an earlier one left pending, and ends once its outputs are done
// (bounded), so that a completed run's outputs are ready. A session that hands over or was lost leaves
// its pending outputs to the next one.
import type { JobContext, JobHandler, JobOutcome } from '../platform/jobs/registry.ts';
import { POSTPROCESSING_DRAIN_MS, outputPostprocessing } from './outputPostprocessing.ts';

export function withOutputPostprocessing(handler: JobHandler): JobHandler {
  return {
    ...handler,
    async run(context: JobContext): Promise<JobOutcome> {
      const { job, services } = context;
      const runId = job.runId;
      if (!runId) return handler.run(context);
      const postprocessor = outputPostprocessing(services);
      const off = services.bus.onEvent((event) => {
        const message = event.message;
        if (message.type !== 'outputs.available' || message.runId !== runId) return;
        for (const output of message.outputs) {
          if (output.states.visualization === 'pending') postprocessor.enqueue({ simulationId: job.simulationId, runId, outputNo: output.outputNo });
        }
      });
      try {
        await postprocessor.resumePending(job.simulationId, runId).catch((error: unknown) => services.log.warn({ err: error, runId }, 'pending outputs could not be queued'));
        const outcome = await handler.run(context);
        const reason = context.abortReason();
        if (reason !== 'shutdown' && reason !== 'lost') {
          const drained = await postprocessor.whenIdle(runId, POSTPROCESSING_DRAIN_MS);
          if (!drained) services.log.warn({ runId }, 'outputs still being post-processed when the session ended');
        }
        return outcome;
      } finally {
        off();
      }
    },
  };
}
