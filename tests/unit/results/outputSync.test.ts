// Results' output sync against a stand-in viewer whose loads finish when the test says: the first output
// of a run is coloured by velocity magnitude and framed once, whichever of the requested outputs reaches
// the screen first (a newer output announced while the first one loads must not leave the colormap at
// None), and new outputs are followed while the user stays on the newest.
import { describe, expect, it } from 'vitest';
import type { OutputListEntry } from '../../../src/domain/runOutputs.ts';
import { ResultsOutputSync, type OutputsViewer, type OutputsSyncState } from '../../../src/client/results/resultsOutputSync.ts';
import type { ColormapPatch, OutputEntry } from '../../../src/client/viewer/ViewerEngine.ts';
import { initialViewerState, type ViewerState } from '../../../src/client/viewer/viewerState.ts';

const RUN = '11111111-1111-4111-8111-111111111111';
const output = (outputNo: number, runId = RUN): OutputListEntry => ({
  runId,
  outputNo,
  time: outputNo * 0.1,
  states: { visualization: 'ready', sensor: 'pending' },
  wallSensorState: 'unknown',
  bytes: 1000,
});
const outputs = (n: number, runId = RUN) => Array.from({ length: n }, (_, i) => output(i, runId));

/** A viewer whose loads resolve on demand and that behaves like the engine: only the current index is shown. */
class LoadingViewer implements OutputsViewer {
  restoredCamera = false;
  state: ViewerState = initialViewerState();
  entries: OutputEntry[] = [];
  fits = 0;
  colormapCalls: ColormapPatch[] = [];
  pending: { index: number; finish: () => void }[] = [];

  getState = () => this.state;
  setOutputs(entries: OutputEntry[]): void {
    this.entries = entries;
  }
  showOutput(index: number): Promise<boolean> {
    this.state = { ...this.state, playback: { ...this.state.playback, outputIndex: index } };
    return new Promise((resolve) => {
      this.pending.push({
        index,
        finish: () => {
          if (this.state.playback.outputIndex !== index) return resolve(false);
          this.state = { ...this.state, attributes: [{ name: 'velocity', label: 'Velocity', unit: 'm/s', components: 3 }] };
          resolve(true);
        },
      });
    });
  }
  fitAll(): void {
    this.fits += 1;
  }
  setColormap(patch: ColormapPatch): Promise<void> {
    this.colormapCalls.push(patch);
    if (patch.attribute !== undefined) this.state = { ...this.state, colormap: { ...this.state.colormap, attribute: patch.attribute } };
    return Promise.resolve();
  }
  async finish(index: number): Promise<void> {
    const i = this.pending.findIndex((p) => p.index === index);
    const [load] = this.pending.splice(i, 1);
    load.finish();
    for (let k = 0; k < 5; k++) await Promise.resolve();
  }
}

function setup() {
  const viewer = new LoadingViewer();
  const states: OutputsSyncState[] = [];
  const sync = new ResultsOutputSync(viewer, (o) => ({ kind: 'url', baseUrl: `http://x/${o.runId}/${o.outputNo}/` }), (s) => states.push(s));
  return { viewer, sync, states };
}

describe('Results output sync', () => {
  it('colours by velocity magnitude when a newer output wins the race against the first one', async () => {
    const { viewer, sync, states } = setup();
    sync.update(outputs(3), 11);
    expect(viewer.pending.map((p) => p.index)).toEqual([2]);
    // Output 3 becomes ready while output 2 still loads: the sync follows it.
    sync.update(outputs(4), 11);
    expect(viewer.pending.map((p) => p.index)).toEqual([2, 3]);
    await viewer.finish(2);
    expect(viewer.colormapCalls).toEqual([]);
    await viewer.finish(3);
    expect(viewer.colormapCalls).toEqual([{ attribute: 'velocity', subOption: 'magnitude' }]);
    expect(viewer.fits).toBe(1);
    expect(states.at(-1)).toEqual({ loadingFirst: false, error: null });
  });

  it('colours and fits once per run and leaves an attribute the user chose', async () => {
    const { viewer, sync } = setup();
    sync.update(outputs(2), 11);
    await viewer.finish(1);
    expect(viewer.colormapCalls).toHaveLength(1);
    viewer.state = { ...viewer.state, colormap: { ...viewer.state.colormap, attribute: null } };
    sync.update(outputs(3), 11);
    await viewer.finish(2);
    expect(viewer.colormapCalls).toHaveLength(1);
    expect(viewer.fits).toBe(1);

    // A new run: framed and coloured again, but not over an attribute the user picked.
    const next = '22222222-2222-4222-8222-222222222222';
    viewer.state = { ...viewer.state, colormap: { ...viewer.state.colormap, attribute: 'pressure' } };
    sync.update(outputs(1, next), 11);
    await viewer.finish(0);
    expect(viewer.fits).toBe(2);
    expect(viewer.colormapCalls).toHaveLength(1);
  });

  it('follows new outputs only while the newest is shown and playback is paused', async () => {
    const { viewer, sync } = setup();
    sync.update(outputs(2), 11);
    await viewer.finish(1);
    viewer.state = { ...viewer.state, playback: { ...viewer.state.playback, outputIndex: 0 } };
    sync.update(outputs(3), 11);
    expect(viewer.pending).toEqual([]);
    expect(viewer.entries.map((e) => e.outputNo)).toEqual([0, 1, 2]);
  });

  it('keeps one source per output so that the engine cache recognises it', () => {
    const { viewer, sync } = setup();
    sync.update(outputs(2), 11);
    const first = viewer.entries.map((e) => e.source);
    sync.update(outputs(3), 11);
    expect(viewer.entries.slice(0, 2).map((e) => e.source)).toEqual(first);
    expect(viewer.entries[0].source).toBe(first[0]);
  });
});
