import { describe, expect, it } from 'vitest';
import { materialIssues } from '../../../src/domain/validation/materialRules.ts';
import { materialFormSchema } from '../../../src/domain/validation/forms.ts';
import { defaultFluidMaterial, type Material } from '../../../src/domain/material.ts';
import type { ValidationProfile } from '../../../src/domain/limits.ts';

function fieldErrors(m: Partial<Material>, profile: ValidationProfile, thermodynamics = false) {
  return materialIssues({ ...defaultFluidMaterial(), ...m }, { profile, thermodynamics })
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.field}: ${i.message}`);
}

describe('material ranges', () => {
  it.each([
    ['default', 'density', 0.001, true], ['default', 'density', 20000, true], ['default', 'density', 0.0009, false],
    ['default', 'density', 20000.1, false], ['strict', 'density', 0.1, true], ['strict', 'density', 0.0999, false],
    ['strict', 'density', 10000, true], ['strict', 'density', 10001, false], ['strict', 'density', 0.001, false],
    ['default', 'gamma', 1e-6, true], ['default', 'gamma', 0, false], ['strict', 'gamma', 1, true],
    ['strict', 'gamma', 10, true], ['strict', 'gamma', 0.99, false], ['strict', 'gamma', 10.01, false],
    ['default', 'speedOfSound', 5000, true], ['default', 'speedOfSound', 5000.1, false], ['default', 'speedOfSound', 0, false],
    ['strict', 'speedOfSound', 1, true], ['strict', 'speedOfSound', 1000, true], ['strict', 'speedOfSound', 1001, false],
    ['default', 'kinematicViscosity', 1e-9, true], ['default', 'kinematicViscosity', 2000, true],
    ['default', 'kinematicViscosity', 0.9e-9, false], ['strict', 'kinematicViscosity', 1e-7, true],
    ['strict', 'kinematicViscosity', 1, true], ['strict', 'kinematicViscosity', 1.01, false],
    ['strict', 'kinematicViscosity', 0.9e-7, false],
  ] as const)('%s %s = %s valid: %s', (profile, field, value, valid) => {
    const errors = fieldErrors({ [field]: value }, profile);
    expect(errors.some((e) => e.startsWith(`${field}:`))).toBe(!valid);
  });

  it('says the range in the message', () => {
    expect(fieldErrors({ density: 0.0009 }, 'default')).toEqual(['density: must be between 0.001 and 20000']);
    expect(fieldErrors({ gamma: 0 }, 'default')).toEqual(['gamma: must be greater than 0']);
    expect(fieldErrors({ speedOfSound: 0 }, 'default')).toEqual(['speedOfSound: must be greater than 0 and at most 5000']);
    expect(fieldErrors({ density: Number.NaN }, 'default')).toEqual(['density: must be a valid number']);
  });

  it('checks thermal properties only with heat transfer', () => {
    expect(fieldErrors({ thermalConductivity: 0 }, 'default', false)).toEqual([]);
    expect(fieldErrors({ thermalConductivity: 0.0001, specificHeatCapacity: 100 }, 'default', true)).toEqual([]);
    expect(fieldErrors({ thermalConductivity: 0.00009 }, 'default', true)).toEqual([
      'thermalConductivity: must be between 0.0001 and 10',
    ]);
    expect(fieldErrors({ specificHeatCapacity: 10001 }, 'default', true)).toHaveLength(1);
    expect(fieldErrors({ thermalConductivity: 0.004 }, 'strict', true)).toHaveLength(1);
    expect(fieldErrors({ thermalConductivity: 0.005, specificHeatCapacity: 500 }, 'strict', true)).toEqual([]);
    expect(fieldErrors({ specificHeatCapacity: 5001 }, 'strict', true)).toHaveLength(1);
  });

  it('viscosity by kind: constant range, tables for the others, temperature needs heat transfer', () => {
    expect(fieldErrors({ viscosityKind: 'shear_rate', kinematicViscosity: -1 }, 'default')).toEqual([
      'viscosityShearRateTableId: is required',
    ]);
    expect(fieldErrors({ viscosityKind: 'temperature', viscosityTemperatureTableId: 't1' }, 'default', false)).toEqual([
      'viscosityKind: temperature-dependent viscosity requires heat transfer',
    ]);
    const tables = (id: string) => (id === 't1' ? { headers: ['T', 'nu'], table: [[300], [1e-6]] } : undefined);
    expect(
      materialIssues({ ...defaultFluidMaterial(), viscosityKind: 'temperature', viscosityTemperatureTableId: 't1' }, {
        profile: 'default', thermodynamics: true, tables,
      }).map((i) => i.message),
    ).toEqual(['table must have at least 2 rows']);
  });

  it('requires a unique, non-empty name', () => {
    expect(fieldErrors({ name: '  ' }, 'default')).toEqual(['name: is required']);
    expect(materialIssues({ ...defaultFluidMaterial(), name: 'Oil ' }, { profile: 'default', thermodynamics: false, otherNames: ['Oil'] })[0].message)
      .toBe('Name is already used');
  });
});

describe('material form schema', () => {
  it('reports rule errors at their field path and accepts valid input', () => {
    const schema = materialFormSchema('strict', { thermodynamics: false });
    const bad = schema.safeParse({ ...defaultFluidMaterial(), density: 0.05 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['density'], message: 'must be between 0.1 and 10000' });
    expect(schema.safeParse(defaultFluidMaterial()).success).toBe(true);
  });

  it('says "must be a valid number" for an empty numeric input', () => {
    const result = materialFormSchema('default', { thermodynamics: false }).safeParse({ ...defaultFluidMaterial(), gamma: undefined });
    expect(result.error?.issues[0]).toMatchObject({ path: ['gamma'], message: 'must be a valid number' });
  });
});
