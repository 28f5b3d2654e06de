import { describe, expect, it } from 'vitest';
import { validateSetup } from '../../../src/domain/validation/validateSetup.ts';
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape, emptyShape } from '../../../src/domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../../src/domain/component.ts';
import { createRefinement } from '../../../src/domain/refinement.ts';
import { defaultCubeMesh } from '../../../src/domain/mesh.ts';
import { createAirDragDomain } from '../../../src/domain/airDrag.ts';
import { createPeriodicBoundary } from '../../../src/domain/periodicBoundary.ts';
import { createMovement } from '../../../src/domain/movement.ts';
import { createCondition } from '../../../src/domain/condition.ts';
import { defaultFluidMaterial } from '../../../src/domain/material.ts';

function setupWith(over: Partial<SetupDocument>): SetupDocument {
  return { ...emptySetup(), ...over };
}

describe('validateSetup', () => {
  it('an empty setup only recommends a deletion boundary', () => {
    const result = validateSetup(emptySetup(), { profile: 'default' });
    expect(result.valid).toBe(true);
    expect(result.issues).toEqual([
      { group: 'simulationSettings', field: 'calcDomainActive', message: 'Add a deletion boundary to save on cost.', severity: 'info' },
    ]);
    const active = setupWith({ settings: { ...emptySetup().settings, calcDomainActive: true } });
    expect(validateSetup(active, { profile: 'default' }).issues).toEqual([]);
  });

  it('groups findings in panel order with entity ids', () => {
    const part = createPart({ name: 'Block', component: defaultFlowComponent(), shape: emptyShape(), id: 'p1' });
    const setup = setupWith({
      parts: [part],
      materials: [{ ...defaultFluidMaterial(), density: 0 }],
      periodicBoundary: { ...createPeriodicBoundary(), sliceAngle: 14 },
      settings: { ...emptySetup().settings, endTime: 0.1 },
    });
    const result = validateSetup(setup, { profile: 'default' });
    expect(result.groups.map((g) => g.group)).toEqual(['simulationSettings', 'periodicBoundary', 'parts', 'materials']);
    expect(result.groups[2].issues[0]).toMatchObject({ entityId: 'p1', entityName: 'Block', field: 'shape', severity: 'error' });
    expect(result.groups[3].issues[0]).toMatchObject({ entityId: '0', field: 'density' });
    expect(result.groups[1].issues.map((i) => i.severity)).toEqual(['warning', 'warning']);
    expect(result.valid).toBe(false);
    expect(result.errorCount).toBe(3);
    expect(result.warningCount).toBe(2);
  });

  it('the profile decides: strict rejects what default accepts', () => {
    const setup = setupWith({ materials: [{ ...defaultFluidMaterial(), density: 0.05 }] });
    expect(validateSetup(setup, { profile: 'default' }).valid).toBe(true);
    const strict = validateSetup(setup, { profile: 'strict' });
    expect(strict.issues.filter((i) => i.severity === 'error').map((i) => `${i.group}.${i.field}`)).toEqual([
      'simulationSettings.outputTimeInterval', 'materials.density',
    ]);
  });

  it('air drag is validated only when switched on, and not with multiphase', () => {
    const domain = { ...createAirDragDomain(), size: [0, 1, 1] as [number, number, number] };
    expect(validateSetup(setupWith({ airDragDomain: domain }), { profile: 'default' }).valid).toBe(true);
    const on = setupWith({ airDragDomain: domain, settings: { ...emptySetup().settings, airDrag: true } });
    expect(validateSetup(on, { profile: 'default' }).issues.filter((i) => i.group === 'airDrag').map((i) => i.field)).toEqual(['size.0']);
    const missing = setupWith({ settings: { ...emptySetup().settings, airDrag: true } });
    expect(validateSetup(missing, { profile: 'default' }).valid).toBe(false);
  });

  it('multiphase conflicts: refinements, air drag, material count, wall heat flux', () => {
    const settings = { ...emptySetup().settings, multiphase: true, densityLimiter: false, dynamicTimeStep: false, airDrag: true, thermodynamics: true };
    const wall = createPart({ name: 'Wall', component: { ...defaultRigidComponent(), thermoKind: 'heat_flux' }, shape: cubeShape(), id: 'w' });
    const setup = setupWith({
      settings, parts: [wall], refinements: [createRefinement('Zone', defaultCubeMesh(), 'r')], airDragDomain: createAirDragDomain([0, 0, 0], 'a'),
    });
    const messages = validateSetup(setup, { profile: 'default' }).issues.filter((i) => i.severity === 'error').map((i) => `${i.group}: ${i.message}`);
    expect(messages).toEqual([
      'airDrag: air drag cannot be combined with multiphase',
      'parts: only adiabatic or temperature conditions are possible with multiphase',
      'refinements: refinements cannot be combined with multiphase',
      'materials: multiphase needs at least 2 materials',
    ]);
  });

  it('movements and conditions are checked against the simulation end time', () => {
    const part = createPart({ name: 'Paddle', component: defaultRigidComponent(), shape: cubeShape(), id: 'p' });
    const movement = { ...createMovement('translatory', 'p', [], 'm'), start: 2 };
    const orphan = { ...createMovement('translatory', 'gone', [], 'o') };
    const setup = setupWith({ parts: [part], movements: [movement, orphan], conditions: [createCondition('time', 2, 'stop', 'c')] });
    const errors = validateSetup(setup, { profile: 'default' }).issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => `${i.group}.${i.entityId}.${i.field}: ${i.message}`)).toEqual([
      'movements.m.start: must be smaller than the simulation end time',
      'movements.o.partId: part does not exist',
      'conditions.c.threshold: must be smaller than the end time',
    ]);
  });

  it('condition thresholds must lie ahead of current values', () => {
    const setup = setupWith({ conditions: [createCondition('credits', 10, 'warning', 'c')] });
    const current = { time: 1, runtime: 100, credits: 10, particle_nbr: 5000 };
    expect(validateSetup(setup, { profile: 'default', current }).issues.some((i) => i.message === 'must be greater than the current value')).toBe(true);
    expect(validateSetup(setup, { profile: 'default', current: { ...current, credits: 9.99 } }).valid).toBe(true);
  });
});
