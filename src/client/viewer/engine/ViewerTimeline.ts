// Outputs and time in the viewer: loading output folders (through the decoding pool, with a small cache
// keyed by the folder's source, the output number and the dataset, so that an output listed again is found
// again and an output from another folder or run never shows a cached frame),
// output playback at 3 frames per second divided by speed, and the movement timeline of parts
// (keyframes interpolated or stepped, progress clamped to 0..1).
import { VIEWER_MESSAGES } from '../defaults.ts';
import { OutputClock, advancePlayback, clampSpeed, doubleSpeed, halveSpeed } from '../playback.ts';
import { clampProgress, parseMovements, transformAt, type MovementMode, type PartMovement } from '../keyframes.ts';
import type { OutputMeta } from '../../../domain/output.ts';
import { loadMoreObjects, loadOutputFolder, missingObjects, type LoadedOutput } from '../loading/outputLoader.ts';
import type { DecodePool } from '../loading/DecodePool.ts';
import { outputSourceKey, type OutputSource } from '../loading/outputSource.ts';
import type { PartMeshes } from '../scene/PartMeshes.ts';
import type { ViewerStore } from '../viewerState.ts';

export interface OutputEntry {
  outputNo: number;
  source: OutputSource;
}

export interface TimelineHost {
  store: ViewerStore;
  pool: DecodePool;
  parts: PartMeshes;
  /** 'preprocessor': Space plays the movement timeline; 'postprocessor': it plays outputs. */
  mode: 'preprocessor' | 'postprocessor';
  showLoadedOutput: (loaded: LoadedOutput) => void;
  /** Whether an object of an output is shown, so that hidden ones are not fetched. */
  includeObject: (object: OutputMeta['objects'][number]) => boolean;
  requestFrame: () => void;
  message: (level: 'info' | 'success' | 'warning' | 'error', text: string) => void;
}

/** Loaded outputs kept for playback; the least recently shown are dropped first. */
const OUTPUT_CACHE_SIZE = 3;

function cacheKey(entry: OutputEntry, dataset: 'full' | 'fast'): string {
  return `${outputSourceKey(entry.source)}|${entry.outputNo}|${dataset}`;
}

export class ViewerTimeline {
  private readonly host: TimelineHost;
  private readonly clock = new OutputClock();
  private readonly cache = new Map<string, LoadedOutput>();
  private outputs: OutputEntry[] = [];
  private movements: PartMovement[] = [];
  private movementDuration = 0;
  private lastTimelineMs: number | null = null;
  /** The output folder on screen, the dataset it was loaded with and what was loaded of it. */
  private current: { source: OutputSource; dataset: 'full' | 'fast'; loaded: LoadedOutput; cacheKey: string | null } | null = null;

  constructor(host: TimelineHost) {
    this.host = host;
  }

  private get store(): ViewerStore {
    return this.host.store;
  }

  private dataset(): 'full' | 'fast' {
    return this.store.getState().quality === 'all' ? 'full' : 'fast';
  }

  async loadOutput(source: OutputSource): Promise<LoadedOutput> {
    this.store.update((s) => ({ outputs: { ...s.outputs, loading: true } }));
    try {
      const dataset = this.dataset();
      const loaded = await loadOutputFolder(source, this.host.pool, { dataset, include: this.host.includeObject });
      this.current = { source, dataset, loaded, cacheKey: null };
      this.host.showLoadedOutput(loaded);
      this.host.message('success', VIEWER_MESSAGES.loadedPointclouds);
      return loaded;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.store.update({ error: text });
      this.host.message('error', text);
      throw error;
    } finally {
      this.store.update((s) => ({ outputs: { ...s.outputs, loading: false } }));
    }
  }

  setOutputs(outputs: OutputEntry[], expectedTotal: number): void {
    this.outputs = outputs;
    this.store.update((s) => ({
      outputs: { ...s.outputs, loaded: outputs.length, total: Math.max(expectedTotal, outputs.length) },
      playback: {
        ...s.playback,
        outputCount: outputs.length,
        outputIndex: Math.min(s.playback.outputIndex, Math.max(0, outputs.length - 1)),
      },
    }));
  }

