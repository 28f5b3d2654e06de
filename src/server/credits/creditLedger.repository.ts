// The credit ledger beyond plain inserts: the charge of a run (sequence, organisation, simulation, run and
// daily history in one go), the transactions page with search and order, and the consumption history.
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CreditSequenceOrder } from '../../domain/creditQueries.ts';
import type { Executor } from '../platform/db/client.ts';
import { creditHistory, creditSequences, organizations, projects, runs, simulations, users } from '../platform/db/schema.ts';

export type CreditSequenceRow = typeof creditSequences.$inferSelect;

export async function insertSequence(db: Executor, values: typeof creditSequences.$inferInsert): Promise<CreditSequenceRow> {
  const [row] = await db.insert(creditSequences).values(values).returning();
  return row;
}

export type Charge = {
  organizationId: string;
  simulationId: string;
  runId: string;
  sequenceId: string | null;
  userId: string | null;
  credits: number;
  hours: number;
  /** YYYY-MM-DD (UTC) the consumption belongs to. */
  day: string;
};

/** Books a consumption: the run's sequence goes down, so do the organisation's credits; the simulation and run count up. */
export async function applyCharge(db: Executor, charge: Charge): Promise<void> {
  const { credits, hours } = charge;
  await db
    .update(organizations)
    .set({ credits: sql`${organizations.credits} - ${credits}` })
    .where(eq(organizations.id, charge.organizationId));
  await db
    .update(simulations)
    .set({
      creditsConsumed: sql`${simulations.creditsConsumed} + ${credits}`,
      simulationHoursConsumed: sql`${simulations.simulationHoursConsumed} + ${hours}`,
    })
    .where(eq(simulations.id, charge.simulationId));
  await db
    .update(runs)
    .set({ credits: sql`${runs.credits} + ${credits}`, simulationHours: sql`${runs.simulationHours} + ${hours}` })
    .where(eq(runs.id, charge.runId));
  if (charge.sequenceId === null) return;
  await db
    .update(creditSequences)
    .set({
      credits: sql`${creditSequences.credits} - ${credits}`,
      simulationHours: sql`${creditSequences.simulationHours} + ${hours}`,
      updatedAt: sql`now()`,
    })
    .where(eq(creditSequences.id, charge.sequenceId));
  await db
    .insert(creditHistory)
    .values({ sequenceId: charge.sequenceId, day: charge.day, organizationId: charge.organizationId, userId: charge.userId, credits })
    .onConflictDoUpdate({
      target: [creditHistory.sequenceId, creditHistory.day],
      set: { credits: sql`${creditHistory.credits} + ${credits}` },
    });
}

export type SequenceWithIssuer = CreditSequenceRow & {
  issuer: { id: string; firstName: string; lastName: string; avatarId: string | null } | null;
};

/**
 * The simulation name of a sequence as `readerId` may see it: the name when they may open the simulation
 * (its project is theirs) or, once the simulation is gone, when they issued the sequence; null otherwise.
 * `readerId` null: the reader may open every simulation.
 */
function visibleSimulationName(readerId: string | null): SQL {
  if (readerId === null) return sql`${creditSequences.simulationName}`;
  return sql`case when coalesce(${projects.creatorId}, ${creditSequences.issuerId}) = ${readerId} then ${creditSequences.simulationName} end`;
}

function orderColumn(key: CreditSequenceOrder, simulationName: SQL): SQL {
  switch (key) {
    case 'date':
      return sql`${creditSequences.updatedAt}`;
    case 'credits':
      return sql`${creditSequences.credits}`;
    case 'simulationHours':
      return sql`${creditSequences.simulationHours}`;
    case 'kind':
      return sql`${creditSequences.kind}`;
    case 'simulationName':
      return sql`coalesce(${simulationName}, '')`;
  }
}

export async function sequencesPage(
  db: Executor,
  organizationId: string,
  query: { q?: string; startDate?: Date; orderBy: CreditSequenceOrder; asc: boolean; limit: number | null; offset: number; nameReaderId: string | null },
): Promise<{ rows: SequenceWithIssuer[]; total: number }> {
  const simulationName = visibleSimulationName(query.nameReaderId);
  const conditions: SQL[] = [eq(creditSequences.organizationId, organizationId)];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The search sees only the names the reader may see, so it cannot be used to guess the others.
    const match = or(sql`${simulationName} ilike ${pattern}`, ilike(creditSequences.note, pattern), ilike(creditSequences.kind, pattern));
    if (match) conditions.push(match);
  }
  if (query.startDate) conditions.push(gte(creditSequences.updatedAt, query.startDate));
  const where = and(...conditions);
  const column = orderColumn(query.orderBy, simulationName);
  const order = query.asc ? asc(column) : desc(column);
  const base = db
    .select({
      sequence: creditSequences,
      simulationName: sql<string | null>`${simulationName}`,
      issuerId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarId: users.avatarId,
      total: sql<number | string>`count(*) over ()`,
    })
    .from(creditSequences)
    .leftJoin(users, eq(users.id, creditSequences.issuerId))
    .leftJoin(simulations, eq(simulations.id, creditSequences.simulationId))
    .leftJoin(projects, eq(projects.id, simulations.projectId))
    .where(where)
    .orderBy(order, desc(creditSequences.id))
    .offset(query.offset);
  const rows = query.limit === null ? await base : await base.limit(query.limit);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.offset > 0) {
    const [count] = await db
      .select({ n: sql<number | string>`count(*)` })
      .from(creditSequences)
      .leftJoin(simulations, eq(simulations.id, creditSequences.simulationId))
      .leftJoin(projects, eq(projects.id, simulations.projectId))
      .where(where);
    total = Number(count?.n ?? 0);
  }
  return {
    total,
    rows: rows.map((r) => ({
      ...r.sequence,
      simulationName: r.simulationName,
      issuer: r.issuerId && r.firstName !== null && r.lastName !== null ? { id: r.issuerId, firstName: r.firstName, lastName: r.lastName, avatarId: r.avatarId } : null,
    })),
  };
}

export async function historyDays(
  db: Executor,
  organizationId: string,
  filter: { userId?: string; startDay?: string; endDay?: string },
): Promise<{ sequenceId: string; day: string; credits: number }[]> {
  const conditions: SQL[] = [eq(creditHistory.organizationId, organizationId)];
  if (filter.userId) conditions.push(eq(creditHistory.userId, filter.userId));
  if (filter.startDay) conditions.push(gte(creditHistory.day, filter.startDay));
  if (filter.endDay) conditions.push(lte(creditHistory.day, filter.endDay));
  return db
    .select({ sequenceId: creditHistory.sequenceId, day: creditHistory.day, credits: creditHistory.credits })
    .from(creditHistory)
    .where(and(...conditions))
    .orderBy(asc(creditHistory.day));
}
