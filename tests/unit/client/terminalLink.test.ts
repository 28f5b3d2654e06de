// The VM terminal's link: it attaches to the shell once its socket opens, draws the replay, sends keys and
// sizes, reattaches after a dropped connection, and gives up after 3 retries at 1 s (spec 2 §9).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from '../../../src/client/realtime/RealtimeConnection.ts';
import { TerminalLink, type TerminalLinkStatus } from '../../../src/client/machines/terminalLink.ts';

class TestSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const SIM = '4d1c7a2e-5b6f-4e8a-9c0d-1e2f3a4b5c6d';

function setup() {
  const sockets: TestSocket[] = [];
  const screen: string[] = [];
  const statuses: TerminalLinkStatus[] = [];
  const link = new TerminalLink({
    auth: { getUser: async () => ({ access_token: 'token' }) as never },
    simId: SIM,
    origin: 'http://surge.test',
    fetchTicket: async () => 'ticket',
    view: { replay: (text) => screen.splice(0, screen.length, text), write: (text) => screen.push(text), size: () => ({ cols: 120, rows: 40 }) },
    createSocket: () => {
      const socket = new TestSocket();
      sockets.push(socket);
      return socket;
    },
  });
  link.onStatus((status) => statuses.push(status));
  return { link, sockets, screen, statuses };
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('terminal link', () => {
  it('attaches when connected, draws the replay and carries keys and sizes', async () => {
    const { link, sockets, screen, statuses } = setup();
    link.start();
    await flush();
    sockets[0].open();
    expect(sockets[0].sent.find((m) => m.type === 'vm.terminal.open')).toEqual({ type: 'vm.terminal.open', simId: SIM, cols: 120, rows: 40 });
    sockets[0].receive({ type: 'vm.terminal.opened', simId: SIM, replay: 'engineer@vm:~$ ' });
    expect(statuses.at(-1)).toBe('connected');
    expect(screen).toEqual(['engineer@vm:~$ ']);
    link.input('ls\r');
    link.resize(100, 30);
    sockets[0].receive({ type: 'vm.terminal.output', simId: SIM, data: 'README.txt\r\n' });
    expect(screen.join('')).toContain('README.txt');
    expect(sockets[0].sent.filter((m) => m.type !== 'ping')).toEqual([
      { type: 'vm.terminal.open', simId: SIM, cols: 120, rows: 40 },
      { type: 'vm.terminal.input', simId: SIM, data: 'ls\r' },
      { type: 'vm.terminal.resize', simId: SIM, cols: 100, rows: 30 },
    ]);
    link.stop();
  });

  it('reattaches after a drop, and gives up after 3 retries at 1 s', async () => {
    const { link, sockets, statuses } = setup();
    link.start();
    await flush();
    sockets[0].open();
    sockets[0].receive({ type: 'vm.terminal.opened', simId: SIM, replay: '' });
    sockets[0].drop();
    expect(statuses.at(-1)).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent.some((m) => m.type === 'vm.terminal.open')).toBe(true);
    sockets[1].receive({ type: 'vm.terminal.opened', simId: SIM, replay: 'again' });
    expect(statuses.at(-1)).toBe('connected');

    sockets[1].drop();
    const times: number[] = [];
    const started = Date.now();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await vi.advanceTimersByTimeAsync(999);
      expect(sockets).toHaveLength(2 + attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(3 + attempt);
      times.push(Date.now() - started);
      sockets.at(-1)?.drop();
      await flush();
    }
    console.log(`reconnect attempts at ${times.join(', ')} ms after the drop; then ${statuses.at(-1)}`);
    expect(times).toEqual([1000, 2000, 3000]);
    expect(statuses.at(-1)).toBe('failed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(5);
    link.stop();
  });

  it('reports a stopped machine and a refused attach', async () => {
    const { link, sockets, statuses } = setup();
    link.start();
    await flush();
    sockets[0].open();
    sockets[0].receive({ type: 'error', error: 'not_found', command: 'vm.terminal.open', simId: SIM, description: 'The Virtual Machine is not running.' });
    expect(statuses.at(-1)).toBe('closed');
    link.stop();
  });
});
