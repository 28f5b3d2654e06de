// One particle object on the GPU: its received arrays as GPU buffers (ParticleBuffers; no per-particle
// loop on the main thread) and the meshes that draw it (main, fluid-surface depth, range, outline mask),
// one triangle per particle pulled by vertex index (no instancing: tiny instances are slow on many GPUs
// and on software rasterisers). A stride uniform draws every k-th particle for the reduced quality levels
// and the low-resolution fallback without another upload; switching the colour attribute rebinds a buffer
// without recompiling.
import { BufferGeometry, Mesh, type NodeMaterial } from 'three/webgpu';
import { vertexIndex } from 'three/tsl';
import { createParticleMaterial, LayerUniforms, type ParticleMaterialKind } from './particleMaterials.ts';
import { ParticleBuffers, VERTICES_PER_PARTICLE, discCorner } from './particleSource.ts';
import { asUint } from './nodeTypes.ts';
import type { SceneUniforms } from './sceneUniforms.ts';
import { cloudBounds, type Vec3Tuple } from '../interaction/pickParticles.ts';

export interface ParticleArrays {
  /** xyz per particle, float32. */
  positions: Float32Array;
  /**
   * Attribute arrays by key (the name, or `name:materialId` for a per-material attribute, domain
   * outputAttributeKey), float32 with 1 or 3 components per particle; `label` names a per-material one.
   */
  attributes: Record<string, { array: Float32Array; components: 1 | 3; unit?: string; label?: string }>;
}

export class ParticleLayer {
  readonly id: string;
  readonly count: number;
  readonly uniforms = new LayerUniforms();
  readonly arrays: ParticleArrays;
  readonly buffers: ParticleBuffers;
  readonly mainMesh: Mesh;
  readonly depthMesh: Mesh;
  readonly rangeMesh: Mesh;
  /** Every particle that no clipping removes adds one to a 1x1 target (WebGL2's kept-particle count). */
  readonly countMesh: Mesh;
  /** The drawn particles as a white silhouette, for the hover and selection outline (never in a scene of its own). */
  readonly maskMesh: Mesh;
  /** Particle spacing in m: sphere diameters follow it (point size 15 = touching spheres). */
  spacing: number;
  /** Whether the object is shown (in whichever mesh its view mode uses); hidden ones count for nothing. */
  visible = true;
  private readonly drawnGeometry = new BufferGeometry();
  private readonly allGeometry = new BufferGeometry();
  private readonly materials = new Map<ParticleMaterialKind, NodeMaterial>();
  private valueName: string | null = null;
  private stride = 1;

  constructor(id: string, arrays: ParticleArrays, spacing: number, sceneUniforms: SceneUniforms, webgl: boolean) {
    this.id = id;
    this.arrays = arrays;
    this.count = Math.floor(arrays.positions.length / 3);
    this.spacing = spacing;
    this.buffers = new ParticleBuffers(arrays.positions, arrays.attributes, webgl);
    this.allGeometry.setDrawRange(0, this.count * VERTICES_PER_PARTICLE);
    this.drawnGeometry.setDrawRange(0, this.count * VERTICES_PER_PARTICLE);
    const corner = discCorner(asUint(vertexIndex.mod(VERTICES_PER_PARTICLE)));
    const particle = asUint(vertexIndex.div(VERTICES_PER_PARTICLE));
    const drawn = this.buffers.read(asUint(particle.mul(this.uniforms.stride)), sceneUniforms);
    const all = this.buffers.read(particle, sceneUniforms);
    for (const kind of ['spheres', 'circles', 'surfaceDepth', 'mask'] as const) {
      this.materials.set(kind, createParticleMaterial(kind, drawn, corner, sceneUniforms, this.uniforms));
    }
    // The range splat (WebGL2) reads every particle whatever the stride.
    this.materials.set('range', createParticleMaterial('range', all, corner, sceneUniforms, this.uniforms));
    this.materials.set('count', createParticleMaterial('count', all, corner, sceneUniforms, this.uniforms));
    this.mainMesh = new Mesh(this.drawnGeometry, this.materials.get('spheres'));
    this.depthMesh = new Mesh(this.drawnGeometry, this.materials.get('surfaceDepth'));
    this.rangeMesh = new Mesh(this.allGeometry, this.materials.get('range'));
    this.countMesh = new Mesh(this.allGeometry, this.materials.get('count'));
    this.maskMesh = new Mesh(this.drawnGeometry, this.materials.get('mask'));
    for (const mesh of [this.mainMesh, this.depthMesh, this.rangeMesh, this.countMesh, this.maskMesh]) {
      mesh.frustumCulled = false;
      mesh.name = `particles:${id}`;
    }
  }

  get drawnCount(): number {
    return Math.floor((this.count - 1) / this.stride) + 1;
  }

  /** Every how many particles one is drawn. */
  get drawnStride(): number {
    return this.stride;
  }

  private exactBounds: { min: Vec3Tuple; max: Vec3Tuple } | null = null;

  /** Exact bounds of all particles, computed on first use (picking, fitting the camera) and kept. */
  bounds(): { min: Vec3Tuple; max: Vec3Tuple } {
    this.exactBounds ??= cloudBounds(this.arrays.positions);
    return this.exactBounds;
  }

  get currentValueName(): string | null {
    return this.valueName;
  }

  /** Selects the attribute that colours the particles (null: plain colour). */
  setValue(name: string | null): void {
    this.valueName = name && this.arrays.attributes[name] ? name : null;
    this.buffers.setValue(this.valueName);
  }

  setMainKind(kind: 'spheres' | 'circles'): void {
    this.mainMesh.material = this.materials.get(kind) as NodeMaterial;
  }

  /** Draws every `stride`-th particle; sizes grow so that the cloud keeps its look. */
  setStride(stride: number): void {
    this.stride = Math.max(1, Math.min(this.count, Math.floor(stride)));
    this.uniforms.stride.value = this.stride;
    this.drawnGeometry.setDrawRange(0, this.drawnCount * VERTICES_PER_PARTICLE);
  }

  setPointSize(pointSize: number): void {
    this.uniforms.radius.value = (this.spacing * (pointSize / 15) * Math.cbrt(this.stride)) / 2;
  }

  dispose(): void {
    this.drawnGeometry.dispose();
    this.allGeometry.dispose();
    for (const m of this.materials.values()) m.dispose();
    this.materials.clear();
    this.buffers.dispose();
  }
}
