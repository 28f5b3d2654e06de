// The engine's observable state: plain, serialisable data that React components read through
// subscribe/getState. No three.js objects live here.
import { canvasInitSteps } from '../../domain/viewerState.ts';
import type { ClipSettings } from './scene/ClipPlane.ts';
import { DEFAULT_CLIP } from './scene/ClipPlane.ts';
import type { CameraState } from './scene/CameraRig.ts';
import type { ScaleBar } from './scaleBar.ts';
import { DEFAULT_PLAYBACK, type PlaybackState } from './playback.ts';
import {
  DEFAULT_COLOR_SCHEME,
  VIEWER_LIMITS,
  type ColorSchemeId,
  type QualityId,
  type VectorSubOption,
  type ViewMode,
} from './defaults.ts';
import type { RendererBackend } from './gpu/createRenderer.ts';
import type { MovementMode } from './keyframes.ts';
import type { PartAppearance } from './scene/PartMeshes.ts';

export interface ColormapState {
  /** Attribute name, or null for None (plain colours). */
  attribute: string | null;
  subOption: VectorSubOption;
  scheme: ColorSchemeId;
  min: number;
  max: number;
  /** The range follows the visible values until the user edits it. */
  autoRange: boolean;
  /** Min/max of the visible values from the last GPU reduction. */
  dataRange: { min: number; max: number } | null;
  collapsed: boolean;
}

/** What the server says about the selected attribute (spec 2 §8 "Colormap"). */
export interface ColormapStatus {
  kind: 'computing' | 'failed' | 'unavailable' | 'derivedFailed';
  attribute: string;
}

export interface AttributeInfo {
  name: string;
  label: string;
  unit: string;
  components: 1 | 3;
}

export interface ArrowsState {
  attribute: string | null;
  /** 1: the longest arrow is 25 px long at the orbit target. */
  scale: number;
  count: number;
}

export interface ViewerMessage {
  level: 'info' | 'success' | 'warning' | 'error';
  text: string;
  at: number;
}

export interface PartInfo {
  id: string;
  name: string;
  appearance: PartAppearance;
}

/** A particle object of the output on screen and how it is drawn. */
export interface ParticleObjectInfo {
  id: string;
  name: string;
  /** Output object kind (material, fluid, wall_boundary, open_boundary); null for objects set directly. */
  kind: string | null;
  fluid: boolean;
  count: number;
  visible: boolean;
  /** Its own view mode; null follows the global one. */
  viewMode: ViewMode | null;
  /** Its files are loaded (hidden objects are fetched only once shown). */
  loaded: boolean;
}

export type CanvasInitStep = (typeof canvasInitSteps)[number];

export interface ViewerState {
  ready: boolean;
  /** Canvas lifecycle flags (spec 2 §4), set in order as the setup proceeds. */
  init: Record<CanvasInitStep, boolean>;
  backend: RendererBackend | null;
  viewMode: ViewMode;
  pointSize: number;
  quality: QualityId;
  /** Particles of the objects shown. */
  particleCount: number;
  /**
   * Particles of the objects shown that neither the clipping plane nor a volume clip removes, counted on
   * the GPU (every particle, whatever the quality's stride); null while unknown.
   */
  keptCount: number | null;
  /** Ids of the volume clips that cut particles now. */
  volumeCuts: string[];
  drawnCount: number;
  objects: ParticleObjectInfo[];
  attributes: AttributeInfo[];
  colormap: ColormapState;
  colormapStatus: ColormapStatus | null;
  clip: ClipSettings;
  camera: CameraState | null;
  scaleBar: ScaleBar | null;
  parts: PartInfo[];
  selection: string[];
  hovered: string | null;
  formOpen: boolean;
  /** Vector arrows: the vector attribute shown (null: none), the length scale, and how many are drawn. */
  arrows: ArrowsState;
  playback: PlaybackState;
  outputs: { loaded: number; total: number; loading: boolean };
  movement: { mode: MovementMode; progress: number; status: string | null; partCount: number };
  frameTime: { p50: number; p95: number; count: number };
  lowResolution: { offered: boolean; active: boolean };
  messages: ViewerMessage[];
  error: string | null;
}

export function initialViewerState(): ViewerState {
  return {
    ready: false,
    init: Object.fromEntries(canvasInitSteps.map((step) => [step, false])) as Record<CanvasInitStep, boolean>,
    backend: null,
    viewMode: 'particles_spheres',
    pointSize: VIEWER_LIMITS.defaultPointSize,
    quality: 'all',
    particleCount: 0,
    keptCount: 0,
    volumeCuts: [],
    drawnCount: 0,
    objects: [],
    attributes: [],
    colormap: {
      attribute: null,
      subOption: 'magnitude',
      scheme: DEFAULT_COLOR_SCHEME,
      min: 0,
      max: 1,
      autoRange: true,
      dataRange: null,
      collapsed: false,
    },
    colormapStatus: null,
    clip: { ...DEFAULT_CLIP },
    camera: null,
    scaleBar: null,
    parts: [],
    selection: [],
    hovered: null,
    formOpen: false,
    arrows: { attribute: null, scale: 1, count: 0 },
    playback: { ...DEFAULT_PLAYBACK },
    outputs: { loaded: 0, total: 0, loading: false },
    movement: { mode: 'interpolate', progress: 0, status: null, partCount: 0 },
    frameTime: { p50: Number.NaN, p95: Number.NaN, count: 0 },
    lowResolution: { offered: false, active: false },
    messages: [],
    error: null,
  };
}

export type ViewerListener = (state: ViewerState, previous: ViewerState) => void;

/** Minimal observable store: immutable snapshots, synchronous listeners. */
export class ViewerStore {
  private state: ViewerState = initialViewerState();
  private readonly listeners = new Set<ViewerListener>();

  getState = (): ViewerState => this.state;

  subscribe = (listener: ViewerListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<ViewerState> | ((s: ViewerState) => Partial<ViewerState>)): void {
    const previous = this.state;
    const changes = typeof patch === 'function' ? patch(previous) : patch;
    this.state = { ...previous, ...changes };
    for (const l of this.listeners) l(this.state, previous);
  }
}
