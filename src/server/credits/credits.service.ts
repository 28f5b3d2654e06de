// Credits: charging a running simulation into the ledger, and the Usage & Budget queries (transactions
// page, CSV download, consumption history).
//
// A solver job charges its own wall time since it started, in increments: the job row remembers the
// seconds already charged, and the increment is booked in the same transaction that moves that mark, so
// a charge is never booked twice. A resumed or recovered run is a new job starting again from zero, so
// it pays only for its own time; what a lost worker had not charged yet is not billed.
import { and, eq } from 'drizzle-orm';
import { pageCount } from '../../domain/api.ts';
import { CREDIT_SEQUENCE_LABELS, type CreditHistoryEntry, type CreditSequence } from '../../domain/credits.ts';
import { toCsv } from '../../domain/csv.ts';
import type { CreditHistoryQuery, CreditSequenceQuery } from '../../domain/creditQueries.ts';
import { PERMISSIONS, hasPermission } from '../../domain/permissions.ts';
import type { AvatarId } from '../../domain/user.ts';
import { fullName } from '../../domain/user.ts';
import type { Paginated } from '../../domain/api.ts';
import type { Database } from '../platform/db/client.ts';
import { applyCharge, historyDays, sequencesPage, type SequenceWithIssuer } from './creditLedger.repository.ts';
import { jobs, organizations } from '../platform/db/schema.ts';
import type { RunRow } from '../runs/runs.repository.ts';
import { requirePermission, type AuthContext } from '../platform/access.ts';

export type ChargeResult = {
  /** Credits booked by this call. */
  credits: number;
  /** The organisation's credits afterwards. */
  organizationCredits: number;
};

/**
 * Charges `jobId` (running on `workerId`) up to `sessionSeconds` of wall time at the run's rate. Returns
 * null when the job is no longer this worker's (nothing booked).
 */
export async function chargeRunJob(
  db: Database,
  run: Pick<RunRow, 'id' | 'organizationId' | 'simulationId' | 'creditSequenceId' | 'creditsPerHour' | 'createdBy'>,
  jobId: string,
  workerId: string,
  sessionSeconds: number,
): Promise<ChargeResult | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ chargedSeconds: jobs.chargedSeconds })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.workerId, workerId), eq(jobs.state, 'running')))
      .for('update')
      .limit(1);
    if (!job) return null;
    const seconds = sessionSeconds - job.chargedSeconds;
    const [org] = await tx.select({ credits: organizations.credits }).from(organizations).where(eq(organizations.id, run.organizationId)).limit(1);
    if (!(seconds > 0)) return { credits: 0, organizationCredits: org?.credits ?? 0 };
    const hours = seconds / 3600;
    const credits = run.creditsPerHour * hours;
    await tx.update(jobs).set({ chargedSeconds: sessionSeconds }).where(eq(jobs.id, jobId));
    await applyCharge(tx, {
      organizationId: run.organizationId,
      simulationId: run.simulationId,
      runId: run.id,
      sequenceId: run.creditSequenceId,
      userId: run.createdBy,
      credits,
      hours,
      day: new Date().toISOString().slice(0, 10),
    });
    return { credits, organizationCredits: (org?.credits ?? 0) - credits };
  });
}

function toCreditSequence(row: SequenceWithIssuer, showIssuer: boolean): CreditSequence {
  return {
    id: row.id,
    kind: row.kind as CreditSequence['kind'],
    updatedAt: row.updatedAt.toISOString(),
    credits: row.credits,
    simulationHours: row.simulationHours,
    simulationName: row.simulationName,
    note: row.note,
    issuerId: showIssuer ? row.issuerId : null,
    issuer:
      showIssuer && row.issuer
        ? { id: row.issuer.id, avatarId: (row.issuer.avatarId as AvatarId | null) ?? null, fullName: fullName(row.issuer.firstName, row.issuer.lastName) }
        : null,
  };
}

/** The transactions of the caller's organisation; who issued them only with CREDITS_VIEW_SEQUENCE_USERS. */
export async function listCreditSequences(db: Database, auth: AuthContext, query: CreditSequenceQuery): Promise<Paginated<CreditSequence>> {
  const limit = query.pageLimit <= 0 ? null : query.pageLimit;
  const offset = limit === null ? 0 : (query.pageNumber - 1) * limit;
  const { rows, total } = await sequencesPage(db, auth.organization.id, {
    q: query.q || undefined,
    startDate: query.startDate ? new Date(query.startDate) : undefined,
    orderBy: query.orderBy,
    asc: query.asc,
    limit,
    offset,
    nameReaderId: hasPermission(auth.permissions, PERMISSIONS.PROJECTS_VIEW_ALL) ? null : auth.user.id,
  });
  const showIssuer = hasPermission(auth.permissions, PERMISSIONS.CREDITS_VIEW_SEQUENCE_USERS);
  return { results: rows.map((r) => toCreditSequence(r, showIssuer)), resultCount: total, pageCount: pageCount(total, limit ?? -1) };
}

/** credit_transactions.csv: the same rows as the page, all of them. */
export function creditSequencesCsv(page: Paginated<CreditSequence>): string {
  const header = ['Date', 'Transaction', 'Simulation', 'Credits', 'Simulation hours', 'Note', 'Issued by'];
  const rows = page.results.map((s) => [
    s.updatedAt,
    CREDIT_SEQUENCE_LABELS[s.kind],
    s.simulationName,
    s.credits.toFixed(2),
    s.simulationHours.toFixed(4),
    s.note,
    s.issuer?.fullName,
  ]);
  return toCsv([header, ...rows]);
}

/** First day (YYYY-MM-DD) of the period a day belongs to; weeks start on Monday (UTC). */
export function periodStart(day: string, groupBy: CreditHistoryQuery['groupBy']): string {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday);
  return date.toISOString().slice(0, 10);
}

/** Credits consumed per period and sequence, oldest first. */
export async function creditHistory(db: Database, auth: AuthContext, query: CreditHistoryQuery): Promise<{ results: CreditHistoryEntry[] }> {
  // Another user's consumption is for those who may see who used the credits.
  if (query.userId && query.userId !== auth.user.id) requirePermission(auth, PERMISSIONS.CREDITS_VIEW_SEQUENCE_USERS);
  const days = await historyDays(db, auth.organization.id, {
    userId: query.userId,
    startDay: query.startDate?.slice(0, 10),
    endDay: query.endDate?.slice(0, 10),
  });
  const buckets = new Map<string, CreditHistoryEntry>();
  for (const d of days) {
    const date = periodStart(d.day, query.groupBy);
    const key = `${date}|${d.sequenceId}`;
    const entry = buckets.get(key) ?? { date, sequenceId: d.sequenceId, credits: 0 };
    entry.credits += d.credits;
    buckets.set(key, entry);
  }
  return { results: [...buckets.values()].sort((a, b) => a.date.localeCompare(b.date) || a.sequenceId.localeCompare(b.sequenceId)) };
}

/** The organisation's credits now (for the start check and the running charge). */
export async function organizationCredits(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ credits: organizations.credits }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.credits ?? 0;
}

