// Selection gating of the statistics panel (spec 2 §4 'Statistics computation', §5, §8): the objects
// offered, every selection status and the message each shows, and what a stats.calc names for a
// selection (volume clips mask the fluids they apply to).
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/domain/messages.ts';
import { selectionStatusMessage } from '../../../../src/domain/statistics.ts';
import {
  effectiveSelection,
  selectionLabel,
  selectionStatus,
  statisticsObjects,
  statisticsTargets,
  type SelectionContext,
} from '../../../../src/client/results/statistics/statisticsSelection.ts';

const meta = {
  objects: [
    { id: 'fluid_0', kind: 'fluid' as const, name: 'Water', materialId: 0 },
    { id: 'fluid_1', kind: 'fluid' as const, name: 'Oil', materialId: 1 },
    { id: 'wall_0', kind: 'wall_boundary' as const, name: 'Tank', materialId: null },
    { id: 'wall_1', kind: 'wall_boundary' as const, name: 'Lid', materialId: null },
    { id: 'open_2', kind: 'open_boundary' as const, name: 'Inlet', materialId: null },
  ],
  sensors: [{ id: 'probe' }],
};
const setup = {
  sensors: [
    { id: 'probe', name: 'Probe', kind: 'point' as const },
    { id: 'gauge', name: 'Gauge', kind: 'point' as const },
    { id: 'disk', name: 'Disk', kind: 'surface' as const },
  ],
  volumeClips: [
    { id: 'clip-water', name: 'Box on water', materialId: 0 },
    { id: 'clip-all', name: 'Box on all', materialId: null },
    { id: 'clip-gone', name: 'Box on fluid 5', materialId: 5 },
  ],
};
const objects = statisticsObjects(meta, setup);
const ctx: SelectionContext = {
  objects, meta, metaLoading: false, setupLoading: false, sensorState: 'ready', operationsLoading: false, failedMasks: new Set(),
};
const status = (selection: string[], patch: Partial<SelectionContext> = {}) => selectionStatus(selection, { ...ctx, ...patch });

describe('objects offered for statistics', () => {
  it('lists the output objects by type, then the setup sensors and volume clips', () => {
    expect(objects.map((o) => `${o.type}:${o.id}`)).toEqual([
      'fluid:fluid_0', 'fluid:fluid_1', 'wall_boundary:wall_0', 'wall_boundary:wall_1', 'open_boundary:open_2',
      'point_sensor:probe', 'point_sensor:gauge', 'surface_sensor:disk',
      'volume_clip:clip-water', 'volume_clip:clip-all', 'volume_clip:clip-gone',
    ]);
    expect(statisticsObjects(null, null)).toEqual([]);
  });

  it('analyses the viewer selection when it names offered objects, otherwise the panel selection', () => {
    expect(effectiveSelection(['wall_1'], ['fluid_0'], objects)).toEqual(['wall_1']);
    expect(effectiveSelection(['some-part-mesh'], ['fluid_0', 'gone'], objects)).toEqual(['fluid_0']);
    expect(effectiveSelection([], ['wall_1', 'wall_0'], objects)).toEqual(['wall_0', 'wall_1']);
    expect(selectionLabel(['wall_1', 'wall_0'], objects)).toBe('Tank, Lid');
  });
});

describe('selection status', () => {
  it('asks for objects, and for objects of one type', () => {
    expect(status([])).toBe('empty');
    expect(status(['not-offered'])).toBe('empty');
    expect(selectionStatusMessage(status([]))).toBe('Select one or more objects to analyze statistics.');
    expect(status(['fluid_0', 'wall_0'])).toBe('differentObjects');
    expect(status(['probe', 'disk'])).toBe('differentObjects');
    expect(selectionStatusMessage(status(['fluid_0', 'wall_0']))).toBe('Select only objects of the same type to view their aggregated statistics.');
    expect(status(['fluid_0', 'fluid_1'])).toBe('valid');
    expect(status(['wall_0', 'wall_1'])).toBe('valid');
  });

  it('waits for sensors being computed and says when a selected sensor has no results', () => {
    expect(status(['probe'])).toBe('valid');
    expect(status(['probe', 'gauge'])).toBe('sensorResultsMissing');
    expect(selectionStatusMessage('sensorResultsMissing')).toBe(MESSAGES.statsNoSensorResults);
    expect(status(['gauge'], { sensorState: 'pending' })).toBe('sensorsLoading');
    expect(status(['gauge'], { metaLoading: true })).toBe('sensorsLoading');
    expect(selectionStatusMessage('sensorsLoading')).toBeNull();
  });

  it('needs a fluid for a volume clip, and says when a clip could not be used', () => {
    expect(status(['clip-water'])).toBe('valid');
    expect(status(['clip-all'])).toBe('valid');
    expect(status(['clip-gone'])).toBe('incompleteSetup');
    expect(selectionStatusMessage('incompleteSetup')).toBe('Select Fluid for the Volume Clip');
    expect(status(['clip-water'], { setupLoading: true })).toBe('masksLoading');
    expect(status(['clip-water'], { failedMasks: new Set(['clip-water']) })).toBe('masksMissing');
    expect(selectionStatusMessage('masksMissing')).toBe('No computed results for the selected Volume Clip');
  });

  it('waits for the output and for stats.info before the selection is valid', () => {
    expect(status([], { metaLoading: true })).toBe('statsLoading');
    expect(status(['fluid_0'], { metaLoading: true })).toBe('statsLoading');
    expect(status(['fluid_0'], { operationsLoading: true })).toBe('operationsLoading');
    expect(selectionStatusMessage('operationsLoading')).toBeNull();
  });
});

describe('what a computation names', () => {
  it('sends objects as they are, and a volume clip as the mask of the fluids it applies to', () => {
    expect(statisticsTargets(['wall_1', 'wall_0'], objects)).toEqual({ objIds: ['wall_0', 'wall_1'], masks: [] });
    expect(statisticsTargets(['clip-water'], objects)).toEqual({ objIds: ['fluid_0'], masks: ['clip-water'] });
    expect(statisticsTargets(['clip-all'], objects)).toEqual({ objIds: ['fluid_0', 'fluid_1'], masks: ['clip-all'] });
    expect(statisticsTargets(['clip-water', 'clip-all'], objects)).toEqual({ objIds: ['fluid_0', 'fluid_1'], masks: ['clip-water', 'clip-all'] });
    expect(statisticsTargets(['clip-gone'], objects)).toEqual({ objIds: [], masks: ['clip-gone'] });
  });
});
