// Job records as the API and the realtime channel report them (the domain's job plus its run, attempt
// and result), and the result of a discretization job.
import { z } from 'zod';
import { jobSchema } from './jobs.ts';

/** GET /api/simulations/:id/jobs and job.update events. `result` depends on the kind. */
export const jobRecordSchema = jobSchema
  .extend({
    runId: z.string().nullable(),
    /** 1 for the first session of a solver run, counting up with every resume. */
    attempt: z.number().int().positive(),
    result: z.unknown().nullable(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'JobRecord' });
export type JobRecord = z.infer<typeof jobRecordSchema>;

export const discretizerWarningSchema = z.object({
  code: z.string(),
  message: z.string(),
  partId: z.string().nullable(),
});
export type DiscretizerWarningRecord = z.infer<typeof discretizerWarningSchema>;

/** What a completed discretization job carries in `result`. */
export const discretizationResultSchema = z
  .object({
    particleCounts: z.object({ fluid: z.number(), wall: z.number(), buffer: z.number(), total: z.number() }),
    /** Particles per part id. */
    particlesPerPart: z.record(z.string(), z.number()),
    warnings: z.array(discretizerWarningSchema),
  })
  .meta({ id: 'DiscretizationResult' });
export type DiscretizationResult = z.infer<typeof discretizationResultSchema>;
