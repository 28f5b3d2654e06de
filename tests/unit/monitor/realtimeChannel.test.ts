// The app's realtime channel with the spec's timings (spec 2 §9): heartbeat 500 ms until the server
// answers, then 10 s; 50 reconnects with backoff from 1 s capped at 30 s; none after close codes 1000
// and 3000; a page hidden 300 s lets go and reconnects when visible. Plus the channel's commands and
// simulation subscriptions that survive reconnects.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'oidc-client-ts';
import { createRealtimeConnection, realtimeUrl } from '../../../src/client/realtime/createRealtimeConnection.ts';
import { RealtimeChannel, RESYNC_EVENT, type SimulationEvent } from '../../../src/client/realtime/RealtimeChannel.ts';
import type { RealtimeConnection, SocketLike } from '../../../src/client/realtime/RealtimeConnection.ts';

class TestSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  sentOfType(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

function appConnection(signedIn = true) {
  const sockets: TestSocket[] = [];
  const auth = { getUser: async () => (signedIn ? ({ access_token: 'token-1' } as User) : null) };
  const tickets: string[] = [];
  const fetchTicket = async (origin: string, accessToken: string) => {
    tickets.push(`${origin} ${accessToken}`);
    return `ticket-${tickets.length}`;
  };
  const connection = createRealtimeConnection(
    auth,
    'https://surge.test',
    (url) => {
      const socket = new TestSocket(url);
      sockets.push(socket);
      return socket;
    },
    fetchTicket,
  );
  const last = () => sockets[sockets.length - 1];
  return { connection, sockets, last, tickets };
}

async function connected(connection: RealtimeConnection, sockets: TestSocket[]) {
  connection.start();
  await vi.advanceTimersByTimeAsync(0);
  sockets[sockets.length - 1].open();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime connection with the spec timings', () => {
  it('opens wss://…/ws with a ticket bought with the access token, a fresh one per socket', async () => {
    const { connection, sockets, tickets } = appConnection();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets[0].url).toBe('wss://surge.test/ws?ticket=ticket-1');
    expect(tickets).toEqual(['https://surge.test token-1']);
    sockets[0].open();
    sockets[0].drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets[1].url).toBe('wss://surge.test/ws?ticket=ticket-2');
    expect(realtimeUrl('http://localhost:8080', 'a b')).toBe('ws://localhost:8080/ws?ticket=a+b');
    connection.stop();
  });

  it('pings every 500 ms until the first pong, then every 10 s', async () => {
    const { connection, sockets, last } = appConnection();
    await connected(connection, sockets);
    expect(last().sentOfType('ping')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(last().sentOfType('ping')).toHaveLength(5);
    last().receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(500); // the beat already scheduled at the fast rate
    const pings = last().sentOfType('ping').length;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(last().sentOfType('ping')).toHaveLength(pings);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sentOfType('ping')).toHaveLength(pings + 1);
    connection.stop();
  });

  it('reconnects with 1, 2, 4, 8, 16, 30, 30… s waits and gives up after 50 attempts', async () => {
    const { connection, sockets, last } = appConnection();
    await connected(connection, sockets);
    last().drop(1006);
    const waits: number[] = [];
    let elapsed = 0;
    while (connection.getStatus() !== 'closed' && waits.length < 60) {
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before && connection.getStatus() !== 'closed') {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
      if (sockets.length === before) break;
      waits.push(waited);
      elapsed += waited;
      last().drop(1006);
    }
    expect(waits.slice(0, 7)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(waits).toHaveLength(50);
    expect(sockets).toHaveLength(51);
    expect(connection.getStatus()).toBe('closed');
    expect(elapsed).toBe(1000 + 2000 + 4000 + 8000 + 16_000 + 45 * 30_000);
  });

  it.each([1000, 3000])('does not reconnect after close code %i', async (code) => {
    const { connection, sockets, last } = appConnection();
    await connected(connection, sockets);
    last().drop(code);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    expect(connection.getStatus()).toBe('closed');
  });

  it('disconnects after 300 s hidden and reconnects when the page is visible again', async () => {
    const { connection, sockets, last } = appConnection();
    await connected(connection, sockets);
    connection.setPageHidden(true);
    await vi.advanceTimersByTimeAsync(299_000);
    connection.setPageHidden(false); // back in time: nothing happens
    connection.setPageHidden(true);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(last().closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0].closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sockets).toHaveLength(1);
    connection.setPageHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(connection.getStatus()).toBe('connected');
    connection.stop();
  });

  it('waits for a sign-in instead of opening a socket without a token', async () => {
    const { connection, sockets } = appConnection(false);
    connection.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(0);
    connection.stop();
  });
});

