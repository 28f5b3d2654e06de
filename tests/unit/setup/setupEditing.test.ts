import { afterEach, describe, expect, it } from 'vitest';
import { mayApply } from '../../../src/client/setup/forms/useAutoApplyForm.ts';
import { formatNumber, parseNumberText } from '../../../src/client/setup/fields/numberText.ts';
import { saveStatusOf, useSetupStore } from '../../../src/client/setup/setupStore.ts';
import { withDeletionBoundary } from '../../../src/client/setup/setupActions.ts';
import { draftFluidLevel, draftSolidCube, newPartName, seedPointFor, stlPart } from '../../../src/client/setup/setupParts.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { settingsFormSchema, partFormSchema } from '../../../src/domain/validation/forms.ts';
import { defaultSimulationSettings } from '../../../src/domain/settings.ts';
import { MESSAGES } from '../../../src/domain/messages.ts';

afterEach(() => useSetupStore.getState().reset());

describe('writing form values back', () => {
  const schema = settingsFormSchema('default', { materialCount: 1 });
  const settings = defaultSimulationSettings();

  it('applies a valid change', () => {
    expect(mayApply(schema, settings, { ...settings, endTime: 1 })).toBe(true);
  });

  it('refuses a change that adds an error, also one reported on another field', () => {
    expect(mayApply(schema, settings, { ...settings, endTime: -1 })).toBe(false);
    // 2000 s / 0.1 s = 20000 outputs: the error lands on outputTimeInterval, the change is refused all the same.
    expect(mayApply(schema, settings, { ...settings, endTime: 2000 })).toBe(false);
    expect(mayApply(schema, settings, { ...settings, endTime: '' as unknown as number })).toBe(false);
  });

  it('lets unrelated edits through while an old problem remains', () => {
    const broken = { ...settings, surfaceTension: true, shifting: 'zero' as const };
    expect(mayApply(schema, broken, { ...broken, endTime: 1 })).toBe(true);
    expect(mayApply(schema, broken, broken)).toBe(false);
  });

  it('validates parts with the part schema of the domain', () => {
    const setup = emptySetup();
    const cube = draftSolidCube(setup);
    const partSchema = partFormSchema('default', { settings: setup.settings });
    const bad = { ...cube, shape: { ...cube.shape, dimensions: [0, 1, 1] } };
    expect(mayApply(partSchema, cube, bad)).toBe(false);
    expect(mayApply(partSchema, cube, { ...cube, appearance: { ...cube.appearance, opacity: 0.8 } })).toBe(true);
    expect(mayApply(partSchema, cube, { ...cube, appearance: { ...cube.appearance, color: '#abc' } })).toBe(false);
  });
});

describe('number text', () => {
  it('reads exponent notation and keeps text that is no number for the schema to refuse', () => {
    expect(parseNumberText(' 1e-6 ')).toBe(1e-6);
    expect(parseNumberText('')).toBe('');
    expect(parseNumberText('abc')).toBe('abc');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });
});

describe('the setup store', () => {
  it('counts revisions and reports the save state', () => {
    const store = useSetupStore.getState();
    store.load('sim', emptySetup(), false);
    expect(saveStatusOf(useSetupStore.getState())).toBe('saved');
    expect(store.update((doc) => ({ ...doc, settings: { ...doc.settings, endTime: 3 } }))).toBe(true);
    expect(saveStatusOf(useSetupStore.getState())).toBe('pending');
    const revision = useSetupStore.getState().saveStarted();
    expect(saveStatusOf(useSetupStore.getState())).toBe('saving');
    useSetupStore.getState().saveFailed('The setup is locked.', revision);
    expect(saveStatusOf(useSetupStore.getState())).toBe('error');
    useSetupStore.getState().saveSucceeded(revision);
    expect(saveStatusOf(useSetupStore.getState())).toBe('saved');
  });

  it('ignores changes while the setup is locked', () => {
    useSetupStore.getState().load('sim', emptySetup(), true);
    expect(useSetupStore.getState().update((doc) => ({ ...doc, parts: [] }))).toBe(false);
    expect(useSetupStore.getState().revision).toBe(0);
  });

  it('keeps the open tab when the same part is selected again from the canvas', () => {
    const store = useSetupStore.getState();
    store.load('sim', emptySetup(), false);
    store.select({ form: 'part', partId: 'p', tab: 'appearance' });
    store.select({ form: 'part', partId: 'p' });
    expect(useSetupStore.getState().selection).toEqual({ form: 'part', partId: 'p', tab: 'appearance' });
  });
});

describe('parts the Add menu creates', () => {
  it('names parts uniquely', () => {
    const setup = emptySetup();
    setup.parts.push(draftSolidCube(setup));
    expect(newPartName(setup, 'Cube')).toBe('Cube (2)');
  });

  it('gives a fluid level its container geometry and a seed point below the fill height', () => {
    const setup = emptySetup();
    const tank = draftSolidCube(setup);
    const level = draftFluidLevel(setup, tank, { min: [-0.5, -0.5, 0], max: [0.5, 0.5, 1] });
    expect(level.shape).toEqual(tank.shape);
    expect(level.component).toMatchObject({ type: 'filling', height: 0.5 });
    expect(level.seedPoint).toEqual([0, 0, 0.25]);
    expect(seedPointFor({ min: [0, 0, 0], max: [2, 2, 2] }, 5)).toEqual([1, 1, 1]);
  });

  it('marks uploaded meshes with holes or non-manifold edges', () => {
    const info = { center: [0, 0, 0] as [number, number, number], normal: null, isPlanar: false, nbrOfTriangles: 10, holes: 2, nonManifold: 0, surfaceArea: 1, boundingBox: { min: [0, 0, 0] as [number, number, number], max: [1, 1, 1] as [number, number, number] } };
    const part = stlPart(emptySetup(), { name: 'Hull', fileId: 'f', file: { name: 'hull.stl', extension: 'stl', unit: 'mm' }, info });
    expect(part.hasWarnings).toBe(true);
    expect(part.warnings[0].message).toBe('The mesh has 2 holes.');
    const schema = partFormSchema('default', { settings: defaultSimulationSettings() });
    expect(schema.safeParse(part).success).toBe(true);
  });

  it('adds a deletion boundary around the parts', () => {
    const setup = emptySetup();
    setup.parts.push(draftSolidCube(setup));
    const next = withDeletionBoundary(setup, new Map());
    expect(next.settings.calcDomainActive).toBe(true);
    expect(next.settings.calcDomainMin).toEqual([-0.6, -0.6, -0.1]);
    expect(next.settings.calcDomainMax).toEqual([0.6, 0.6, 1.1]);
    expect(MESSAGES.addDeletionBoundary).toBe('Add a deletion boundary to save on cost.');
  });
});

describe('comparing values', () => {
  it('ignores the order in which keys were set', async () => {
    const { sameValue } = await import('../../../src/client/setup/forms/useAutoApplyForm.ts');
    expect(sameValue({ a: 1, b: { c: [1, 2], d: null } }, { b: { d: null, c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
