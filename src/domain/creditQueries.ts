// Queries of the Usage & Budget page (spec 2 §7 'Credits and storage'): the transactions list with search,
// period, order and pages (also as CSV), and the consumption history for the chart.
import { z } from 'zod';
import { BUDGET_DEFAULT_PAGE_SIZE } from './constants.ts';
import { paginatedSchema, queryBooleanSchema } from './api.ts';
import { creditHistoryEntrySchema, creditSequenceSchema } from './credits.ts';

export const creditSequenceOrderKeys = ['date', 'credits', 'simulationHours', 'kind', 'simulationName'] as const;
export const creditSequenceOrderSchema = z.enum(creditSequenceOrderKeys);
export type CreditSequenceOrder = z.infer<typeof creditSequenceOrderSchema>;

/** File name of the transactions download. */
export const CREDIT_TRANSACTIONS_CSV = 'credit_transactions.csv';

const dateSchema = z.iso.datetime({ offset: true }).or(z.iso.date());

/** GET /api/credits/sequences. pageLimit -1 returns everything (the CSV download uses it). */
export const creditSequenceQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  startDate: dateSchema.optional(),
  pageLimit: z.coerce.number().int().min(-1).max(1000).default(BUDGET_DEFAULT_PAGE_SIZE),
  pageNumber: z.coerce.number().int().min(1).default(1),
  orderBy: creditSequenceOrderSchema.default('date'),
  asc: queryBooleanSchema,
});
export type CreditSequenceQuery = z.infer<typeof creditSequenceQuerySchema>;

export const creditSequencePageSchema = paginatedSchema(creditSequenceSchema).meta({ id: 'CreditSequencePage' });

export const creditHistoryGroups = ['day', 'week', 'month'] as const;
export const creditHistoryGroupSchema = z.enum(creditHistoryGroups);
export type CreditHistoryGroup = z.infer<typeof creditHistoryGroupSchema>;

/** GET /api/credits/history: credits consumed per period and credit sequence (positive numbers). */
export const creditHistoryQuerySchema = z.object({
  userId: z.uuid('Not a valid user id').optional(),
  startDate: dateSchema.optional(),
  endDate: dateSchema.optional(),
  groupBy: creditHistoryGroupSchema.default('day'),
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;

/** `date` is the first day of the period (YYYY-MM-DD; weeks start on Monday). */
export const creditHistorySchema = z.object({ results: z.array(creditHistoryEntrySchema) }).meta({ id: 'CreditHistory' });
