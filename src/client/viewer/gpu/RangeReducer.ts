// Min/max of the visible values of the colour attribute, found on the GPU: a compute pass with atomics
// on WebGPU; on WebGL2 (no compute, no atomics) a render-to-texture reduction in which every visible
// particle is splatted into one float texel with MAX blending. Only 2 numbers come back to the CPU. The
// count of particles that no clipping removes is found the same way (atomic add, or additive blending).
import {
  FloatType,
  Matrix4,
  NodeMaterial,
  NoBlending,
  OrthographicCamera,
  QuadMesh,
  RGBAFormat,
  RenderTarget,
  Scene,
  StorageBufferAttribute,
  type ComputeNode,
  type UniformNode,
  type WebGPURenderer,
} from 'three/webgpu';
import { Fn, If, atomicAdd, atomicMax, atomicMin, floatBitsToUint, instanceIndex, select, storage, uint, uniform, vec4 } from 'three/tsl';
import { isNaNNode, isParticleRemovedNode } from './particleMaterials.ts';
import type { ParticleLayer } from './ParticleLayer.ts';
import type { SceneUniforms } from './sceneUniforms.ts';
import type { RendererBackend } from './createRenderer.ts';
import { asUint } from './nodeTypes.ts';
import { orderedKeyToFloat } from './orderedFloatKey.ts';

export interface ValueRange {
  min: number;
  max: number;
}

interface ComputeEntry {
  node: ComputeNode;
  worldMatrix: UniformNode<'mat4', Matrix4>;
}

export class RangeReducer {
  private readonly renderer: WebGPURenderer;
  private readonly backend: RendererBackend;
  private readonly u: SceneUniforms;
  private readonly result = new StorageBufferAttribute(new Uint32Array(2), 1);
  private readonly resultNode = storage(this.result, 'uint', 2).toAtomic();
  private readonly kernels = new WeakMap<ParticleLayer, ComputeEntry>();
  private readonly counted = new StorageBufferAttribute(new Uint32Array(1), 1);
  private readonly countedNode = storage(this.counted, 'uint', 1).toAtomic();
  private readonly countKernels = new WeakMap<ParticleLayer, ComputeEntry>();
  private target: RenderTarget | null = null;
  private seedQuad: QuadMesh | null = null;
  private readonly splatScene = new Scene();
  private readonly splatCamera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  /** False when WebGL2 cannot blend float targets (EXT_float_blend missing). */
  readonly available: boolean;

  constructor(renderer: WebGPURenderer, backend: RendererBackend, u: SceneUniforms) {
    this.renderer = renderer;
    this.backend = backend;
    this.u = u;
    if (backend === 'webgl2') {
      const extensions = (renderer.backend as unknown as { extensions: { get(name: string): unknown } }).extensions;
      this.available = Boolean(extensions.get('EXT_float_blend')) && Boolean(extensions.get('EXT_color_buffer_float'));
    } else {
      this.available = true;
    }
  }

  /** Min/max over the visible, non-NaN values of `attribute` in all layers; null when none is visible. */
  async reduce(layers: ParticleLayer[], attribute: string): Promise<ValueRange | null> {
    const withValues = layers.filter((l) => l.visible && l.arrays.attributes[attribute]);
    if (withValues.length === 0 || !this.available) return null;
    // Reduce the attribute asked for, then give every layer back the attribute it was showing.
    const shown = withValues.map((layer) => ({ layer, value: layer.currentValueName }));
    for (const { layer, value } of shown) if (value !== attribute) layer.setValue(attribute);
    try {
      return await (this.backend === 'webgpu' ? this.reduceCompute(withValues) : this.reduceSplat(withValues));
    } finally {
      for (const { layer, value } of shown) if (value !== attribute) layer.setValue(value);
    }
  }

  /** One kernel per layer: it reads whichever attribute the layer has bound. */
  private kernelFor(layer: ParticleLayer): ComputeEntry {
    const existing = this.kernels.get(layer);
    if (existing) return existing;
    const worldMatrix = uniform(new Matrix4());
    const u = this.u;
    const resultNode = this.resultNode;
    const kernel = Fn(() => {
      const particle = layer.buffers.read(asUint(instanceIndex), u);
      const world = worldMatrix.mul(vec4(particle.center, 1)).xyz;
      const v = particle.scalar;
      const hidden = isParticleRemovedNode(world, u, layer.uniforms).add(isNaNNode(v)).greaterThan(0);
      If(hidden.not(), () => {
        const bits = asUint(floatBitsToUint(v));
        const key = select(bits.greaterThanEqual(uint(0x80000000)), bits.bitNot(), bits.bitOr(uint(0x80000000)));
        atomicMin(resultNode.element(0), key);
        atomicMax(resultNode.element(1), key);
      });
    });
    // three.js guards the dispatch with the count, so no invocation reads past the arrays.
    const node = (kernel as unknown as () => { compute: (count: number, workgroupSize: number[]) => ComputeNode })().compute(layer.count, [64]);
    const entry = { node, worldMatrix };
    this.kernels.set(layer, entry);
    return entry;
  }

