// URL parameters of the viewer lab: ?n=1000000&mode=spheres&renderer=webgpu&output=<folder url>.
import type { RendererPreference } from '../viewer/gpu/createRenderer.ts';
import { resolveRendererPreference } from '../viewer/rendererSetting.ts';
import type { ViewMode } from '../viewer/defaults.ts';
import { VIEW_DIRECTIONS, type ProjectionMode, type ViewDirection } from '../viewer/scene/CameraRig.ts';

export type LabMode = 'spheres' | 'circles' | 'surface' | 'baseline';

export interface LabParams {
  count: number;
  mode: LabMode;
  renderer: RendererPreference;
  /** Output folder URLs (`output=` may repeat); playback steps through them. */
  outputs: string[];
  attribute: string;
  /** Hide the control panel (benchmarks and screenshots of the canvas alone). */
  bare: boolean;
  /** Show the tank and obstacle parts (parts=0 hides them). */
  parts: boolean;
  /** Initial view direction, e.g. +z for a top view. */
  view: ViewDirection | null;
  projection: ProjectionMode;
  /** Output object kinds hidden until shown (hidden=wall_boundary, as in Results). */
  hiddenKinds: string[];
  /** pick=objects: particle objects answer hover and click as in Results; by default only parts do. */
  pickParticles: boolean;
}

const MODES: LabMode[] = ['spheres', 'circles', 'surface', 'baseline'];

export function readLabParams(search: string): LabParams {
  const q = new URLSearchParams(search);
  const n = Number(q.get('n') ?? '200000');
  const mode = MODES.find((m) => m === q.get('mode')) ?? 'spheres';
  return {
    count: Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), 50_000_000) : 200_000,
    mode,
    renderer: resolveRendererPreference(search),
    outputs: q.getAll('output').flatMap((o) => o.split(',')).filter(Boolean),
    attribute: q.get('attribute') ?? 'velocity',
    bare: q.get('bare') === '1',
    parts: q.get('parts') !== '0',
    view: VIEW_DIRECTIONS.find((d) => d === q.get('view')) ?? null,
    projection: q.get('projection') === 'orthographic' ? 'orthographic' : 'perspective',
    hiddenKinds: q.getAll('hidden').flatMap((h) => h.split(',')).filter(Boolean),
    pickParticles: q.get('pick') === 'objects',
  };
}

export function viewModeOf(mode: LabMode): ViewMode {
  if (mode === 'circles') return 'particles_outlined_circles';
  if (mode === 'surface') return 'surface';
  return 'particles_spheres';
}
