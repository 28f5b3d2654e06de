// Organisations: feature flags, subscription, credits and the solvers they may run.
import { z } from 'zod';

/** Feature flags the product reads; an organisation may carry others, which are passed through. */
export const FEATURES = {
  PONTOON: 'pontoon',
  UPLOAD_PREPROCESSING: 'upload_preprocessing',
  NO_STORAGE_LIMIT_ENFORCEMENT: 'no_storage_limit_enforcement',
} as const;

export const SUBSCRIPTION_KINDS = [
  'basic',
  'engineering',
  'performance',
  'on_demand',
  'trial',
  'workshop',
  'internal',
  'free',
] as const;
export const subscriptionKindSchema = z.enum(SUBSCRIPTION_KINDS);
export type SubscriptionKind = z.infer<typeof subscriptionKindSchema>;

export const subscriptionSchema = z
  .object({
    kind: subscriptionKindSchema,
    startDate: z.string(),
    endDate: z.string().nullable(),
    coreHours: z.number(),
    oneOffCoreHours: z.number(),
    vmHoursPerMonth: z.number(),
    maxCores: z.number().int().nonnegative(),
    freeInstance: z.boolean(),
    storageBytes: z.number().nonnegative(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    features: z.array(z.string()),
    credits: z.number(),
    maximumSimulationsExceeded: z.boolean(),
    activeSubscription: subscriptionSchema.nullable(),
    freeInstanceOccupied: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof organizationSchema>;

export const solverSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    version: z.string(),
    latest: z.boolean(),
    /** Threads this installation gives one run of the solver: more cores than this do not make it faster. */
    maxThreads: z.number().int().positive().describe('Solver threads this installation gives one run'),
  })
  .meta({ id: 'Solver' });
export type Solver = z.infer<typeof solverSchema>;

export function hasFeature(organization: { features: readonly string[] }, feature: string): boolean {
  return organization.features.includes(feature);
}
