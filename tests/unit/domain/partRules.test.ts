import { describe, expect, it } from 'vitest';
import { partIssues, componentIssues } from '../../../src/domain/validation/partRules.ts';
import { createPart, type Part } from '../../../src/domain/part.ts';
import {
  defaultFillingComponent, defaultFlowComponent, defaultOpenBoundaryComponent, defaultRigidComponent, type Component,
} from '../../../src/domain/component.ts';
import { cubeShape, emptyShape, simulationPointcloudShape, stlFileShape } from '../../../src/domain/shape.ts';
import type { ValidationProfile } from '../../../src/domain/limits.ts';

const off = { thermodynamics: false, surfaceTension: false, multiphase: false };
const thermo = { ...off, thermodynamics: true };

function componentErrors(c: Component, profile: ValidationProfile, settings = off) {
  return componentIssues(c, { profile, settings }).filter((i) => i.severity === 'error').map((i) => `${i.field}: ${i.message}`);
}

function flowPart(over: Partial<Part> = {}): Part {
  return { ...createPart({ name: 'Fluid', component: defaultFlowComponent(), shape: cubeShape(), id: 'p' }), ...over };
}

describe('part rules', () => {
  it('a flow part with a cube is valid', () => {
    expect(partIssues(flowPart(), { profile: 'default', settings: off })).toEqual([]);
  });

  it('empty geometry gives the spec message on the shape', () => {
    const issues = partIssues(flowPart({ shape: emptyShape() }), { profile: 'default', settings: off });
    expect(issues).toEqual([{ field: 'shape', message: 'No geometry found. Please assign a geometry to the part or delete it.', severity: 'error' }]);
    const stlWithoutFile = { ...stlFileShape('f', { name: 'a.stl', extension: 'stl' }), fileId: null };
    expect(partIssues(flowPart({ shape: stlWithoutFile }), { profile: 'default', settings: off })[0].field).toBe('shape');
  });

  it('mesh-health findings are a warning', () => {
    const shape = { ...cubeShape(), info: { center: [0, 0, 0] as [number, number, number], normal: null, isPlanar: false, nbrOfTriangles: 12, holes: 2, nonManifold: 0, surfaceArea: 6, boundingBox: { min: [0, 0, 0] as [number, number, number], max: [1, 1, 1] as [number, number, number] } } };
    const issues = partIssues(flowPart({ shape }), { profile: 'default', settings: off });
    expect(issues).toEqual([{ field: 'shape', message: 'Part has potential issues. Check Information tab for details.', severity: 'warning' }]);
  });

  it('material required for non-rigid parts only, and must exist', () => {
    expect(partIssues(flowPart({ materialId: null }), { profile: 'default', settings: off })[0]).toMatchObject({ field: 'materialId', message: 'material is required' });
    const wall = createPart({ name: 'Wall', component: defaultRigidComponent(), shape: cubeShape() });
    expect(wall.materialId).toBeNull();
    expect(partIssues(wall, { profile: 'default', settings: off })).toEqual([]);
    expect(partIssues(flowPart({ materialId: 3 }), { profile: 'default', settings: off, materialIds: new Set([0]) })[0].message).toBe('material does not exist');
  });

  it('name required and at most 100 characters', () => {
    expect(partIssues(flowPart({ name: ' ' }), { profile: 'default', settings: off })[0]).toMatchObject({ field: 'name', message: 'is required' });
    expect(partIssues(flowPart({ name: 'x'.repeat(100) }), { profile: 'default', settings: off })).toEqual([]);
    expect(partIssues(flowPart({ name: 'x'.repeat(101) }), { profile: 'default', settings: off })[0].field).toBe('name');
  });

  it('filling parts need a seed point', () => {
    const filling = flowPart({ component: defaultFillingComponent(0.2) });
    expect(partIssues(filling, { profile: 'default', settings: off })[0]).toMatchObject({ field: 'seedPoint' });
    expect(partIssues({ ...filling, seedPoint: [0, 0, 0] }, { profile: 'default', settings: off })).toEqual([]);
  });

  it('geometry: dimensions and scale > 0, splitting ratio integer >= 1, resolution 1..100 %, opacity 0..1', () => {
    const errs = (p: Part) => partIssues(p, { profile: 'default', settings: off }).map((i) => `${i.field}: ${i.message}`);
    expect(errs(flowPart({ shape: cubeShape([1, 0, 1]) }))).toEqual(['shape.dimensions.1: must be greater than 0']);
    expect(errs(flowPart({ shape: { ...cubeShape(), scale: [1, 1, -1] } }))).toEqual(['shape.scale.2: must be greater than 0']);
    expect(errs(flowPart({ shape: { ...cubeShape(), resolution: 0.01 } }))).toEqual([]);
    expect(errs(flowPart({ shape: { ...cubeShape(), resolution: 0.009 } }))).toEqual(['shape.resolution: must be between 1 and 100']);
    const pc = simulationPointcloudShape('sim', 3);
    expect(errs(flowPart({ shape: { ...pc, splittingRatio: 1 } }))).toEqual([]);
    expect(errs(flowPart({ shape: { ...pc, splittingRatio: 0 } }))).toEqual(['shape.splittingRatio: must be at least 1']);
    expect(errs(flowPart({ shape: { ...pc, splittingRatio: 1.5 } }))).toEqual(['shape.splittingRatio: must be a whole number']);
    const appearance = { ...flowPart().appearance, opacity: 1.01 };
    expect(errs(flowPart({ appearance }))).toEqual(['appearance.opacity: must be between 0 and 1']);
    expect(errs(flowPart({ appearance: { ...appearance, opacity: 0, color: '#abc' } }))).toEqual(['appearance.color: must be a colour like #1a2b3c']);
  });
});

