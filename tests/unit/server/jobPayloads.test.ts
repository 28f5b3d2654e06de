// Job payloads are typed per kind: what a new job stores is checked against its kind's schema, and a
// handler reads a row back only as the kind it handles.
import { describe, expect, it } from 'vitest';
import { checkedJobPayload, jobPayload } from '../../../src/server/platform/jobs/payloads.ts';

describe('job payloads', () => {
  it('stores a solver run payload with its defaults and reads it back typed', () => {
    const stored = checkedJobPayload('solver_run', { mode: 'resume' });
    expect(stored).toEqual({ mode: 'resume', recovery: false });
    const read = jobPayload({ kind: 'solver_run', payload: stored }, 'solver_run');
    expect(read.mode).toBe('resume');
  });

  it('refuses a payload that does not fit its kind, and kinds without one take none', () => {
    expect(() => checkedJobPayload('solver_run', { mode: 'sideways' } as never)).toThrow();
    expect(checkedJobPayload('discretization', undefined)).toEqual({});
    expect(() => checkedJobPayload('discretization', { mode: 'start' } as never)).toThrow();
    expect(() => checkedJobPayload('user_export', {} as never)).toThrow();
  });

  it('refuses to read a row as another kind or a malformed row', () => {
    expect(() => jobPayload({ kind: 'discretization', payload: {} }, 'solver_run')).toThrow(/discretization job was read as a solver_run job/);
    expect(() => jobPayload({ kind: 'solver_run', payload: { recovery: true } }, 'solver_run')).toThrow();
  });
});
