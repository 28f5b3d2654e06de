// The clipping plane: enabled flag, flipped side, axis x/y/z, offset in m along the axis, and a gizmo
// (translate with t, rotate with r, rotation snapping to 90°). The plane becomes one uniform that
// particles (vertex stage), the fluid surface and part meshes (fragment stage) all test against.
import {
  DoubleSide,
  Mesh,
  MeshBasicNodeMaterial,
  Object3D,
  PlaneGeometry,
  Quaternion,
  Vector3,
  Vector4,
  type Camera,
} from 'three/webgpu';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import { VIEWER_LIMITS } from '../defaults.ts';

export const CLIP_AXES = ['x', 'y', 'z'] as const;
export type ClipAxis = (typeof CLIP_AXES)[number];
export type GizmoMode = 'translate' | 'rotate';

export interface ClipSettings {
  enabled: boolean;
  flipped: boolean;
  axis: ClipAxis;
  /** Distance of the plane from the origin along its normal, m. */
  offset: number;
  gizmoVisible: boolean;
  gizmoMode: GizmoMode;
  /** Current unit normal (world), after gizmo rotations. */
  normal: [number, number, number];
}

export const DEFAULT_CLIP: ClipSettings = {
  enabled: false,
  flipped: false,
  axis: 'x',
  offset: 0,
  gizmoVisible: true,
  gizmoMode: 'translate',
  normal: [1, 0, 0],
};

const AXIS_VECTORS: Record<ClipAxis, Vector3> = {
  x: new Vector3(1, 0, 0),
  y: new Vector3(0, 1, 0),
  z: new Vector3(0, 0, 1),
};

/** Quaternion turning the plane geometry's +z normal onto an axis. */
function axisRotation(axis: ClipAxis): Quaternion {
  return new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), AXIS_VECTORS[axis]);
}

/**
 * Plane coefficients (n, w) with n·x + w >= 0 on the kept side. Unflipped keeps the side behind the
 * normal (x <= offset for axis x); flipped keeps the other side.
 */
export function clipPlaneCoefficients(normal: Vector3, point: Vector3, flipped: boolean, target = new Vector4()): Vector4 {
  const sign = flipped ? 1 : -1;
  return target.set(normal.x * sign, normal.y * sign, normal.z * sign, -sign * normal.dot(point));
}

export class ClipPlane {
  /** Carries the plane's position and orientation; the gizmo moves it. */
  readonly anchor = new Object3D();
  readonly visual: Mesh;
  readonly gizmo: TransformControls;
  settings: ClipSettings = { ...DEFAULT_CLIP };
  private readonly onChange: (settings: ClipSettings) => void;

  constructor(camera: Camera, domElement: HTMLElement, onChange: (settings: ClipSettings) => void, onDragging: (dragging: boolean) => void) {
    this.onChange = onChange;
    this.visual = new Mesh(
      new PlaneGeometry(1, 1),
      new MeshBasicNodeMaterial({ color: 0x2d69b2, transparent: true, opacity: 0.12, side: DoubleSide, depthWrite: false }),
    );
    this.visual.name = 'clip-plane';
    this.anchor.add(this.visual);
    this.anchor.quaternion.copy(axisRotation('x'));
    this.gizmo = new TransformControls(camera, domElement);
    this.gizmo.setRotationSnap(VIEWER_LIMITS.clipRotationSnapRad);
    this.gizmo.setSpace('local');
    this.gizmo.attach(this.anchor);
    this.gizmo.addEventListener('dragging-changed', (e) => onDragging(Boolean((e as unknown as { value: boolean }).value)));
    this.gizmo.addEventListener('objectChange', () => this.fromAnchor());
    this.syncVisibility();
  }

  /** The gizmo helper object to add to the scene. */
  get helper(): Object3D {
    return this.gizmo.getHelper();
  }

  setCamera(camera: Camera): void {
    this.gizmo.camera = camera;
  }

  /** Sizes the translucent plane to the scene. */
  setSceneSize(size: number): void {
    this.visual.scale.setScalar(Math.max(size, 1e-3) * 1.2);
  }

  normal(): Vector3 {
    return new Vector3(0, 0, 1).applyQuaternion(this.anchor.quaternion).normalize();
  }

  coefficients(target: Vector4): Vector4 {
    return clipPlaneCoefficients(this.normal(), this.anchor.position, this.settings.flipped, target);
  }

  update(patch: Partial<Omit<ClipSettings, 'normal'>>): void {
    const next = { ...this.settings, ...patch };
    if (patch.axis !== undefined && patch.axis !== this.settings.axis) {
      this.anchor.quaternion.copy(axisRotation(patch.axis));
    }
    if (patch.axis !== undefined || patch.offset !== undefined) {
      // Offset moves the plane along its normal; the in-plane position stays.
      const n = this.normal();
      const along = n.dot(this.anchor.position);
      this.anchor.position.addScaledVector(n, next.offset - along);
    }
    if (patch.gizmoMode) this.gizmo.setMode(patch.gizmoMode);
    this.settings = { ...next, normal: this.normal().toArray() as [number, number, number] };
    this.syncVisibility();
    this.onChange(this.settings);
  }

  reset(): void {
    this.anchor.position.set(0, 0, 0);
    this.anchor.quaternion.copy(axisRotation('x'));
    this.gizmo.setMode('translate');
    const enabled = this.settings.enabled;
    this.settings = { ...DEFAULT_CLIP, enabled };
    this.syncVisibility();
    this.onChange(this.settings);
  }

  /** Reads the plane back from the anchor after a gizmo drag. */
  private fromAnchor(): void {
    const n = this.normal();
    const dominant = (['x', 'y', 'z'] as const).reduce((best, a) =>
      Math.abs(n.dot(AXIS_VECTORS[a])) > Math.abs(n.dot(AXIS_VECTORS[best])) ? a : best,
    );
    this.settings = {
      ...this.settings,
      axis: dominant,
      offset: n.dot(this.anchor.position),
      normal: n.toArray() as [number, number, number],
    };
    this.onChange(this.settings);
  }

  private syncVisibility(): void {
    const show = this.settings.enabled && this.settings.gizmoVisible;
    this.visual.visible = show;
    this.gizmo.enabled = show;
    this.helper.visible = show;
  }

  dispose(): void {
    this.gizmo.detach();
    this.gizmo.dispose();
    this.visual.geometry.dispose();
  }
}
