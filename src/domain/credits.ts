// Credits: the ledger of credit sequences (transactions), their kinds, and the budget page's constants.
import { z } from 'zod';
import { avatarIdSchema } from './user.ts';

export const CREDIT_SEQUENCE_KINDS = [
  'simulation',
  'credits_bought',
  'one_off_credits',
  'credits_refunded',
  'other',
  'correction',
  'internal',
  'workshop',
] as const;
export const creditSequenceKindSchema = z.enum(CREDIT_SEQUENCE_KINDS);
export type CreditSequenceKind = z.infer<typeof creditSequenceKindSchema>;

export const CREDIT_SEQUENCE_LABELS: Record<CreditSequenceKind, string> = {
  simulation: 'Simulation',
  credits_bought: 'Credits bought',
  one_off_credits: 'One-off credits',
  credits_refunded: 'Credits refunded',
  other: 'Other',
  correction: 'Correction',
  internal: 'Internal',
  workshop: 'Workshop',
};

export const creditSequenceSchema = z
  .object({
    id: z.string(),
    kind: creditSequenceKindSchema,
    updatedAt: z.string(),
    credits: z.number(),
    simulationHours: z.number(),
    simulationName: z.string().nullable(),
    note: z.string().nullable(),
    issuerId: z.string().nullable(),
    issuer: z.object({ id: z.string(), avatarId: avatarIdSchema.nullable(), fullName: z.string() }).nullable(),
  })
  .meta({ id: 'CreditSequence' });
export type CreditSequence = z.infer<typeof creditSequenceSchema>;

export const creditHistoryEntrySchema = z.object({ credits: z.number(), date: z.string(), sequenceId: z.string() });
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;
