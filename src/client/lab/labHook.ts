// The lab page's window.__surgeViewer hook for benchmarks and browser tests: frame timing that waits for
// the GPU, and colormap / clip / view-mode changes that report their latency until the GPU is done.
import { percentile } from '../viewer/frameStats.ts';
import type { ColormapPatch, ObjectAppearance, Viewer } from '../viewer/ViewerEngine.ts';
import type { ClipSettings } from '../viewer/scene/ClipPlane.ts';
import type { ViewMode } from '../viewer/defaults.ts';
import type { PartAppearance } from '../viewer/scene/PartMeshes.ts';
import type { ViewDirection } from '../viewer/scene/CameraRig.ts';

export interface FrameMeasurement {
  samples: number[];
  p50: number;
  p95: number;
  /** True when the time budget ran out before all frames were measured. */
  truncated: boolean;
}

export interface SurgeViewerHook {
  ready: boolean;
  error: string | null;
  backend: string;
  mode: string;
  count: number;
  measureFrames(frames: number, budgetMs?: number): Promise<FrameMeasurement>;
  setColormap(patch: ColormapPatch): Promise<number>;
  setClip(patch: Partial<Omit<ClipSettings, 'normal'>>): Promise<number>;
  setViewMode(mode: ViewMode): Promise<number>;
  /** Viewer only (the baseline page draws one cloud): per-object visibility and view mode. */
  setObjectAppearance?(id: string, patch: Partial<ObjectAppearance>): Promise<number>;
  /** Viewer only: shows output `index` of the lab's outputs; resolves whether it reached the screen. */
  showOutput?(index: number): Promise<boolean>;
  /** Viewer only: replaces the part meshes (plain arrays, as a test page can pass them) and fits the view. */
  setMeshes?(parts: LabMesh[]): void;
  setSelection?(ids: string[]): void;
  /** Viewer only: looks along an axis (orthographic views for pixel checks). */
  snapView?(direction: ViewDirection): void;
  /** Viewer only: the part (or pick volume) under a canvas point (CSS px), as hover and click see it. */
  pickPart?(x: number, y: number): string | null;
  /** Viewer only: the part or particle object under a canvas point (CSS px), as hover and click see it. */
  pickObject?(x: number, y: number): string | null;
  /** Viewer only: replaces every particle object with these, made of plain arrays, and fits the view. */
  setParticles?(objects: LabParticles[]): void;
  /** Viewer only: vector arrows (attribute and scale); resolves with the frame drawn. */
  setArrows?(patch: { attribute?: string | null; scale?: number }): Promise<number>;
  /** Canvas position (CSS px) of a part's centre, for pointer tests. */
  partCenter(id: string): { x: number; y: number } | null;
  /** Canvas position (CSS px) of a part's or a shown particle object's centre. */
  objectCenter?(id: string): { x: number; y: number } | null;
  setFormOpen(open: boolean): void;
  state(): unknown;
}

/** A particle object as plain arrays. */
export interface LabParticles {
  id: string;
  name: string;
  positions: number[];
  spacing?: number;
  attributes: Record<string, { array: number[]; components: 1 | 3; unit?: string }>;
}

/** A part mesh as plain arrays. */
export interface LabMesh {
  id: string;
  name: string;
  positions: number[];
  indices?: number[];
  appearance?: Partial<PartAppearance>;
  pickVolume?: { min: [number, number, number]; max: [number, number, number] };
}

declare global {
  interface Window {
    __surgeViewer?: SurgeViewerHook;
  }
}

export async function measureWith(frame: () => Promise<number>, frames: number, budgetMs = 60_000): Promise<FrameMeasurement> {
  const samples: number[] = [];
  const start = performance.now();
  // One warm-up frame compiles pipelines and uploads buffers; it is not counted.
  await frame();
  let truncated = false;
  for (let i = 0; i < frames; i++) {
    if (performance.now() - start > budgetMs) {
      truncated = true;
      break;
    }
    samples.push(await frame());
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples, p50: percentile(sorted, 50), p95: percentile(sorted, 95), truncated };
}

export function installViewerHook(viewer: Viewer, mode: string, count: number): SurgeViewerHook {
  // Latency as a user sees it: from the call until the frame loop has drawn the change on the GPU.
  const timed = async (change: () => unknown): Promise<number> => {
    const t0 = performance.now();
    await change();
    await viewer.nextFrame();
    return performance.now() - t0;
  };
  const hook: SurgeViewerHook = {
    ready: false,
    error: null,
    backend: viewer.backend,
    mode,
    count,
    measureFrames: (frames, budgetMs) => measureWith(() => viewer.measureFrame(), frames, budgetMs),
    setColormap: (patch) => timed(() => viewer.setColormap(patch)),
    setClip: (patch) => timed(() => viewer.setClip(patch)),
    setViewMode: (m) => timed(() => viewer.setViewMode(m)),
    setObjectAppearance: (id, patch) => timed(() => viewer.setObjectAppearance(id, patch)),
    showOutput: (index) => viewer.showOutput(index),
    setMeshes: (parts) => {
      viewer.setMeshes(
        parts.map((p) => ({
          ...p,
          positions: Float32Array.from(p.positions),
          indices: p.indices ? Uint32Array.from(p.indices) : undefined,
        })),
      );
      viewer.fitAll(false);
    },
    setSelection: (ids) => viewer.setSelection(ids),
    snapView: (direction) => viewer.snapView(direction, false),
    pickPart: (x, y) => viewer.pickPart(x, y),
    pickObject: (x, y) => viewer.pickObject(x, y),
    setParticles: (objects) => {
      viewer.clearParticles();
      for (const input of objects) {
        viewer.setParticles({
          id: input.id,
          name: input.name,
          spacing: input.spacing,
          fluid: true,
          arrays: {
            positions: Float32Array.from(input.positions),
            attributes: Object.fromEntries(
              Object.entries(input.attributes).map(([name, a]) => [name, { array: Float32Array.from(a.array), components: a.components, unit: a.unit }]),
            ),
          },
        });
      }
      viewer.fitAll(false);
    },
    setArrows: (patch) => timed(() => viewer.setArrows(patch)),
    partCenter: (id) => viewer.partCenterOnCanvas(id),
    objectCenter: (id) => viewer.objectCenterOnCanvas(id),
    setFormOpen: (open) => viewer.setFormOpen(open),
    state: () => JSON.parse(JSON.stringify(viewer.getState())),
  };
  window.__surgeViewer = hook;
  return hook;
}
