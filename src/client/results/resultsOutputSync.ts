// Keeps the viewer engine in step with the run's outputs: hands it the outputs playback steps through
// (with the count the run will write, for 'n/m outputs loaded'), shows the newest one first, follows new
// outputs while the user stays on the last, and once per run, after the first output that actually
// reached the screen, fits the camera (unless a saved camera was restored) and colours by velocity.
import type { OutputListEntry } from '../../domain/runOutputs.ts';
import { errorMessage } from '../api/ApiClient.ts';
import type { ColormapPatch, OutputEntry } from '../viewer/ViewerEngine.ts';
import type { OutputSource } from '../viewer/loading/outputSource.ts';
import type { ViewerState } from '../viewer/viewerState.ts';
import { viewableOutputs } from './outputList.ts';

/** Attribute a run's outputs are coloured by first, where the output has it. */
export const INITIAL_ATTRIBUTE = 'velocity';

/** What the sync needs of the viewer engine. */
export interface OutputsViewer {
  readonly restoredCamera: boolean;
  getState(): Pick<ViewerState, 'attributes' | 'colormap' | 'playback'>;
  setOutputs(outputs: OutputEntry[], expectedTotal: number): void;
  /** Resolves true when the output reached the screen, false when a later one superseded it. */
  showOutput(index: number): Promise<boolean>;
  fitAll(animate?: boolean): void;
  setColormap(patch: ColormapPatch): Promise<void>;
}

export interface OutputsSyncState {
  /** The first output of the run is being fetched and decoded. */
  loadingFirst: boolean;
  error: string | null;
}

export class ResultsOutputSync {
  private readonly viewer: OutputsViewer;
  private readonly sourceFor: (output: OutputListEntry) => OutputSource;
  private readonly onState: (state: OutputsSyncState) => void;
  private readonly sources = new Map<string, OutputSource>();
  private state: OutputsSyncState = { loadingFirst: false, error: null };
  private shownRun: string | null = null;
  /** Runs whose first shown output has been framed and coloured already. */
  private settledRun: string | null = null;
  private lastCount = 0;

  constructor(viewer: OutputsViewer, sourceFor: (output: OutputListEntry) => OutputSource, onState: (state: OutputsSyncState) => void) {
    this.viewer = viewer;
    this.sourceFor = sourceFor;
    this.onState = onState;
  }

  private setState(patch: Partial<OutputsSyncState>): void {
    this.state = { ...this.state, ...patch };
    this.onState(this.state);
  }

  /** The outputs list changed (polling, realtime events or a new run). */
  update(outputs: readonly OutputListEntry[], expectedTotal: number): void {
    const viewable = viewableOutputs(outputs);
    const entries: OutputEntry[] = viewable.map((o) => ({ outputNo: o.outputNo, source: this.source(o) }));
    this.viewer.setOutputs(entries, expectedTotal);
    if (entries.length === 0) {
      this.lastCount = 0;
      return;
    }
    const runId = viewable[viewable.length - 1].runId;
    const last = entries.length - 1;
    const playback = this.viewer.getState().playback;
    if (this.shownRun !== runId) {
      this.shownRun = runId;
      this.lastCount = entries.length;
      this.setState({ loadingFirst: true, error: null });
      void this.show(runId, last).finally(() => {
        if (this.shownRun === runId) this.setState({ loadingFirst: false });
      });
      return;
    }
    // New outputs arrived: follow them when the user is watching the newest one and not playing.
    if (entries.length > this.lastCount && !playback.playing && playback.outputIndex === this.lastCount - 1) {
      void this.show(runId, last);
    }
    this.lastCount = entries.length;
  }

  private source(output: OutputListEntry): OutputSource {
    const key = `${output.runId}:${output.outputNo}`;
    let source = this.sources.get(key);
    if (!source) {
      source = this.sourceFor(output);
      this.sources.set(key, source);
    }
    return source;
  }

  private async show(runId: string, index: number): Promise<void> {
    try {
      const shown = await this.viewer.showOutput(index);
      if (shown) await this.settle(runId);
    } catch (error) {
      this.setState({ error: errorMessage(error) });
    }
  }

  /**
   * Once per run, whichever output reaches the screen first: fit the camera and colour by velocity when
   * the user has not picked an attribute. Whether the first request or a later one wins the race does
   * not matter.
   */
  private async settle(runId: string): Promise<void> {
    if (this.settledRun === runId) return;
    this.settledRun = runId;
    // A camera the user left here last time is kept; otherwise the view fits the fluid.
    if (!this.viewer.restoredCamera) this.viewer.fitAll(false);
    const s = this.viewer.getState();
    if (s.colormap.attribute === null && s.attributes.some((a) => a.name === INITIAL_ATTRIBUTE)) {
      await this.viewer.setColormap({ attribute: INITIAL_ATTRIBUTE, subOption: 'magnitude' });
    }
  }
}
