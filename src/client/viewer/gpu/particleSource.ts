// Where particle shaders read a particle's centre and colour attribute: vertex pulling by particle index
// from flat float arrays, exactly as received (three.js would pad vec3 storage attributes to vec4 in a
// main-thread loop, so positions and vectors are read three floats at a time). WebGPU binds the arrays
// as storage buffers (no copy; the range-reduction compute pass reads the same buffers). WebGL2 has no
// storage buffers: each array is copied once (a memcpy) into a float texture read with texelFetch.
// The colour attribute is a swappable binding plus a component-count uniform, so switching attributes
// rebinds a buffer and never recompiles a shader.
import { DataTexture, FloatType, NearestFilter, RedFormat, StorageBufferAttribute, type Texture } from 'three/webgpu';
import { float, int, ivec2, length, select, storage, texture, textureLoad, uint, uniform, vec2, vec3 } from 'three/tsl';
import type { SceneUniforms } from './sceneUniforms.ts';
import { asFloat, asUint, asVec2, asVec3, type FloatNode, type UintNode, type Vec2Node, type Vec3Node } from './nodeTypes.ts';

/**
 * Vertices per particle: one triangle around the particle's disc, pulled by vertex index without
 * instancing. A triangle needs half the vertices of a quad for 30 % more (discarded) fragments.
 */
export const VERTICES_PER_PARTICLE = 3;

/** Corner k (0..2) of the equilateral triangle that circumscribes the unit disc. */
export function discCorner(k: UintNode): Vec2Node {
  const x = select(k.equal(0), float(-Math.sqrt(3)), select(k.equal(1), float(Math.sqrt(3)), float(0)));
  const y = select(k.equal(2), float(2), float(-1));
  return asVec2(vec2(x, y));
}

/** Row width of the WebGL2 data textures (texels). */
const TEXTURE_WIDTH = 4096;

/** A flat float array readable by index in any shader stage. */
interface FloatArrayNode {
  read(index: UintNode): FloatNode;
}

/** WebGL2: the array copied into an R32F texture, `TEXTURE_WIDTH` floats per row. */
export function createDataTexture(array: Float32Array): DataTexture {
  const height = Math.max(1, Math.ceil(array.length / TEXTURE_WIDTH));
  // texImage2D needs whole rows: one copy into a padded array (a memcpy, not a loop over particles).
  const padded = new Float32Array(TEXTURE_WIDTH * height);
  padded.set(array);
  const t = new DataTexture(padded, TEXTURE_WIDTH, height, RedFormat, FloatType);
  t.minFilter = NearestFilter;
  t.magFilter = NearestFilter;
  t.generateMipmaps = false;
  t.needsUpdate = true;
  return t;
}

function textureArray(initial: Texture): FloatArrayNode & { node: ReturnType<typeof texture> } {
  const node = texture(initial);
  return {
    node,
    read(index: UintNode) {
      const i = int(index);
      const coord = ivec2(i.mod(TEXTURE_WIDTH), i.div(TEXTURE_WIDTH));
      return asFloat(textureLoad(node, coord).r);
    },
  };
}

function storageArray(initial: StorageBufferAttribute): FloatArrayNode & { node: { value: unknown } } {
  const node = storage(initial, 'float', initial.count).toReadOnly() as unknown as { value: unknown };
  const buffer = node as unknown as { element: (i: UintNode) => unknown };
  return {
    node,
    read(index: UintNode) {
      return asFloat(buffer.element(index));
    },
  };
}

export interface ParticleRead {
  center: Vec3Node;
  /** Scalar the colormap reads (attribute, magnitude or one component). */
  scalar: FloatNode;
  /** 1 when the particle has a colour attribute, 0 for the plain colour. */
  hasValue: FloatNode;
}

/**
 * The GPU copies of one particle object's arrays and the shader code that reads them. WebGPU: storage
 * buffers. WebGL2: data textures.
 */
export class ParticleBuffers {
  readonly webgl: boolean;
  readonly count: number;
  /** WebGPU storage buffers (also read by compute). */
  readonly positionStorage: StorageBufferAttribute | null;
  private readonly valueStorages = new Map<string, StorageBufferAttribute>();
  /** WebGL2 data textures. */
  private readonly positionTexture: DataTexture | null;
  private readonly valueTextures = new Map<string, DataTexture>();
  private readonly positions: FloatArrayNode;
  private readonly values: FloatArrayNode & { node: { value: unknown } };
  /** 0 (no attribute), 1 or 3 floats per particle. */
  readonly components = uniform(0, 'uint');
  private readonly arrays: Record<string, { array: Float32Array; components: 1 | 3 }>;

  constructor(positions: Float32Array, attributes: Record<string, { array: Float32Array; components: 1 | 3 }>, webgl: boolean) {
    this.webgl = webgl;
    this.count = Math.floor(positions.length / 3);
    this.arrays = attributes;
    if (webgl) {
      this.positionStorage = null;
      this.positionTexture = createDataTexture(positions);
      this.positions = textureArray(this.positionTexture);
      // Until an attribute is chosen the value binding points at the positions (never read: components 0).
      this.values = textureArray(this.positionTexture);
    } else {
      this.positionTexture = null;
      this.positionStorage = new StorageBufferAttribute(positions, 1);
      this.positions = storageArray(this.positionStorage);
      this.values = storageArray(this.positionStorage);
    }
  }

  /** WebGPU: the storage buffer of an attribute, created on first use. */
  valueStorage(name: string): StorageBufferAttribute | null {
    const source = this.arrays[name];
    if (!source || this.webgl) return null;
    let attr = this.valueStorages.get(name);
    if (!attr) {
      attr = new StorageBufferAttribute(source.array, 1);
      this.valueStorages.set(name, attr);
    }
    return attr;
  }

  private valueTexture(name: string): DataTexture | null {
    const source = this.arrays[name];
    if (!source || !this.webgl) return null;
    let t = this.valueTextures.get(name);
    if (!t) {
      t = createDataTexture(source.array);
      this.valueTextures.set(name, t);
    }
    return t;
  }

  /** Binds an attribute as the colour source (null: plain colour). Rebinding only, no recompilation. */
  setValue(name: string | null): void {
    const source = name ? this.arrays[name] : undefined;
    if (!name || !source) {
      this.components.value = 0;
      return;
    }
    const binding = this.webgl ? this.valueTexture(name) : this.valueStorage(name);
    if (binding) this.values.node.value = binding;
    this.components.value = source.components;
  }

  /** Shader code reading particle `index`. */
  read(index: UintNode, u: SceneUniforms): ParticleRead {
    const base = asUint(index.mul(3));
    const center = asVec3(vec3(this.positions.read(base), this.positions.read(asUint(base.add(1))), this.positions.read(asUint(base.add(2)))));
    const n = this.components;
    const vectorValued = n.equal(uint(3));
    const valueBase = asUint(index.mul(n));
    const x = this.values.read(valueBase);
    const y = this.values.read(asUint(valueBase.add(select(vectorValued, uint(1), uint(0)))));
    const z = this.values.read(asUint(valueBase.add(select(vectorValued, uint(2), uint(0)))));
    const v = vec3(x, y, z);
    const component = select(u.subOption.equal(0), length(v), select(u.subOption.equal(1), x, select(u.subOption.equal(2), y, z)));
    const scalar = asFloat(select(vectorValued, component, x));
    const hasValue = asFloat(select(n.greaterThan(uint(0)), float(1), float(0)));
    return { center, scalar, hasValue };
  }

  dispose(): void {
    this.positionTexture?.dispose();
    for (const t of this.valueTextures.values()) t.dispose();
  }
}