  /** Shows output `index`; resolves true when it reached the screen, false when a later request won. */
  async showOutput(index: number): Promise<boolean> {
    const entry = this.outputs[index];
    if (!entry) return false;
    this.store.update((s) => ({ playback: { ...s.playback, outputIndex: index } }));
    const dataset = this.dataset();
    const key = cacheKey(entry, dataset);
    let loaded = this.cache.get(key);
    if (!loaded) {
      loaded = await loadOutputFolder(entry.source, this.host.pool, { dataset, include: this.host.includeObject });
    } else {
      // Objects shown since this output was cached are loaded now.
      const missing = missingObjects(loaded, this.host.includeObject, dataset);
      if (missing.length > 0) loaded = await loadMoreObjects(loaded, missing, entry.source, this.host.pool, dataset);
    }
    // Most recently used last, so that the oldest is dropped first.
    this.cache.delete(key);
    this.cache.set(key, loaded);
    while (this.cache.size > OUTPUT_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    // A later frame may have moved on while this one loaded; show only the current one.
    if (this.store.getState().playback.outputIndex !== index) return false;
    this.current = { source: entry.source, dataset, loaded, cacheKey: key };
    this.host.showLoadedOutput(loaded);
    return true;
  }

  /**
   * An object was shown that the output on screen was loaded without: its files are fetched now and the
   * output is shown again with it. Resolves false when another output took the screen meanwhile.
   */
  async objectsShown(): Promise<boolean> {
    const current = this.current;
    if (!current) return false;
    const missing = missingObjects(current.loaded, this.host.includeObject, current.dataset);
    if (missing.length === 0) return true;
    const loaded = await loadMoreObjects(current.loaded, missing, current.source, this.host.pool, current.dataset);
    if (this.current !== current) return false;
    this.current = { ...current, loaded };
    if (current.cacheKey && this.cache.has(current.cacheKey)) this.cache.set(current.cacheKey, loaded);
    this.host.showLoadedOutput(loaded);
    return true;
  }

  /** meta.json of the output on screen. */
  currentMeta(): OutputMeta | null {
    return this.current?.loaded.meta ?? null;
  }

  /** Quality All shows the `full` dataset, the others the reduced `fast` one: reload when that changes. */
  async qualityChanged(): Promise<void> {
    if (!this.current || this.current.dataset === this.dataset()) return;
    const index = this.store.getState().playback.outputIndex;
    const entry = this.outputs[index];
    if (entry && outputSourceKey(entry.source) === outputSourceKey(this.current.source)) await this.showOutput(index);
    else await this.loadOutput(this.current.source);
  }

  play(): void {
    this.clock.reset();
    this.lastTimelineMs = null;
    this.store.update((s) => ({ playback: { ...s.playback, playing: true } }));
    this.host.requestFrame();
  }

  pause(): void {
    this.store.update((s) => ({ playback: { ...s.playback, playing: false } }));
  }

  toggle(): void {
    if (this.store.getState().playback.playing) this.pause();
    else this.play();
  }

  faster(): void {
    this.store.update((s) => ({ playback: { ...s.playback, speed: doubleSpeed(s.playback.speed) } }));
  }

  slower(): void {
    this.store.update((s) => ({ playback: { ...s.playback, speed: halveSpeed(s.playback.speed) } }));
  }

  setSpeed(speed: number): void {
    this.store.update((s) => ({ playback: { ...s.playback, speed: clampSpeed(speed) } }));
  }

  setLooping(looping: boolean): void {
    this.store.update((s) => ({ playback: { ...s.playback, looping } }));
  }

  /** Advances playback at frame time `nowMs`; returns true while it keeps playing. */
  tick(nowMs: number): boolean {
    const s = this.store.getState();
    if (!s.playback.playing) return false;
    if (this.host.mode === 'preprocessor') {
      if (this.movementDuration <= 0) return false;
      const last = this.lastTimelineMs ?? nowMs;
      this.lastTimelineMs = nowMs;
      let progress = s.movement.progress + (((nowMs - last) / 1000) * s.playback.speed) / this.movementDuration;
      if (progress > 1) {
        if (s.playback.looping) progress %= 1;
        else {
          progress = 1;
          this.pause();
        }
      }
      this.setMovementProgress(progress);
      return this.store.getState().playback.playing;
    }
    const steps = this.clock.tick(nowMs, s.playback.speed);
    if (steps > 0) {
      const next = advancePlayback(s.playback, steps);
      this.store.update({ playback: next });
      if (next.outputIndex !== s.playback.outputIndex) void this.showOutput(next.outputIndex);
    }
    return this.store.getState().playback.playing;
  }

  setMovements(raw: unknown, mode: MovementMode): void {
    this.store.update((s) => ({ movement: { ...s.movement, status: VIEWER_MESSAGES.loadingMovements, mode } }));
    let parsed;
    try {
      parsed = parseMovements(raw);
    } catch (error) {
      const text = error instanceof Error ? error.message : VIEWER_MESSAGES.movementsNotInterpreted;
      this.host.message('error', text);
      this.store.update((s) => ({ movement: { ...s.movement, status: null } }));
      return;
    }
    const total = parsed.movements.length;
    parsed.movements.forEach((_, i) => {
      this.store.update((s) => ({ movement: { ...s.movement, status: VIEWER_MESSAGES.loadingMovementsProgress(i + 1, total) } }));
    });
    for (const w of parsed.warnings) this.host.message('warning', w);
    this.movements = parsed.movements;
    this.movementDuration = Math.max(0, ...parsed.movements.flatMap((m) => m.keyframes.map((k) => k.time)));
    this.store.update((s) => ({ movement: { ...s.movement, status: VIEWER_MESSAGES.loadedAllMovements, partCount: total } }));
    this.host.message('success', VIEWER_MESSAGES.loadedAllMovements);
    this.setMovementProgress(this.store.getState().movement.progress);
  }

  setMovementMode(mode: MovementMode): void {
    this.store.update((s) => ({ movement: { ...s.movement, mode } }));
    this.setMovementProgress(this.store.getState().movement.progress);
  }

  setMovementProgress(progress: number): void {
    const p = clampProgress(progress);
    const mode = this.store.getState().movement.mode;
    if (p === 0) this.host.parts.resetTransforms();
    else {
      const t = p * this.movementDuration;
      for (const m of this.movements) this.host.parts.setTransform(m.partId, transformAt(m, t, mode));
    }
    this.store.update((s) => ({ movement: { ...s.movement, progress: p } }));
    this.host.requestFrame();
  }

  dispose(): void {
    this.cache.clear();
  }
}
