// Outgoing mail (password reset, invitation). Embedded mode has no SMTP: mails are kept here and their
// links printed to the server log.
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(db: Executor, values: typeof mailOutbox.$inferInsert): Promise<MailRow> {
  const [row] = await db.insert(mailOutbox).values(values).returning();
  return row;
}

export async function mailsTo(db: Executor, recipient: string): Promise<MailRow[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(desc(mailOutbox.createdAt));
}
