// Perspective and orthographic cameras behind one orbit control, camera state save/restore, animated
// fits and axis snaps, and the world length of a screen pixel for the scale bar. World up is +z (gravity
// points along -z by default).
import { MathUtils, OrthographicCamera, PerspectiveCamera, Sphere, Vector3, type Camera } from 'three/webgpu';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { VIEWER_LIMITS } from '../defaults.ts';

export type ProjectionMode = 'perspective' | 'orthographic';
export type Vec3Tuple = [number, number, number];

export interface CameraState {
  mode: ProjectionMode;
  position: Vec3Tuple;
  target: Vec3Tuple;
  up: Vec3Tuple;
  /** Orthographic zoom (1 = the frustum matches the perspective view at the target). */
  zoom?: number;
}

export const VIEW_DIRECTIONS = ['+x', '-x', '+y', '-y', '+z', '-z'] as const;
export type ViewDirection = (typeof VIEW_DIRECTIONS)[number];

const FOV_DEG = 45;

interface Animation {
  from: { position: Vector3; target: Vector3; zoom: number };
  to: { position: Vector3; target: Vector3; zoom: number };
  startMs: number;
  durationMs: number;
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

export class CameraRig {
  readonly perspective = new PerspectiveCamera(FOV_DEG, 1, 0.001, 1000);
  readonly orthographic = new OrthographicCamera(-1, 1, 1, -1, -1000, 1000);
  controls: OrbitControls;
  private mode: ProjectionMode = 'perspective';
  private aspect = 1;
  private heightCss = 1;
  private animation: Animation | null = null;
  private readonly domElement: HTMLElement;
  private readonly onChange: () => void;

  constructor(domElement: HTMLElement, onChange: () => void) {
    this.domElement = domElement;
    this.onChange = onChange;
    for (const c of [this.perspective, this.orthographic]) c.up.set(0, 0, 1);
    this.perspective.position.set(2, -3, 2);
    this.controls = this.createControls(new Vector3(0, 0, 0));
  }

  private createControls(target: Vector3): OrbitControls {
    const controls = new OrbitControls(this.camera, this.domElement);
    controls.target.copy(target);
    controls.enableDamping = false;
    controls.zoomToCursor = true;
    controls.addEventListener('change', () => {
      this.animation = null;
      this.onChange();
    });
    controls.update();
    return controls;
  }

  get camera(): PerspectiveCamera | OrthographicCamera {
    return this.mode === 'perspective' ? this.perspective : this.orthographic;
  }

  get projectionMode(): ProjectionMode {
    return this.mode;
  }

  get animating(): boolean {
    return this.animation !== null;
  }

  setSize(widthCss: number, heightCss: number): void {
    this.aspect = widthCss / Math.max(1, heightCss);
    this.heightCss = Math.max(1, heightCss);
    this.perspective.aspect = this.aspect;
    this.perspective.updateProjectionMatrix();
    this.updateOrthographicFrustum();
  }

  /** Frustum that shows at zoom 1 what the perspective camera shows at the target distance. */
  private updateOrthographicFrustum(): void {
    const distance = this.camera.position.distanceTo(this.controls.target);
    const halfHeight = distance * Math.tan(MathUtils.degToRad(FOV_DEG / 2));
    const o = this.orthographic;
    o.top = halfHeight;
    o.bottom = -halfHeight;
    o.left = -halfHeight * this.aspect;
    o.right = halfHeight * this.aspect;
    o.near = -distance * 100;
    o.far = distance * 100;
    o.updateProjectionMatrix();
  }

  /** Near/far that keep the scene inside the depth range. */
  setDepthRange(sceneRadius: number): void {
    const distance = this.perspective.position.distanceTo(this.controls.target);
    this.perspective.near = Math.max(1e-4, (distance - sceneRadius * 4) * 0.5, distance * 1e-3);
    this.perspective.far = distance + sceneRadius * 8 + 1;
    this.perspective.updateProjectionMatrix();
  }

  setProjection(mode: ProjectionMode): void {
    if (mode === this.mode) return;
    const from = this.camera;
    const target = this.controls.target.clone();
    this.mode = mode;
    const to = this.camera;
    to.position.copy(from.position);
    to.quaternion.copy(from.quaternion);
    to.up.copy(from.up);
    if (mode === 'orthographic') {
      this.orthographic.zoom = 1;
      this.updateOrthographicFrustum();
    } else {
      // Keep the apparent size: move along the view direction by the orthographic zoom.
      const offset = from.position.clone().sub(target).divideScalar(Math.max(1e-6, this.orthographic.zoom));
      to.position.copy(target).add(offset);
    }
    this.controls.dispose();
    this.controls = this.createControls(target);
    this.onChange();
  }

