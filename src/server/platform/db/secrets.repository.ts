// Secrets generated once and shared by all replicas (cookie keys, token signing keys).
import { eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { serverSecrets } from './schema.ts';

/** The stored secret `name`, created with `create()` when there is none yet (first writer wins). */
export async function getOrCreateSecret<T>(db: Executor, name: string, create: () => T): Promise<T> {
  const [existing] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (existing) return existing.value as T;
  await db.insert(serverSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  return row.value as T;
}
