// The particle objects on screen: their GPU layers, which join the fluid surface, whether each is shown
// and how (a per-object view mode over the global one), the attributes they offer, the stride and size
// they are drawn with, picking them along a ray, their selection highlight, and their bounds (for the
// scene from a small sample, so that millions of particles never cost a main-thread pass; exact per
// object, once, for picking and fitting). Per-object settings outlive the layers: outputs replace layers,
// not choices.
import { Box3, Vector3, type Mesh, type Scene } from 'three/webgpu';
import type { ArrowLayer } from '../arrowField.ts';
import { pickNearestParticle, type PickRay } from '../interaction/pickParticles.ts';
import { ParticleLayer, type ParticleArrays } from '../gpu/ParticleLayer.ts';
import type { SceneUniforms } from '../gpu/sceneUniforms.ts';
import type { AttributeInfo } from '../viewerState.ts';
import { resultAttributes } from '../../../domain/attributes.ts';
import type { ViewMode } from '../defaults.ts';
import { MAX_VOLUME_CUTS, removedByVolumeCuts, volumeCutMask, type VolumeCut } from '../gpu/volumeCut.ts';

export interface ParticleObjectInput {
  id: string;
  name?: string;
  /** Particle spacing dx in m; estimated from the bounds when omitted. */
  spacing?: number;
  /** Plain colour when no attribute is selected. */
  color?: string;
  /** Whether this object joins the fluid surface in surface mode (fluids do; boundaries do not). */
  fluid?: boolean;
  /** Output object kind (material, fluid, wall_boundary, open_boundary); decides the default visibility. */
  kind?: string;
  /** Material of a fluid object: volume clips of one fluid cut only its objects. */
  materialId?: number | null;
  arrays: ParticleArrays;
}

/** How one object is drawn: shown or not, and its view mode (null: the global one). */
export interface ObjectAppearance {
  visible: boolean;
  viewMode: ViewMode | null;
}

interface Entry {
  layer: ParticleLayer;
  fluid: boolean;
  kind: string | null;
  materialId: number | null;
}

export class ParticleSet {
  private readonly entries = new Map<string, Entry>();
  private readonly mainScene: Scene;
  private readonly fluidScene: Scene;
  private readonly u: SceneUniforms;
  private readonly webgl: boolean;
  private readonly appearance = new Map<string, Partial<ObjectAppearance>>();
  private hiddenKinds: readonly string[] = [];
  private globalMode: ViewMode = 'particles_spheres';
  private cuts: readonly VolumeCut[] = [];

  constructor(mainScene: Scene, fluidScene: Scene, u: SceneUniforms, webgl: boolean) {
    this.mainScene = mainScene;
    this.fluidScene = fluidScene;
    this.u = u;
    this.webgl = webgl;
  }

  /** Object kinds hidden until the user shows them (Results: the wall particles that enclose the fluid). */
  setHiddenKinds(kinds: readonly string[]): void {
    this.hiddenKinds = kinds;
    this.applyAppearance();
  }

  /** Whether an object is shown: the user's choice, else its kind's default. */
  isVisible(id: string, kind: string | null | undefined): boolean {
    return this.appearance.get(id)?.visible ?? !(kind && this.hiddenKinds.includes(kind));
  }

  appearanceOf(id: string, kind: string | null | undefined): ObjectAppearance {
    return { visible: this.isVisible(id, kind), viewMode: this.appearance.get(id)?.viewMode ?? null };
  }

  setAppearance(id: string, patch: Partial<ObjectAppearance>): void {
    this.appearance.set(id, { ...this.appearance.get(id), ...patch });
    this.applyAppearance();
  }

  /** The global view mode; objects without their own follow it. `clearFluidModes` drops the fluids' own. */
  setGlobalMode(mode: ViewMode, clearFluidModes = false): void {
    this.globalMode = mode;
    if (clearFluidModes) {
      for (const [id, entry] of this.entries) {
        const own = this.appearance.get(id);
        if (entry.fluid && own?.viewMode) this.appearance.set(id, { ...own, viewMode: null });
      }
    }
    this.applyAppearance();
  }

  /** The view mode an object is drawn with; surface applies to fluids only, others then draw spheres. */
  modeOf(id: string): ViewMode {
    return this.appearance.get(id)?.viewMode ?? this.globalMode;
  }

