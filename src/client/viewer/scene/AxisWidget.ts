// The small world-axis widget: a labelled cube (70 units) with x/y/z axes, seen by an orthographic camera
// at distance 350 with a 250-unit frustum that turns with the main camera. It is drawn into its own
// small target and composited into a corner; clicking a cube face snaps the main view to that axis.
import {
  BoxGeometry,
  CanvasTexture,
  Color,
  CylinderGeometry,
  Mesh,
  MeshBasicNodeMaterial,
  OrthographicCamera,
  RGBAFormat,
  Raycaster,
  RenderTarget,
  SRGBColorSpace,
  Scene,
  Vector2,
  type Camera,
  type Vector3,
  type WebGPURenderer,
} from 'three/webgpu';
import { VIEWER_LIMITS } from '../defaults.ts';
import type { ViewDirection } from './CameraRig.ts';

/** Widget size on screen, CSS pixels. */
export const AXIS_WIDGET_SIZE_PX = 110;
/** Gap between the widget and the canvas corner, CSS pixels. */
export const AXIS_WIDGET_MARGIN_PX = 8;

const FACE_DIRECTIONS: ViewDirection[] = ['+x', '-x', '+y', '-y', '+z', '-z'];
const FACE_LABELS = ['X', '-X', 'Y', '-Y', 'Z', '-Z'];
const AXIS_COLORS = ['#d64265', '#25c189', '#2d69b2'];

function faceTexture(label: string, axisColor: string): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 128;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#f4f6f9';
    ctx.fillRect(0, 0, 128, 128);
    ctx.strokeStyle = '#9aa4b2';
    ctx.lineWidth = 6;
    ctx.strokeRect(3, 3, 122, 122);
    ctx.fillStyle = axisColor;
    ctx.font = 'bold 56px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, 64, 68);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

export class AxisWidget {
  readonly scene = new Scene();
  readonly camera: OrthographicCamera;
  readonly target: RenderTarget;
  private readonly cube: Mesh;
  private readonly raycaster = new Raycaster();

  constructor() {
    const { cubeSize, cameraDistance, frustum } = VIEWER_LIMITS.axisWidget;
    const half = frustum / 2;
    this.camera = new OrthographicCamera(-half, half, half, -half, 1, cameraDistance * 2);
    const materials = FACE_LABELS.map(
      (label, i) => new MeshBasicNodeMaterial({ map: faceTexture(label, AXIS_COLORS[Math.floor(i / 2)]) }),
    );
    this.cube = new Mesh(new BoxGeometry(cubeSize, cubeSize, cubeSize), materials);
    this.scene.add(this.cube);
    const axisLength = half * 0.85;
    AXIS_COLORS.forEach((color, i) => {
      const geometry = new CylinderGeometry(3, 3, axisLength, 12);
      geometry.translate(0, axisLength / 2, 0);
      const axis = new Mesh(geometry, new MeshBasicNodeMaterial({ color: new Color(color) }));
      if (i === 0) axis.rotation.z = -Math.PI / 2;
      if (i === 2) axis.rotation.x = Math.PI / 2;
      this.scene.add(axis);
    });
    this.target = new RenderTarget(AXIS_WIDGET_SIZE_PX, AXIS_WIDGET_SIZE_PX, { format: RGBAFormat, depthBuffer: true });
  }

  setPixelRatio(ratio: number): void {
    const size = Math.round(AXIS_WIDGET_SIZE_PX * ratio);
    if (this.target.width !== size) this.target.setSize(size, size);
  }

  /** Turns the widget camera like the main camera around its target. */
  follow(mainCamera: Camera, target: Vector3): void {
    const direction = mainCamera.position.clone().sub(target).normalize();
    this.camera.position.copy(direction.multiplyScalar(VIEWER_LIMITS.axisWidget.cameraDistance));
    this.camera.up.copy(mainCamera.up);
    this.camera.lookAt(0, 0, 0);
    this.camera.updateMatrixWorld();
  }

  render(renderer: WebGPURenderer): void {
    renderer.setRenderTarget(this.target);
    renderer.setClearColor(0x000000, 0);
    renderer.clear();
    renderer.render(this.scene, this.camera);
  }

  /**
   * Face under a point given in widget coordinates (0..1 from the widget's top left), or null.
   */
  pick(x: number, y: number): ViewDirection | null {
    this.raycaster.setFromCamera(new Vector2(x * 2 - 1, 1 - y * 2), this.camera);
    const hit = this.raycaster.intersectObject(this.cube, false)[0];
    if (!hit || !hit.face) return null;
    return FACE_DIRECTIONS[hit.face.materialIndex] ?? null;
  }

  dispose(): void {
    this.target.dispose();
    this.cube.geometry.dispose();
  }
}
