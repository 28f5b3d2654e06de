// Pointer and keyboard input of the canvas: hover (throttled to 30 ms), single click after the 300 ms
// double-click window, Ctrl-click toggling, empty click clearing, double click fitting the camera to the
// part or particle object (Viewer.pickObject says which one is under the pointer), axis
// widget face clicks, Space for playback (not in text fields), t / r for the clipping gizmo.
import { Vector2 } from 'three/webgpu';
import { ClickClassifier, applySelectionClick, throttleLatest } from '../clickClassifier.ts';
import { isTypingTarget } from '../playback.ts';
import { AXIS_WIDGET_MARGIN_PX, AXIS_WIDGET_SIZE_PX } from '../scene/AxisWidget.ts';
import type { Viewer } from '../ViewerEngine.ts';

/** Pointer travel (CSS px) above which a press is a drag (orbit), not a click. */
const CLICK_SLOP_PX = 4;

export class ViewerInput {
  private readonly viewer: Viewer;
  private readonly canvas: HTMLCanvasElement;
  private readonly keyboardTarget: Window | HTMLElement | null;
  private readonly classifier: ClickClassifier<string | null>;
  private readonly hover: ReturnType<typeof throttleLatest<[number, number]>>;
  private downAt: Vector2 | null = null;
  private gizmoDragging = false;
  private gizmoUsedInPress = false;

  constructor(viewer: Viewer, canvas: HTMLCanvasElement, keyboardTarget: Window | HTMLElement | null) {
    this.viewer = viewer;
    this.canvas = canvas;
    this.keyboardTarget = keyboardTarget;
    this.classifier = new ClickClassifier<string | null>({
      onSingle: ({ target, additive }) => {
        if (this.viewer.getState().formOpen) return;
        this.viewer.setSelection(applySelectionClick(this.viewer.getState().selection, target, additive));
      },
      onDouble: ({ target }) => {
        if (target !== null) this.viewer.fitObject(target);
      },
    });
    this.hover = throttleLatest((x: number, y: number) => {
      if (this.viewer.getState().formOpen || this.downAt) return;
      this.viewer.setHovered(this.viewer.pickObject(x, y));
    });
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerleave', this.onPointerLeave);
    keyboardTarget?.addEventListener('keydown', this.onKeyDown as EventListener);
  }

  setGizmoDragging(dragging: boolean): void {
    this.gizmoDragging = dragging;
    if (dragging) this.gizmoUsedInPress = true;
  }

  private local(e: PointerEvent): Vector2 {
    const rect = this.canvas.getBoundingClientRect();
    return new Vector2(e.clientX - rect.left, e.clientY - rect.top);
  }

  /** Widget-local coordinates (0..1 from its top left) when the point is over the axis widget. */
  private widgetPoint(p: Vector2): Vector2 | null {
    const rect = this.canvas.getBoundingClientRect();
    const x0 = AXIS_WIDGET_MARGIN_PX;
    const y0 = rect.height - AXIS_WIDGET_MARGIN_PX - AXIS_WIDGET_SIZE_PX;
    const x = (p.x - x0) / AXIS_WIDGET_SIZE_PX;
    const y = (p.y - y0) / AXIS_WIDGET_SIZE_PX;
    return x >= 0 && x <= 1 && y >= 0 && y <= 1 ? new Vector2(x, y) : null;
  }

  private readonly onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    this.downAt = this.local(e);
    this.gizmoUsedInPress = this.gizmoDragging;
  };

  private readonly onPointerUp = (e: PointerEvent) => {
    if (e.button !== 0 || !this.downAt) return;
    const p = this.local(e);
    const moved = p.distanceTo(this.downAt) > CLICK_SLOP_PX;
    this.downAt = null;
    if (moved || this.gizmoUsedInPress) return;
    const widget = this.widgetPoint(p);
    if (widget) {
      const face = this.viewer.interaction.axisWidget.pick(widget.x, widget.y);
      if (face) this.viewer.snapView(face);
      return;
    }
    if (this.viewer.getState().formOpen) return;
    this.classifier.click({ target: this.viewer.pickObject(p.x, p.y), additive: e.ctrlKey || e.metaKey });
  };

  private readonly onPointerMove = (e: PointerEvent) => {
    const p = this.local(e);
    this.hover(p.x, p.y);
  };

  private readonly onPointerLeave = () => {
    this.hover.cancel();
    this.viewer.setHovered(null);
  };

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (isTypingTarget(e.target)) return;
    if (e.code === 'Space' || e.key === ' ') {
      e.preventDefault();
      this.viewer.togglePlayback();
      return;
    }
    const clip = this.viewer.getState().clip;
    if (!(clip.enabled && clip.gizmoVisible)) return;
    if (e.key === 't') this.viewer.setClip({ gizmoMode: 'translate' });
    if (e.key === 'r') this.viewer.setClip({ gizmoMode: 'rotate' });
  };

  dispose(): void {
    this.classifier.cancel();
    this.hover.cancel();
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.canvas.removeEventListener('pointerup', this.onPointerUp);
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerleave', this.onPointerLeave);
    this.keyboardTarget?.removeEventListener('keydown', this.onKeyDown as EventListener);
  }
}
