// Budget and storage: what an organisation has left to spend and how much storage it uses.
import { z } from 'zod';
import { subscriptionSchema } from './organization.ts';

export const budgetSchema = z
  .object({
    credits: z.number(),
    simulationHours: z.number(),
    vmHours: z.number(),
    activeSubscription: subscriptionSchema.nullable(),
  })
  .meta({ id: 'Budget' });
export type Budget = z.infer<typeof budgetSchema>;

export const storageConsumptionSchema = z
  .object({
    consumedBytes: z.number().nonnegative(),
    availableBytes: z.number().nonnegative(),
    lastUpdated: z.string(),
  })
  .meta({ id: 'StorageConsumption' });
export type StorageConsumption = z.infer<typeof storageConsumptionSchema>;

export function storageUsedFraction(s: StorageConsumption): number {
  return s.availableBytes <= 0 ? 1 : s.consumedBytes / s.availableBytes;
}
