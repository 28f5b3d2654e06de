// Hover and selection outline of parts and particle objects: the outlined ones are drawn as a clipped
// silhouette mask (parts with a shared mask material, particle objects with their own), and
// an edge pass lays a glow around the mask's outside onto the scene, with the spec's edge strength 2.5.
// Drawing the mask with the same clip test as the parts keeps the outline off clipped-away geometry.
import {
  Color,
  DoubleSide,
  MeshBasicNodeMaterial,
  NodeMaterial,
  QuadMesh,
  RGBAFormat,
  RenderTarget,
  Scene,
  UnsignedByteType,
  Vector2,
  type Camera,
  type Object3D,
  type WebGPURenderer,
} from 'three/webgpu';
import { Discard, Fn, float, min, positionWorld, texture, uniform, uv, vec2, vec4 } from 'three/tsl';
import { VIEWER_LIMITS } from '../defaults.ts';
import { isClippedNode } from './particleMaterials.ts';
import type { SceneUniforms } from './sceneUniforms.ts';
import { asFloat, asVec3, type FloatNode } from './nodeTypes.ts';

/** Layer that marks outlined objects while the mask is drawn. */
const OUTLINE_LAYER = 7;
/** Outline width in pixels at device pixel ratio 1. */
const OUTLINE_WIDTH_PX = 2;

export class OutlinePass {
  private readonly maskTarget = new RenderTarget(1, 1, { type: UnsignedByteType, format: RGBAFormat, depthBuffer: false });
  private readonly maskMaterial: MeshBasicNodeMaterial;
  private readonly edgeQuad: QuadMesh;
  private readonly texel = uniform(new Vector2(1, 1));
  readonly color = uniform(new Color(1, 0.78, 0.25));

  constructor(u: SceneUniforms) {
    this.maskMaterial = new MeshBasicNodeMaterial({ side: DoubleSide, depthTest: false, depthWrite: false });
    this.maskMaterial.colorNode = Fn(() => {
      Discard(isClippedNode(positionWorld, u).greaterThan(0.5));
      return vec4(1, 1, 1, 1);
    })();
    const mask = texture(this.maskTarget.texture);
    const edge = new NodeMaterial();
    edge.name = 'viewer-outline-edge';
    edge.depthTest = false;
    edge.depthWrite = false;
    edge.transparent = true;
    edge.fragmentNode = Fn(() => {
      const p = uv();
      const inside = mask.sample(p).r;
      // Coverage of a ring of 8 samples around the pixel, outside the mask only.
      let ring: FloatNode = float(0);
      for (let k = 0; k < 8; k++) {
        const a = (k / 8) * Math.PI * 2;
        const offset = vec2(Math.cos(a), Math.sin(a)).mul(this.texel).mul(OUTLINE_WIDTH_PX);
        ring = asFloat(ring.add(mask.sample(p.add(offset)).r));
      }
      const strength = min(ring.div(8).mul(float(1).sub(inside)).mul(VIEWER_LIMITS.outlineEdgeStrength), 1);
      return vec4(asVec3(this.color), strength);
    })();
    this.edgeQuad = new QuadMesh(edge);
  }

  /**
   * Draws the outline of `objects` (children of `scene`, drawn with the mask material) and of `masks`
   * (meshes that draw their own silhouette, such as particle objects, whose vertices no shared material
   * could place) onto `target`.
   */
  render(renderer: WebGPURenderer, scene: Scene, camera: Camera, objects: readonly Object3D[], target: RenderTarget, masks: readonly Object3D[] = []): void {
    if (objects.length === 0 && masks.length === 0) return;
    const size = renderer.getDrawingBufferSize(new Vector2());
    if (this.maskTarget.width !== size.x || this.maskTarget.height !== size.y) this.maskTarget.setSize(size.x, size.y);
    const ratio = renderer.getPixelRatio();
    this.texel.value.set(ratio / size.x, ratio / size.y);
    renderer.setRenderTarget(this.maskTarget);
    renderer.setClearColor(0x000000, 0);
    renderer.clear();
    if (objects.length > 0) {
      for (const o of objects) o.layers.enable(OUTLINE_LAYER);
      const cameraLayers = camera.layers.mask;
      camera.layers.set(OUTLINE_LAYER);
      const override = scene.overrideMaterial;
      scene.overrideMaterial = this.maskMaterial;
      renderer.render(scene, camera);
      scene.overrideMaterial = override;
      camera.layers.mask = cameraLayers;
      for (const o of objects) o.layers.disable(OUTLINE_LAYER);
    }
    if (masks.length > 0) {
      this.maskScene.add(...masks);
      renderer.render(this.maskScene, camera);
      this.maskScene.remove(...masks);
    }
    renderer.setRenderTarget(target);
    this.edgeQuad.render(renderer);
  }

  private readonly maskScene = new Scene();

  dispose(): void {
    this.maskTarget.dispose();
    this.maskMaterial.dispose();
  }
}
