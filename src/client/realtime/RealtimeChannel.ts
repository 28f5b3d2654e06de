// The realtime results channel (spec 2 §7) on top of the connection engine: subscriptions to one
// simulation's events that survive reconnects, and the request/reply commands fetch.available_outputs,
// fetch.info, fetch.data and sync. No React here; screens use it through hooks.
import type {
  AvailableOutputsReply,
  DataRequestInput,
  FetchDataReply,
  FetchInfoReply,
  OutputsAvailableEvent,
  RealtimeCommandInput,
  RealtimeServerMessage,
  RealtimeServerMessageType,
  SimulationEvent as ServerSimulationEvent,
  SyncReply,
} from '../../domain/realtimeMessages.ts';
import type { ConnectionStatus, RealtimeConnection } from './RealtimeConnection.ts';

/** Events of one simulation that the server pushes to subscribers. */
export const SIMULATION_EVENT_TYPES = ['simulation.update', 'job.update', 'log.append', 'outputs.available', 'condition.triggered'] as const;
export type SimulationEventType = (typeof SIMULATION_EVENT_TYPES)[number];

/**
 * Sent to a simulation's watchers after the channel came back from a lost or suspended connection:
 * events may have been missed in between, so whatever they show should be read again.
 */
export const RESYNC_EVENT = 'channel.resync';

/**
 * Sent to a simulation's watchers when a sync reply names it: its outputs' visualization or sensor
 * states changed while this client was away, so the outputs list should be read again.
 */
export const OUTPUTS_STALE_EVENT = 'outputs.stale';

/** What a simulation's watchers receive: the server's events plus the channel's own two notices. */
export type SimulationEvent = ServerSimulationEvent | { type: typeof RESYNC_EVENT; simId: string } | { type: typeof OUTPUTS_STALE_EVENT; simId: string };
export type SimulationListener = (event: SimulationEvent) => void;

export interface RequestOptions {
  /** Reply types that answer this command. */
  replies: readonly RealtimeServerMessageType[];
  /** Further test a reply must pass (same simulation, same outputs). */
  matches?: (reply: RealtimeServerMessage) => boolean;
  /** Replies are collected until this returns true; by default the first one ends the request. */
  done?: (reply: RealtimeServerMessage, collected: readonly RealtimeServerMessage[]) => boolean;
  /**
   * Called with each reply as it comes, for commands whose replies stream (statistics). With it the
   * timeout counts from the latest reply rather than from the command: a stream lives while it speaks.
   */
  onReply?: (reply: RealtimeServerMessage) => void;
  timeoutMs?: number;
}

export class RealtimeRequestError extends Error {
  readonly command: string;
  constructor(command: string, message: string) {
    super(message);
    this.name = 'RealtimeRequestError';
    this.command = command;
  }
}

/** Longest wait for a reply, the time to get (re)connected included. */
export const REALTIME_REQUEST_TIMEOUT_MS = 30_000;

/** One object of a fetch.data request: which objects, attributes and dataset of the outputs to send. */
export type FetchDataRequest = DataRequestInput;

let nextRequestId = 1;

export class RealtimeChannel {
  private readonly connection: RealtimeConnection;
  private readonly watchers = new Map<string, Set<SimulationListener>>();
  private everConnected = false;
  private lostSinceConnected = false;

  constructor(connection: RealtimeConnection) {
    this.connection = connection;
    connection.onStatus((status) => this.onStatus(status));
    for (const type of SIMULATION_EVENT_TYPES) {
      connection.subscribe(type, (message) => this.dispatch(message));
    }
    connection.subscribe('sys.sync.resp', (message) => this.onSyncReply(message));
    if (connection.getStatus() === 'connected') this.everConnected = true;
  }

  /**
   * Watches one simulation: subscribes on the server now and after every reconnect, and hands its
   * events to `listener` until the returned function is called. The channel counts the watchers of a
   * simulation: the first subscribes on the server, the last to leave unsubscribes.
   */
  watchSimulation(simId: string, listener: SimulationListener): () => void {
    let listeners = this.watchers.get(simId);
    if (!listeners) {
      listeners = new Set();
      this.watchers.set(simId, listeners);
      this.connection.send({ type: 'subscribe', simId });
    }
    listeners.add(listener);
    return () => {
      const current = this.watchers.get(simId);
      if (!current) return;
      if (!current.delete(listener) || current.size > 0) return;
      this.watchers.delete(simId);
      // Every screen watches through this channel, so nobody else still needs the server's subscription.
      // Not connected: nothing to end, and a reconnect subscribes only the simulations still watched.
      this.connection.send({ type: 'unsubscribe', simId });
    };
  }

  /** Simulations watched right now (re-subscribed after each reconnect). */
  watchedSimulations(): string[] {
    return [...this.watchers.keys()];
  }

  fetchAvailableOutputs(simId: string, timeoutMs?: number): Promise<AvailableOutputsReply | OutputsAvailableEvent> {
    return this.request(
      { type: 'fetch.available_outputs', simId },
      { replies: ['outputs.available', 'fetch.available_outputs.resp'], matches: sameSimulation(simId), timeoutMs },
    ).then((replies) => replies[0] as AvailableOutputsReply | OutputsAvailableEvent);
  }

  fetchInfo(simId: string, outputs: readonly number[], timeoutMs?: number): Promise<FetchInfoReply[]> {
    return this.request(
      { type: 'fetch.info', simId, outputs: [...outputs] },
      {
        replies: ['fetch.info.resp', 'fetch.info.missing_output'],
        matches: sameSimulation(simId),
        done: (_reply, collected) => collected.length >= Math.max(1, outputs.length),
        timeoutMs,
      },
    ) as Promise<FetchInfoReply[]>;
  }

