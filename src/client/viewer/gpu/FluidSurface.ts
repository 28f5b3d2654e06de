// Screen-space fluid surface: splat sphere depths of all fluid particles, smooth the depth with a
// separable bilateral filter, rebuild view-space normals from the smoothed depth, shade, and write the
// result with its depth into the scene target so that parts and the surface occlude each other.
import {
  Color,
  FloatType,
  Matrix4,
  NearestFilter,
  NodeMaterial,
  QuadMesh,
  RGBAFormat,
  RenderTarget,
  Scene,
  Vector2,
  Vector4,
  type Camera,
  type Texture,
  type WebGPURenderer,
} from 'three/webgpu';
import {
  Discard,
  Fn,
  Loop,
  abs,
  clamp,
  cross,
  exp,
  float,
  max,
  mix,
  normalize,
  pow,
  select,
  texture,
  uniform,
  uv,
  vec2,
  vec3,
  vec4,
  dot,
} from 'three/tsl';
import { headlightShade } from './particleMaterials.ts';
import type { SceneUniforms } from './sceneUniforms.ts';
import { asFloat, asVec2, asVec3, type FloatNode, type Vec2Node } from './nodeTypes.ts';

/** Taps on each side of the bilateral filter, per direction and iteration. */
const FILTER_TAPS = 6;
const FILTER_ITERATIONS = 1;

function createTarget(width: number, height: number, depthBuffer: boolean): RenderTarget {
  const target = new RenderTarget(width, height, { type: FloatType, format: RGBAFormat, depthBuffer });
  // float32 is not filterable everywhere; every pass reads exact texels.
  target.texture.minFilter = NearestFilter;
  target.texture.magFilter = NearestFilter;
  target.texture.generateMipmaps = false;
  return target;
}

export class FluidSurface {
  /** Holds the depth meshes of the fluid particle layers. */
  readonly scene = new Scene();
  private readonly depthTarget: RenderTarget;
  private readonly blurTarget: RenderTarget;
  private readonly filterMaterial: NodeMaterial;
  private readonly compositeMaterial: NodeMaterial;
  private readonly filterQuad: QuadMesh;
  private readonly compositeQuad: QuadMesh;
  private readonly filterSource = texture(new RenderTarget(1, 1).texture);
  private readonly filterDirection = uniform(new Vector2(1, 0));
  private readonly texel = uniform(new Vector2(1, 1));
  /** (1/P00, 1/P11, orthographic ? 1 : 0, P11 * height / 2) of the current camera. */
  private readonly projection = uniform(new Vector4(1, 1, 0, 1));
  private readonly projectionOffset = uniform(new Vector2(0, 0));
  /** World radius of the fluid particles: sets the filter's depth tolerance and its width. */
  readonly particleRadius = uniform(0.01);
  readonly plainColor = uniform(new Color('#3d8bd4'));
  private readonly projectionMatrix = uniform(new Matrix4());
  private readonly u: SceneUniforms;

  constructor(u: SceneUniforms) {
    this.u = u;
    this.scene.background = null;
    this.depthTarget = createTarget(1, 1, true);
    this.blurTarget = createTarget(1, 1, false);
    this.filterMaterial = this.createFilterMaterial();
    this.compositeMaterial = this.createCompositeMaterial(this.depthTarget.texture);
    this.filterQuad = new QuadMesh(this.filterMaterial);
    this.compositeQuad = new QuadMesh(this.compositeMaterial);
  }

  setSize(width: number, height: number): void {
    this.depthTarget.setSize(width, height);
    this.blurTarget.setSize(width, height);
    this.texel.value.set(1 / width, 1 / height);
  }

  /** Bilateral filter over linear depth (r) and colormap coordinate (g); background (b = 0) passes through. */
  private createFilterMaterial(): NodeMaterial {
    const material = new NodeMaterial();
    material.name = 'fluid-filter';
    material.depthTest = false;
    material.depthWrite = false;
    const src = this.filterSource;
    material.fragmentNode = Fn(() => {
      const uv0 = uv();
      const c = src.sample(uv0);
      const result = vec4(c).toVar();
      const d0 = c.r;
      // Projected particle radius in pixels decides the tap spacing, so the filter width follows the
      // particle size at every distance.
      const radiusPx = select(
        this.projection.z.greaterThan(0.5),
        this.particleRadius.mul(this.projection.w),
        this.particleRadius.mul(this.projection.w).div(max(d0, 1e-6)),
      );
      // The taps span about ±3.6 particle radii; the depth tolerance is about one particle diameter.
      const stepPx = clamp(radiusPx.mul(0.6), 1, 6);
      const sigmaDepth = this.particleRadius.mul(2.5);
      const sumDepth = float(0).toVar();
      const sumT = float(0).toVar();
      const sumW = float(0).toVar();
      const sumWT = float(0).toVar();
      Loop({ start: -FILTER_TAPS, end: FILTER_TAPS, condition: '<=' }, ({ i }) => {
        const fi = float(asFloat(i));
        const offset = this.filterDirection.mul(this.texel).mul(fi.mul(stepPx));
        const s = src.sample(uv0.add(offset));
        const dd = s.r.sub(d0);
        const spatial = exp(fi.mul(fi).div(-2 * (FILTER_TAPS / 2) * (FILTER_TAPS / 2)));
        const range = exp(dd.mul(dd).div(sigmaDepth.mul(sigmaDepth).mul(-2)));
        const w = spatial.mul(range).mul(s.b);
        sumDepth.addAssign(s.r.mul(w));
        sumW.addAssign(w);
        const wt = select(s.g.lessThan(0), float(0), w);
        sumT.addAssign(s.g.mul(wt));
        sumWT.addAssign(wt);
      });
      const smoothed = vec4(
        sumDepth.div(max(sumW, 1e-6)),
        select(sumWT.greaterThan(0), sumT.div(max(sumWT, 1e-6)), c.g),
        c.b,
        c.a,
      );
      return select(c.b.greaterThan(0.5), smoothed, result);
    })();
    return material;
  }

