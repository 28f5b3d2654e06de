// Part meshes (parts, refinements, volume clips): front faces in the part colour, back faces at 30 %,
// appearance (visibility, opacity, translucent, wireframe, colour), a selection highlight that keeps the
// part's hue, clipping, movement transforms, and ray picking that ignores geometry the clipping plane has
// removed. Translucent parts draw in two passes, every far face before any near face, each ordered from
// far to near, so that a fluid inside a translucent tank blends between the tank's walls.
import {
  BackSide,
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  FrontSide,
  Group,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshBasicNodeMaterial,
  Raycaster,
  Scene,
  Sphere,
  Box3,
  Vector3,
  Vector4,
  type Camera,
  type UniformNode,
  type Vector2,
} from 'three/webgpu';
import { Discard, Fn, abs, dot, float, frontFacing, normalView, positionWorld, select, uniform, vec3, vec4 } from 'three/tsl';
import { PART_PALETTE, VIEWER_LIMITS, VIEWER_MESSAGES } from '../defaults.ts';
import { isClippedNode } from '../gpu/particleMaterials.ts';
import type { SceneUniforms } from '../gpu/sceneUniforms.ts';
import { asVec3 } from '../gpu/nodeTypes.ts';
import { pickInnermost, type RayInterval } from '../interaction/pickInnermost.ts';
import { creasedTriangles, signedVolume } from './partGeometry.ts';

export interface PartAppearance {
  visibility: boolean;
  color: string;
  opacity: number;
  translucent: boolean;
  wireframe: boolean;
}

export interface PartMeshInput {
  id: string;
  name: string;
  /** xyz per vertex, m. */
  positions: Float32Array;
  /** Triangle indices; without them every 3 vertices form a triangle. */
  indices?: Uint32Array;
  normals?: Float32Array;
  appearance?: Partial<PartAppearance>;
  /**
   * An axis-aligned box (m) inside which a ray that hits no other part picks this part (hover and click):
   * the calculation-domain box, drawn as a frame of its edges, answers anywhere over its volume.
   */
  pickVolume?: { min: readonly [number, number, number]; max: readonly [number, number, number] };
  /**
   * Picked wherever the ray enters it before any particle, even where particles lie within it (a sensor's
   * marker); without it a part around particles (a tank) lets the particles inside be picked.
   */
  pickOverParticles?: boolean;
}

interface PartEntry {
  id: string;
  name: string;
  /** Carries the movement transform; holds the drawn meshes and the pick mesh. */
  group: Group;
  /** Front faces (both sides while opaque). */
  mesh: Mesh;
  /** Back faces of a translucent part, drawn in the first pass. */
  backMesh: Mesh;
  /** Never drawn: both sides for the ray, whatever the drawn meshes cull. */
  pickMesh: Mesh;
  material: MeshBasicNodeMaterial;
  backMaterial: MeshBasicNodeMaterial;
  color: UniformNode<'color', Color>;
  selected: UniformNode<'float', number>;
  appearance: PartAppearance;
  restMatrix: Matrix4;
  /** A box (part coordinates) that picks the part where the ray hits no other part: the domain box. */
  pickVolume: Box3 | null;
  /** Closed and wound inwards (a container): its front-wound faces are the far ones from outside. */
  inward: boolean;
  pickOverParticles: boolean;
}

/** A picked part and where the ray enters and leaves it (distances along the ray). */
export interface PartHit {
  id: string;
  near: number;
  far: number;
}

/** Render order of translucent passes: back faces first, then front faces; opaque parts keep 0. */
const TRANSLUCENT_ORDER_BASE = 1;

/** Highlight of selected parts: brighter in their own colour plus a rim, never mixed towards another hue. */
const SELECTED_GAIN = 0.35;
const SELECTED_RIM = 0.6;

export class PartMeshes {
  readonly scene = new Scene();
  private readonly parts = new Map<string, PartEntry>();
  private readonly raycaster = new Raycaster();
  private readonly u: SceneUniforms;

  constructor(u: SceneUniforms) {
    this.u = u;
    this.raycaster.params.Points = { threshold: VIEWER_LIMITS.pickThreshold };
  }

  get ids(): string[] {
    return [...this.parts.keys()];
  }

  meshes(): Mesh[] {
    return [...this.parts.values()].map((p) => p.mesh);
  }

