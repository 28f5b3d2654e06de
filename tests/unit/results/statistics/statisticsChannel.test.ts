// The statistics commands over the app's realtime channel (spec 2 §7) with a test socket: stats.info one
// at a time (its replies do not name the objects), stats.calc's replies streamed to the panel until its
// final state, a silent computation given up, stats.cancel; and progress reaching the screen at most
// every 120 ms (spec 2 §9).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'oidc-client-ts';
import { STATISTICS_PROGRESS_THROTTLE_MS } from '../../../../src/domain/constants.ts';
import { createRealtimeConnection } from '../../../../src/client/realtime/createRealtimeConnection.ts';
import { RealtimeChannel } from '../../../../src/client/realtime/RealtimeChannel.ts';
import type { SocketLike } from '../../../../src/client/realtime/RealtimeConnection.ts';
import { STATISTICS_SILENCE_TIMEOUT_MS, StatisticsChannel } from '../../../../src/client/results/statistics/statisticsChannel.ts';
import { throttleLatest } from '../../../../src/client/results/statistics/progressThrottle.ts';
import type { StatisticsReplyMessage } from '../../../../src/client/results/statistics/statisticsResult.ts';
import { statsCalcCommandSchema } from '../../../../src/domain/statisticsMessages.ts';

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
  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  sentOfType(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

const SIM = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

async function connectedChannel() {
  const sockets: TestSocket[] = [];
  const connection = createRealtimeConnection(
    { getUser: async () => ({ access_token: 'token' }) as User },
    'https://surge.test',
    () => {
      const socket = new TestSocket();
      sockets.push(socket);
      return socket;
    },
    async () => 'ticket',
  );
  connection.start();
  await vi.advanceTimersByTimeAsync(0);
  sockets[0].open();
  return { connection, socket: sockets[0], stats: new StatisticsChannel(new RealtimeChannel(connection), SIM) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('statistics over the realtime channel', () => {
  it('sends one stats.info at a time and pairs each reply with its request', async () => {
    const { connection, socket, stats } = await connectedChannel();
    const first = stats.info(3, ['fluid_0']);
    const second = stats.info(3, ['wall_0']);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sentOfType('stats.info')).toEqual([expect.objectContaining({ simId: SIM, output: 3, objIds: ['fluid_0'], dataset: 'raw' })]);
    socket.receive({ type: 'stats.info.resp', simId: SIM, output: 3, dataset: 'raw', operationsByAttribute: { pressure: ['mean'] }, subAttributes: {} });
    await expect(first).resolves.toMatchObject({ operationsByAttribute: { pressure: ['mean'] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sentOfType('stats.info').map((m) => m.objIds)).toEqual([['fluid_0'], ['wall_0']]);
    socket.receive({ type: 'stats.info.missing_output', simId: SIM, output: 3 });
    await expect(second).resolves.toMatchObject({ type: 'stats.info.missing_output' });
    connection.stop();
  });

  it('streams the replies of its own computation until the final state', async () => {
    const { connection, socket, stats } = await connectedChannel();
    const command = statsCalcCommandSchema.parse({
      type: 'stats.calc', simId: SIM, calcId: 'calc-1', outputs: [1, 2], attribute: 'pressure', objIds: ['fluid_0'], operations: { mean: ['mean'] },
    });
    const seen: StatisticsReplyMessage[] = [];
    const done = stats.calc(command, (r) => seen.push(r));
    expect(socket.sentOfType('stats.calc')).toEqual([expect.objectContaining({ calcId: 'calc-1', outputs: [1, 2], dataset: 'raw', mode: 'both' })]);
    socket.receive({ type: 'stats.started', simId: SIM, calcId: 'calc-1', outputs: [1, 2] });
    socket.receive({ type: 'output_statistic', simId: SIM, calcId: 'other', outputNo: 1, statistic: 'mean', value: 5 });
    // A computation that keeps talking is not given up, however long it takes in all.
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(STATISTICS_SILENCE_TIMEOUT_MS - 1000);
      socket.receive({ type: 'stats.progress', simId: SIM, calcId: 'calc-1', progress: 10 * (i + 1) });
    }
    socket.receive({ type: 'output_statistic', simId: SIM, calcId: 'calc-1', outputNo: 1, statistic: 'mean', value: 5 });
    socket.receive({ type: 'stats.state', simId: SIM, calcId: 'calc-1', state: 'completed', progress: 100, error: null });
    await expect(done).resolves.toBeUndefined();
    expect(seen.map((r) => r.type)).toEqual(['stats.started', 'stats.progress', 'stats.progress', 'stats.progress', 'output_statistic', 'stats.state']);
    socket.receive({ type: 'stats.progress', simId: SIM, calcId: 'calc-1', progress: 100 });
    expect(seen).toHaveLength(6);
    connection.stop();
  });

  it('gives up a computation that falls silent, and one the server refuses', async () => {
    const { connection, socket, stats } = await connectedChannel();
    const command = statsCalcCommandSchema.parse({
      type: 'stats.calc', simId: SIM, calcId: 'calc-2', outputs: [1], attribute: 'pressure', objIds: ['fluid_0'], operations: { mean: ['mean'] },
    });
    const silent = stats.calc(command, () => undefined);
    const rejection = expect(silent).rejects.toThrow(/did not answer/);
    socket.receive({ type: 'stats.started', simId: SIM, calcId: 'calc-2', outputs: [1] });
    await vi.advanceTimersByTimeAsync(STATISTICS_SILENCE_TIMEOUT_MS + 1);
    await rejection;
    const refused = stats.calc({ ...command, calcId: 'calc-3' }, () => undefined);
    socket.receive({ type: 'error', error: 'forbidden', command: 'stats.calc', simId: SIM, description: 'No access.' });
    await expect(refused).rejects.toThrow('No access.');
    connection.stop();
  });

  it('asks the server to cancel a computation', async () => {
    const { connection, socket, stats } = await connectedChannel();
    const cancelled = stats.cancel('calc-1');
    expect(socket.sentOfType('stats.cancel')).toEqual([expect.objectContaining({ simId: SIM, calcId: 'calc-1' })]);
    socket.receive({ type: 'stats.cancel.resp', simId: SIM, calcId: 'calc-1', canceled: 1 });
    await expect(cancelled).resolves.toBeUndefined();
    connection.stop();
  });
});

describe('progress throttle', () => {
  it('delivers the first value at once, then the latest at most every 120 ms, and flushes at the end', async () => {
    const delivered: [number, number][] = [];
    const throttle = throttleLatest<number>((v) => delivered.push([Date.now(), v]), STATISTICS_PROGRESS_THROTTLE_MS, () => Date.now());
    const t0 = Date.now();
    throttle.push(1);
    for (let i = 2; i <= 10; i++) {
      await vi.advanceTimersByTimeAsync(20);
      throttle.push(i);
    }
    await vi.advanceTimersByTimeAsync(200);
    // 10 pushes every 20 ms come out as 3 deliveries: at 0, 120 and 240 ms, each the latest value then.
    expect(delivered.map(([t, v]) => [t - t0, v])).toEqual([[0, 1], [120, 6], [240, 10]]);
    // After a quiet period a value goes out at once; the next one within 120 ms waits, and the flush at
    // the end of a computation delivers it without waiting.
    throttle.push(11);
    throttle.push(12);
    expect(delivered.map(([, v]) => v)).toEqual([1, 6, 10, 11]);
    throttle.flush();
    expect(delivered.map(([, v]) => v)).toEqual([1, 6, 10, 11, 12]);
    throttle.push(13);
    throttle.cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(delivered.map(([, v]) => v)).toEqual([1, 6, 10, 11, 12]);
  });
});
