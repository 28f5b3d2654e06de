// Picking through enclosing parts: the innermost part along the ray wins, otherwise the nearest.
import { describe, expect, it } from 'vitest';
import { pickInnermost } from '../../../src/client/viewer/interaction/pickInnermost.ts';

const hits = (entries: [string, number, number][]) => new Map(entries.map(([id, near, far]) => [id, { near, far }]));

describe('pickInnermost', () => {
  it('picks a part inside a tank rather than the tank wall in front of it', () => {
    expect(pickInnermost(hits([['tank', 1, 9], ['obstacle', 4, 5]]))).toBe('obstacle');
  });

  it('picks the nearest of separate parts', () => {
    expect(pickInnermost(hits([['a', 3, 4], ['b', 1, 2]]))).toBe('b');
  });

  it('picks the tank when nothing is inside it along the ray', () => {
    expect(pickInnermost(hits([['tank', 1, 9]]))).toBe('tank');
    expect(pickInnermost(hits([]))).toBeNull();
  });
});
