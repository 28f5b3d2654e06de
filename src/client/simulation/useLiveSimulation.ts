// The one live subscription of a simulation page (Setup, Monitor, Results share it through the layout):
// simulation.update patches the shared simulation record at once (state, log summary, credits) and a new
// state reads the whole record again (and the history), job.update replaces the job in the shared jobs
// list (a failed one reads the alerts again), a fired condition says so and reads the alerts again, and
// all of them are read again after the channel missed events. While the simulation is
// busy, polling covers the time the channel is down.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { simulationLogSummarySchema, stopConditionSchema, type Simulation } from '../../domain/simulation.ts';
import { simulationStateSchema } from '../../domain/simulationState.ts';
import { isSimulationBusy, jobsKey } from '../run/useSimulationJobs.ts';
import { showWarning } from '../run/runToasts.ts';
import type { SimulationState } from '../../domain/simulationState.ts';
import { jobRecordSchema, type JobRecord as SimulationJob } from '../../domain/jobRecords.ts';
import { RESYNC_EVENT } from '../realtime/RealtimeChannel.ts';
import { useSimulationEvents } from '../realtime/useSimulationEvents.ts';
import { simulationKey } from './useSimulation.ts';
import { alertsKey, historyKey } from '../activity/activityApi.ts';

/** The fields of a simulation.update event the Monitor shows; anything else is read from the API. */
const simulationPatchSchema = z.object({
  state: simulationStateSchema.optional(),
  log: simulationLogSummarySchema.nullable().optional(),
  creditsConsumed: z.number().optional(),
  simulationHoursConsumed: z.number().optional(),
  startedAt: z.string().nullable().optional(),
  activeRunId: z.string().nullable().optional(),
  setupLocked: z.boolean().optional(),
  resumable: z.boolean().optional(),
  lastStopCondition: stopConditionSchema.nullable().optional(),
  size: z.number().optional(),
});

export function applySimulationPatch(simulation: Simulation, event: Record<string, unknown>): Simulation {
  const source = event.simulation && typeof event.simulation === 'object' ? (event.simulation as Record<string, unknown>) : event;
  const parsed = simulationPatchSchema.safeParse(source);
  if (!parsed.success) return simulation;
  const patch = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { ...simulation, ...patch };
}

export function applyJobUpdate(jobs: readonly SimulationJob[], job: SimulationJob): SimulationJob[] {
  const index = jobs.findIndex((j) => j.id === job.id);
  if (index < 0) return [job, ...jobs];
  const next = [...jobs];
  next[index] = job;
  return next;
}

const POLL_BUSY_MS = 3000;

export function useLiveSimulation(simulationId: string, state: SimulationState): void {
  const { mutate } = useSWRConfig();
  useSimulationEvents(simulationId, (event) => {
    if (event.type === 'simulation.update') {
      void mutate<Simulation>(simulationKey(simulationId), (current) => (current ? applySimulationPatch(current, event) : current), {
        revalidate: false,
      });
      // States bring other changes (solver, resources, lock): read the whole record when one changes,
      // and the history, where a run's state shows.
      if (event.state !== state) {
        void mutate(simulationKey(simulationId));
        void mutate(historyKey(simulationId));
      }
    } else if (event.type === 'job.update') {
      const parsed = jobRecordSchema.safeParse(event.job);
      if (parsed.success) {
        void mutate<SimulationJob[]>(jobsKey(simulationId), (jobs) => applyJobUpdate(jobs ?? [], parsed.data), { revalidate: false });
        // A failed job is an alert.
        if (parsed.data.state === 'failed') void mutate(alertsKey(simulationId));
      } else {
        void mutate(jobsKey(simulationId));
        void mutate(alertsKey(simulationId));
      }
    } else if (event.type === 'condition.triggered') {
      // Alerts of the start flow (warning conditions) and stop conditions say so when they fire.
      showWarning('Condition reached', event.message);
      void mutate(alertsKey(simulationId));
    } else if (event.type === RESYNC_EVENT) {
      void mutate(simulationKey(simulationId));
      void mutate(jobsKey(simulationId));
      void mutate(alertsKey(simulationId));
      void mutate(historyKey(simulationId));
    }
  });

  const busy = isSimulationBusy(state);
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void mutate(simulationKey(simulationId)), POLL_BUSY_MS);
    return () => clearInterval(timer);
  }, [busy, mutate, simulationId]);
}
