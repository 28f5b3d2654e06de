// Runs of a simulation (spec 1 §3, §4): the start request with its mode, the run record kept as history,
// what a run costs per hour (credit rates) and the texts the run lifecycle answers with.
import { z } from 'zod';
import { GPU_CREDITS_PER_HOUR } from './constants.ts';
import { simulationConditionSchema } from './condition.ts';
import { entityIdSchema } from './entity.ts';
import { nonNegativeIntSchema } from './number.ts';
import { simulationLogSummarySchema, stopConditionSchema } from './simulation.ts';
import { simulationStateSchema } from './simulationState.ts';
import { creatorSchema } from './user.ts';
import { issueGroups, issueSeverities } from './validation/issues.ts';

/** start: first run; restart: a new run from output 0; resume: the last run continues from its checkpoint. */
export const runModes = ['start', 'restart', 'resume'] as const;
export const runModeSchema = z.enum(runModes);
export type RunMode = z.infer<typeof runModeSchema>;

/** A CPU run costs this many credits per core and hour (the GPU has its flat rate, GPU_CREDITS_PER_HOUR). */
export const CPU_CREDITS_PER_CORE_HOUR = 1;
/** Conditions a run may carry. */
export const MAX_RUN_CONDITIONS = 20;

/** Zero cores without GPU is the free CPU instance of the subscription. */
export function isFreeInstance(choice: { cores: number; gpu: boolean }): boolean {
  return choice.cores === 0 && !choice.gpu;
}

/** Credits per wall-clock hour of a run. */
export function creditsPerHour(choice: { cores: number; gpu: boolean }): number {
  if (choice.gpu) return GPU_CREDITS_PER_HOUR;
  return choice.cores * CPU_CREDITS_PER_CORE_HOUR;
}

/** POST /api/simulations/:id/runs. Conditions default to the setup's conditions. */
export const runStartSchema = z
  .object({
    solverId: entityIdSchema,
    cores: nonNegativeIntSchema,
    gpu: z.boolean().default(false),
    conditions: z.array(simulationConditionSchema).max(MAX_RUN_CONDITIONS).optional(),
    mode: runModeSchema.default('start'),
  })
  .meta({ id: 'RunStart' });
export type RunStart = z.infer<typeof runStartSchema>;

/** Why a run ended where it did (null while it runs or when it completed). */
export const runStopReasons = ['user', 'condition', 'credits', 'worker_lost', 'error'] as const;
export const runStopReasonSchema = z.enum(runStopReasons);
export type RunStopReason = z.infer<typeof runStopReasonSchema>;

/** A run as GET /api/simulations/:id/runs lists it; `state` follows the simulation states. */
export const runSchema = z
  .object({
    id: z.string(),
    simulationId: z.string(),
    /** 1 for the first run of a simulation, then counting up. */
    number: z.number().int().positive(),
    mode: runModeSchema,
    state: simulationStateSchema,
    solver: z.object({ id: z.string(), name: z.string() }).nullable(),
    cores: z.number().int().nonnegative(),
    gpu: z.boolean(),
    freeInstance: z.boolean(),
    creditsPerHour: z.number(),
    conditions: z.array(simulationConditionSchema),
    credits: z.number().describe('Credits this run has consumed'),
    simulationHours: z.number(),
    /** Worker sessions: 1 plus one per resume (by the user or after a lost worker). */
    sessions: z.number().int().nonnegative(),
    lastOutputNo: z.number().int().nullable(),
    log: simulationLogSummarySchema.nullable(),
    lastStopCondition: stopConditionSchema.nullable(),
    stopReason: runStopReasonSchema.nullable(),
    errorMessage: z.string().nullable(),
    createdBy: creatorSchema.nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
  })
  .meta({ id: 'Run' });
export type Run = z.infer<typeof runSchema>;

// The run lifecycle's texts live without zod, for the solver process that words a refused run.
export { RUN_MESSAGES } from './runMessages.ts';

const validationIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
  severity: z.enum(issueSeverities),
  group: z.enum(issueGroups),
  entityId: z.string().optional(),
  entityName: z.string().optional(),
});

/** GET /api/simulations/:id/validation: the domain's validation plus what the SPH engine cannot run. */
export const serverValidationSchema = z
  .object({
    issues: z.array(validationIssueSchema),
    groups: z.array(z.object({ group: z.enum(issueGroups), label: z.string(), issues: z.array(validationIssueSchema) })),
    /** Errors of the validation plus one per solver support issue. */
    errorCount: z.number().int().nonnegative(),
    warningCount: z.number().int().nonnegative(),
    valid: z.boolean(),
    solverSupport: z.array(z.object({ setting: z.string(), message: z.string() })),
  })
  .meta({ id: 'ServerValidation' });
export type ServerValidation = z.infer<typeof serverValidationSchema>;
