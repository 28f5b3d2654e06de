// Moves a simulation through its states (domain transitions) for the run it is on, and tells subscribers:
// every change of state, log summary, credits or size goes out as simulation.update.
import { canTransition, type SimulationState } from '../../domain/simulationState.ts';
import type { SimulationUpdateEvent } from '../../domain/realtimeMessages.ts';
import type { Database, Executor } from '../platform/db/client.ts';
import { findSimulationRow, lockSimulation, updateSimulationOnRun, updateSimulationRow } from '../runs/runs.repository.ts';
import type { SimulationRow } from './simulations.repository.ts';
import type { simulations } from '../platform/db/schema.ts';
import type { EventBus } from '../platform/jobs/events.ts';

export function simulationUpdate(row: SimulationRow): SimulationUpdateEvent {
  return {
    type: 'simulation.update',
    simId: row.id,
    state: row.state as SimulationState,
    setupLocked: row.setupLocked,
    resumable: row.resumable,
    activeRunId: row.activeRunId,
    startedAt: row.startedAt?.toISOString() ?? null,
    log: row.log ?? null,
    creditsConsumed: row.creditsConsumed,
    simulationHoursConsumed: row.simulationHoursConsumed,
    lastStopCondition: row.lastStopCondition ?? null,
    size: row.sizeBytes,
  };
}

export function publishSimulation(bus: EventBus, row: SimulationRow): void {
  bus.publish({ simId: row.id, message: simulationUpdate(row) });
}

export async function publishSimulationById(db: Executor, bus: EventBus, id: string): Promise<void> {
  const row = await findSimulationRow(db, id);
  if (row) publishSimulation(bus, row);
}

type SimulationValues = Partial<typeof simulations.$inferInsert>;

/**
 * In one transaction: when the simulation is still on `runId` and in one of `from`, moves it to `to`
 * (if the domain allows) with `values`. Returns the updated row, or undefined when nothing changed.
 */
export async function advanceSimulation(
  db: Database,
  bus: EventBus,
  change: { simulationId: string; runId: string; from: readonly SimulationState[]; to: SimulationState; values?: SimulationValues },
): Promise<SimulationRow | undefined> {
  const row = await db.transaction(async (tx) => {
    const sim = await lockSimulation(tx, change.simulationId);
    if (!sim || sim.activeRunId !== change.runId) return undefined;
    const from = sim.state as SimulationState;
    if (!change.from.includes(from)) return undefined;
    if (from !== change.to && !canTransition(from, change.to)) return undefined;
    return updateSimulationRow(tx, sim.id, { ...change.values, state: change.to });
  });
  if (row) publishSimulation(bus, row);
  return row;
}

/** Values of a simulation on its run that do not change its state (log summary, lock flags). */
export async function updateSimulationOfRun(db: Database, bus: EventBus, simulationId: string, runId: string, values: SimulationValues): Promise<SimulationRow | undefined> {
  const row = await updateSimulationOnRun(db, simulationId, runId, values);
  if (row) publishSimulation(bus, row);
  return row;
}