  getState(): CameraState {
    const c = this.camera;
    return {
      mode: this.mode,
      position: c.position.toArray() as Vec3Tuple,
      target: this.controls.target.toArray() as Vec3Tuple,
      up: c.up.toArray() as Vec3Tuple,
      zoom: this.mode === 'orthographic' ? this.orthographic.zoom : undefined,
    };
  }

  setState(state: Partial<CameraState>): void {
    if (state.mode) this.setProjection(state.mode);
    const c = this.camera;
    if (state.up) {
      this.perspective.up.fromArray(state.up);
      this.orthographic.up.fromArray(state.up);
    }
    if (state.position) c.position.fromArray(state.position);
    const target = state.target ? new Vector3().fromArray(state.target) : this.controls.target.clone();
    if (state.zoom !== undefined && this.mode === 'orthographic') this.orthographic.zoom = state.zoom;
    this.animation = null;
    this.controls.dispose();
    this.controls = this.createControls(target);
    this.updateOrthographicFrustum();
    this.onChange();
  }

  /** Moves the camera so that the sphere fills the view, keeping the view direction (0.7 s). */
  fit(sphere: Sphere, nowMs: number, animate = true): void {
    const c = this.camera;
    const direction = c.position.clone().sub(this.controls.target);
    if (direction.lengthSq() < 1e-12) direction.set(1, -1.5, 1);
    direction.normalize();
    const radius = Math.max(sphere.radius, 1e-6);
    const halfFov = MathUtils.degToRad(FOV_DEG / 2);
    const fitHalf = this.aspect < 1 ? Math.atan(Math.tan(halfFov) * this.aspect) : halfFov;
    const distance = (radius / Math.sin(fitHalf)) * 1.05;
    const position = sphere.center.clone().addScaledVector(direction, distance);
    this.moveTo(position, sphere.center.clone(), 1, nowMs, animate);
  }

  /** Looks at the target from one axis direction, keeping the distance. */
  snap(direction: ViewDirection, nowMs: number, animate = true): void {
    const axis = new Vector3(
      direction.endsWith('x') ? 1 : 0,
      direction.endsWith('y') ? 1 : 0,
      direction.endsWith('z') ? 1 : 0,
    ).multiplyScalar(direction.startsWith('-') ? -1 : 1);
    // Along the up axis the azimuth is undefined; a tiny tilt keeps the orbit control stable.
    if (direction.endsWith('z')) axis.y -= 1e-3;
    const distance = this.camera.position.distanceTo(this.controls.target);
    const position = this.controls.target.clone().addScaledVector(axis.normalize(), distance);
    this.moveTo(position, this.controls.target.clone(), this.mode === 'orthographic' ? this.orthographic.zoom : 1, nowMs, animate);
  }

  private moveTo(position: Vector3, target: Vector3, zoom: number, nowMs: number, animate: boolean): void {
    const from = { position: this.camera.position.clone(), target: this.controls.target.clone(), zoom: this.orthographic.zoom };
    const to = { position, target, zoom: this.mode === 'orthographic' ? zoom : from.zoom };
    if (!animate) {
      this.animation = null;
      this.apply(to, 1, to);
      return;
    }
    this.animation = { from, to, startMs: nowMs, durationMs: VIEWER_LIMITS.cameraMoveAnimationS * 1000 };
    this.onChange();
  }

  private apply(from: Animation['from'], t: number, to: Animation['to']): void {
    const c = this.camera;
    c.position.lerpVectors(from.position, to.position, t);
    this.controls.target.lerpVectors(from.target, to.target, t);
    this.orthographic.zoom = from.zoom + (to.zoom - from.zoom) * t;
    c.lookAt(this.controls.target);
    this.updateOrthographicFrustum();
    this.controls.update();
  }

  /** Advances an animation; returns true while one is running. */
  update(nowMs: number): boolean {
    const a = this.animation;
    if (!a) return false;
    const t = Math.min(1, (nowMs - a.startMs) / a.durationMs);
    this.animation = null;
    this.apply(a.from, easeInOut(t), a.to);
    this.animation = t < 1 ? a : null;
    return this.animation !== null;
  }

  /** World length of one CSS pixel at the orbit target. */
  metresPerPixel(): number {
    if (this.mode === 'orthographic') {
      const o = this.orthographic;
      return (o.top - o.bottom) / o.zoom / this.heightCss;
    }
    const distance = this.perspective.position.distanceTo(this.controls.target);
    return (2 * distance * Math.tan(MathUtils.degToRad(FOV_DEG / 2))) / this.heightCss;
  }

  activeCamera(): Camera {
    return this.camera;
  }

  dispose(): void {
    this.controls.dispose();
  }
}