  private visibleEntries(): PartEntry[] {
    return [...this.parts.values()].filter((p) => p.group.visible);
  }

  meshOf(id: string): Mesh | null {
    return this.parts.get(id)?.mesh ?? null;
  }

  nameOf(id: string): string | null {
    return this.parts.get(id)?.name ?? null;
  }

  /** Whether the part wins over particles within it wherever the ray enters it first (sensors). */
  picksOverParticles(id: string): boolean {
    return this.parts.get(id)?.pickOverParticles ?? false;
  }

  appearanceOf(id: string): PartAppearance | null {
    return this.parts.get(id)?.appearance ?? null;
  }

  setParts(inputs: PartMeshInput[]): void {
    this.clear();
    inputs.forEach((input, i) => this.add(input, i));
  }

  private add(input: PartMeshInput, index: number): void {
    if (input.positions.length % 3 !== 0) throw new Error(VIEWER_MESSAGES.inconsistentMeshData);
    const vertexCount = input.positions.length / 3;
    if (input.indices && input.indices.some((v) => v >= vertexCount)) throw new Error(VIEWER_MESSAGES.inconsistentMeshData);
    const geometry = new BufferGeometry();
    if (input.normals && input.normals.length === input.positions.length) {
      geometry.setAttribute('position', new BufferAttribute(input.positions, 3));
      if (input.indices) geometry.setIndex(new BufferAttribute(input.indices, 1));
      geometry.setAttribute('normal', new BufferAttribute(input.normals, 3));
    } else if (input.indices) {
      // Shared vertices: normals that keep flat faces flat and hard edges hard.
      const creased = creasedTriangles(input.positions, input.indices);
      geometry.setAttribute('position', new BufferAttribute(creased.positions, 3));
      geometry.setAttribute('normal', new BufferAttribute(creased.normals, 3));
    } else {
      geometry.setAttribute('position', new BufferAttribute(input.positions, 3));
      geometry.computeVertexNormals();
    }
    geometry.computeBoundingSphere();
    const inward = signedVolume(input.positions, input.indices) < 0;
    const appearance: PartAppearance = {
      visibility: true,
      color: PART_PALETTE[index % PART_PALETTE.length],
      opacity: VIEWER_LIMITS.defaultPartOpacity,
      translucent: true,
      wireframe: false,
      ...input.appearance,
    };
    const color = uniform(new Color(appearance.color));
    const selected = uniform(0);
    const u = this.u;
    const shaded = Fn(() => {
      Discard(isClippedNode(positionWorld, u).greaterThan(0.5));
      // Gentle headlight shading so that the shape reads; back faces are dimmed to 30 %.
      const facing = abs(dot(normalView, vec3(0, 0, 1)));
      const lit = asVec3(color).mul(facing.mul(0.35).add(0.65));
      // Selection brightens the part in its own colour with a rim at grazing angles: the hue stays.
      const rim = float(1).sub(facing).pow(2).mul(SELECTED_RIM);
      const highlighted = lit.mul(selected.mul(rim.add(SELECTED_GAIN)).add(1));
      return vec4(select(frontFacing, highlighted, highlighted.mul(VIEWER_LIMITS.backFaceDim)), float(1));
    });
    const material = new MeshBasicNodeMaterial({ side: DoubleSide });
    material.colorNode = shaded();
    const backMaterial = new MeshBasicNodeMaterial({ side: BackSide });
    backMaterial.colorNode = shaded();
    const group = new Group();
    group.name = `part:${input.id}`;
    group.matrixAutoUpdate = false;
    const mesh = new Mesh(geometry, material);
    const backMesh = new Mesh(geometry, backMaterial);
    const pickMesh = new Mesh(geometry, PICK_MATERIAL);
    pickMesh.visible = false;
    for (const m of [mesh, backMesh, pickMesh]) {
      m.name = `part:${input.id}`;
      m.userData.partId = input.id;
      group.add(m);
    }
    const pickVolume = input.pickVolume ? new Box3(new Vector3(...input.pickVolume.min), new Vector3(...input.pickVolume.max)) : null;
    const entry: PartEntry = {
      id: input.id,
      name: input.name,
      group,
      mesh,
      backMesh,
      pickMesh,
      material,
      backMaterial,
      color,
      selected,
      appearance,
      restMatrix: new Matrix4(),
      pickVolume,
      inward,
      pickOverParticles: input.pickOverParticles ?? false,
    };
    this.parts.set(input.id, entry);
    this.applyAppearance(entry);
    this.scene.add(group);
  }

