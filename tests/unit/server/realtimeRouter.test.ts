// The realtime command router checks every frame against the domain's command union before a handler
// runs: handlers receive typed commands with defaults applied, everything else gets an error reply.
import { describe, expect, it } from 'vitest';
import type { RealtimeServerMessage } from '../../../src/domain/realtimeMessages.ts';
import { CommandRouter, type RealtimeSession } from '../../../src/server/platform/realtime/router.ts';

const SIM = '7d1f0a52-8c1e-4b6a-9f4e-2f8b1c3d4e5f';

function session(): { session: RealtimeSession; sent: RealtimeServerMessage[]; logged: unknown[] } {
  const sent: RealtimeServerMessage[] = [];
  const logged: unknown[] = [];
  const log = { error: (...args: unknown[]) => logged.push(args) };
  return {
    sent,
    logged,
    session: {
      auth: {} as RealtimeSession['auth'],
      ctx: { log } as unknown as RealtimeSession['ctx'],
      send: (message) => sent.push(message),
      onClose: () => undefined,
    },
  };
}

describe('realtime command router', () => {
  it('hands a valid command to its handler with the schema defaults applied', async () => {
    const router = new CommandRouter();
    const received: unknown[] = [];
    router.register('fetch.data', (_s, command) => {
      received.push(command);
      return { type: 'missing_output', simId: command.simId, outputNo: command.outputs[0] };
    });
    const { session: s, sent } = session();
    await router.dispatch(s, JSON.stringify({ type: 'fetch.data', simId: SIM, outputs: [3], requests: [{ objIds: ['fluid'] }] }));
    expect(received).toEqual([
      { type: 'fetch.data', simId: SIM, outputs: [3], requests: [{ objIds: ['fluid'], attributes: [], geometry: true, dataset: 'full', masks: [], bundle: true }] },
    ]);
    expect(sent).toEqual([{ type: 'missing_output', simId: SIM, outputNo: 3 }]);
  });

  it('answers frames that are not commands with the matching error and runs no handler', async () => {
    const router = new CommandRouter();
    let calls = 0;
    router.register('fetch.info', () => void calls++);
    const { session: s, sent } = session();
    await router.dispatch(s, 'not json');
    await router.dispatch(s, JSON.stringify({ simId: SIM }));
    await router.dispatch(s, JSON.stringify({ type: 'fetch.everything', simId: SIM }));
    await router.dispatch(s, JSON.stringify({ type: 'fetch.info', simId: SIM, outputs: [-1] }));
    await router.dispatch(s, JSON.stringify({ type: 'fetch.info', simId: 'not-a-uuid', outputs: [1] }));
    expect(calls).toBe(0);
    expect(sent.map((m) => (m.type === 'error' ? m.error : m.type))).toEqual([
      'malformed_message', 'malformed_message', 'unknown_command', 'invalid_command', 'invalid_command',
    ]);
    const invalid = sent[3];
    expect(invalid).toMatchObject({ type: 'error', command: 'fetch.info', simId: SIM });
    expect(invalid.type === 'error' && invalid.description.startsWith('outputs.0:')).toBe(true);
  });

  it('reports a failing handler as command_failed, logs it, and refuses a type registered twice', async () => {
    const router = new CommandRouter();
    router.register('ping', () => {
      throw new Error('boom');
    });
    expect(() => router.register('ping', () => ({ type: 'pong' }))).toThrow(/registered twice/);
    const { session: s, sent, logged } = session();
    await router.dispatch(s, JSON.stringify({ type: 'ping' }));
    expect(sent).toEqual([{ type: 'error', error: 'command_failed', command: 'ping', description: 'The command failed.' }]);
    expect(logged).toHaveLength(1);
  });
});