describe('initial conditions', () => {
  const flow = defaultFlowComponent();
  it.each([
    ['default', [1000, -1000, 0], true], ['default', [1000.1, 0, 0], false],
    ['strict', [300, -300, 0], true], ['strict', [0, -300.1, 0], false],
  ] as const)('%s velocity %j valid: %s', (profile, v, valid) => {
    expect(componentErrors({ ...flow, initialVelocity: [...v] }, profile).length === 0).toBe(valid);
  });

  it('pressure: ±1e9 default, 0..1e7 strict; skipped for the hydrostatic preset', () => {
    expect(componentErrors({ ...flow, initialPressure: -1e9 }, 'default')).toEqual([]);
    expect(componentErrors({ ...flow, initialPressure: 1.1e9 }, 'default')).toEqual(['initialPressure: must be between -1e9 and 1e9']);
    expect(componentErrors({ ...flow, initialPressure: -1 }, 'strict')).toEqual(['initialPressure: must be between 0 and 10000000']);
    expect(componentErrors({ ...flow, initialPressure: 1e7 }, 'strict')).toEqual([]);
    expect(componentErrors({ ...flow, initialPressure: -1, initialPreset: 'hydrostatic' }, 'strict')).toEqual([]);
  });

  it('temperature 0..1000 (strict 500) only with heat transfer', () => {
    expect(componentErrors({ ...flow, initialTemperature: 2000 }, 'default', off)).toEqual([]);
    expect(componentErrors({ ...flow, initialTemperature: 1000 }, 'default', thermo)).toEqual([]);
    expect(componentErrors({ ...flow, initialTemperature: 1001 }, 'default', thermo)).toEqual(['initialTemperature: must be between 0 and 1000']);
    expect(componentErrors({ ...flow, initialTemperature: 500 }, 'strict', thermo)).toEqual([]);
    expect(componentErrors({ ...flow, initialTemperature: 501 }, 'strict', thermo)).toEqual(['initialTemperature: must be between 0 and 500']);
  });

  it('initial distribution table needs rows and a temperature column with heat transfer', () => {
    const c = { ...flow, initialDistribution: 'table' as const, initialDistributionTableId: 't' };
    const noTemp = () => ({ headers: ['pos_x', 'pos_y', 'pos_z'], table: [[0, 1], [0, 1], [0, 1]] });
    expect(componentIssues(c, { profile: 'default', settings: off, tables: noTemp }).map((i) => i.message)).toEqual([]);
    expect(componentIssues(c, { profile: 'default', settings: thermo, tables: noTemp }).map((i) => i.message)).toEqual([
      'table must have a temperature column when heat transfer is on',
    ]);
  });
});

