// Composes one frame: scene colour and depth go to a linear half-float target (particles, fluid surface,
// parts, clip plane and gizmo, hover outline), the axis widget to its own small target, and one output
// pass converts to sRGB for the canvas and lays the widget into its corner.
import {
  Color,
  HalfFloatType,
  LinearSRGBColorSpace,
  NodeMaterial,
  QuadMesh,
  RGBAFormat,
  RenderTarget,
  Vector2,
  type Camera,
  type Object3D,
  type Scene,
  type WebGPURenderer,
} from 'three/webgpu';
import { Fn, float, mix, select, sRGBTransferOETF, texture, uniform, uv, vec2, vec4 } from 'three/tsl';
import { asVec3 } from './nodeTypes.ts';
import { OutlinePass } from './OutlinePass.ts';
import type { SceneUniforms } from './sceneUniforms.ts';
import { AXIS_WIDGET_MARGIN_PX, AXIS_WIDGET_SIZE_PX } from '../scene/AxisWidget.ts';

export const BACKGROUND_COLOR = '#e6eaf0';

export interface FrameInputs {
  camera: Camera;
  mainScene: Scene;
  partsScene: Scene;
  overlayScene: Scene;
  fluid: { render: (renderer: WebGPURenderer, camera: Camera, target: RenderTarget) => boolean } | null;
  axisWidget: { render: (renderer: WebGPURenderer) => void; target: RenderTarget };
}

export class FrameComposer {
  readonly sceneTarget: RenderTarget;
  private readonly renderer: WebGPURenderer;
  private readonly outputQuad: QuadMesh;
  private readonly outputSize = uniform(new Vector2(1, 1));
  private readonly widgetRect = uniform(new Vector2(1, 1));
  private readonly widgetTexture = texture(new RenderTarget(1, 1).texture);
  private readonly background = new Color(BACKGROUND_COLOR);
  private readonly outline: OutlinePass;
  private readonly outputMaterial: NodeMaterial;
  private readonly outlined: Object3D[] = [];
  private readonly partsScene: Scene;

  constructor(renderer: WebGPURenderer, partsScene: Scene, u: SceneUniforms, antialias: boolean) {
    this.outline = new OutlinePass(u);
    this.renderer = renderer;
    this.partsScene = partsScene;
    renderer.outputColorSpace = LinearSRGBColorSpace;
    renderer.autoClear = false;
    this.sceneTarget = new RenderTarget(1, 1, {
      type: HalfFloatType,
      format: RGBAFormat,
      depthBuffer: true,
      samples: antialias ? 4 : 0,
    });
    const scene = texture(this.sceneTarget.texture);
    const material = new NodeMaterial();
    material.name = 'viewer-output';
    material.depthTest = false;
    material.depthWrite = false;
    material.fragmentNode = Fn(() => {
      const p = uv();
      const color = scene.sample(p).rgb;
      // Widget rectangle at the bottom left, in output pixels (uv has its origin at the top left).
      const pixel = p.mul(this.outputSize);
      const origin = vec2(this.widgetRect.y, this.outputSize.y.sub(this.widgetRect.y).sub(this.widgetRect.x));
      const local = pixel.sub(origin).div(this.widgetRect.x);
      const inside = local.x.greaterThanEqual(0).and(local.x.lessThan(1)).and(local.y.greaterThanEqual(0)).and(local.y.lessThan(1));
      const widget = this.widgetTexture.sample(local.clamp(0, 1));
      const blended = mix(color, widget.rgb, widget.a);
      const composed = select(inside, asVec3(blended), asVec3(color));
      return vec4(asVec3(sRGBTransferOETF(asVec3(composed))), float(1));
    })();
    this.outputMaterial = material;
    this.outputQuad = new QuadMesh(material);
  }

  /** What gets the hover/selection outline: part meshes, and the outline masks of particle objects. */
  setOutlined(objects: Object3D[], masks: Object3D[] = []): void {
    this.outlined.length = 0;
    this.outlined.push(...objects);
    this.outlinedMasks.length = 0;
    this.outlinedMasks.push(...masks);
  }

  private readonly outlinedMasks: Object3D[] = [];

  private syncSize(): void {
    const size = this.renderer.getDrawingBufferSize(new Vector2());
    if (this.sceneTarget.width !== size.x || this.sceneTarget.height !== size.y) this.sceneTarget.setSize(size.x, size.y);
    this.outputSize.value.copy(size);
    const ratio = this.renderer.getPixelRatio();
    this.widgetRect.value.set(Math.round(AXIS_WIDGET_SIZE_PX * ratio), Math.round(AXIS_WIDGET_MARGIN_PX * ratio));
  }

  get drawingBufferSize(): Vector2 {
    return this.renderer.getDrawingBufferSize(new Vector2());
  }

  render(inputs: FrameInputs): void {
    const r = this.renderer;
    this.syncSize();
    r.setRenderTarget(this.sceneTarget);
    r.setClearColor(this.background, 1);
    r.clear();
    r.render(inputs.mainScene, inputs.camera);
    inputs.fluid?.render(r, inputs.camera, this.sceneTarget);
    r.setRenderTarget(this.sceneTarget);
    r.render(this.partsScene, inputs.camera);
    r.render(inputs.overlayScene, inputs.camera);
    this.outline.render(r, this.partsScene, inputs.camera, this.outlined, this.sceneTarget, this.outlinedMasks);
    inputs.axisWidget.render(r);
    this.widgetTexture.value = inputs.axisWidget.target.texture;
    // No clear of the canvas: the output pass writes every pixel, and on WebGL2 a clear without a
    // render target would hit whichever framebuffer is still bound.
    r.setRenderTarget(null);
    this.outputQuad.render(r);
  }

  dispose(): void {
    this.sceneTarget.dispose();
    this.outputMaterial.dispose();
    this.outline.dispose();
  }
}
