// SQL of the post-processing machines: rows of remote_vms, the simulation's remoteVmRunState beside
// them, the running intervals the month's VM hours are counted from, and the first organisation's VM
// hours per month. State changes are fenced by the state they leave, so that the host, the sweeper and
// the API never overwrite each other.
import { and, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { LIVE_VM_STATES, VM_MESSAGES, type VmState, type VmStopReason } from '../../domain/vm.ts';
import type { Executor } from '../platform/db/client.ts';
import { organizations, projects, remoteVms, simulations } from '../platform/db/schema.ts';

export type MachineRow = typeof remoteVms.$inferSelect;
export type NewMachine = typeof remoteVms.$inferInsert;
export type MachineWithSimulation = MachineRow & { simulation: { id: string; name: string; project: { id: string; name: string; creatorId: string } } };

const live = [...LIVE_VM_STATES];

export async function insertMachine(db: Executor, values: NewMachine): Promise<MachineRow> {
  const [row] = await db.insert(remoteVms).values(values).returning();
  return row;
}

export async function findMachine(db: Executor, id: string): Promise<MachineRow | undefined> {
  const [row] = await db.select().from(remoteVms).where(eq(remoteVms.id, id)).limit(1);
  return row;
}

export async function findMachineByUsername(db: Executor, username: string): Promise<MachineRow | undefined> {
  const [row] = await db.select().from(remoteVms).where(eq(remoteVms.username, username)).limit(1);
  return row;
}

/** The simulation's newest machine, whatever its state. */
export async function latestMachineOfSimulation(db: Executor, simulationId: string): Promise<MachineRow | undefined> {
  const [row] = await db.select().from(remoteVms).where(eq(remoteVms.simulationId, simulationId)).orderBy(desc(remoteVms.createdAt)).limit(1);
  return row;
}

export async function liveMachineOfSimulation(db: Executor, simulationId: string): Promise<MachineRow | undefined> {
  const [row] = await db
    .select()
    .from(remoteVms)
    .where(and(eq(remoteVms.simulationId, simulationId), inArray(remoteVms.state, live)))
    .limit(1);
  return row;
}

/** Each simulation's newest machine in the organisation, if it is live or was created since `since`. */
export async function machinesOfOrganization(db: Executor, organizationId: string, since: Date): Promise<MachineWithSimulation[]> {
  const rows = await db
    .select({ machine: remoteVms, simulation: { id: simulations.id, name: simulations.name }, project: { id: projects.id, name: projects.name, creatorId: projects.creatorId } })
    .from(remoteVms)
    .innerJoin(simulations, eq(simulations.id, remoteVms.simulationId))
    .innerJoin(projects, eq(projects.id, simulations.projectId))
    .where(and(eq(remoteVms.organizationId, organizationId), sql`(${remoteVms.state} in ('launching', 'running', 'stopping') or ${remoteVms.createdAt} >= ${since.toISOString()})`))
    .orderBy(desc(remoteVms.createdAt));
  const seen = new Set<string>();
  const result: MachineWithSimulation[] = [];
  for (const row of rows) {
    if (seen.has(row.simulation.id)) continue;
    seen.add(row.simulation.id);
    result.push({ ...row.machine, simulation: { ...row.simulation, project: row.project } });
  }
  return result;
}

export async function setSimulationVmState(db: Executor, simulationId: string | null, state: VmState): Promise<void> {
  if (!simulationId) return;
  await db.update(simulations).set({ remoteVmRunState: state }).where(eq(simulations.id, simulationId));
}

export async function setMachineJob(db: Executor, id: string, jobId: string): Promise<void> {
  await db.update(remoteVms).set({ jobId }).where(eq(remoteVms.id, id));
}

/** launching -> running on the host that runs it; undefined when it is no longer launching. */
export async function markRunning(db: Executor, id: string, host: { hostId: string; agentUrl: string | null; sftpAddress: string }, now: Date): Promise<MachineRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(remoteVms)
      .set({ state: 'running', ...host, runningSince: now, accountedUntil: now, hoursConsumed: 0, updatedAt: now })
      .where(and(eq(remoteVms.id, id), eq(remoteVms.state, 'launching')))
      .returning();
    if (row) await setSimulationVmState(tx, row.simulationId, 'running');
    return row;
  });
}

/** Books the running time up to `now`; returns the row as it is now (undefined when gone). */
export async function bookHours(db: Executor, id: string, now: Date): Promise<MachineRow | undefined> {
  const [row] = await db
    .update(remoteVms)
    .set({
      accountedUntil: now,
      hoursConsumed: sql`greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - ${remoteVms.runningSince})) / 3600.0)`,
      updatedAt: now,
    })
    .where(and(eq(remoteVms.id, id), inArray(remoteVms.state, live), isNotNull(remoteVms.runningSince)))
    .returning();
  return row ?? (await findMachine(db, id));
}