  private createCompositeMaterial(depth: Texture): NodeMaterial {
    const material = new NodeMaterial();
    material.name = 'fluid-composite';
    material.depthTest = true;
    material.depthWrite = true;
    const src = texture(depth);
    const u = this.u;
    // Quad uv has its origin at the top left of the screen.
    const viewPositionAt = (p: Vec2Node, d: FloatNode) => {
      const ndc = vec2(p.x.mul(2).sub(1), float(1).sub(p.y.mul(2)));
      const perspective = vec3(ndc.x.mul(d).mul(this.projection.x), ndc.y.mul(d).mul(this.projection.y), d.negate());
      const orthographic = vec3(
        ndc.x.sub(this.projectionOffset.x).mul(this.projection.x),
        ndc.y.sub(this.projectionOffset.y).mul(this.projection.y),
        d.negate(),
      );
      return select(this.projection.z.greaterThan(0.5), orthographic, perspective);
    };
    const centre = Fn(() => {
      const c = src.sample(uv());
      Discard(c.b.lessThan(0.5));
      return c;
    });
    material.fragmentNode = Fn(() => {
      const p0 = uv();
      const c = centre();
      const pos = viewPositionAt(asVec2(p0), c.r);
      const neighbour = (dx: number, dy: number) => {
        const q = p0.add(this.texel.mul(vec2(dx, dy)));
        const s = src.sample(q);
        return { pos: viewPositionAt(asVec2(q), s.r), valid: s.b };
      };
      const right = neighbour(1, 0);
      const left = neighbour(-1, 0);
      const down = neighbour(0, 1);
      const up = neighbour(0, -1);
      // Take the one-sided difference with the smaller depth step (or the only valid side) so that
      // silhouettes do not bend the normals.
      const dxR = right.pos.sub(pos);
      const dxL = pos.sub(left.pos);
      const useRight = right.valid.greaterThan(0.5).and(left.valid.lessThan(0.5).or(abs(dxR.z).lessThan(abs(dxL.z))));
      const ddx = select(useRight, dxR, dxL);
      const dyD = down.pos.sub(pos);
      const dyU = pos.sub(up.pos);
      const useDown = down.valid.greaterThan(0.5).and(up.valid.lessThan(0.5).or(abs(dyD.z).lessThan(abs(dyU.z))));
      const ddy = select(useDown, dyD, dyU);
      const n0 = normalize(cross(ddy, ddx));
      const n = select(n0.z.lessThan(0), n0.negate(), n0);
      const base = select(
        c.g.lessThan(0),
        asVec3(this.plainColor),
        select(c.a.greaterThan(0.5), asVec3(u.nanColor), texture(u.lutTexture, u.lutUv(c.g)).rgb),
      );
      const shaded = headlightShade(asVec3(base), asVec3(n), 0.45);
      const fresnel = pow(float(1).sub(max(dot(n, vec3(0, 0, 1)), 0)), 3);
      return vec4(mix(shaded, vec3(1, 1, 1), fresnel.mul(0.25)), 1);
    })();
    material.depthNode = Fn(() => {
      const p0 = uv();
      const c = src.sample(p0);
      const pos = viewPositionAt(asVec2(p0), c.r);
      const clip = this.projectionMatrix.mul(vec4(pos, 1));
      return clip.z.div(clip.w).mul(u.ndcDepth.x).add(u.ndcDepth.y);
    })();
    return material;
  }

  private updateProjection(camera: Camera, height: number): void {
    const e = camera.projectionMatrix.elements;
    const orthographic = (camera as { isOrthographicCamera?: boolean }).isOrthographicCamera === true;
    this.projection.value.set(1 / e[0], 1 / e[5], orthographic ? 1 : 0, (e[5] * height) / 2);
    this.projectionOffset.value.set(e[12], e[13]);
    this.projectionMatrix.value.copy(camera.projectionMatrix);
  }

  /**
   * Draws the surface into `target` (which holds the scene colour and depth). Returns false when there
   * is nothing to draw.
   */
  render(renderer: WebGPURenderer, camera: Camera, target: RenderTarget): boolean {
    if (this.scene.children.every((c) => !c.visible)) return false;
    this.updateProjection(camera, this.depthTarget.height);
    const previousClear = renderer.getClearColor(new Color());
    const previousAlpha = renderer.getClearAlpha();
    renderer.setClearColor(0x000000, 0);
    renderer.setRenderTarget(this.depthTarget);
    renderer.clear();
    renderer.render(this.scene, camera);
    renderer.setClearColor(previousClear, previousAlpha);
    for (let i = 0; i < FILTER_ITERATIONS; i++) {
      this.filterSource.value = this.depthTarget.texture;
      this.filterDirection.value.set(1, 0);
      renderer.setRenderTarget(this.blurTarget);
      this.filterQuad.render(renderer);
      this.filterSource.value = this.blurTarget.texture;
      this.filterDirection.value.set(0, 1);
      renderer.setRenderTarget(this.depthTarget);
      this.filterQuad.render(renderer);
    }
    renderer.setRenderTarget(target);
    this.compositeQuad.render(renderer);
    return true;
  }

  dispose(): void {
    this.depthTarget.dispose();
    this.blurTarget.dispose();
    this.filterMaterial.dispose();
    this.compositeMaterial.dispose();
  }
}
