// The sensor computation job of a simulation (Compute Sensors, spec 1 §4): the latest job of its kind from
// the jobs list, whether sensors are blocked from editing, the button's label, and starting and stopping
// it. When a computation ends, the computed values and the outputs' sensor states are read again.
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { isJobActive, sensorEditingBlocked, sensorsButtonLabel } from '../../domain/jobs.ts';
import { useApi } from '../app/services.ts';
import { outputsKey } from '../results/useOutputs.ts';
import { cancelSensorRecomputation, type SimulationJob } from '../run/runApi.ts';
import { jobsKey, useSimulationJobs } from '../run/useSimulationJobs.ts';
import { customSensorsKey, startSensorComputation } from './measureApi.ts';

export interface SensorComputation {
  /** The newest sensor computation job, or null when there has been none. */
  latest: SimulationJob | null;
  /** Scheduled or running: sensors cannot be added or edited. */
  blocked: boolean;
  label: 'Stop computation' | 'Compute Sensors';
  start: () => Promise<void>;
  cancel: () => Promise<void>;
}

export function useSensorComputation(simulationId: string): SensorComputation {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const { data: jobs } = useSimulationJobs(simulationId);
  const all = jobs ?? [];
  const latest = all.filter((j) => j.kind === 'sensor_recomputation').sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0] ?? null;
  const active = latest !== null && isJobActive(latest.state);

  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) {
      void mutate(customSensorsKey(simulationId));
      void mutate(outputsKey(simulationId));
    }
    wasActive.current = active;
  }, [active, mutate, simulationId]);

  return {
    latest,
    blocked: sensorEditingBlocked(all),
    label: sensorsButtonLabel(all),
    start: async () => {
      await startSensorComputation(api, simulationId);
      await mutate(jobsKey(simulationId));
    },
    cancel: async () => {
      await cancelSensorRecomputation(api, simulationId);
      await mutate(jobsKey(simulationId));
    },
  };
}
