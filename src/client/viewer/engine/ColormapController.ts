// Colormap state of the viewer: attribute and sub-option, scheme (a LUT texture), the edited range
// (ordered so that min <= max) and the default range, the min/max of the visible values from the GPU
// reduction with the spec's fixed bounds. Every change is a uniform or binding update.
import { defaultRangeFor, normalizeRange } from '../colormap.ts';
import { VIEWER_MESSAGES, type ColorSchemeId, type VectorSubOption } from '../defaults.ts';
import { SUB_OPTION_CODE, type SceneUniforms } from '../gpu/sceneUniforms.ts';
import type { RangeReducer } from '../gpu/RangeReducer.ts';
import type { ViewerStore } from '../viewerState.ts';
import type { ParticleSet } from './ParticleSet.ts';

export interface ColormapPatch {
  attribute?: string | null;
  subOption?: VectorSubOption;
  scheme?: ColorSchemeId;
  min?: number;
  max?: number;
  collapsed?: boolean;
}

export interface ColormapHost {
  store: ViewerStore;
  u: SceneUniforms;
  particles: ParticleSet;
  reducer: RangeReducer;
  requestFrame: () => void;
  message: (level: 'warning', text: string) => void;
  isDisposed: () => boolean;
}

export class ColormapController {
  private readonly host: ColormapHost;
  private rangeRequest = 0;

  constructor(host: ColormapHost) {
    this.host = host;
  }

  /** Applies a change; resolves once a new default range (GPU reduction) is in place. */
  set(patch: ColormapPatch): Promise<void> {
    const { store, u } = this.host;
    const s = store.getState();
    const next = { ...s.colormap };
    if (patch.attribute !== undefined) {
      if (patch.attribute !== null && !s.attributes.some((a) => a.name === patch.attribute)) {
        this.host.message('warning', VIEWER_MESSAGES.attributeNotAvailable(patch.attribute));
        return Promise.resolve();
      }
      if (patch.attribute !== next.attribute) {
        next.attribute = patch.attribute;
        next.autoRange = true;
        next.dataRange = null;
      }
    }
    if (patch.subOption !== undefined && patch.subOption !== next.subOption) {
      next.subOption = patch.subOption;
      next.autoRange = true;
    }
    if (patch.scheme !== undefined) {
      next.scheme = patch.scheme;
      u.setScheme(patch.scheme);
    }
    if (patch.collapsed !== undefined) next.collapsed = patch.collapsed;
    if (patch.min !== undefined || patch.max !== undefined) {
      const range = normalizeRange(patch.min ?? next.min, patch.max ?? next.max);
      next.min = range.min;
      next.max = range.max;
      next.autoRange = false;
    }
    store.update({ colormap: next });
    this.apply();
    this.host.requestFrame();
    if (next.autoRange && next.attribute && (patch.attribute !== undefined || patch.subOption !== undefined)) return this.refreshRange();
    return Promise.resolve();
  }

  /** Rescale: back to the default range. */
  async rescale(): Promise<void> {
    const { store } = this.host;
    store.update({ colormap: { ...store.getState().colormap, autoRange: true } });
    await this.refreshRange();
  }

  /** Pushes the current settings to the GPU (uniforms and attribute bindings). */
  apply(): void {
    const { store, u, particles } = this.host;
    const c = store.getState().colormap;
    u.rangeMin.value = c.min;
    u.rangeMax.value = c.max;
    u.subOption.value = SUB_OPTION_CODE[c.subOption];
    particles.setValue(c.attribute);
  }

  /** Reduces the visible values on the GPU; applies the result when the range is automatic. */
  async refreshRange(): Promise<void> {
    const { store, particles, reducer } = this.host;
    const c = store.getState().colormap;
    if (!c.attribute) return;
    const request = ++this.rangeRequest;
    const dataRange = await reducer.reduce(particles.layers(), c.attribute);
    // A later request (or teardown) supersedes this one.
    if (request !== this.rangeRequest || this.host.isDisposed()) return;
    const current = store.getState().colormap;
    const next = { ...current, dataRange };
    if (current.autoRange) {
      const range = defaultRangeFor(current.attribute ?? '', dataRange);
      next.min = range.min;
      next.max = range.max;
    }
    store.update({ colormap: next });
    this.apply();
    this.host.requestFrame();
  }
}
