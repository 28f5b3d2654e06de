import { describe, expect, it } from 'vitest';
import {
  formSize, isSubmitForm, issueTarget, partTabFor, partTabs, sameSelection, settingsFormFor, supportIssueTarget,
} from '../../../src/client/setup/setupSelection.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { defaultFillingComponent, defaultRigidComponent } from '../../../src/domain/component.ts';
import { cubeShape, emptyShape } from '../../../src/domain/shape.ts';
import { validateSetup } from '../../../src/domain/validation/validateSetup.ts';

describe('form sizes (spec 1 §2)', () => {
  it('makes calcDomain and coordinateSystem small and the other forms large', () => {
    expect(formSize('calcDomain')).toBe('small');
    expect(formSize('coordinateSystem')).toBe('small');
    for (const form of ['part', 'addPart', 'material', 'motion', 'movingBoundaryCondition', 'settings', 'physics'] as const) expect(formSize(form)).toBe('large');
  });

  it('tells movement forms apart by part, movement and type', () => {
    expect(sameSelection({ form: 'motion', partId: 'a' }, { form: 'motion', partId: 'a' })).toBe(true);
    expect(sameSelection({ form: 'motion', partId: 'a' }, { form: 'motion', partId: 'a', movementId: 'm' })).toBe(false);
    expect(sameSelection({ form: 'motion', partId: 'a' }, { form: 'movingBoundaryCondition', partId: 'a' })).toBe(false);
  });

  it('treats only add forms as submit forms', () => {
    expect(isSubmitForm({ form: 'addPart', kind: 'solidCube' })).toBe(true);
    expect(isSubmitForm({ form: 'part', partId: 'a' })).toBe(false);
    expect(isSubmitForm(null)).toBe(false);
  });
});

describe('settings fields and their forms', () => {
  it('sends physics fields to Physics, the domain to the Deletion Boundary form, the rest to Settings', () => {
    expect(settingsFormFor('gravity.2')).toEqual({ form: 'physics' });
    expect(settingsFormFor('sigma')).toEqual({ form: 'physics' });
    expect(settingsFormFor('rotationAxis.1')).toEqual({ form: 'coordinateSystem' });
    expect(settingsFormFor('rotatingSystem')).toEqual({ form: 'coordinateSystem' });
    expect(settingsFormFor('accelerationFile')).toEqual({ form: 'settings' });
    expect(settingsFormFor('calcDomainMax')).toEqual({ form: 'calcDomain' });
    expect(settingsFormFor('outputTimeInterval')).toEqual({ form: 'settings' });
    expect(settingsFormFor('densityThreshold')).toEqual({ form: 'settings' });
  });
});

describe('part tabs', () => {
  it('offers motion and boundary conditions to solids and initial conditions and material to fluids', () => {
    expect(partTabs({ component: { type: 'rigid' } })).toEqual(['geometry', 'information', 'motion', 'boundaryConditions', 'appearance']);
    expect(partTabs({ component: { type: 'flow' } })).not.toContain('motion');
    expect(partTabs({ component: { type: 'openboundary' } })).toContain('motion');
    expect(partTabs({ component: { type: 'flow' } })).toContain('material');
    expect(partTabs({ component: { type: 'filling' } })).toContain('initialConditions');
  });

  it('maps fields to the tab that shows them', () => {
    expect(partTabFor('component.initialVelocity.2')).toBe('initialConditions');
    expect(partTabFor('component.height')).toBe('geometry');
    expect(partTabFor('component.contactAngle')).toBe('boundaryConditions');
    expect(partTabFor('component.velocityConditionMovementId')).toBe('boundaryConditions');
    expect(partTabFor('materialId')).toBe('material');
    expect(partTabFor('appearance.opacity')).toBe('appearance');
    expect(partTabFor('shape.dimensions.0')).toBe('geometry');
    expect(partTabFor('shape', 'warning')).toBe('information');
  });
});

describe('validation findings lead to their form', () => {
  it('opens the part form on the tab of a part finding from validateSetup', () => {
    const setup = emptySetup();
    const tank = createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: cubeShape() });
    const level = createPart({ id: 'level', name: 'Level', component: defaultFillingComponent(0.5), shape: emptyShape() });
    setup.parts.push(tank, { ...level, seedPoint: null });
    const result = validateSetup(setup, { profile: 'default' });
    const seed = result.issues.find((i) => i.entityId === 'level' && i.field === 'seedPoint');
    expect(seed && issueTarget(seed)).toEqual({ form: 'part', partId: 'level', tab: 'geometry' });
    const recommendation = result.issues.find((i) => i.severity === 'info');
    expect(recommendation?.message).toBe('Add a deletion boundary to save on cost.');
    expect(recommendation && issueTarget(recommendation)).toEqual({ form: 'calcDomain' });
  });

  it('opens materials by id, movements in the movement form, and has no target for objects without a form', () => {
    expect(issueTarget({ group: 'materials', field: 'density', entityId: '1', severity: 'error' })).toEqual({ form: 'material', materialId: 1 });
    expect(issueTarget({ group: 'movements', field: 'start', entityId: 'm', severity: 'error' })).toEqual({ form: 'motion', movementId: 'm' });
    expect(issueTarget({ group: 'sensors', field: 'name', entityId: 's', severity: 'error' })).toBeNull();
    expect(issueTarget({ group: 'conditions', field: 'threshold', entityId: 'c', severity: 'error' })).toBe('start');
  });

  it('finds the form of a solver refusal by its document path', () => {
    const ids = { partIds: ['tank', 'water'], materialIds: [0, 1] };
    expect(supportIssueTarget('settings.thermodynamics', ids)).toEqual({ form: 'physics' });
    expect(supportIssueTarget('settings.discretizerLegacy', ids)).toEqual({ form: 'settings' });
    expect(supportIssueTarget('parts[0] "Tank".component.thermoKind', ids)).toEqual({ form: 'part', partId: 'tank', tab: 'boundaryConditions' });
    expect(supportIssueTarget('parts[1] "Water".shape', ids)).toEqual({ form: 'part', partId: 'water', tab: 'geometry' });
    expect(supportIssueTarget('materials[1] "Oil".viscosityKind', ids)).toEqual({ form: 'material', materialId: 1 });
    expect(supportIssueTarget('movements', ids)).toBeNull();
  });

  it('compares selections by what they edit', () => {
    expect(sameSelection({ form: 'part', partId: 'a', tab: 'appearance' }, { form: 'part', partId: 'a' })).toBe(true);
    expect(sameSelection({ form: 'part', partId: 'a' }, { form: 'part', partId: 'b' })).toBe(false);
    expect(sameSelection({ form: 'settings' }, null)).toBe(false);
  });
});
