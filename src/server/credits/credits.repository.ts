// The credit ledger: appends credit sequences.
import type { Executor } from '../platform/db/client.ts';
import { creditSequences } from '../platform/db/schema.ts';

export async function insertCreditSequence(db: Executor, values: typeof creditSequences.$inferInsert): Promise<void> {
  await db.insert(creditSequences).values(values);
}
