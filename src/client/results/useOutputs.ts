// The outputs of a simulation for Results: GET .../outputs polled every 60 s (every 10 min once all are
// ready) and kept current by the realtime channel (outputs.available, and a read after missed events).
import useSWR from 'swr';
import type { SimulationState } from '../../domain/simulationState.ts';
import { useApi } from '../app/services.ts';
import { OUTPUTS_STALE_EVENT, RESYNC_EVENT } from '../realtime/RealtimeChannel.ts';
import { useSimulationEvents } from '../realtime/useSimulationEvents.ts';
import { mergeOutputs, outputsPollInterval } from './outputList.ts';
import { listOutputs } from './resultsApi.ts';

export function outputsKey(simulationId: string) {
  return ['outputs', simulationId] as const;
}

export function useOutputs(simulationId: string, state: SimulationState) {
  const api = useApi();
  const outputs = useSWR(outputsKey(simulationId), ([, id]) => listOutputs(api, id), {
    refreshInterval: (list) => outputsPollInterval(list),
    revalidateOnFocus: false,
  });
  const { mutate } = outputs;
  useSimulationEvents(simulationId, (event) => {
    if (event.type === 'outputs.available') {
      // Events carry the outputs that changed; before the first list arrives they cannot be merged into
      // anything (and a mutation would make SWR drop the list being read), so the list is read again.
      const incoming = event.outputs;
      if (outputs.data) void mutate((current) => mergeOutputs(current, incoming) ?? current, { revalidate: false });
      else void mutate();
    } else if (event.type === RESYNC_EVENT || event.type === OUTPUTS_STALE_EVENT || (event.type === 'simulation.update' && event.state === 'creating' && state !== 'creating')) {
      // Missed events, or a new run whose outputs replace the old ones.
      void mutate();
    }
  });
  return outputs;
}
