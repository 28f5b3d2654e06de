import { describe, expect, it } from 'vitest';
import { settingsIssues } from '../../../src/domain/validation/settingsRules.ts';
import { defaultSimulationSettings, type SimulationSettings } from '../../../src/domain/settings.ts';
import type { ValidationProfile } from '../../../src/domain/limits.ts';

function errors(s: Partial<SimulationSettings>, profile: ValidationProfile = 'default', materialCount?: number) {
  return settingsIssues({ ...defaultSimulationSettings(), ...s }, { profile, materialCount })
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.field}: ${i.message}`);
}

describe('settings rules', () => {
  it('defaults are valid in both profiles', () => {
    expect(errors({}, 'default')).toEqual([]);
    expect(errors({ endTime: 10 }, 'strict')).toEqual([]);
  });

  it.each([
    ['default', 2, 0.4, true], ['default', 2, 0.41, false], ['default', 1, 0.0001, true], ['default', 1, 0.00009, false],
    ['strict', 5, 0.1, true], ['strict', 4.9, 0.1, false], ['strict', 1, 0.0002, true], ['strict', 1, 0.00019, false],
  ] as const)('%s: end %s / interval %s within the output count limits: %s', (profile, endTime, outputTimeInterval, valid) => {
    const list = errors({ endTime, outputTimeInterval }, profile);
    expect(list.some((e) => e.startsWith('outputTimeInterval: the number of outputs'))).toBe(!valid);
  });

  it('end time and interval must be positive', () => {
    expect(errors({ endTime: 0 })).toEqual(['endTime: must be greater than 0']);
    expect(errors({ outputTimeInterval: -1 })).toEqual(['outputTimeInterval: must be greater than 0']);
  });

  it('gravity components within ±1000 (±300 strict)', () => {
    expect(errors({ gravity: [0, -1000, 1000] })).toEqual([]);
    expect(errors({ gravity: [0, 0, -1000.5] })).toEqual(['gravity.2: must be between -1000 and 1000']);
    expect(errors({ gravity: [300, 0, -300] }, 'strict', 1).filter((e) => e.startsWith('gravity'))).toEqual([]);
    expect(errors({ gravity: [0, 301, 0] }, 'strict').filter((e) => e.startsWith('gravity'))).toEqual([
      'gravity.1: must be between -300 and 300',
    ]);
  });

  it('particle diameter > 0, strict 1e-5..10', () => {
    expect(errors({ particleDiameter: 0 })).toEqual(['particleDiameter: must be greater than 0']);
    expect(errors({ particleDiameter: 1e-6 })).toEqual([]);
    expect(errors({ particleDiameter: 1e-6, endTime: 10 }, 'strict')).toEqual(['particleDiameter: must be between 1e-5 and 10']);
    expect(errors({ particleDiameter: 10, endTime: 10 }, 'strict')).toEqual([]);
  });

  it('density threshold 1..100 % only while the limiter is on', () => {
    expect(errors({ densityThreshold: 0.01 })).toEqual([]);
    expect(errors({ densityThreshold: 1 })).toEqual([]);
    expect(errors({ densityThreshold: 0.009 })).toEqual(['densityThreshold: must be between 1 and 100']);
    expect(errors({ densityThreshold: 1.01 })).toHaveLength(1);
    expect(errors({ densityThreshold: 0, densityLimiter: false })).toEqual([]);
  });

  it('ambient temperature > 0..2000 (strict 100..600) only with heat transfer', () => {
    expect(errors({ ambientTemperature: 0 })).toEqual([]);
    expect(errors({ thermodynamics: true, ambientTemperature: 0 })).toEqual(['ambientTemperature: must be greater than 0 and at most 2000']);
    expect(errors({ thermodynamics: true, ambientTemperature: 2000 })).toEqual([]);
    expect(errors({ thermodynamics: true, ambientTemperature: 99, endTime: 10 }, 'strict')).toEqual([
      'ambientTemperature: must be between 100 and 600',
    ]);
  });

  it('surface tension coefficient and shifting dependency', () => {
    expect(errors({ surfaceTension: true, sigma: 0.0001 })).toEqual([]);
    expect(errors({ surfaceTension: true, sigma: 0.00009 })).toEqual(['sigma: must be between 0.0001 and 10']);
    expect(errors({ surfaceTension: true, sigma: 0.0009, endTime: 10 }, 'strict')).toEqual(['sigma: must be between 0.001 and 1']);
    expect(errors({ surfaceTension: true, shifting: 'zero' })).toEqual(['shifting: surface tension cannot be combined with shifting "zero"']);
    expect(errors({ surfaceTension: true, shifting: 'sun17' })).toEqual(['shifting: surface tension requires shifting "lyu21"']);
    expect(errors({ shifting: 'zero' })).toEqual([]);
  });

  it('surface tension unavailable with multiphase and more than 2 materials', () => {
    const base = { surfaceTension: true, multiphase: true, densityLimiter: false, dynamicTimeStep: false };
    expect(errors(base, 'default', 2)).toEqual([]);
    expect(errors(base, 'default', 3)).toEqual(['surfaceTension: surface tension is not available with more than 2 materials']);
  });

  it('multiphase requires limiter off, static time step and improved wall pressure', () => {
    expect(errors({ multiphase: true, noRiemannWall: true })).toEqual([
      'densityLimiter: the density limiter must be off with multiphase',
      'dynamicTimeStep: multiphase needs a static time step',
      'noRiemannWall: multiphase needs the improved wall pressure',
    ]);
  });

  it('rotation axis must be non-zero in a rotating system', () => {
    expect(errors({ rotatingSystem: true, rotationAxis: [0, 0, 0] })).toEqual(['rotationAxis: length cannot be equal to 0']);
    expect(errors({ rotatingSystem: false, rotationAxis: [0, 0, 0] })).toEqual([]);
  });

  it('an active deletion boundary needs min < max', () => {
    expect(errors({ calcDomainActive: true, calcDomainMin: [0, 0, 1], calcDomainMax: [1, 1, 1] })).toEqual([
      'calcDomainMax: minimum must be smaller than maximum in every direction',
    ]);
  });
});
