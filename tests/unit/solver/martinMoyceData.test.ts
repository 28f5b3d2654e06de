// The experiment's two measured columns and their interpolation, which the front comparison prints beside
// the reference.
import { describe, expect, it } from 'vitest';
import { MARTIN_MOYCE, MARTIN_MOYCE_SMALL_COLUMN, seriesAt } from '../../../src/solver/cases/martinMoyce.ts';

describe('Martin & Moyce series', () => {
  it('gives the measured points themselves and interpolates linearly between them', () => {
    expect(seriesAt(MARTIN_MOYCE_SMALL_COLUMN, 3.905)).toBeCloseTo(4.999, 12);
    expect(seriesAt(MARTIN_MOYCE_SMALL_COLUMN, 3.598)).toBeCloseTo(4.528, 12);
    // Halfway between (3.905, 4.999) and (4.592, 5.841).
    expect(seriesAt(MARTIN_MOYCE_SMALL_COLUMN, (3.905 + 4.592) / 2)).toBeCloseTo((4.999 + 5.841) / 2, 12);
    expect(seriesAt(MARTIN_MOYCE, 4.034)).toBeCloseTo(4.944, 12);
  });

  it('gives nothing outside the measured times', () => {
    expect(seriesAt(MARTIN_MOYCE_SMALL_COLUMN, 0.5)).toBeNull();
    expect(seriesAt(MARTIN_MOYCE_SMALL_COLUMN, 6)).toBeNull();
  });

  it('puts the smaller column ahead of the larger at T = 4.034 and behind it from T = 4.418', () => {
    // The reference's point at T = 4.034 lies behind the same figure's smaller column, which elsewhere
    // trails the larger one: the scatter the validation's worst point sits in.
    const at = (T: number) => seriesAt(MARTIN_MOYCE_SMALL_COLUMN, T)! / seriesAt(MARTIN_MOYCE, T)! - 1;
    expect(at(4.034)).toBeGreaterThan(0.03);
    expect(at(4.418)).toBeLessThan(-0.03);
    expect(at(5.091)).toBeLessThan(-0.05);
  });
});