  /**
   * Puts visibility and view modes on the meshes: particles (spheres or circles) in the main scene, or
   * depth splats in the fluid surface's scene. Returns whether any fluid surface is drawn.
   */
  applyAppearance(): boolean {
    let surface = false;
    for (const [id, entry] of this.entries) {
      const visible = this.isVisible(id, entry.kind);
      const mode = this.modeOf(id);
      const asSurface = visible && entry.fluid && mode === 'surface';
      entry.layer.visible = visible;
      entry.layer.setMainKind(mode === 'particles_outlined_circles' ? 'circles' : 'spheres');
      entry.layer.mainMesh.visible = visible && !asSurface;
      entry.layer.depthMesh.visible = asSurface;
      surface ||= asSurface;
    }
    return surface;
  }

  get size(): number {
    return this.entries.size;
  }

  layers(): ParticleLayer[] {
    return [...this.entries.values()].map((e) => e.layer);
  }

  /** Layers of the objects shown now. */
  visibleLayers(): ParticleLayer[] {
    return this.layers().filter((l) => l.visible);
  }

  /** Loaded objects with how they are drawn. */
  objects(): { id: string; kind: string | null; fluid: boolean; count: number; appearance: ObjectAppearance }[] {
    return [...this.entries].map(([id, e]) => ({ id, kind: e.kind, fluid: e.fluid, count: e.layer.count, appearance: this.appearanceOf(id, e.kind) }));
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  set(input: ParticleObjectInput): ParticleLayer {
    this.remove(input.id);
    const spacing = input.spacing ?? estimateSpacing(input.arrays.positions);
    const layer = new ParticleLayer(input.id, input.arrays, spacing, this.u, this.webgl);
    if (input.color) layer.uniforms.color.value.set(input.color);
    const entry: Entry = { layer, fluid: input.fluid ?? true, kind: input.kind ?? null, materialId: input.materialId ?? null };
    layer.uniforms.cutMask.value = volumeCutMask(this.cuts, entry.fluid, entry.materialId);
    this.entries.set(input.id, entry);
    this.mainScene.add(layer.mainMesh);
    this.fluidScene.add(layer.depthMesh);
    this.applyAppearance();
    return layer;
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.mainScene.remove(entry.layer.mainMesh);
    this.fluidScene.remove(entry.layer.depthMesh);
    entry.layer.dispose();
    this.entries.delete(id);
  }

  /**
   * The volume clips that cut particles (the GPU tests them; the first MAX_VOLUME_CUTS count): each
   * object gets the mask of those that apply to it, fluids only, of its material or of every fluid.
   */
  setVolumeCuts(cuts: readonly VolumeCut[]): void {
    this.cuts = cuts.slice(0, MAX_VOLUME_CUTS);
    for (const entry of this.entries.values()) entry.layer.uniforms.cutMask.value = volumeCutMask(this.cuts, entry.fluid, entry.materialId);
  }

  /** Keeps only the given ids. */
  retain(ids: Set<string>): void {
    for (const id of [...this.entries.keys()]) if (!ids.has(id)) this.remove(id);
  }

  clear(): void {
    for (const id of [...this.entries.keys()]) this.remove(id);
  }

  /** Attributes offered by any object, with labels and units from the domain. */
  attributes(): AttributeInfo[] {
    const attributes = new Map<string, AttributeInfo>();
    for (const { layer } of this.entries.values()) {
      for (const [name, a] of Object.entries(layer.arrays.attributes)) {
        const known = (resultAttributes as Record<string, { label: string; unit: string } | undefined>)[name];
        attributes.set(name, { name, label: a.label ?? known?.label ?? name, unit: a.unit ?? known?.unit ?? '', components: a.components });
      }
    }
    return [...attributes.values()];
  }

  /** Particles of the objects shown. */
  count(): number {
    let n = 0;
    for (const layer of this.visibleLayers()) n += layer.count;
    return n;
  }

  setValue(attribute: string | null): void {
    for (const { layer } of this.entries.values()) layer.setValue(attribute);
  }

  /** Applies stride and point size; returns the drawn count and the largest particle radius. */
  applyStride(stride: number, pointSize: number): { drawn: number; radius: number } {
    let drawn = 0;
    let radius = 0;
    for (const { layer } of this.entries.values()) {
      layer.setStride(stride);
      layer.setPointSize(pointSize);
      if (!layer.visible) continue;
      drawn += layer.drawnCount;
      radius = Math.max(radius, layer.uniforms.radius.value);
    }
    return { drawn, radius };
  }

  /** Bounds of the objects shown. */
  bounds(): Box3 {
    const box = new Box3();
    for (const layer of this.visibleLayers()) {
      const b = boundsOf(layer.arrays.positions);
      if (!b.isEmpty()) box.union(b);
    }
    return box;
  }

  /**
   * The arrows' sources: every shown object carrying the vector attribute, with the colormap's attribute
   * where the object has it (null: it shows no attribute, or this object lacks it).
   */
  arrowLayers(vector: string, colorAttribute: string | null): ArrowLayer[] {
    const out: ArrowLayer[] = [];
    for (const layer of this.visibleLayers()) {
      const v = layer.arrays.attributes[vector];
      if (v?.components !== 3) continue;
      const c = colorAttribute ? layer.arrays.attributes[colorAttribute] : undefined;
      out.push({ positions: layer.arrays.positions, vectors: v.array, colorValues: c ? { array: c.array, components: c.components } : null });
    }
    return out;
  }

  /**
   * The shown object whose drawn particles the ray meets first, with the distance along the ray; null
   * when it meets none. Particles clipped away (plane or volume clip) do not count.
   */
  pick(ray: PickRay, clip: readonly [number, number, number, number] | null, minRadius: number): { id: string; distance: number } | null {
    let best: { id: string; distance: number } | null = null;
    for (const [id, entry] of this.entries) {
      const layer = entry.layer;
      if (!layer.visible || layer.count === 0) continue;
      const cloud = { positions: layer.arrays.positions, stride: layer.drawnStride, radius: layer.uniforms.radius.value, bounds: layer.bounds() };
      const mask = layer.uniforms.cutMask.value;
      const removed = mask === 0 ? null : (x: number, y: number, z: number) => removedByVolumeCuts(this.cuts, mask, x, y, z);
      const hit = pickNearestParticle(cloud, ray, clip, minRadius, removed);
      if (hit && (!best || hit.distance < best.distance)) best = { id, distance: hit.distance };
    }
    return best;
  }

  /** Exact bounds of a shown object's particles, or null when it is hidden or not loaded. */
  boundsOf(id: string): Box3 | null {
    const layer = this.entries.get(id)?.layer;
    if (!layer || !layer.visible || layer.count === 0) return null;
    const { min, max } = layer.bounds();
    return new Box3(new Vector3(...min), new Vector3(...max));
  }

  /** Brightens the selected objects in their own colours. */
  setHighlight(selected: readonly string[]): void {
    for (const [id, entry] of this.entries) entry.layer.uniforms.highlight.value = selected.includes(id) ? 1 : 0;
  }

  /** Outline masks of the given objects that are shown. */
  masksOf(ids: readonly string[]): Mesh[] {
    return ids.flatMap((id) => {
      const layer = this.entries.get(id)?.layer;
      return layer && layer.visible ? [layer.maskMesh] : [];
    });
  }
}

/** Spacing estimate when the output does not state it: root of the bounding volume per particle. */
export function estimateSpacing(positions: Float32Array): number {
  const count = Math.floor(positions.length / 3);
  if (count === 0) return 0.01;
  const size = boundsOf(positions).getSize(new Vector3());
  const dims = [size.x, size.y, size.z].filter((d) => d > 1e-9);
  if (dims.length === 0) return 0.01;
  const volume = dims.reduce((a, b) => a * b, 1);
  return Math.pow(volume / count, 1 / dims.length);
}

/**
 * Bounds of a cloud from a strided sample of at most about 4096 particles plus the last one: cheap for
 * millions of particles, exact for the sampled ones.
 */
export function boundsOf(positions: Float32Array): Box3 {
  const box = new Box3();
  const count = Math.floor(positions.length / 3);
  if (count === 0) return box;
  const stride = Math.max(1, Math.floor(count / 4096));
  const p = new Vector3();
  for (let i = 0; i < count; i += stride) box.expandByPoint(p.set(positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]));
  const last = (count - 1) * 3;
  box.expandByPoint(p.set(positions[last], positions[last + 1], positions[last + 2]));
  return box;
}
