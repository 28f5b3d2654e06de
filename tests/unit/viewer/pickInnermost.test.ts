// Picking through enclosing parts: the innermost part along the ray wins (also one sharing the
// container's faces), otherwise the nearest.
import { describe, expect, it } from 'vitest';
import { pickInnermost } from '../../../src/client/viewer/interaction/pickInnermost.ts';

const hits = (entries: [string, number, number, number?][]) => new Map(entries.map(([id, near, far, size]) => [id, { near, far, size }]));

describe('pickInnermost', () => {
  it('picks a part inside a tank rather than the tank wall in front of it', () => {
    expect(pickInnermost(hits([['tank', 1, 9], ['obstacle', 4, 5]]))).toBe('obstacle');
  });

  it('picks a fluid that fills its tank wall to wall, whatever float noise says about the shared face', () => {
    expect(pickInnermost(hits([['tank', 1, 9], ['water', 1, 4]]))).toBe('water');
    expect(pickInnermost(hits([['tank', 1.0000001, 9], ['water', 1, 4]]))).toBe('water');
    // Looking along the shared walls, the ray enters and leaves both at the same distances: the smaller wins.
    expect(pickInnermost(hits([['tank', 1, 9, 0.45], ['water', 1.0000001, 9, 0.17]]))).toBe('water');
    expect(pickInnermost(hits([['water', 1.0000001, 9, 0.17], ['tank', 1, 9, 0.45]]))).toBe('water');
    // Without sizes, parts on the same stretch keep the first.
    expect(pickInnermost(hits([['a', 1, 4], ['b', 1, 4]]))).toBe('a');
  });

  it('picks the nearest of separate parts', () => {
    expect(pickInnermost(hits([['a', 3, 4], ['b', 1, 2]]))).toBe('b');
  });

  it('picks the tank when nothing is inside it along the ray', () => {
    expect(pickInnermost(hits([['tank', 1, 9]]))).toBe('tank');
    expect(pickInnermost(hits([]))).toBeNull();
  });
});
