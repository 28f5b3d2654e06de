// Wendland C2 kernel and Tait equation of state: normalisation, gradient, lattice consistency.
import { describe, expect, it } from 'vitest';
import { SMOOTHING_RATIO, kernelConstants, wendlandDwDr, wendlandGradFactor, wendlandW } from '../../../src/solver/kernel.ts';
import { taitConstants, taitDensity, taitPressure, taitSoundSpeed } from '../../../src/solver/eos.ts';
import { taitPressureFast } from '../../../src/solver/physics/integrate.ts';

describe('Wendland C2 kernel', () => {
  const h = 0.013;
  const k = kernelConstants(h);

  it('integrates to one over its support', () => {
    const d = h / 12;
    let sum = 0;
    const n = Math.ceil((2 * h) / d) + 1;
    for (let i = -n; i <= n; i++) {
      for (let j = -n; j <= n; j++) {
        for (let l = -n; l <= n; l++) sum += wendlandW(Math.hypot(i * d, j * d, l * d), k) * d * d * d;
      }
    }
    expect(sum).toBeCloseTo(1, 3);
  });

  it('vanishes with zero slope at the support radius', () => {
    expect(wendlandW(2 * h, k)).toBe(0);
    expect(wendlandDwDr(2 * h, k)).toBe(0);
    expect(wendlandW(2.5 * h, k)).toBe(0);
    expect(wendlandW(1.999 * h, k)).toBeGreaterThan(0);
  });

  it('has the analytic derivative', () => {
    for (const q of [0.1, 0.5, 1, 1.5, 1.9]) {
      const r = q * h, e = 1e-7 * h;
      const fd = (wendlandW(r + e, k) - wendlandW(r - e, k)) / (2 * e);
      expect(Math.abs(wendlandDwDr(r, k) - fd)).toBeLessThan(1e-6 * Math.abs(fd));
      expect(Math.abs(wendlandGradFactor(r, k) * r - wendlandDwDr(r, k))).toBeLessThan(1e-12 * Math.abs(fd));
    }
  });

  it('is consistent on the particle lattice (Σ W V ≈ 1, Σ r ⊗ ∇W V ≈ -I)', () => {
    const dx = h / SMOOTHING_RATIO;
    let sumW = 0;
    const m = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
    for (let i = -3; i <= 3; i++) {
      for (let j = -3; j <= 3; j++) {
        for (let l = -3; l <= 3; l++) {
          const r = [i * dx, j * dx, l * dx];
          const len = Math.hypot(...r);
          sumW += wendlandW(len, k) * dx ** 3;
          if (len === 0) continue;
          const f = wendlandGradFactor(len, k) * dx ** 3;
          for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) m[a][b] += r[a] * r[b] * f;
        }
      }
    }
    console.log(`lattice kernel sum ${sumW.toFixed(4)}, Σ r⊗∇W V diagonal ${m[0][0].toFixed(4)}`);
    expect(Math.abs(sumW - 1)).toBeLessThan(0.03);
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) expect(m[a][b]).toBeCloseTo(a === b ? -1 : 0, 1);
    }
  });
});

describe('Tait equation of state', () => {
  const eos = taitConstants(1000, 7, 30);

  it('gives zero pressure at the reference density and the stiffness B = ρ0 c0² / γ', () => {
    expect(taitPressure(1000, eos)).toBe(0);
    expect(eos.b).toBeCloseTo((1000 * 900) / 7, 9);
    expect(taitPressure(1010, eos)).toBeCloseTo(eos.b * (1.01 ** 7 - 1), 6);
  });

  it('inverts and has the reference sound speed at ρ0', () => {
    for (const rho of [950, 1000, 1003.7, 1100]) expect(taitDensity(taitPressure(rho, eos), eos)).toBeCloseTo(rho, 9);
    expect(taitSoundSpeed(1000, eos)).toBe(30);
    expect(taitSoundSpeed(1010, eos)).toBeGreaterThan(30);
  });

  it('has a fast path equal to the general formula', () => {
    for (const ratio of [0.97, 1, 1.0123]) {
      expect(taitPressureFast(ratio, eos.b, 7)).toBeCloseTo(taitPressure(ratio * 1000, eos), 6);
      expect(taitPressureFast(ratio, eos.b, 1.4)).toBeCloseTo(eos.b * (ratio ** 1.4 - 1), 6);
    }
  });
});