describe('realtime channel commands and subscriptions', () => {
  it('subscribes to a simulation once, delivers only its events, and subscribes again after a reconnect', async () => {
    const { connection, sockets, last } = appConnection();
    const channel = new RealtimeChannel(connection);
    const seen: SimulationEvent[] = [];
    const other: SimulationEvent[] = [];
    const stopA = channel.watchSimulation('sim-a', (e) => seen.push(e));
    const stopA2 = channel.watchSimulation('sim-a', () => undefined);
    channel.watchSimulation('sim-b', (e) => other.push(e));
    await connected(connection, sockets);
    expect(last().sentOfType('subscribe').map((m) => m.simId)).toEqual(['sim-a', 'sim-b']);

    last().receive({ type: 'log.append', simId: 'sim-a', entries: [{ time: 0.1, particles: 10 }] });
    last().receive({ type: 'simulation.update', simId: 'sim-b', state: 'running' });
    last().receive({ type: 'job.update', simId: 'sim-c', job: {} });
    expect(seen.map((e) => e.type)).toEqual(['log.append']);
    expect(other.map((e) => e.type)).toEqual(['simulation.update']);

    last().drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    last().open();
    expect(last().sentOfType('subscribe').map((m) => m.simId)).toEqual(['sim-a', 'sim-b']);
    // Events may have been missed while the connection was down: watchers are told to read again.
    expect(seen.map((e) => e.type)).toEqual(['log.append', RESYNC_EVENT]);

    // The channel counts watchers: the server's subscription ends only when the last one leaves.
    stopA();
    expect(last().sentOfType('unsubscribe')).toEqual([]);
    stopA();
    stopA2();
    expect(last().sentOfType('unsubscribe').map((m) => m.simId)).toEqual(['sim-a']);
    last().receive({ type: 'log.append', simId: 'sim-a', entries: [] });
    expect(seen).toHaveLength(2);
    expect(channel.watchedSimulations()).toEqual(['sim-b']);
    // A later reconnect subscribes only what is still watched.
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    last().open();
    expect(last().sentOfType('subscribe').map((m) => m.simId)).toEqual(['sim-b']);
    // A watcher after the last left subscribes again.
    channel.watchSimulation('sim-a', () => undefined);
    expect(last().sentOfType('subscribe').map((m) => m.simId)).toEqual(['sim-b', 'sim-a']);
    connection.stop();
  });

  it('answers fetch.available_outputs with the reply for the same simulation', async () => {
    const { connection, sockets, last } = appConnection();
    const channel = new RealtimeChannel(connection);
    await connected(connection, sockets);
    const reply = channel.fetchAvailableOutputs('sim-a');
    const sent = last().sentOfType('fetch.available_outputs')[0];
    expect(sent.simId).toBe('sim-a');
    last().receive({ type: 'outputs.available', simId: 'sim-b', outputs: [9] });
    last().receive({ type: 'outputs.available', simId: 'sim-a', outputs: [0, 1], requestId: sent.requestId });
    await expect(reply).resolves.toMatchObject({ outputs: [0, 1] });
    connection.stop();
  });

  it('collects one fetch.info reply per output, missing ones included', async () => {
    const { connection, sockets, last } = appConnection();
    const channel = new RealtimeChannel(connection);
    await connected(connection, sockets);
    const replies = channel.fetchInfo('sim-a', [0, 1]);
    last().receive({ type: 'fetch.info.resp', simId: 'sim-a', output: 0 });
    last().receive({ type: 'fetch.info.missing_output', simId: 'sim-a', output: 1 });
    expect((await replies).map((r) => r.type)).toEqual(['fetch.info.resp', 'fetch.info.missing_output']);
    connection.stop();
  });

  it('sends a command made while disconnected once connected, and rejects on an error reply or timeout', async () => {
    const { connection, sockets, last } = appConnection();
    const channel = new RealtimeChannel(connection);
    const sync = channel.sync();
    const failing = channel.fetchData('sim-a', [3], [{ objIds: ['fluid'], attributes: ['velocity'], geometry: true, dataset: 'fast' }]);
    const unanswered = channel.fetchAvailableOutputs('sim-z', 5000);
    await connected(connection, sockets);
    expect(last().sentOfType('sync')).toHaveLength(1);
    last().receive({ type: 'sys.sync.resp', vizUpdates: {}, sensorUpdates: {} });
    await expect(sync).resolves.toMatchObject({ type: 'sys.sync.resp' });

    last().receive({ type: 'error', command: 'fetch.data', description: 'Unknown command fetch.data.' });
    await expect(failing).rejects.toThrow('Unknown command fetch.data.');

    const expectation = expect(unanswered).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(5000);
    await expectation;
    connection.stop();
  });

  it('collects fetch.data replies until every output has its bundle or is missing', async () => {
    const { connection, sockets, last } = appConnection();
    const channel = new RealtimeChannel(connection);
    await connected(connection, sockets);
    const replies = channel.fetchData('sim-a', [1, 2], [{ objIds: ['fluid', 'x'], attributes: ['velocity'], geometry: true, dataset: 'fast' }]);
    last().receive({ type: 'missing_object', simId: 'sim-a', outputNo: 1, objId: 'x' });
    last().receive({ type: 'fetch.data.bundle', simId: 'sim-a', outputNo: 1, files: [] });
    last().receive({ type: 'missing_output', simId: 'sim-a', outputNo: 2 });
    last().receive({ type: 'fetch.data.bundle', simId: 'sim-a', outputNo: 3, files: [] });
    expect((await replies).map((r) => r.type)).toEqual(['missing_object', 'fetch.data.bundle', 'missing_output']);
    connection.stop();
  });

  it('tells watchers of simulations named in a sync reply that outputs changed', async () => {
    const { connection, sockets, last } = appConnection();
    const channel = new RealtimeChannel(connection);
    const seen: string[] = [];
    channel.watchSimulation('sim-a', (e) => seen.push(e.type));
    await connected(connection, sockets);
    last().receive({ type: 'sys.sync.resp', vizUpdates: { 'sim-a': [4] }, sensorUpdates: {} });
    expect(seen).toEqual(['outputs.stale']);
    connection.stop();
  });
});
