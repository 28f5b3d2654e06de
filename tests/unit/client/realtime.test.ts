import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { bindConnectionNotice, nextNotice } from '../../../src/client/realtime/connectionNotice.ts';
import { RealtimeConnection, type ConnectionStatus, type RealtimeTiming, type SocketLike } from '../../../src/client/realtime/RealtimeConnection.ts';

/** A socket the test opens, closes and feeds by hand. */
class TestSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
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
    this.sent.push(data);
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
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const timing: RealtimeTiming = {
  maxRetries: 3,
  backoffStartMs: 1000,
  backoffMaxMs: 30_000,
  cleanCloseCodes: [1000, 3000],
  renewCloseCodes: [4001],
  heartbeatFastMs: 500,
  heartbeatSlowMs: 10_000,
  hiddenDisconnectMs: 300_000,
};

function setup() {
  const sockets: TestSocket[] = [];
  const statuses: ConnectionStatus[] = [];
  const connection = new RealtimeConnection({
    resolveUrl: async () => 'ws://surge.test/ws',
    timing,
    heartbeatMessage: () => ({ type: 'ping' }),
    isWorkloadReady: (m) => m.type === 'pong',
    createSocket: (url) => {
      const socket = new TestSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  connection.onStatus((s) => statuses.push(s));
  return { connection, sockets, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime connection engine', () => {
  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => RealtimeConnection.backoffDelay(n, timing))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('beats every 500 ms until the workload is ready, then every 10 s', async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    expect(sockets[0].sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(sockets[0].sent).toHaveLength(4);
    sockets[0].receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(500);
    const afterReady = sockets[0].sent.length;
    await vi.advanceTimersByTimeAsync(9000);
    expect(sockets[0].sent.length).toBe(afterReady);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets[0].sent.length).toBe(afterReady + 1);
    connection.stop();
  });

  it('delivers messages to subscribers of their type and to * listeners, until unsubscribed', async () => {
    const { connection, sockets } = setup();
    const seen: string[] = [];
    const stop = connection.subscribe('subscribed', (m) => seen.push(`typed:${m.simId}`));
    connection.subscribe('*', (m) => seen.push(`all:${m.type}`));
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    sockets[0].receive({ type: 'subscribed', simId: 'a' });
    sockets[0].onmessage?.({ data: 'not json' });
    stop();
    sockets[0].receive({ type: 'subscribed', simId: 'b' });
    expect(seen).toEqual(['typed:a', 'all:subscribed', 'all:subscribed']);
    connection.stop();
  });

  it('reconnects after an unexpected close and reports reconnecting, then connected', async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    sockets[0].drop(1006);
    expect(connection.getStatus()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    connection.stop();
  });

  it('does not reconnect after a clean close code', async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    sockets[0].drop(3000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.getStatus()).toBe('closed');
  });

  it('reopens at once and quietly when the server asks for a fresh token', async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    sockets[0].drop(4001);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(statuses).toEqual(['connecting', 'connected', 'connecting', 'connected']);
    connection.stop();
  });

  it('gives up after the maximum number of retries', async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    for (let i = 0; i < 4; i += 1) {
      sockets[sockets.length - 1].drop(1006);
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(sockets).toHaveLength(4);
    expect(connection.getStatus()).toBe('closed');
  });

  it('lets go of the socket after 300 s hidden and reopens quietly when visible', async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    connection.setPageHidden(true);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(sockets[0].closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0].closedWith).toBe(1000);
    expect(connection.getStatus()).toBe('suspended');
    connection.setPageHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(statuses.slice(-3)).toEqual(['suspended', 'connecting', 'connected']);
    connection.stop();
  });
});

describe('connection toast states', () => {
  it('shows reconnecting on a lost connection, reconnected when back, nothing for a first connect', () => {
    expect(nextNotice('none', 'connecting')).toBeNull();
    expect(nextNotice('none', 'connected')).toBeNull();
    expect(nextNotice('none', 'reconnecting')).toBe('reconnecting');
    expect(nextNotice('reconnecting', 'connected')).toBe('reconnected');
    expect(nextNotice('reconnecting', 'closed')).toBe('lost');
    expect(nextNotice('none', 'closed')).toBeNull();
    expect(nextNotice('none', 'suspended')).toBeNull();
  });

  it('clears the reconnected notice after 3 s', async () => {
    const store = createStore<{ notice: 'none' | 'reconnecting' | 'reconnected' | 'lost' }>(() => ({ notice: 'none' }));
    const { connection, sockets } = setup();
    const unbind = bindConnectionNotice(connection, store);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    sockets[0].drop(1006);
    expect(store.getState().notice).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1].open();
    expect(store.getState().notice).toBe('reconnected');
    await vi.advanceTimersByTimeAsync(2999);
    expect(store.getState().notice).toBe('reconnected');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().notice).toBe('none');
    unbind();
    connection.stop();
  });
});