/** launching or running -> stopping (shutdown asked for); undefined when it was not live. */
export async function requestStop(db: Executor, id: string): Promise<MachineRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(remoteVms)
      .set({ state: 'stopping', stopReason: 'user', updatedAt: new Date() })
      .where(and(eq(remoteVms.id, id), inArray(remoteVms.state, ['launching', 'running'])))
      .returning();
    if (row) await setSimulationVmState(tx, row.simulationId, 'stopping');
    return row;
  });
}

/**
 * A live machine -> stopped or failed, its hours booked up to `now` (or to its last booking when its host
 * was lost). The first stop wins; undefined when it had stopped already.
 */
export async function markEnded(
  db: Executor,
  id: string,
  end: { state: 'stopped' | 'failed'; reason: VmStopReason | null; message: string | null; now: Date; bookUntilNow: boolean },
): Promise<MachineRow | undefined> {
  return db.transaction(async (tx) => {
    const until = end.bookUntilNow ? sql`${end.now.toISOString()}::timestamptz` : sql`coalesce(${remoteVms.accountedUntil}, ${remoteVms.runningSince})`;
    const [row] = await tx
      .update(remoteVms)
      .set({
        state: end.state,
        stopReason: sql`coalesce(${remoteVms.stopReason}, ${end.reason})`,
        message: end.message,
        stoppedAt: end.now,
        accountedUntil: sql`case when ${remoteVms.runningSince} is null then null else ${until} end`,
        hoursConsumed: sql`case when ${remoteVms.runningSince} is null then 0 else greatest(0, extract(epoch from (${until} - ${remoteVms.runningSince})) / 3600.0) end`,
        updatedAt: end.now,
      })
      .where(and(eq(remoteVms.id, id), inArray(remoteVms.state, live)))
      .returning();
    if (row) await setSimulationVmState(tx, row.simulationId, end.state);
    return row;
  });
}

export async function setShutdownTime(db: Executor, id: string, shutdownTime: Date | null): Promise<MachineRow | undefined> {
  const [row] = await db
    .update(remoteVms)
    .set({ shutdownTime, updatedAt: new Date() })
    .where(and(eq(remoteVms.id, id), inArray(remoteVms.state, ['launching', 'running'])))
    .returning();
  return row;
}

/**
 * Running intervals of the organisation's machines that reach into [start, end): up to their last booking,
 * or up to `now` for machines still up.
 */
export async function runIntervals(db: Executor, organizationId: string, period: { start: Date; end: Date }, now: Date): Promise<{ start: Date; end: Date }[]> {
  const rows = await db
    .select({ start: remoteVms.runningSince, end: remoteVms.accountedUntil, state: remoteVms.state })
    .from(remoteVms)
    .where(and(eq(remoteVms.organizationId, organizationId), isNotNull(remoteVms.runningSince), lt(remoteVms.runningSince, period.end), gt(remoteVms.accountedUntil, period.start)));
  return rows.flatMap((row) => {
    if (!row.start || !row.end) return [];
    const up = row.state === 'running' || row.state === 'stopping';
    return [{ start: row.start, end: up && now > row.end ? now : row.end }];
  });
}

export async function vmHoursPerMonth(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db.select({ subscription: organizations.subscription }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.subscription?.vmHoursPerMonth ?? 0;
}

/** SURGE_VM_HOURS_PER_MONTH: the organisation's subscription gets that many VM hours per month. */
export async function setVmHoursPerMonth(db: Executor, organizationId: string, hours: number): Promise<void> {
  await db
    .update(organizations)
    .set({ subscription: sql`jsonb_set(${organizations.subscription}, '{vmHoursPerMonth}', to_jsonb(${hours}::float8))` })
    .where(and(eq(organizations.id, organizationId), isNotNull(organizations.subscription)));
}

export async function countRunningMachines(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(remoteVms)
    .where(and(eq(remoteVms.organizationId, organizationId), eq(remoteVms.state, 'running')));
  return Number(row?.count ?? 0);
}

/** Every live machine (hosts keep their folders at start, whichever process runs them). */
export async function liveMachineIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: remoteVms.id }).from(remoteVms).where(inArray(remoteVms.state, live));
  return rows.map((row) => row.id);
}

/** Marks running and stopping machines stopped (their host died), booked up to their last booking. */
export async function endMachinesLeftRunning(db: Executor): Promise<number> {
  const rows = await db.select({ id: remoteVms.id }).from(remoteVms).where(inArray(remoteVms.state, ['running', 'stopping']));
  let ended = 0;
  for (const row of rows) {
    const done = await markEnded(db, row.id, { state: 'stopped', reason: 'host_lost', message: VM_MESSAGES.stoppedHostLost, now: new Date(), bookUntilNow: false });
    if (done) ended += 1;
  }
  return ended;
}