  setAppearance(id: string, patch: Partial<PartAppearance>): void {
    const entry = this.parts.get(id);
    if (!entry) return;
    entry.appearance = { ...entry.appearance, ...patch };
    this.applyAppearance(entry);
  }

  private applyAppearance(entry: PartEntry): void {
    const a = entry.appearance;
    entry.group.visible = a.visibility;
    entry.color.value.set(a.color);
    const translucent = a.translucent && a.opacity < 1;
    // Opaque: one pass over both sides with depth. Translucent: back faces, then front faces, no depth writes.
    const front = entry.material;
    const side = translucent ? FrontSide : DoubleSide;
    if (front.transparent !== translucent || front.wireframe !== a.wireframe || front.side !== side) front.needsUpdate = true;
    front.side = side;
    for (const m of [front, entry.backMaterial]) {
      if (m !== front && (m.transparent !== translucent || m.wireframe !== a.wireframe)) m.needsUpdate = true;
      m.transparent = translucent;
      m.opacity = translucent ? a.opacity : 1;
      m.depthWrite = !translucent;
      m.wireframe = a.wireframe;
    }
    entry.backMesh.visible = translucent;
    if (!translucent) {
      entry.mesh.renderOrder = 0;
      entry.backMesh.renderOrder = 0;
    }
  }

  /**
   * Orders the translucent passes for the camera: the far faces of every translucent part by their far
   * distance, then the near faces by their near distance, each from far to near. A tank's far faces so
   * come before those of the fluid inside it, and its near faces after the fluid's. Far faces are the
   * back faces of an outward-wound mesh and the front faces of an inward-wound one (a container).
   */
  sortTranslucent(camera: Camera): void {
    const translucent = this.visibleEntries().filter((p) => p.backMesh.visible);
    if (translucent.length === 0) return;
    camera.updateMatrixWorld();
    const eye = new Vector3().setFromMatrixPosition(camera.matrixWorld);
    const sphere = new Sphere();
    const ranges = translucent.map((p) => {
      const geometry = p.mesh.geometry;
      if (!geometry.boundingSphere) geometry.computeBoundingSphere();
      sphere.copy(geometry.boundingSphere as Sphere).applyMatrix4(p.group.matrixWorld);
      const d = sphere.center.distanceTo(eye);
      return { p, near: d - sphere.radius, far: d + sphere.radius };
    });
    const n = ranges.length;
    const farFaces = (p: PartEntry) => (p.inward ? p.mesh : p.backMesh);
    const nearFaces = (p: PartEntry) => (p.inward ? p.backMesh : p.mesh);
    [...ranges].sort((a, b) => b.far - a.far).forEach((r, i) => (farFaces(r.p).renderOrder = TRANSLUCENT_ORDER_BASE + i));
    [...ranges].sort((a, b) => b.near - a.near).forEach((r, i) => (nearFaces(r.p).renderOrder = TRANSLUCENT_ORDER_BASE + n + i));
  }

  setSelection(ids: readonly string[]): void {
    for (const p of this.parts.values()) p.selected.value = ids.includes(p.id) ? 1 : 0;
  }

  /** Movement transform of a part (identity = rest pose). */
  setTransform(id: string, matrix: Matrix4): void {
    const entry = this.parts.get(id);
    if (!entry) return;
    entry.group.matrix.copy(matrix).multiply(entry.restMatrix);
    entry.group.matrixWorldNeedsUpdate = true;
  }

  resetTransforms(): void {
    for (const p of this.parts.values()) {
      p.group.matrix.copy(p.restMatrix);
      p.group.matrixWorldNeedsUpdate = true;
    }
  }

  /**
   * Part under the pointer (NDC), skipping hits on the clipped-away side. A part that encloses others
   * along the ray (a tank, a domain box) never hides the parts inside it: among the parts whose hit
   * interval contains no other part's interval, the nearest wins.
   */
  pick(ndc: Vector2, camera: Camera, clip: Vector4 | null): string | null {
    return this.pickHit(ndc, camera, clip)?.id ?? null;
  }

