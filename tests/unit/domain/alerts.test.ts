// Alert and history shaping: a failed job becomes an error alert with its time and texts (other states
// none), alerts sort newest first, and runs and setup edits make one history, newest first, in words.
import { describe, expect, it } from 'vitest';
import { ALERT_LIST_LIMIT, JOB_FAILED_WITHOUT_REASON, jobAlert, sortAlerts, type Alert, type FailedJobFacts } from '../../../src/domain/alerts.ts';
import { runEntryOutcome, runEntryTitle, runHistoryEntry, setupEntryLines, simulationHistory, type RunFacts } from '../../../src/domain/history.ts';

const job = (over: Partial<FailedJobFacts> = {}): FailedJobFacts => ({
  id: 'j1',
  kind: 'discretization',
  state: 'failed',
  runId: null,
  errors: [{ message: 'No fluid particles.' }],
  finishedAt: '2026-03-01T10:00:05.000Z',
  updatedAt: '2026-03-01T10:00:06.000Z',
  ...over,
});

describe('jobAlert', () => {
  it('makes an error alert of a failed job, at the time it ended, with its texts', () => {
    expect(jobAlert(job())).toEqual({
      id: 'job:j1',
      level: 'error',
      source: 'job',
      at: '2026-03-01T10:00:05.000Z',
      message: 'No fluid particles.',
      runId: null,
      jobKind: 'discretization',
    });
    const several = jobAlert(job({ errors: [{ message: 'a: bad.' }, { message: 'a: bad.' }, { message: 'b: worse.' }], finishedAt: null }));
    expect(several?.message).toBe('a: bad. b: worse.');
    expect(several?.at).toBe('2026-03-01T10:00:06.000Z');
    expect(jobAlert(job({ errors: [{ message: '  ' }] }))?.message).toBe(JOB_FAILED_WITHOUT_REASON);
  });

  it('makes none for jobs that did not fail', () => {
    for (const state of ['scheduled', 'running', 'completed', 'canceled', 'unknown', 'expired'] as const) expect(jobAlert(job({ state }))).toBeNull();
  });
});

describe('sortAlerts', () => {
  const alert = (id: string, at: string): Alert => ({ id, level: 'warning', source: 'condition', at, message: id, runId: null, jobKind: null });

  it('puts the newest first, ties by id, and keeps at most the limit', () => {
    const sorted = sortAlerts([alert('b', '2026-03-01T10:00:00Z'), alert('c', '2026-03-01T11:00:00Z'), alert('a', '2026-03-01T10:00:00Z')]);
    expect(sorted.map((a) => a.id)).toEqual(['c', 'a', 'b']);
    const many = Array.from({ length: ALERT_LIST_LIMIT + 5 }, (_, i) => alert(`x${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    const kept = sortAlerts(many);
    expect(kept).toHaveLength(ALERT_LIST_LIMIT);
    expect(kept[0].id).toBe(`x${ALERT_LIST_LIMIT + 4}`);
  });
});

describe('simulation history', () => {
  const user = { id: 'u1', fullName: 'Ada Lovelace', avatarId: null };
  const run = (over: Partial<RunFacts>): RunFacts => ({
    id: 'r1',
    number: 1,
    mode: 'start',
    state: 'completed',
    sessions: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    endedAt: '2026-03-01T10:05:00.000Z',
    stopReason: null,
    lastStopCondition: null,
    errorMessage: null,
    createdBy: user,
    ...over,
  });

  it('interleaves runs and setup edits, newest first', () => {
    const entries = simulationHistory(
      [run({ id: 'r2', number: 2, mode: 'restart', createdAt: '2026-03-01T12:00:00.000Z', state: 'running', endedAt: null }), run({})],
      [
        {
          id: 'e1',
          since: '2026-03-01T09:00:00.000Z',
          at: '2026-03-01T09:10:00.000Z',
          user,
          changes: [{ area: 'parts', action: 'added', id: 'p', name: 'Tank', fields: [] }],
          omitted: 0,
        },
        { id: 'e2', since: '2026-03-01T11:00:00.000Z', at: '2026-03-01T11:00:00.000Z', user: null, changes: [], omitted: 2 },
      ],
    );
    expect(entries.map((e) => e.id)).toEqual(['run:r2', 'setup:e2', 'run:r1', 'setup:e1']);
    const edit = entries[3];
    expect(edit.kind === 'setup' && setupEntryLines(edit)).toEqual(["Part 'Tank' added"]);
    expect(entries[1].kind === 'setup' && setupEntryLines(entries[1])).toEqual(['and 2 more changes']);
  });

  it('says how each run started and stands', () => {
    const says = (over: Partial<RunFacts>) => {
      const entry = runHistoryEntry(run(over));
      return `${runEntryTitle(entry)}: ${runEntryOutcome(entry)}`;
    };
    expect(says({})).toBe('Run 1 started: Completed');
    expect(says({ mode: 'restart', number: 3, state: 'running', sessions: 2 })).toBe('Run 3 restarted: Running (resumed 1×)');
    expect(says({ state: 'stopped', stopReason: 'condition', lastStopCondition: { valueType: 'time', threshold: 0.5 } })).toBe('Run 1 started: Stopped at simulated time 0.5');
    expect(says({ state: 'stopped', stopReason: 'user' })).toBe('Run 1 started: Stopped by a user');
    expect(says({ state: 'stopped', stopReason: 'credits' })).toBe('Run 1 started: Stopped: no credits left');
    expect(says({ state: 'failed', errorMessage: 'NaN in pressure' })).toBe('Run 1 started: Failed: NaN in pressure');
    expect(says({ state: 'launch_failed', errorMessage: 'No GPU' })).toBe('Run 1 started: Could not be launched: No GPU');
  });
});