  /** Asks for output data; the server answers with fetch.data.* replies (bundles are URLs to download). */
  fetchData(simId: string, outputs: readonly number[], requests: readonly FetchDataRequest[], timeoutMs?: number): Promise<FetchDataReply[]> {
    return this.request(
      { type: 'fetch.data', simId, outputs: [...outputs], requests: [...requests] },
      {
        replies: FETCH_DATA_REPLIES,
        matches: sameSimulation(simId),
        // Per output: any missing_* replies, then its bundle (or missing_output when the output is absent).
        done: (_reply, collected) => collected.filter((r) => r.type === 'fetch.data.bundle' || r.type === 'missing_output').length >= outputs.length,
        timeoutMs,
      },
    ) as Promise<FetchDataReply[]>;
  }

  /** Asks for the visualization and sensor updates per simulation that this client missed. */
  sync(timeoutMs?: number): Promise<SyncReply> {
    return this.request({ type: 'sync' }, { replies: ['sys.sync.resp'], timeoutMs }).then((replies) => replies[0] as SyncReply);
  }

  /**
   * Sends a command and resolves with its replies. While the channel is not connected the command waits
   * for the connection (within the timeout); an 'error' reply naming the command rejects it.
   */
  request(message: RealtimeCommandInput, options: RequestOptions): Promise<RealtimeServerMessage[]> {
    const requestId = `r${nextRequestId++}`;
    const outgoing: RealtimeCommandInput = { ...message, requestId };
    const timeoutMs = options.timeoutMs ?? REALTIME_REQUEST_TIMEOUT_MS;
    return new Promise<RealtimeServerMessage[]>((resolve, reject) => {
      const collected: RealtimeServerMessage[] = [];
      const cleanups: (() => void)[] = [];
      const finish = (error: Error | null) => {
        for (const cleanup of cleanups) cleanup();
        if (error) reject(error);
        else resolve(collected);
      };
      const answers = (reply: RealtimeServerMessage) => {
        // A server that echoes request ids pairs replies exactly; otherwise type and simulation decide.
        const echoed = requestIdOf(reply);
        if (echoed !== undefined && echoed !== requestId) return false;
        return options.matches ? options.matches(reply) : true;
      };
      const expire = () => finish(new RealtimeRequestError(message.type, `The server did not answer ${message.type} in time.`));
      let timer = setTimeout(expire, timeoutMs);
      cleanups.push(() => clearTimeout(timer));
      for (const type of options.replies) {
        cleanups.push(
          this.connection.subscribe(type, (reply) => {
            if (!answers(reply)) return;
            collected.push(reply);
            if (options.onReply) {
              clearTimeout(timer);
              timer = setTimeout(expire, timeoutMs);
              options.onReply(reply);
            }
            const done = options.done ? options.done(reply, collected) : true;
            if (done) finish(null);
          }),
        );
      }
      cleanups.push(
        this.connection.subscribe('error', (reply) => {
          if (reply.command !== message.type) return;
          const echoed = requestIdOf(reply);
          if (echoed !== undefined && echoed !== requestId) return;
          finish(new RealtimeRequestError(message.type, reply.description || `${message.type} failed.`));
        }),
      );
      if (this.connection.send(outgoing)) return;
      // Not connected yet: send as soon as the channel is up.
      const stopWaiting = this.connection.onStatus((status) => {
        if (status !== 'connected') return;
        stopWaiting();
        this.connection.send(outgoing);
      });
      cleanups.push(stopWaiting);
    });
  }

  private onStatus(status: ConnectionStatus): void {
    if (status === 'connected') {
      const resync = this.everConnected && this.lostSinceConnected;
      this.everConnected = true;
      this.lostSinceConnected = false;
      for (const simId of this.watchers.keys()) this.connection.send({ type: 'subscribe', simId });
      if (resync) {
        for (const simId of [...this.watchers.keys()]) this.dispatch({ type: RESYNC_EVENT, simId });
      }
      return;
    }
    // Any other status after a connection (reconnecting, suspended, a quiet reopen for a fresh token) is a gap.
    if (this.everConnected) this.lostSinceConnected = true;
  }

  private dispatch(event: SimulationEvent): void {
    const listeners = this.watchers.get(event.simId);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(event);
  }

  /** sys.sync.resp names the simulations with visualization or sensor updates: their watchers re-read. */
  private onSyncReply(message: SyncReply): void {
    const updated = new Set<string>([...Object.keys(message.vizUpdates), ...Object.keys(message.sensorUpdates)]);
    for (const simId of updated) this.dispatch({ type: OUTPUTS_STALE_EVENT, simId });
  }
}

const FETCH_DATA_REPLIES = [
  'fetch.data.bundle', 'missing_output', 'missing_object', 'missing_attribute', 'missing_dataset', 'missing_mask',
] as const satisfies readonly FetchDataReply['type'][];

function sameSimulation(simId: string) {
  return (reply: RealtimeServerMessage) => !('simId' in reply) || reply.simId === undefined || reply.simId === simId;
}

function requestIdOf(reply: RealtimeServerMessage): string | undefined {
  const value = (reply as { requestId?: unknown }).requestId;
  return typeof value === 'string' ? value : undefined;
}

const channels = new WeakMap<RealtimeConnection, RealtimeChannel>();

/** The one channel of a connection (created on first use). */
export function channelFor(connection: RealtimeConnection): RealtimeChannel {
  let channel = channels.get(connection);
  if (!channel) {
    channel = new RealtimeChannel(connection);
    channels.set(connection, channel);
  }
  return channel;
}