  /**
   * As `pick`, with where the ray enters and leaves the picked part (distances along the ray; a pick
   * volume leaves at infinity), so that a caller can weigh it against other things on the ray.
   */
  pickHit(ndc: Vector2, camera: Camera, clip: Vector4 | null): PartHit | null {
    this.raycaster.setFromCamera(ndc, camera);
    const visible = this.visibleEntries();
    for (const p of visible) p.group.updateMatrixWorld();
    const kept = (point: Vector3) => !clip || clip.x * point.x + clip.y * point.y + clip.z * point.z + clip.w >= 0;
    // Parts first; a part with a pick volume (the domain box) only where the ray hits no other part, by
    // its drawn frame or, failing that, anywhere over its volume.
    const parts = visible.filter((p) => !p.pickVolume);
    const volumes = visible.filter((p) => p.pickVolume);
    return this.pickAmong(parts, kept) ?? this.pickAmong(volumes, kept) ?? this.pickVolumeAt(volumes, kept);
  }

  private pickAmong(entries: readonly PartEntry[], kept: (point: Vector3) => boolean): PartHit | null {
    if (entries.length === 0) return null;
    const intervals = new Map<string, RayInterval>();
    for (const hit of this.raycaster.intersectObjects(entries.map((p) => p.pickMesh), false)) {
      if (!kept(hit.point)) continue;
      const id = hit.object.userData.partId as string;
      const interval = intervals.get(id);
      if (interval) interval.far = Math.max(interval.far, hit.distance);
      else intervals.set(id, { near: hit.distance, far: hit.distance, size: this.radiusOf(hit.object as Mesh) });
    }
    const id = pickInnermost(intervals);
    const interval = id === null ? undefined : intervals.get(id);
    return id === null || !interval ? null : { id, near: interval.near, far: interval.far };
  }

  /** Bounding radius of a part mesh in world units (the tie-break between parts entered together). */
  private radiusOf(mesh: Mesh): number {
    const geometry = mesh.geometry;
    if (!geometry.boundingSphere) geometry.computeBoundingSphere();
    return (geometry.boundingSphere?.radius ?? 0) * mesh.matrixWorld.getMaxScaleOnAxis();
  }

  /** The part whose pick volume the ray enters nearest (at a point the clipping plane keeps). */
  private pickVolumeAt(entries: readonly PartEntry[], kept: (point: Vector3) => boolean): PartHit | null {
    let best: { id: string; distance: number } | null = null;
    const ray = this.raycaster.ray.clone();
    const inverse = new Matrix4();
    const local = new Vector3();
    for (const p of entries) {
      if (!p.pickVolume) continue;
      inverse.copy(p.group.matrixWorld).invert();
      ray.copy(this.raycaster.ray).applyMatrix4(inverse);
      const inside = p.pickVolume.containsPoint(ray.origin);
      const entry = inside ? ray.origin.clone() : ray.intersectBox(p.pickVolume, local)?.clone();
      if (!entry) continue;
      const world = entry.applyMatrix4(p.group.matrixWorld);
      if (!kept(world)) continue;
      const distance = world.distanceTo(this.raycaster.ray.origin);
      if (!best || distance < best.distance) best = { id: p.id, distance };
    }
    return best ? { id: best.id, near: best.distance, far: Infinity } : null;
  }

  boundingSphere(id: string): Sphere | null {
    const entry = this.parts.get(id);
    if (!entry) return null;
    entry.group.updateMatrixWorld();
    const box = new Box3().setFromObject(entry.mesh);
    return box.isEmpty() ? null : box.getBoundingSphere(new Sphere());
  }

  bounds(): Box3 {
    const box = new Box3();
    for (const p of this.visibleEntries()) {
      p.group.updateMatrixWorld();
      box.expandByObject(p.mesh);
    }
    return box;
  }

  clear(): void {
    for (const p of this.parts.values()) {
      p.mesh.geometry.dispose();
      p.material.dispose();
      p.backMaterial.dispose();
      this.scene.remove(p.group);
    }
    this.parts.clear();
  }
}

/** Ray tests only: both sides, never drawn. */
const PICK_MATERIAL = new MeshBasicMaterial({ side: DoubleSide });

