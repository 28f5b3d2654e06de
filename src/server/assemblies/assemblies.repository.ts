// The SQL of assemblies and their parts; tessellation runs are rows of the jobs table (kind tessellation).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { assemblies, assemblyParts, jobs } from '../platform/db/schema.ts';

export type AssemblyRow = typeof assemblies.$inferSelect;
export type AssemblyPartRow = typeof assemblyParts.$inferSelect;
export type JobRowOf = typeof jobs.$inferSelect;

export async function insertAssembly(db: Executor, values: typeof assemblies.$inferInsert): Promise<AssemblyRow> {
  const [row] = await db.insert(assemblies).values(values).returning();
  return row;
}

export async function findAssembly(db: Executor, organizationId: string, id: string): Promise<AssemblyRow | undefined> {
  const [row] = await db
    .select()
    .from(assemblies)
    .where(and(eq(assemblies.id, id), eq(assemblies.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** The assembly row, locked for the rest of the transaction (part edits and run starts queue up on it). */
export async function lockAssembly(db: Executor, id: string): Promise<AssemblyRow | undefined> {
  const [row] = await db.select().from(assemblies).where(eq(assemblies.id, id)).for('update').limit(1);
  return row;
}

export async function findAssemblyById(db: Executor, id: string): Promise<AssemblyRow | undefined> {
  const [row] = await db.select().from(assemblies).where(eq(assemblies.id, id)).limit(1);
  return row;
}

export async function assembliesOfSimulation(db: Executor, simulationId: string): Promise<AssemblyRow[]> {
  return db.select().from(assemblies).where(eq(assemblies.simulationId, simulationId)).orderBy(desc(assemblies.createdAt), desc(assemblies.id));
}

export async function updateAssembly(db: Executor, id: string, values: Partial<typeof assemblies.$inferInsert>): Promise<AssemblyRow | undefined> {
  const [row] = await db.update(assemblies).set(values).where(eq(assemblies.id, id)).returning();
  return row;
}

export async function partsOfAssembly(db: Executor, assemblyId: string): Promise<AssemblyPartRow[]> {
  return db.select().from(assemblyParts).where(eq(assemblyParts.assemblyId, assemblyId)).orderBy(asc(assemblyParts.position), asc(assemblyParts.createdAt));
}

export async function insertAssemblyParts(db: Executor, values: (typeof assemblyParts.$inferInsert)[]): Promise<AssemblyPartRow[]> {
  if (values.length === 0) return [];
  return db.insert(assemblyParts).values(values).returning();
}

export async function updateAssemblyPart(db: Executor, id: string, values: Partial<typeof assemblyParts.$inferInsert>): Promise<AssemblyPartRow | undefined> {
  const [row] = await db
    .update(assemblyParts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(assemblyParts.id, id))
    .returning();
  return row;
}

export async function deleteAssemblyParts(db: Executor, assemblyId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(assemblyParts)
    .where(and(eq(assemblyParts.assemblyId, assemblyId), inArray(assemblyParts.id, [...ids])))
    .returning({ id: assemblyParts.id });
  return rows.length;
}

/** Jobs by id (import jobs and tessellation runs of assemblies). */
export async function jobsById(db: Executor, ids: readonly string[]): Promise<Map<string, JobRowOf>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(jobs).where(inArray(jobs.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Tessellation runs of a simulation, newest first. */
export async function tessellationRunsOfSimulation(db: Executor, simulationId: string, limit = 200): Promise<JobRowOf[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.simulationId, simulationId), eq(jobs.kind, 'tessellation')))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}

/** Scheduled or running tessellations of one assembly. */
export async function activeTessellations(db: Executor, simulationId: string, assemblyId: string): Promise<JobRowOf[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.simulationId, simulationId),
        eq(jobs.kind, 'tessellation'),
        inArray(jobs.state, ['scheduled', 'running']),
        sql`${jobs.payload} ->> 'assemblyId' = ${assemblyId}`,
      ),
    );
}
