// A setup save the server refuses leaves the change unsaved with the server's message: the indicator
// shows 'Not saved: <message>', never 'All changes saved', until a later change saves.
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/client/api/ApiClient.ts';
import { saveStatusOf, useSetupStore } from '../../../src/client/setup/setupStore.ts';
import { apiErrorFromResponse } from '../../../src/domain/errors.ts';
import { emptySetup } from '../../../src/domain/setup.ts';

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
    useSetupStore.getState().saveFailed(errorMessage(refusal), revision);

    const state = useSetupStore.getState();
    expect(saveStatusOf(state)).toBe('error');
    expect(state.saveError).toBe('must be greater than 0');
    expect(state.document?.settings.endTime).toBe(-1);

    // Correcting the value makes a new revision that saves.
    state.update((doc) => ({ ...doc, settings: { ...doc.settings, endTime: 2 } }));
    const next = useSetupStore.getState().saveStarted();
    useSetupStore.getState().saveSucceeded(next);
    expect(saveStatusOf(useSetupStore.getState())).toBe('saved');
  });
});
