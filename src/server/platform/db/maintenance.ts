// Upkeep that a PostgreSQL server's autovacuum does by itself but embedded PGlite (no background
// workers) does not: fresh planner statistics and reclaimed dead rows.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

/** Statistics only; quick, run at start so that the first queries get sensible plans. */
export async function analyze(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`ANALYZE`);
}

/** Reclaims rows left by updates and deletes (sign-in records churn) and refreshes statistics. */
export async function vacuumAnalyze(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`VACUUM (ANALYZE)`);
}