describe('open boundary and walls', () => {
  it('open boundary pressure 0..1e9 (strict 1e7), velocity when constant, table when field', () => {
    const io = defaultOpenBoundaryComponent('inflow');
    expect(componentErrors({ ...io, ioPressure: 1e9 }, 'default')).toEqual([]);
    expect(componentErrors({ ...io, ioPressure: -0.1 }, 'default')).toEqual(['ioPressure: must be between 0 and 1e9']);
    expect(componentErrors({ ...io, ioPressure: 1e7 + 1 }, 'strict')).toHaveLength(1);
    expect(componentErrors({ ...io, ioVelocity: -1000 }, 'default')).toEqual([]);
    expect(componentErrors({ ...io, ioVelocity: -1001 }, 'default')).toHaveLength(1);
    expect(componentErrors({ ...io, ioVelocity: -1001, ioProfileKind: 'field' }, 'default')).toEqual(['ioTableId: a selection is required']);
    expect(componentErrors({ ...io, ioTemperature: 1001 }, 'default', thermo)).toEqual(['ioTemperature: must be between 0 and 1000']);
  });

  it('wall heat conditions by thermo kind, both profiles', () => {
    const wall = defaultRigidComponent();
    expect(componentErrors({ ...wall, thermoKind: 'heat_flux', heatFlux: 1e6 }, 'default', thermo)).toEqual([]);
    expect(componentErrors({ ...wall, thermoKind: 'heat_flux', heatFlux: -1e6 - 1 }, 'default', thermo)).toHaveLength(1);
    expect(componentErrors({ ...wall, thermoKind: 'heat_flux', heatFlux: 150000 }, 'strict', thermo)).toEqual([]);
    expect(componentErrors({ ...wall, thermoKind: 'heat_flux', heatFlux: 150001 }, 'strict', thermo)).toHaveLength(1);
    expect(componentErrors({ ...wall, thermoKind: 'heat_transfer_coefficient', heatTransferCoefficient: 1000 }, 'strict', thermo)).toEqual([]);
    expect(componentErrors({ ...wall, thermoKind: 'heat_transfer_coefficient', heatTransferCoefficient: 1001 }, 'strict', thermo)).toEqual([
      'heatTransferCoefficient: must be between 0 and 1000',
    ]);
    expect(componentErrors({ ...wall, thermoKind: 'heat_transfer_coefficient', heatTransferCoefficient: 1e6 }, 'default', thermo)).toEqual([]);
    expect(componentErrors({ ...wall, thermoKind: 'temperature', boundaryTemperature: -1 }, 'default', thermo)).toHaveLength(1);
    expect(componentErrors({ ...wall, thermoKind: 'heat_flux', heatFlux: 1e9 }, 'default', off)).toEqual([]);
  });

  it('contact angle 0..180 (strict 120) with surface tension', () => {
    const wall = defaultRigidComponent();
    const st = { ...off, surfaceTension: true };
    expect(componentErrors({ ...wall, contactAngle: 180 }, 'default', st)).toEqual([]);
    expect(componentErrors({ ...wall, contactAngle: 181 }, 'default', st)).toHaveLength(1);
    expect(componentErrors({ ...wall, contactAngle: 120 }, 'strict', st)).toEqual([]);
    expect(componentErrors({ ...wall, contactAngle: 121 }, 'strict', st)).toEqual(['contactAngle: must be between 0 and 120']);
    expect(componentErrors({ ...wall, contactAngle: 181 }, 'default', off)).toEqual([]);
  });

  it('multiphase permits only adiabatic or temperature walls', () => {
    const mp = { ...off, multiphase: true };
    expect(componentErrors({ ...defaultRigidComponent(), thermoKind: 'temperature' }, 'default', mp)).toEqual([]);
    expect(componentErrors({ ...defaultRigidComponent(), thermoKind: 'heat_flux' }, 'default', mp)).toEqual([
      'thermoKind: only adiabatic or temperature conditions are possible with multiphase',
    ]);
  });

  it('a moving wall needs an existing movement', () => {
    const wall = { ...defaultRigidComponent(), velocityKind: 'moving' as const };
    expect(componentErrors(wall, 'default')).toEqual(['velocityConditionMovementId: a movement is required for a moving wall']);
    expect(componentIssues({ ...wall, velocityConditionMovementId: 'm1' }, { profile: 'default', settings: off, movementIds: new Set(['m1']) })).toEqual([]);
  });
});
