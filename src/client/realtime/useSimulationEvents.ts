// React access to the realtime channel: the app's channel, and a hook that watches one simulation's
// events (subscribed on the server while any screen needs them, again after every reconnect).
import { useEffect, useRef } from 'react';
import { useServices } from '../app/services.ts';
import { channelFor, type RealtimeChannel, type SimulationListener } from './RealtimeChannel.ts';

export function useRealtimeChannel(): RealtimeChannel {
  return channelFor(useServices().realtime);
}

/** Calls `listener` (the latest one given) with every event of `simId` while mounted. */
export function useSimulationEvents(simId: string | undefined, listener: SimulationListener): void {
  const channel = useRealtimeChannel();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!simId) return;
    return channel.watchSimulation(simId, (event) => latest.current(event));
  }, [channel, simId]);
}
