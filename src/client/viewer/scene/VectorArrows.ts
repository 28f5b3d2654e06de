// Vector-field arrows: up to 5000 instances of an arrow built in code (cylinder shaft + cone head) on
// particles spread evenly over the shown objects (arrowField.ts). Direction and length follow the vector
// attribute: at scale 1 an arrow whose magnitude is the largest among them is 25 px long at the orbit
// target. Colour: the colormap's attribute at the arrow's particle on the current scheme and range (as the
// particles are coloured), or the arrow's own magnitude over [0, largest] when the colormap shows no
// attribute. Arrows are clipped with everything else. Per-instance data are plain instanced attributes,
// which WebGPU and WebGL2 read alike.
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
  cameraViewMatrix,
  cross,
  dot,
  float,
  length,
  max,
  normalGeometry,
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
import type { ArrowField } from '../arrowField.ts';
import { isClippedNode, isNaNNode } from '../gpu/particleMaterials.ts';
import { asFloat, asVec3 } from '../gpu/nodeTypes.ts';
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

export class VectorArrows {
  readonly mesh: Mesh;
  private readonly geometry: InstancedBufferGeometry;
  private readonly material: MeshBasicNodeMaterial;
  /** World length of the longest arrow: 25 px × scale at the orbit target; updated when the camera moves. */
  readonly unitLength = uniform(0.1);
  private readonly maxMagnitude = uniform(1);
  /** 1: colour by the arrow's own magnitude over [0, maxMagnitude]; 0: by its value on the colormap's range. */
  private readonly ownMagnitude = uniform(0);
  private metresPerPixel = 0;
  private scale = 1;
  count = 0;

  constructor(u: SceneUniforms) {
    const base = createArrowGeometry();
    this.geometry = new InstancedBufferGeometry();
    this.geometry.index = base.index;
    this.geometry.setAttribute('position', base.getAttribute('position'));
    this.geometry.setAttribute('normal', base.getAttribute('normal'));
    this.setInstances(new Float32Array(3), new Float32Array(3), new Float32Array(1), 0);
    const origin = attribute('arrowOrigin', 'vec3');
    const vector = attribute('arrowVector', 'vec3');
    const value = asFloat(attribute('arrowValue', 'float'));
    const magnitude = length(vector);
    const direction = select(magnitude.greaterThan(0), vector.div(max(magnitude, 1e-30)), vec3(0, 0, 1));
    // Basis with the arrow's +y on the vector direction.
    const helper = select(dot(direction, vec3(0, 0, 1)).abs().greaterThan(0.99), vec3(1, 0, 0), vec3(0, 0, 1));
    const side = normalize(cross(helper, direction));
    const third = cross(direction, side);
    const size = this.unitLength.mul(magnitude.div(max(this.maxMagnitude, 1e-30)));
    const p = positionGeometry;
    const local = side.mul(p.x).add(direction.mul(p.y)).add(third.mul(p.z)).mul(size);
    const material = new MeshBasicNodeMaterial();
    material.positionNode = origin.add(local);
    // The geometry's normal turned with the arrow, seen from the camera: a headlight that shows the shape.
    const n = normalGeometry;
    const normalWorld = side.mul(n.x).add(direction.mul(n.y)).add(third.mul(n.z));
    const facing = varying(cameraViewMatrix.mul(vec4(normalWorld, 0)).xyz.normalize().z.abs(), 'vArrowFacing');
    const own = this.ownMagnitude.greaterThan(0.5);
    const span = select(own, max(this.maxMagnitude, 1e-30), u.rangeMax.sub(u.rangeMin));
    const lo = select(own, float(0), u.rangeMin);
    const t = select(span.greaterThan(0), value.sub(lo).div(max(span, 1e-30)).clamp(0, 1), float(0.5));
    const vT = varying(t, 'vArrowT');
    const vNan = varying(isNaNNode(value), 'vArrowNaN');
    const clipped = varying(isClippedNode(origin, u), 'vArrowClipped');
    material.colorNode = Fn(() => {
      Discard(clipped.greaterThan(0.5));
      const mapped = select(vNan.greaterThan(0.5), asVec3(u.nanColor), texture(u.lutTexture, u.lutUv(vT)).rgb);
      return vec4(mapped.mul(facing.mul(0.4).add(0.6)), float(1));
    })();
    this.material = material;
    this.mesh = new Mesh(this.geometry, material);
    this.mesh.frustumCulled = false;
    this.mesh.name = 'vector-arrows';
    this.mesh.visible = false;
  }

  private setInstances(origins: Float32Array, vectors: Float32Array, values: Float32Array, count: number): void {
    this.geometry.setAttribute('arrowOrigin', new InstancedBufferAttribute(origins, 3));
    this.geometry.setAttribute('arrowVector', new InstancedBufferAttribute(vectors, 3));
    this.geometry.setAttribute('arrowValue', new InstancedBufferAttribute(values, 1));
    this.geometry.instanceCount = count;
  }

  /** Shows the sampled field (null hides the arrows). */
  setField(field: ArrowField | null): void {
    if (!field || field.count === 0) {
      this.mesh.visible = false;
      this.count = 0;
      this.geometry.instanceCount = 0;
      return;
    }
    this.setInstances(field.origins, field.vectors, field.values, field.count);
    this.maxMagnitude.value = field.maxMagnitude > 0 ? field.maxMagnitude : 1;
    this.ownMagnitude.value = field.ownMagnitude ? 1 : 0;
    this.count = field.count;
    this.mesh.visible = true;
  }

  /** Length factor: 1 draws the longest arrow 25 px long. */
  setScale(scale: number): void {
    this.scale = scale;
    this.updateUnitLength();
  }

  /** Keeps the longest arrow 25 px × scale long at the orbit target. */
  setMetresPerPixel(metresPerPixel: number): void {
    this.metresPerPixel = metresPerPixel;
    this.updateUnitLength();
  }

  private updateUnitLength(): void {
    this.unitLength.value = this.metresPerPixel * VIEWER_LIMITS.arrowUnitPx * this.scale;
  }

  dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
  }
}
