// A setup save the server refuses leaves the change unsaved with the server's message: the indicator
// shows 'Not saved: <message>', never 'All changes saved', until a later change saves.
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/client/api/ApiClient.ts';
import { applyDecision } from '../../../src/client/setup/forms/useAutoApplyForm.ts';
import { refusedMessage, saveStatusOf, serverErrorsUnder, useSetupStore } from '../../../src/client/setup/setupStore.ts';
import { apiErrorFromResponse } from '../../../src/domain/errors.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { settingsFormSchema } from '../../../src/domain/validation/forms.ts';
import { SETUP_VALIDATION_PROFILE } from '../../../src/client/setup/setupParts.ts';

afterEach(() => useSetupStore.getState().reset());

describe('a refused setup save', () => {
  it("keeps the change unsaved and shows the server's message", () => {
    const store = useSetupStore.getState();
    store.load('sim-1', emptySetup(), false);
    store.update((doc) => ({ ...doc, settings: { ...doc.settings, endTime: -1 } }));
    const revision = useSetupStore.getState().saveStarted();
    const refusal = apiErrorFromResponse(400, {
      title: 'validation_error',
      description: 'must be greater than 0',
      status: 400,
      errors: [{ path: 'settings.endTime', message: 'must be greater than 0' }],
    });
    useSetupStore.getState().saveFailed(errorMessage(refusal), revision, refusal?.fieldErrors);

    const state = useSetupStore.getState();
    expect(saveStatusOf(state)).toBe('error');
    // The settings form shows the server's message on its End time field.
    expect(serverErrorsUnder(state.serverFieldErrors, 'settings')).toEqual({ endTime: 'must be greater than 0' });
    expect(state.saveError).toBe('must be greater than 0');
    expect(state.document?.settings.endTime).toBe(-1);

    // Correcting the value makes a new revision that saves.
    state.update((doc) => ({ ...doc, settings: { ...doc.settings, endTime: 2 } }));
    const next = useSetupStore.getState().saveStarted();
    useSetupStore.getState().saveSucceeded(next);
    expect(saveStatusOf(useSetupStore.getState())).toBe('saved');
    expect(useSetupStore.getState().serverFieldErrors).toEqual([]);
  });

  it("keeps the server's field messages by path, for the form that shows that part of the document", () => {
    const errors = [
      { path: 'materials.0.density', message: 'must be greater than 0' },
      { path: 'settings.calcDomainMin', message: 'minimum must be below maximum' },
      { path: 'materials.10.density', message: 'other' },
    ];
    expect(serverErrorsUnder(errors, 'materials.0')).toEqual({ density: 'must be greater than 0' });
    expect(serverErrorsUnder(errors, 'settings')).toEqual({ calcDomainMin: 'minimum must be below maximum' });
  });
});

describe('a value a form holds back', () => {
  it('is never reported as saved while a field shows it', () => {
    const store = useSetupStore.getState();
    store.load('sim-1', emptySetup(), false);
    expect(saveStatusOf(useSetupStore.getState())).toBe('saved');
    store.setRefused('deletion-boundary', 'must be less than the maximum');
    expect(saveStatusOf(useSetupStore.getState())).toBe('refused');
    expect(refusedMessage(useSetupStore.getState())).toBe('must be less than the maximum');
    useSetupStore.getState().setRefused('deletion-boundary', null);
    expect(saveStatusOf(useSetupStore.getState())).toBe('saved');
  });

  it("is held back with the rule's message: a zero rotation axis and a deletion boundary whose minimum is above its maximum", () => {
    const settings = emptySetup().settings;
    const schema = settingsFormSchema(SETUP_VALIDATION_PROFILE, { materialCount: 1 });
    const zeroAxis = applyDecision(schema, { ...settings, rotatingSystem: true }, { ...settings, rotatingSystem: true, rotationAxis: [0, 0, 0] });
    expect(zeroAxis.kind).toBe('refuse');
    const crossed = applyDecision(schema, settings, { ...settings, calcDomainActive: true, calcDomainMin: [1, 1, 1], calcDomainMax: [0, 0, 0] });
    expect(crossed.kind).toBe('refuse');
    if (zeroAxis.kind === 'refuse' && crossed.kind === 'refuse') {
      expect(zeroAxis.message.length).toBeGreaterThan(0);
      expect(crossed.message.length).toBeGreaterThan(0);
    }
    expect(applyDecision(schema, settings, structuredClone(settings)).kind).toBe('unchanged');
    expect(applyDecision(schema, settings, { ...settings, endTime: settings.endTime * 2 }).kind).toBe('apply');
  });
});
