// Benchmark baseline: the same dam-break scene drawn the plain way, with three.js `Points` on the classic
// WebGLRenderer, colours computed per particle on the CPU and uploaded as a colour attribute, and the
// clipping plane as a renderer clipping plane. Exposes the same window.__surgeViewer hook as the lab.
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  PerspectiveCamera,
  Plane,
  Points,
  PointsMaterial,
  SRGBColorSpace,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { buildColormapLut, mapValueToColor, normalizeRange } from '../viewer/colormap.ts';
import type { ColorSchemeId } from '../viewer/defaults.ts';
import type { ColormapPatch } from '../viewer/ViewerEngine.ts';
import type { ClipSettings } from '../viewer/scene/ClipPlane.ts';
import { BACKGROUND_COLOR } from '../viewer/gpu/FrameComposer.ts';
import type { DamBreakData } from './damBreak.ts';
import { measureWith, type SurgeViewerHook } from './labHook.ts';

export function startBaseline(canvas: HTMLCanvasElement, data: DamBreakData): SurgeViewerHook {
  const renderer = new WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.setClearColor(new Color(BACKGROUND_COLOR));
  const scene = new Scene();
  const camera = new PerspectiveCamera(45, canvas.clientWidth / Math.max(1, canvas.clientHeight), 0.01, 100);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(data.positions, 3));
  const colors = new Float32Array(data.count * 3);
  const colorAttribute = new BufferAttribute(colors, 3);
  geometry.setAttribute('color', colorAttribute);
  const material = new PointsMaterial({ size: data.spacing, vertexColors: true, sizeAttenuation: true });
  scene.add(new Points(geometry, material));
  geometry.computeBoundingSphere();
  const sphere = geometry.boundingSphere;
  const center = sphere?.center ?? new Vector3();
  const radius = sphere?.radius ?? 1;
  const distance = (radius / Math.sin((22.5 * Math.PI) / 180)) * 1.05;
  camera.position.copy(center).add(new Vector3(0.55, -0.82, 0.5).normalize().multiplyScalar(distance));
  camera.up.set(0, 0, 1);
  camera.lookAt(center);
  const clipPlane = new Plane(new Vector3(-1, 0, 0), 0);

  let scheme: ColorSchemeId = 'rainbow';
  let attribute = 'velocity';
  const magnitude = (i: number): number => {
    if (attribute === 'pressure') return data.pressure[i];
    if (attribute === 'density') return data.density[i];
    const v = data.velocity;
    return Math.hypot(v[i * 3], v[i * 3 + 1], v[i * 3 + 2]);
  };
  // The plain way: one pass for the range, one pass mapping every value to a colour, one upload.
  const recolor = () => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < data.count; i++) {
      const m = magnitude(i);
      if (m < min) min = m;
      if (m > max) max = m;
    }
    const range = normalizeRange(min, max);
    const lut = buildColormapLut(scheme);
    const c = new Color();
    for (let i = 0; i < data.count; i++) {
      const [r, g, b] = mapValueToColor(magnitude(i), range, lut);
      c.setRGB(r / 255, g / 255, b / 255, SRGBColorSpace);
      colors[i * 3] = c.r;
      colors[i * 3 + 1] = c.g;
      colors[i * 3 + 2] = c.b;
    }
    colorAttribute.needsUpdate = true;
  };
  recolor();

  const gl = renderer.getContext();
  const pixel = new Uint8Array(4);
  const frame = async (): Promise<number> => {
    const t0 = performance.now();
    renderer.render(scene, camera);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    return performance.now() - t0;
  };
  const timed = async (change: () => void) => {
    const t0 = performance.now();
    change();
    await frame();
    return performance.now() - t0;
  };
  const hook: SurgeViewerHook = {
    ready: true,
    error: null,
    backend: 'webgl2-classic',
    mode: 'baseline',
    count: data.count,
    measureFrames: (frames, budgetMs) => measureWith(frame, frames, budgetMs),
    setColormap: (patch: ColormapPatch) =>
      timed(() => {
        if (patch.scheme) scheme = patch.scheme;
        if (patch.attribute) attribute = patch.attribute;
        recolor();
      }),
    setClip: (patch: Partial<Omit<ClipSettings, 'normal'>>) =>
      timed(() => {
        if (patch.offset !== undefined) clipPlane.constant = patch.offset;
        if (patch.enabled !== undefined) renderer.clippingPlanes = patch.enabled ? [clipPlane] : [];
      }),
    setViewMode: () => timed(() => undefined),
    partCenter: () => null,
    setFormOpen: () => undefined,
    state: () => ({ scheme, attribute, count: data.count }),
  };
  window.__surgeViewer = hook;
  void frame();
  return hook;
}
