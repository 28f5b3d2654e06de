// Vector-field arrows: up to 5000 instances of an arrow built in code (cylinder shaft + cone head),
// placed on every k-th particle. Direction and length follow a vector attribute; an arrow whose
// magnitude equals the field's largest is 25 px long at the orbit target; colour is the magnitude on
// the current colour scheme. Arrows are clipped with everything else.
import {
  BufferGeometry,
  ConeGeometry,
  CylinderGeometry,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  Mesh,
  MeshBasicNodeMaterial,
} from 'three/webgpu';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import {
  Discard,
  Fn,
  attribute,
  cross,
  dot,
  float,
  length,
  max,
  normalize,
  positionGeometry,
  select,
  texture,
  uniform,
  varying,
  vec3,
  vec4,
} from 'three/tsl';
import { VIEWER_LIMITS, VIEWER_MESSAGES } from '../defaults.ts';
import { isClippedNode } from '../gpu/particleMaterials.ts';
import type { SceneUniforms } from '../gpu/sceneUniforms.ts';

/** Unit arrow along +y from 0 to 1: shaft to 0.72, head to 1. */
export function createArrowGeometry(): BufferGeometry {
  const shaft = new CylinderGeometry(0.035, 0.035, 0.72, 10, 1);
  shaft.translate(0, 0.36, 0);
  const head = new ConeGeometry(0.1, 0.28, 12, 1);
  head.translate(0, 0.86, 0);
  for (const g of [shaft, head]) g.deleteAttribute('uv');
  const merged = mergeGeometries([shaft, head], false);
  if (!merged) throw new Error(VIEWER_MESSAGES.failedArrowGeometry);
  return merged;
}

export interface ArrowSource {
  positions: Float32Array;
  vectors: Float32Array;
}

export class VectorArrows {
  readonly mesh: Mesh;
  private readonly geometry: InstancedBufferGeometry;
  private readonly material: MeshBasicNodeMaterial;
  /** World length of the longest arrow (25 px at the orbit target); updated when the camera moves. */
  readonly unitLength = uniform(0.1);
  private readonly maxMagnitude = uniform(1);
  count = 0;

  constructor(u: SceneUniforms) {
    const base = createArrowGeometry();
    this.geometry = new InstancedBufferGeometry();
    this.geometry.index = base.index;
    this.geometry.setAttribute('position', base.getAttribute('position'));
    this.geometry.setAttribute('normal', base.getAttribute('normal'));
    this.geometry.setAttribute('arrowOrigin', new InstancedBufferAttribute(new Float32Array(3), 3));
    this.geometry.setAttribute('arrowVector', new InstancedBufferAttribute(new Float32Array(3), 3));
    this.geometry.instanceCount = 0;
    const origin = attribute('arrowOrigin', 'vec3');
    const vector = attribute('arrowVector', 'vec3');
    const magnitude = length(vector);
    const direction = select(magnitude.greaterThan(0), vector.div(max(magnitude, 1e-30)), vec3(0, 0, 1));
    // Basis with the arrow's +y on the vector direction.
    const helper = select(dot(direction, vec3(0, 0, 1)).abs().greaterThan(0.99), vec3(1, 0, 0), vec3(0, 0, 1));
    const side = normalize(cross(helper, direction));
    const third = cross(direction, side);
    const scale = this.unitLength.mul(magnitude.div(max(this.maxMagnitude, 1e-30)));
    const p = positionGeometry;
    const local = side.mul(p.x).add(direction.mul(p.y)).add(third.mul(p.z)).mul(scale);
    const material = new MeshBasicNodeMaterial();
    material.positionNode = origin.add(local);
    const t = varying(magnitude.div(max(this.maxMagnitude, 1e-30)).clamp(0, 1), 'vArrowT');
    const clipped = varying(isClippedNode(origin, u), 'vArrowClipped');
    material.colorNode = Fn(() => {
      Discard(clipped.greaterThan(0.5));
      return vec4(texture(u.lutTexture, u.lutUv(t)).rgb, float(1));
    })();
    this.material = material;
    this.mesh = new Mesh(this.geometry, material);
    this.mesh.frustumCulled = false;
    this.mesh.name = 'vector-arrows';
    this.mesh.visible = false;
  }

  /**
   * Samples every k-th particle so that at most 5000 arrows are drawn. The loop runs over the arrows
   * only, never over all particles.
   */
  setField(source: ArrowSource | null): void {
    if (!source) {
      this.mesh.visible = false;
      this.count = 0;
      return;
    }
    const particles = Math.floor(source.positions.length / 3);
    const stride = Math.max(1, Math.ceil(particles / VIEWER_LIMITS.maxArrowInstances));
    const count = Math.min(VIEWER_LIMITS.maxArrowInstances, Math.ceil(particles / stride));
    const origins = new Float32Array(count * 3);
    const vectors = new Float32Array(count * 3);
    let maxMagnitude = 0;
    for (let a = 0; a < count; a++) {
      const i = a * stride * 3;
      origins[a * 3] = source.positions[i];
      origins[a * 3 + 1] = source.positions[i + 1];
      origins[a * 3 + 2] = source.positions[i + 2];
      const x = source.vectors[i];
      const y = source.vectors[i + 1];
      const z = source.vectors[i + 2];
      vectors[a * 3] = x;
      vectors[a * 3 + 1] = y;
      vectors[a * 3 + 2] = z;
      const m = Math.hypot(x, y, z);
      if (m > maxMagnitude) maxMagnitude = m;
    }
    this.geometry.setAttribute('arrowOrigin', new InstancedBufferAttribute(origins, 3));
    this.geometry.setAttribute('arrowVector', new InstancedBufferAttribute(vectors, 3));
    this.geometry.instanceCount = count;
    this.maxMagnitude.value = maxMagnitude > 0 ? maxMagnitude : 1;
    this.count = count;
    this.mesh.visible = count > 0;
  }

  /** Keeps the longest arrow 25 px long at the orbit target. */
  setMetresPerPixel(metresPerPixel: number): void {
    this.unitLength.value = metresPerPixel * VIEWER_LIMITS.arrowUnitPx;
  }

  dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
  }
}
