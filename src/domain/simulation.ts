// Simulations: the entity as the API returns it and the inputs that create, rename, move and clone one.
// States and their display live in simulationState.ts; the setup itself is one document (setup.ts).
import { z } from 'zod';
import { creatorSchema } from './user.ts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { simulationStateSchema } from './simulationState.ts';
import { vmRunStateSchema } from './vm.ts';

export const simulationNameSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.simulationNameEmpty)
  .max(NAME_MAX_LENGTH, `Name ${MESSAGES.nameTooLong}`);
export const simulationDescriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Description ${MESSAGES.descriptionTooLong}`);

export const stopConditionSchema = z.object({
  valueType: z.enum(['time', 'runtime', 'credits', 'particle_nbr']),
  threshold: z.number(),
});

export const simulationLogSummarySchema = z.object({
  progress: z.number(),
  time: z.number(),
  runtime: z.number(),
  runtimeLeft: z.number().nullable(),
  particles: z.number(),
  output: z.number(),
});

/** A simulation as lists show it (projects page). */
export const simulationSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    projectId: z.string(),
    state: simulationStateSchema,
    creator: creatorSchema,
    creditsConsumed: z.number(),
    simulationHoursConsumed: z.number(),
    size: z.number().describe('Bytes of stored data'),
    uploadedSetup: z.boolean(),
    setupLocked: z.boolean(),
    resumable: z.boolean(),
    activeRunId: z.string().nullable(),
    remoteVmRunState: vmRunStateSchema.nullable(),
    startedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SimulationSummary' });
export type SimulationSummary = z.infer<typeof simulationSummarySchema>;

/** GET /api/simulations/:id. */
export const simulationSchema = simulationSummarySchema
  .extend({
    project: z.object({ id: z.string(), name: z.string() }),
    cores: z.number().int().nonnegative(),
    gpu: z.boolean(),
    freeInstance: z.boolean(),
    solver: z.object({ id: z.string(), name: z.string() }).nullable(),
    log: simulationLogSummarySchema.nullable(),
    lastStopCondition: stopConditionSchema.nullable(),
    postImageId: z.string().nullable(),
    postImage: z.object({ id: z.string() }).nullable(),
  })
  .meta({ id: 'Simulation' });
export type Simulation = z.infer<typeof simulationSchema>;

/** POST /api/projects/:id/simulations. */
export const simulationCreateSchema = z
  .object({ name: simulationNameSchema, description: simulationDescriptionSchema.default('') })
  .meta({ id: 'SimulationCreate' });
export type SimulationCreate = z.infer<typeof simulationCreateSchema>;

/** PUT /api/simulations/:id: rename, describe, move to another project (projectId) or set the post image. */
export const simulationUpdateSchema = z
  .object({
    name: simulationNameSchema.optional(),
    description: simulationDescriptionSchema.optional(),
    projectId: z.uuid('Not a valid project id').optional(),
    postImageId: z.uuid('Not a valid image id').nullable().optional(),
  })
  .meta({ id: 'SimulationUpdate' });
export type SimulationUpdate = z.infer<typeof simulationUpdateSchema>;

/** POST /api/simulations/:id/clone: the copy's name defaults to "<name> (copy)", made unique. */
export const simulationCloneSchema = z
  .object({ name: simulationNameSchema.optional(), projectId: z.uuid('Not a valid project id').optional() })
  .meta({ id: 'SimulationClone' });
export type SimulationClone = z.infer<typeof simulationCloneSchema>;

/**
 * The first of `base`, `base (2)`, `base (3)`... not in `taken`, kept within the name limit by
 * shortening the base.
 */
export function uniqueName(base: string, taken: ReadonlySet<string>, max = NAME_MAX_LENGTH): string {
  const fit = (stem: string, suffix: string) => `${stem.slice(0, Math.max(1, max - suffix.length)).trimEnd()}${suffix}`;
  const first = fit(base, '');
  if (!taken.has(first)) return first;
  for (let n = 2; ; n += 1) {
    const candidate = fit(base, ` (${n})`);
    if (!taken.has(candidate)) return candidate;
  }
}

export function copyName(name: string, taken: ReadonlySet<string>): string {
  const suffix = ' (copy)';
  const stem = `${name.slice(0, NAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
  return uniqueName(stem, taken);
}
