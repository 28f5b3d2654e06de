// Spec texts the viewer shows: colormap availability, the output chip, and the saved camera.
import { describe, expect, it } from 'vitest';
import { colormapStatusText } from '../../../src/client/viewer/colormapStatus.ts';
import { loadCameraState, saveCameraState } from '../../../src/client/viewer/cameraStorage.ts';
import { outputChipText } from '../../../src/client/viewer/playback.ts';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('colormap status texts', () => {
  it('uses the spec wording', () => {
    expect(colormapStatusText({ kind: 'computing', attribute: 'shear_rate' }, 'Shear Rate')).toBe(
      'We are currently computing Shear Rate for the selected output...',
    );
    expect(colormapStatusText({ kind: 'failed', attribute: 'x' }, 'Shear Rate')).toBe('We could not compute Shear Rate for the selected output.');
    expect(colormapStatusText({ kind: 'unavailable', attribute: 'x' }, 'Pressure')).toBe('Pressure is not available for this output.');
    expect(colormapStatusText({ kind: 'derivedFailed', attribute: 'x' }, 'Pressure')).toBe(
      'We could not compute any of the derived attributes for the selected output.',
    );
  });
});

describe('output loading chip', () => {
  it('reads n/m outputs loaded, or Creating first outputs... before the first', () => {
    expect(outputChipText(3, 200)).toBe('3/200 outputs loaded');
    expect(outputChipText(0, 200)).toBe('Creating first outputs...');
  });
});

describe('saved camera', () => {
  it('round-trips position, target, up and mode, and rejects malformed entries', () => {
    const store = new MemoryStorage() as unknown as Storage;
    const state = { mode: 'orthographic' as const, position: [1, 2, 3] as [number, number, number], target: [0, 0, 0] as [number, number, number], up: [0, 0, 1] as [number, number, number] };
    saveCameraState('sim-1', state, store);
    expect(loadCameraState('sim-1', store)).toEqual(state);
    expect(loadCameraState('sim-2', store)).toBeNull();
    store.setItem('surge.viewer.camera.bad', '{"mode":"fisheye"}');
    expect(loadCameraState('bad', store)).toBeNull();
    store.setItem('surge.viewer.camera.junk', 'not json');
    expect(loadCameraState('junk', store)).toBeNull();
  });
});