  private async reduceCompute(layers: ParticleLayer[]): Promise<ValueRange | null> {
    const array = this.result.array as Uint32Array;
    array[0] = 0xffffffff;
    array[1] = 0;
    this.result.needsUpdate = true;
    for (const layer of layers) {
      const entry = this.kernelFor(layer);
      layer.mainMesh.updateWorldMatrix(true, false);
      entry.worldMatrix.value.copy(layer.mainMesh.matrixWorld);
      await this.renderer.computeAsync(entry.node);
    }
    const keys = new Uint32Array(await this.renderer.getArrayBufferAsync(this.result));
    if (keys[1] === 0 && keys[0] === 0xffffffff) return null;
    return { min: orderedKeyToFloat(keys[0]), max: orderedKeyToFloat(keys[1]) };
  }

  private async reduceSplat(layers: ParticleLayer[]): Promise<ValueRange | null> {
    if (!this.target) {
      this.target = new RenderTarget(1, 1, { type: FloatType, format: RGBAFormat, depthBuffer: false });
      const seed = new NodeMaterial();
      // Start below every float so that MAX blending yields the data's extremes (alpha 0: nothing seen).
      seed.fragmentNode = vec4(-3.4e38, -3.4e38, 0, 0);
      seed.blending = NoBlending;
      seed.depthTest = false;
      seed.depthWrite = false;
      this.seedQuad = new QuadMesh(seed);
    }
    const renderer = this.renderer;
    const previousTarget = renderer.getRenderTarget();
    const previousAutoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.setRenderTarget(this.target);
    this.seedQuad?.render(renderer);
    this.splatScene.clear();
    for (const layer of layers) this.splatScene.add(layer.rangeMesh);
    renderer.render(this.splatScene, this.splatCamera);
    this.splatScene.clear();
    renderer.setRenderTarget(previousTarget);
    renderer.autoClear = previousAutoClear;
    const pixel = (await renderer.readRenderTargetPixelsAsync(this.target, 0, 0, 1, 1)) as Float32Array;
    if (!(pixel[3] > 0)) return null;
    return { min: -pixel[1], max: pixel[0] };
  }

  /**
   * Particles of the shown layers that neither the clipping plane nor a volume clip removes (every
   * particle, whatever the drawn stride); null where WebGL2 cannot blend float targets.
   */
  async countKept(layers: ParticleLayer[]): Promise<number | null> {
    const shown = layers.filter((l) => l.visible && l.count > 0);
    if (shown.length === 0) return 0;
    if (!this.available) return null;
    return this.backend === 'webgpu' ? this.countCompute(shown) : this.countSplat(shown);
  }

  private countKernelFor(layer: ParticleLayer): ComputeEntry {
    const existing = this.countKernels.get(layer);
    if (existing) return existing;
    const worldMatrix = uniform(new Matrix4());
    const u = this.u;
    const countedNode = this.countedNode;
    const kernel = Fn(() => {
      const particle = layer.buffers.read(asUint(instanceIndex), u);
      const world = worldMatrix.mul(vec4(particle.center, 1)).xyz;
      If(isParticleRemovedNode(world, u, layer.uniforms).lessThan(0.5), () => {
        atomicAdd(countedNode.element(0), uint(1));
      });
    });
    const node = (kernel as unknown as () => { compute: (count: number, workgroupSize: number[]) => ComputeNode })().compute(layer.count, [64]);
    const entry = { node, worldMatrix };
    this.countKernels.set(layer, entry);
    return entry;
  }

  private async countCompute(layers: ParticleLayer[]): Promise<number> {
    (this.counted.array as Uint32Array)[0] = 0;
    this.counted.needsUpdate = true;
    for (const layer of layers) {
      const entry = this.countKernelFor(layer);
      layer.mainMesh.updateWorldMatrix(true, false);
      entry.worldMatrix.value.copy(layer.mainMesh.matrixWorld);
      await this.renderer.computeAsync(entry.node);
    }
    return new Uint32Array(await this.renderer.getArrayBufferAsync(this.counted))[0];
  }

  private async countSplat(layers: ParticleLayer[]): Promise<number> {
    if (!this.countTarget) {
      this.countTarget = new RenderTarget(1, 1, { type: FloatType, format: RGBAFormat, depthBuffer: false });
      const zero = new NodeMaterial();
      zero.fragmentNode = vec4(0, 0, 0, 0);
      zero.blending = NoBlending;
      zero.depthTest = false;
      zero.depthWrite = false;
      this.zeroQuad = new QuadMesh(zero);
    }
    const renderer = this.renderer;
    const previousTarget = renderer.getRenderTarget();
    const previousAutoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.setRenderTarget(this.countTarget);
    this.zeroQuad?.render(renderer);
    this.splatScene.clear();
    for (const layer of layers) this.splatScene.add(layer.countMesh);
    renderer.render(this.splatScene, this.splatCamera);
    this.splatScene.clear();
    renderer.setRenderTarget(previousTarget);
    renderer.autoClear = previousAutoClear;
    const pixel = (await renderer.readRenderTargetPixelsAsync(this.countTarget, 0, 0, 1, 1)) as Float32Array;
    return Math.round(pixel[0]);
  }

  private countTarget: RenderTarget | null = null;
  private zeroQuad: QuadMesh | null = null;

  dispose(): void {
    this.countTarget?.dispose();
    this.target?.dispose();
  }
}
