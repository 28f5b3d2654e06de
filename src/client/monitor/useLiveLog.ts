// The solver log of one simulation for the Monitor: read once from GET .../logs, then extended by the
// realtime channel's log.append events. It is read again after the channel missed events (reconnect) and
// when another run becomes the active one (restart: the log starts over, and nothing of the previous run
// stays in the Progress tile or the graphs).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SimulationState } from '../../domain/simulationState.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { RESYNC_EVENT } from '../realtime/RealtimeChannel.ts';
import { useSimulationEvents } from '../realtime/useSimulationEvents.ts';
import { appendLogRows, belongsToRun, emptyLogSeries, logSeriesFromColumns, mergeFetchedLog, rowsFromEvent, startsNewLog, type LogRunMarker, type LogSeries } from './logSeries.ts';
import { getLogColumns } from './monitorApi.ts';

export interface LiveLog {
  series: LogSeries;
  loaded: boolean;
  error: string | null;
  reload: () => void;
}

export function useLiveLog(simulationId: string, state: SimulationState, activeRunId: string | null): LiveLog {
  const api = useApi();
  const [series, setSeries] = useState<LogSeries>(emptyLogSeries);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  const reload = useCallback(
    (startOver = false) => {
      const id = ++request.current;
      if (startOver) setSeries(emptyLogSeries());
      getLogColumns(api, simulationId)
        .then((columns) => {
          if (id !== request.current) return;
          const fetched = logSeriesFromColumns(columns);
          setSeries((live) => (startOver ? fetched : mergeFetchedLog(fetched, live)));
          setLoaded(true);
          setError(null);
        })
        .catch((e: unknown) => {
          if (id !== request.current) return;
          setLoaded(true);
          setError(errorMessage(e));
        });
    },
    [api, simulationId],
  );

  useEffect(() => {
    setSeries(emptyLogSeries());
    setLoaded(false);
    reload();
  }, [reload]);

  // A new run (restart) begins a new log.
  const previousRun = useRef<LogRunMarker>({ activeRunId, state });
  useEffect(() => {
    const before = previousRun.current;
    const after = { activeRunId, state };
    previousRun.current = after;
    if (startsNewLog(before, after)) reload(true);
  }, [activeRunId, state, reload]);

  useSimulationEvents(simulationId, (event) => {
    if (event.type === 'log.append') {
      if (!belongsToRun(event.runId, previousRun.current.activeRunId)) return;
      const rows = rowsFromEvent(event.entries);
      if (rows.length > 0) setSeries((current) => appendLogRows(current, rows));
    } else if (event.type === RESYNC_EVENT) {
      reload();
    }
  });

  return { series, loaded, error, reload: () => reload() };
}
