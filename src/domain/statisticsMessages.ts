// Statistics on the realtime channel (spec 2 §7 'Realtime results channel', §4 'Statistics computation'):
// stats.info (which operations each attribute offers), stats.calc (per-output and aggregated values,
// progress, warnings about missing data), stats.cancel, and the replies.
import { z } from 'zod';
import { datasetNameSchema } from './output.ts';
import { resultAttributeKeySchema, vectorSubOptionSchema, type ResultAttributeKey, type VectorSubOption } from './attributes.ts';
import { statisticsOperationSchema, type StatisticsOperation } from './statistics.ts';
import type { StatisticsState } from './jobs.ts';

const simId = z.uuid();
const objIds = z.array(z.string().min(1).max(100)).min(1).max(1000);
const calcId = z.string().min(1).max(100);

export const statsInfoCommandSchema = z.object({
  type: z.literal('stats.info'),
  simId,
  output: z.number().int().nonnegative(),
  objIds,
  dataset: datasetNameSchema.default('raw'),
});
export type StatsInfoCommand = z.infer<typeof statsInfoCommandSchema>;

/**
 * Each requested spatial operation maps to a list with one temporal aggregator, which combines the
 * per-output values into the all-outputs value (mode 'both').
 */
export const statsOperationsSchema = z
  .partialRecord(statisticsOperationSchema, z.tuple([statisticsOperationSchema]))
  .refine((ops) => Object.keys(ops).length > 0, 'at least one operation is required');

export const statsCalcCommandSchema = z.object({
  type: z.literal('stats.calc'),
  simId,
  /** Chosen by the client to match replies and to cancel; the server makes one up when absent. */
  calcId: calcId.optional(),
  outputs: z.array(z.number().int().nonnegative()).min(1).max(10_000),
  attribute: resultAttributeKeySchema,
  /** Vector attributes: magnitude (default) or one component. */
  subAttribute: vectorSubOptionSchema.nullable().default(null),
  dataset: z.literal('raw').default('raw'),
  objIds,
  /** Volume clip ids: only particles inside every clip (outside an inverted one) count. */
  masks: z.array(z.string().min(1).max(100)).max(20).default([]),
  operations: statsOperationsSchema,
  mode: z.enum(['output_only', 'both']).default('both'),
});
export type StatsCalcCommand = z.infer<typeof statsCalcCommandSchema>;

export const statsCancelCommandSchema = z.object({ type: z.literal('stats.cancel'), simId, calcId: calcId.optional() });

/** Sub-options offered per attribute: magnitude and components for vectors, none for scalars. */
export type StatsInfoReply = {
  type: 'stats.info.resp';
  simId: string;
  output: number;
  dataset: string;
  operationsByAttribute: Partial<Record<ResultAttributeKey, StatisticsOperation[]>>;
  subAttributes: Partial<Record<ResultAttributeKey, VectorSubOption[]>>;
};

export type StatsReply =
  | StatsInfoReply
  | { type: 'stats.info.missing_output'; simId: string; output: number }
  | { type: 'stats.started'; simId: string; calcId: string; outputs: number[] }
  | { type: 'stats.progress'; simId: string; calcId: string; progress: number }
  | { type: 'output_statistic'; simId: string; calcId: string; outputNo: number; statistic: StatisticsOperation; value: number | null }
  | { type: 'all_output_statistic'; simId: string; calcId: string; statistic: StatisticsOperation; aggregator: StatisticsOperation; value: number | null }
  | { type: 'stats.warning'; simId: string; calcId: string; message: string; outputs: number[] }
  | { type: 'masking_error'; simId: string; calcId: string; mask: string; description: string }
  | { type: 'stats.state'; simId: string; calcId: string; state: StatisticsState; progress: number; error: string | null; outputs?: number[] };
