// The viewer engine behind Setup and Results: owns the renderer, scenes, GPU pipelines, camera, picking
// and playback, and exposes a small typed API plus an observable state. React only calls the API and
// renders the state; no three.js object leaves this module's graph.
import { BufferGeometry, Float32BufferAttribute, LineBasicMaterial, LineSegments, Raycaster, Scene, Sphere, Vector2, Vector3, Vector4, type Box3, type WebGPURenderer } from 'three/webgpu';
import { createRenderer, type RendererBackend, type RendererPreference } from './gpu/createRenderer.ts';
import { SceneUniforms } from './gpu/sceneUniforms.ts';
import { FluidSurface } from './gpu/FluidSurface.ts';
import { RangeReducer } from './gpu/RangeReducer.ts';
import { FrameComposer } from './gpu/FrameComposer.ts';
import { GpuFrameTimer } from './gpu/GpuFrameTimer.ts';
import { CameraRig, type CameraState, type ProjectionMode, type ViewDirection } from './scene/CameraRig.ts';
import { AxisWidget } from './scene/AxisWidget.ts';
import { ClipPlane, type ClipSettings } from './scene/ClipPlane.ts';
import { PartMeshes, type PartAppearance, type PartMeshInput } from './scene/PartMeshes.ts';
import { VectorArrows } from './scene/VectorArrows.ts';
import { sampleArrowField } from './arrowField.ts';
import { ViewerInput } from './interaction/ViewerInput.ts';
import { ViewerStore, type CanvasInitStep, type ColormapStatus, type ViewerListener, type ViewerState } from './viewerState.ts';
import { computeScaleBar } from './scaleBar.ts';
import { FrameStats, lowResolutionStride, shouldOfferLowResolution } from './frameStats.ts';
import type { MovementMode } from './keyframes.ts';
import { QUALITY_OPTIONS, objectColor, VIEWER_LIMITS, VIEWER_MESSAGES, isFluidKind, type QualityId, type ViewMode } from './defaults.ts';
import { ParticleSet, estimateSpacing, type ObjectAppearance, type ParticleObjectInput } from './engine/ParticleSet.ts';
import { ColormapController, type ColormapPatch } from './engine/ColormapController.ts';
import { DecodePool } from './loading/DecodePool.ts';
import { MAX_VOLUME_CUTS, type VolumeCut, type VolumeCutShape } from './gpu/volumeCut.ts';
import { pickParticleDataset, type LoadedOutput } from './loading/outputLoader.ts';
import { ViewerTimeline, type OutputEntry } from './engine/ViewerTimeline.ts';
import { loadCameraState, saveCameraState } from './cameraStorage.ts';
import type { OutputSource } from './loading/outputSource.ts';

export interface ViewerOptions {
  /** 'auto' picks WebGPU where an adapter exists and WebGL2 otherwise. */
  renderer?: RendererPreference;
  mode?: 'preprocessor' | 'postprocessor';
  /** 'internal': the engine drives requestAnimationFrame; 'external': the host calls renderFrame(). */
  frameLoop?: 'internal' | 'external';
  /** Called when the engine needs a frame in 'external' mode (e.g. R3F's invalidate). */
  requestFrame?: () => void;
  antialias?: boolean;
  /** Keyboard shortcuts (Space, t, r) are listened for on this target. */
  keyboardTarget?: Window | HTMLElement | null;
  /** Saves the camera under this key and restores it when the viewer is created again. */
  cameraStorageKey?: string;
  /**
   * Output object kinds hidden until shown with setObjectAppearance (Results: 'wall_boundary', whose
   * particles enclose the fluid); hidden objects of an output are not fetched.
   */
  hiddenObjectKinds?: readonly string[];
  /**
   * Whether particle objects answer hover, click and double click like parts (default: in the
   * postprocessor, where the output's objects are what there is to pick).
   */
  pickParticles?: boolean;
}

export type { OutputEntry, ParticleObjectInput, ColormapPatch, ObjectAppearance, VolumeCut, VolumeCutShape };

export class Viewer {
  readonly renderer: WebGPURenderer;
  readonly backend: RendererBackend;
  readonly canvas: HTMLCanvasElement;
  private readonly store = new ViewerStore();
  private readonly options: ViewerOptions;
  private readonly u: SceneUniforms;
  private readonly mainScene = new Scene();
  private readonly overlayScene = new Scene();
  private readonly rig: CameraRig;
  private readonly fluid: FluidSurface;
  private readonly reducer: RangeReducer;
  private readonly composer: FrameComposer;
  private readonly axisWidget = new AxisWidget();
  private readonly clip: ClipPlane;
  private readonly parts: PartMeshes;
  private readonly arrows: VectorArrows;
  private readonly input: ViewerInput;
  private readonly particles: ParticleSet;
  private readonly colormap: ColormapController;
  private readonly frameStats = new FrameStats(60);
  private readonly frameTimer: GpuFrameTimer;
  private readonly pool = new DecodePool();
  private readonly timeline: ViewerTimeline;
  private rafHandle: number | null = null;
  private lastFrameMs = 0;
  private disposed = false;
  private readonly clipCoefficients = new Vector4();
  private resizeObserver: ResizeObserver | null = null;

  private constructor(canvas: HTMLCanvasElement, renderer: WebGPURenderer, backend: RendererBackend, options: ViewerOptions) {
    this.canvas = canvas;
    this.renderer = renderer;
    this.backend = backend;
    this.options = options;
    this.markInitStep('canvasInitStarted');
    const scheme = this.store.getState().colormap.scheme;
    this.u = new SceneUniforms(scheme, backend === 'webgl2');
    this.rig = new CameraRig(canvas, () => this.onCameraChange());
    this.fluid = new FluidSurface(this.u);
    this.reducer = new RangeReducer(renderer, backend, this.u);
    this.frameTimer = new GpuFrameTimer(renderer, backend);
    this.parts = new PartMeshes(this.u);
    this.composer = new FrameComposer(renderer, this.parts.scene, this.u, options.antialias ?? false);
    this.arrows = new VectorArrows(this.u);
    this.particles = new ParticleSet(this.mainScene, this.fluid.scene, this.u, backend === 'webgl2');
    this.particles.setHiddenKinds(options.hiddenObjectKinds ?? []);
    this.colormap = new ColormapController({
      store: this.store,
      u: this.u,
      particles: this.particles,
      reducer: this.reducer,
      requestFrame: () => this.requestFrame(),
      message: (level, text) => this.message(level, text),
      isDisposed: () => this.disposed,
    });
    this.timeline = new ViewerTimeline({
      store: this.store,
      pool: this.pool,
      parts: this.parts,
      mode: options.mode ?? 'postprocessor',
      showLoadedOutput: (loaded) => this.showLoadedOutput(loaded),
      includeObject: (object) => this.particles.isVisible(object.id, object.kind),
      requestFrame: () => this.requestFrame(),
      message: (level, text) => this.message(level, text),
    });
    this.mainScene.add(this.arrows.mesh);
    this.clip = new ClipPlane(
      this.rig.camera,
      canvas,
      (settings) => this.onClipChange(settings),
      (dragging) => {
        this.rig.controls.enabled = !dragging;
        this.input.setGizmoDragging(dragging);
      },
    );
    this.overlayScene.add(this.clip.anchor, this.clip.helper);
    this.input = new ViewerInput(this, canvas, options.keyboardTarget === undefined ? window : options.keyboardTarget);
    const saved = options.cameraStorageKey ? loadCameraState(options.cameraStorageKey) : null;
    if (saved) {
      this.rig.setState(saved);
      this.clip.setCamera(this.rig.camera);
    }
    this.restoredCamera = saved !== null;
    this.store.update({ ready: true, backend, clip: this.clip.settings, camera: this.rig.getState() });
    this.markInitStep('canvas');
    if ((options.frameLoop ?? 'internal') === 'internal') {
      this.resizeObserver = new ResizeObserver(() => this.resizeToCanvas());
      this.resizeObserver.observe(canvas);
      this.resizeToCanvas();
    } else {
      this.syncCameraSize();
    }
    this.requestFrame();
  }

  /** Creates the renderer on `canvas` (WebGPU, or WebGL2 as fallback or on request) and the engine. */
  static async create(canvas: HTMLCanvasElement, options: ViewerOptions = {}): Promise<Viewer> {
    const { renderer, backend } = await createRenderer(canvas, options.renderer ?? 'auto', options.antialias ?? false);
    return new Viewer(canvas, renderer, backend, options);
  }

  // ---- state ----------------------------------------------------------------------------------

  getState = (): ViewerState => this.store.getState();
  subscribe = (listener: ViewerListener): (() => void) => this.store.subscribe(listener);

  /**
   * Marks a canvas lifecycle step as done (spec 2 §4). The engine marks canvasInitStarted, meshes,
   * movements and canvas itself; hosts that load refinements or volume clips mark those.
   */
  markInitStep(step: CanvasInitStep): void {
    this.store.update((s) => (s.init[step] ? {} : { init: { ...s.init, [step]: true } }));
  }

  private message(level: 'info' | 'success' | 'warning' | 'error', text: string): void {
    this.store.update((s) => ({ messages: [...s.messages.slice(-19), { level, text, at: Date.now() }] }));
  }

  // ---- frame loop ------------------------------------------------------------------------------

  /** Asks for one more frame (coalesced). */
  requestFrame = (): void => {
    if (this.disposed) return;
    if (this.options.frameLoop === 'external') {
      this.options.requestFrame?.();
      return;
    }
    if (this.rafHandle !== null) return;
    this.rafHandle = requestAnimationFrame((t) => {
      this.rafHandle = null;
      this.renderFrame(t);
    });
  };

  private resizeToCanvas(): void {
    const width = this.canvas.clientWidth || this.canvas.width;
    const height = this.canvas.clientHeight || this.canvas.height;
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    this.renderer.setSize(width, height, false);
    this.syncCameraSize();
    this.requestFrame();
  }

  private syncCameraSize(): void {
    const size = this.renderer.getSize(new Vector2());
    this.rig.setSize(size.x, size.y);
    this.axisWidget.setPixelRatio(this.renderer.getPixelRatio());
    const drawing = this.renderer.getDrawingBufferSize(new Vector2());
    this.fluid.setSize(drawing.x, drawing.y);
    this.updateScaleBar();
  }

  /** Renders one frame now. Hosts with their own loop (R3F) call this from their frame callback. */
  renderFrame(nowMs: number = performance.now(), trackGpuTime = true): void {
    if (this.disposed) return;
    const started = performance.now();
    const size = this.renderer.getSize(new Vector2());
    if (size.x !== this.lastSize.x || size.y !== this.lastSize.y) {
      this.lastSize.copy(size);
      this.syncCameraSize();
    }
    let animating = this.rig.update(nowMs);
    animating = this.timeline.tick(nowMs) || animating;
    this.axisWidget.follow(this.rig.camera, this.rig.controls.target);
    const surface = this.particles.applyAppearance();
    this.parts.sortTranslucent(this.rig.camera);
    this.composer.render({
      camera: this.rig.camera,
      mainScene: this.mainScene,
      partsScene: this.parts.scene,
      overlayScene: this.overlayScene,
      fluid: surface ? this.fluid : null,
      axisWidget: this.axisWidget,
    });
    this.lastFrameMs = performance.now() - started;
    if (trackGpuTime) this.frameTimer.track(started, (ms) => this.recordFrameTime(ms));
    if (this.frameWaiters.length > 0) {
      const waiters = this.frameWaiters.splice(0);
      void this.gpuFinished().then(() => waiters.forEach((resolve) => resolve()));
    }
    if (animating) this.requestFrame();
  }

  private readonly frameWaiters: (() => void)[] = [];

  /** Resolves when the next frame has been drawn by the frame loop and the GPU has finished it. */
  nextFrame(): Promise<void> {
    return new Promise((resolve) => {
      this.frameWaiters.push(resolve);
      this.requestFrame();
    });
  }

  private readonly lastSize = new Vector2();

  /** Waits until the GPU has finished all submitted work (a readback on WebGL2). */
  async gpuFinished(): Promise<void> {
    const backend = this.renderer.backend as unknown as { device?: GPUDevice; gl?: WebGL2RenderingContext };
    if (this.backend === 'webgpu' && backend.device) {
      await backend.device.queue.onSubmittedWorkDone();
      return;
    }
    const gl = backend.gl;
    if (gl) {
      const pixel = new Uint8Array(4);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    }
  }

  /** Renders one frame and waits for the GPU; returns the frame time in ms and records it. */
  async measureFrame(): Promise<number> {
    const t0 = performance.now();
    this.renderFrame(t0, false);
    await this.gpuFinished();
    const ms = performance.now() - t0;
    this.recordFrameTime(ms);
    return ms;
  }

  private recordFrameTime(ms: number): void {
    this.frameStats.add(ms);
    // Publishing every frame would re-render subscribers for nothing; twice a second is enough.
    const now = performance.now();
    if (now - this.lastStatsPublishMs < 500 && this.frameStats.count > 1) return;
    this.lastStatsPublishMs = now;
    const summary = this.frameStats.summary();
    const s = this.store.getState();
    const offered = s.lowResolution.active || shouldOfferLowResolution(this.particles.count(), summary);
    this.store.update({ frameTime: summary, lowResolution: { ...s.lowResolution, offered } });
  }

  private lastStatsPublishMs = 0;

  get lastCpuFrameMs(): number {
    return this.lastFrameMs;
  }

  // ---- particles (ParticleSet) -------------------------------------------------------------------

  /** Adds or replaces one particle object; its arrays become GPU buffers as they are (no copy). */
  setParticles(input: ParticleObjectInput): void {
    this.particles.set(input);
    const count = Math.floor(input.arrays.positions.length / 3);
    this.catalog.set(input.id, { name: input.name ?? input.id, kind: input.kind ?? null, fluid: input.fluid ?? true, count });
    this.afterParticlesChanged();
  }

  removeParticles(id: string): void {
    this.particles.remove(id);
    this.catalog.delete(id);
    this.afterParticlesChanged();
  }

  clearParticles(): void {
    this.particles.clear();
    this.catalog.clear();
    this.afterParticlesChanged();
  }

  /** Objects that can be shown (those of the output on screen, loaded or not), by id. */
  private readonly catalog = new Map<string, { name: string; kind: string | null; fluid: boolean; count: number }>();

  /**
   * Shows or hides one particle object, or gives it its own view mode (null: the global one). The choice
   * holds for the object in every output. Showing an object the output on screen was loaded without
   * fetches its files first; resolves once it is drawn.
   */
  async setObjectAppearance(id: string, patch: Partial<ObjectAppearance>): Promise<void> {
    this.particles.setAppearance(id, patch);
    this.afterParticlesChanged();
    if (patch.visible && !this.particles.has(id) && this.catalog.has(id)) {
      this.store.update((s) => ({ outputs: { ...s.outputs, loading: true } }));
      try {
        await this.timeline.objectsShown();
      } finally {
        this.store.update((s) => ({ outputs: { ...s.outputs, loading: false } }));
      }
    }
  }

  private publishObjects(): void {
    const objects = [...this.catalog].map(([id, o]) => ({
      id,
      name: o.name,
      kind: o.kind,
      fluid: o.fluid,
      count: o.count,
      loaded: this.particles.has(id),
      ...this.particles.appearanceOf(id, o.kind),
    }));
    this.store.update({ objects });
  }

  private afterParticlesChanged(): void {
    const attributes = this.particles.attributes();
    const s = this.store.getState();
    let attribute = s.colormap.attribute;
    if (attribute !== null && !attributes.some((a) => a.name === attribute)) {
      if (this.particles.size > 0) this.message('warning', VIEWER_MESSAGES.attributeNotAvailable(attribute));
      attribute = null;
    }
    this.particles.applyAppearance();
    this.store.update({ attributes, particleCount: this.particles.count(), colormap: { ...s.colormap, attribute } });
    this.recountKept();
    this.publishObjects();
    this.colormap.apply();
    this.applyPointSizeAndQuality();
    this.updateSceneBounds();
    this.refreshVectorField();
    // New layers of an output carry no highlight yet; the selection holds across outputs.
    this.updateOutline();
    void this.colormap.refreshRange();
    this.requestFrame();
  }

  /** The view mode of every fluid (objects given their own mode by setObjectAppearance keep it unless they are fluids). */
  setViewMode(mode: ViewMode): void {
    this.store.update({ viewMode: mode });
    this.particles.setGlobalMode(mode, true);
    this.publishObjects();
    this.requestFrame();
  }

  /** Point size 15 draws spheres whose diameter equals the particle spacing (touching spheres). */
  setPointSize(pointSize: number): void {
    if (!(pointSize > 0)) return;
    this.store.update({ pointSize });
    this.applyPointSizeAndQuality();
    this.requestFrame();
  }

  /** Low / Medium / High draw 10 / 50 / 100 % of the reduced dataset; All draws the full dataset. */
  setQuality(quality: QualityId): void {
    this.store.update({ quality });
    this.applyPointSizeAndQuality();
    void this.timeline.qualityChanged();
    this.requestFrame();
  }

  /** Accepts or leaves the low-resolution fallback (100,000 drawn particles); only once offered. */
  setLowResolution(active: boolean): void {
    const s = this.store.getState();
    if (active && !s.lowResolution.offered) return;
    this.store.update({ lowResolution: { offered: s.lowResolution.offered || active, active } });
    this.frameStats.clear();
    this.applyPointSizeAndQuality();
    this.requestFrame();
  }

  private applyPointSizeAndQuality(): void {
    const s = this.store.getState();
    const percent = QUALITY_OPTIONS.find((q) => q.id === s.quality)?.percent ?? null;
    let stride = percent === null ? 1 : Math.max(1, Math.round(100 / percent));
    if (s.lowResolution.active) stride = Math.max(stride, lowResolutionStride(this.particles.count()));
    const { drawn, radius } = this.particles.applyStride(stride, s.pointSize);
    this.fluid.particleRadius.value = radius || 0.01;
    this.store.update({ drawnCount: drawn });
  }

  private sceneBounds(): Box3 {
    return this.particles.bounds().union(this.parts.bounds());
  }

  private updateSceneBounds(): void {
    const box = this.sceneBounds();
    if (box.isEmpty()) return;
    const sphere = box.getBoundingSphere(new Sphere());
    this.clip.setSceneSize(sphere.radius * 2);
    this.rig.setDepthRange(sphere.radius);
  }

  /** Fits the camera to everything (animated unless told otherwise). */
  fitAll(animate = true): void {
    const box = this.sceneBounds();
    if (box.isEmpty()) return;
    const sphere = box.getBoundingSphere(new Sphere());
    this.rig.fit(sphere, performance.now(), animate);
    this.rig.setDepthRange(sphere.radius);
    this.requestFrame();
  }

  // ---- colormap (ColormapController) ---------------------------------------------------------------

  /** Applies a colormap change; resolves once a new default range (GPU reduction) is in place. */
  setColormap(patch: ColormapPatch): Promise<void> {
    const done = this.colormap.set(patch);
    // Arrows take their colour values from the colormap's attribute and sub-option.
    if (patch.attribute !== undefined || patch.subOption !== undefined) this.refreshVectorField();
    return done;
  }

  /** Rescale: back to the default range (min/max of the visible values, with the spec's fixed bounds). */
  resetColormapRange(): Promise<void> {
    return this.colormap.rescale();
  }

  /**
   * Availability of the selected attribute as the server reports it (being computed, failed, missing);
   * the colormap panel shows the spec's text for it. null clears it.
   */
  setColormapStatus(status: ColormapStatus | null): void {
    this.store.update({ colormapStatus: status });
  }

  // ---- clipping --------------------------------------------------------------------------------

  setClip(patch: Partial<Omit<ClipSettings, 'normal'>>): void {
    this.clip.update(patch);
  }

  resetClip(): void {
    this.clip.reset();
  }

  private onClipChange(settings: ClipSettings): void {
    this.clip.coefficients(this.clipCoefficients);
    this.u.clipPlane.value.copy(this.clipCoefficients);
    this.u.clipEnabled.value = settings.enabled ? 1 : 0;
    this.store.update({ clip: settings });
    this.recountKept();
    const c = this.store.getState().colormap;
    if (c.autoRange && c.attribute) void this.colormap.refreshRange();
    this.requestFrame();
  }

  // ---- volume clips ----------------------------------------------------------------------------

  /**
   * Volume clips that cut the particles of the fluids they apply to (outside the shape hidden, inside
   * when inverted), tested per particle on the GPU. Only the first MAX_VOLUME_CUTS cut; more are
   * reported once as a warning. An empty list shows every particle again.
   */
  setVolumeCuts(cuts: readonly VolumeCut[]): void {
    const applied = cuts.slice(0, MAX_VOLUME_CUTS);
    if (cuts.length > MAX_VOLUME_CUTS) this.message('warning', VIEWER_MESSAGES.tooManyVolumeClips(MAX_VOLUME_CUTS));
    this.u.volumeCuts.set(applied);
    this.particles.setVolumeCuts(applied);
    this.store.update({ volumeCuts: applied.map((c) => c.id) });
    this.recountKept();
    const c = this.store.getState().colormap;
    if (c.autoRange && c.attribute) void this.colormap.refreshRange();
    this.requestFrame();
  }

  private keptRequest = 0;

  /**
   * Counts the particles no clipping removes, on the GPU, when something may remove them; otherwise it
   * is the particle count. The latest request wins.
   */
  private recountKept(attempt = 0): void {
    const request = attempt === 0 ? ++this.keptRequest : this.keptRequest;
    const s = this.store.getState();
    if (!s.clip.enabled && s.volumeCuts.length === 0) {
      if (s.keptCount !== s.particleCount) this.store.update({ keptCount: s.particleCount });
      return;
    }
    if (s.keptCount !== null) this.store.update({ keptCount: null });
    // After this task, so that a burst of changes (an output's objects, a drag of the plane) counts once;
    // a count that fails (its layers replaced while it ran) is tried again a little later.
    setTimeout(
      () => {
        if (request !== this.keptRequest || this.disposed) return;
        void this.reducer.countKept(this.particles.layers()).then(
          (kept) => {
            if (request === this.keptRequest && !this.disposed) this.store.update({ keptCount: kept });
          },
          () => {
            if (request === this.keptRequest && attempt < 3) this.recountKept(attempt + 1);
          },
        );
      },
      attempt === 0 ? 0 : 250,
    );
  }

  /** Plane coefficients when clipping is on, for picking. */
  activeClipPlane(): Vector4 | null {
    return this.store.getState().clip.enabled ? this.clipCoefficients : null;
  }

  // ---- camera ----------------------------------------------------------------------------------

  setCamera(state: Partial<CameraState>): void {
    this.rig.setState(state);
    this.clip.setCamera(this.rig.camera);
  }

  getCameraState(): CameraState {
    return this.rig.getState();
  }

  setProjection(mode: ProjectionMode): void {
    this.rig.setProjection(mode);
    this.clip.setCamera(this.rig.camera);
  }

  snapView(direction: ViewDirection, animate = true): void {
    this.rig.snap(direction, performance.now(), animate);
    this.requestFrame();
  }

  /** Zooms to a point (m) so that a sphere of `radius` around it fills the view (zoom to defect). */
  zoomTo(center: readonly [number, number, number], radius: number): void {
    this.rig.fit(new Sphere(new Vector3(center[0], center[1], center[2]), radius), performance.now(), true);
    this.requestFrame();
  }

  private highlightLines: LineSegments[] = [];

  /** Draws line segments (pairs of points, m) over the scene, each set in its colour, such as the
   * edges of mesh defects; an empty list removes them. Never part of a saved image. */
  setHighlights(sets: readonly { segments: Float32Array; color: string }[]): void {
    for (const line of this.highlightLines) {
      this.overlayScene.remove(line);
      line.geometry.dispose();
      (line.material as LineBasicMaterial).dispose();
    }
    this.highlightLines = sets
      .filter((set) => set.segments.length >= 6)
      .map((set) => {
        const geometry = new BufferGeometry();
        geometry.setAttribute('position', new Float32BufferAttribute(set.segments, 3));
        const line = new LineSegments(geometry, new LineBasicMaterial({ color: set.color, depthTest: false, transparent: true }));
        line.renderOrder = 10;
        line.frustumCulled = false;
        return line;
      });
    if (this.highlightLines.length > 0) this.overlayScene.add(...this.highlightLines);
    this.requestFrame();
  }

  fitPart(id: string): void {
    const sphere = this.parts.boundingSphere(id);
    if (!sphere) return;
    this.rig.fit(sphere, performance.now(), true);
    this.requestFrame();
  }

  /** Fits the camera to a part or a shown particle object (double click); false when neither is shown. */
  fitObject(id: string): boolean {
    const sphere = this.objectSphere(id);
    if (!sphere) return false;
    this.rig.fit(sphere, performance.now(), true);
    this.requestFrame();
    return true;
  }

  private objectSphere(id: string): Sphere | null {
    const part = this.parts.boundingSphere(id);
    if (part) return part;
    const box = this.particles.boundsOf(id);
    return box ? box.getBoundingSphere(new Sphere()) : null;
  }

  private onCameraChange(): void {
    this.updateScaleBar();
    const camera = this.rig.getState();
    this.store.update({ camera });
    const key = this.options.cameraStorageKey;
    if (key) {
      // Orbiting changes the camera every frame; write it once the motion rests.
      if (this.cameraSaveTimer) clearTimeout(this.cameraSaveTimer);
      this.cameraSaveTimer = setTimeout(() => saveCameraState(key, this.rig.getState()), 500);
    }
    this.requestFrame();
  }

  private cameraSaveTimer: ReturnType<typeof setTimeout> | null = null;

  /** True when the camera came from storage; hosts then skip their initial fit. */
  restoredCamera = false;

  private updateScaleBar(): void {
    const mpp = this.rig.metresPerPixel();
    this.arrows.setMetresPerPixel(mpp);
    const width = this.renderer.getSize(new Vector2()).x;
    this.store.update({ scaleBar: computeScaleBar(mpp, width) });
  }

  /** Internal access for the input handler: the active camera and the axis widget. */
  get interaction() {
    return { rig: this.rig, axisWidget: this.axisWidget, parts: this.parts, clip: this.clip };
  }

  // ---- parts, selection ------------------------------------------------------------------------

  setMeshes(parts: PartMeshInput[]): void {
    this.parts.setParts(parts);
    this.markInitStep('meshes');
    this.syncPartsState();
    this.updateSceneBounds();
    this.requestFrame();
  }

  setMeshAppearance(id: string, patch: Partial<PartAppearance>): void {
    this.parts.setAppearance(id, patch);
    this.syncPartsState();
    this.requestFrame();
  }

  private syncPartsState(): void {
    const parts = this.parts.ids.map((id) => ({
      id,
      name: this.parts.nameOf(id) ?? id,
      appearance: this.parts.appearanceOf(id) as PartAppearance,
    }));
    this.store.update({ parts });
  }

  setSelection(ids: string[]): void {
    this.store.update({ selection: ids });
    this.updateOutline();
    this.requestFrame();
  }

  setHovered(id: string | null): void {
    if (this.store.getState().hovered === id) return;
    this.store.update({ hovered: id });
    this.updateOutline();
    this.requestFrame();
  }

  /** Selected parts and objects are brightened; they and the hovered one get the outline. */
  private updateOutline(): void {
    const s = this.store.getState();
    this.parts.setSelection(s.selection);
    this.particles.setHighlight(s.selection);
    const ids = [...new Set([...s.selection, ...(s.hovered ? [s.hovered] : [])])];
    this.composer.setOutlined(
      ids.map((id) => this.parts.meshOf(id)).filter((m) => m !== null),
      this.particles.masksOf(ids),
    );
  }

  /** While a submit form is open, hover and selection are ignored. */
  setFormOpen(open: boolean): void {
    this.store.update({ formOpen: open });
    if (open) this.setHovered(null);
  }

  // ---- vector field ----------------------------------------------------------------------------

  /**
   * Vector arrows: `attribute` a vector attribute of the shown objects (null hides them), `scale` the
   * length factor (1: the longest arrow is 25 px long at the orbit target; kept within 0.1..10).
   */
  setArrows(patch: { attribute?: string | null; scale?: number }): void {
    const current = this.store.getState().arrows;
    const scale =
      patch.scale !== undefined && Number.isFinite(patch.scale)
        ? Math.min(VIEWER_LIMITS.arrowScaleMax, Math.max(VIEWER_LIMITS.arrowScaleMin, patch.scale))
        : current.scale;
    this.store.update({ arrows: { ...current, attribute: patch.attribute !== undefined ? patch.attribute : current.attribute, scale } });
    this.arrows.setScale(scale);
    this.refreshVectorField();
    this.requestFrame();
  }

  /** Samples the arrows again from the shown objects (outputs, visibility and colormap changes). */
  private refreshVectorField(): void {
    const s = this.store.getState();
    const attribute = s.arrows.attribute;
    const layers = attribute ? this.particles.arrowLayers(attribute, s.colormap.attribute) : [];
    const field = layers.length > 0 ? sampleArrowField(layers, VIEWER_LIMITS.maxArrowInstances, s.colormap.subOption, s.colormap.attribute !== null) : null;
    this.arrows.setField(field);
    if (s.arrows.count !== this.arrows.count) this.store.update({ arrows: { ...s.arrows, count: this.arrows.count } });
  }

  // ---- outputs, playback and movements (ViewerTimeline) -----------------------------------------

  /** Loads one output folder and shows its particles. */
  loadOutput(source: OutputSource): Promise<LoadedOutput> {
    return this.timeline.loadOutput(source);
  }

  /** Outputs that playback steps through, and the count expected in total ('n/m outputs loaded'). */
  setOutputs(outputs: OutputEntry[], expectedTotal: number = outputs.length): void {
    this.timeline.setOutputs(outputs, expectedTotal);
  }

  /** Resolves true when output `index` reached the screen, false when a later request superseded it. */
  showOutput(index: number): Promise<boolean> {
    return this.timeline.showOutput(index);
  }

  play(): void {
    this.timeline.play();
  }

  pause(): void {
    this.timeline.pause();
  }

  togglePlayback(): void {
    this.timeline.toggle();
  }

  faster(): void {
    this.timeline.faster();
  }

  slower(): void {
    this.timeline.slower();
  }

  setSpeed(speed: number): void {
    this.timeline.setSpeed(speed);
  }

  setLooping(looping: boolean): void {
    this.timeline.setLooping(looping);
  }

  /** Movement keyframes of parts (raw JSON as received); shows the spec's loading messages. */
  setMovements(raw: unknown, mode: MovementMode = 'interpolate'): void {
    this.timeline.setMovements(raw, mode);
    this.markInitStep('movements');
  }

  setMovementMode(mode: MovementMode): void {
    this.timeline.setMovementMode(mode);
  }

  /** Timeline progress 0..1 (clamped); at 0 every part returns to its rest transform. */
  setMovementProgress(progress: number): void {
    this.timeline.setMovementProgress(progress);
  }

  /** Replaces the drawn particle objects with those of a loaded output. */
  private showLoadedOutput(loaded: LoadedOutput): void {
    this.particles.retain(new Set(loaded.objects.map((o) => o.id)));
    this.catalog.clear();
    for (const object of loaded.meta.objects) {
      const dataset = pickParticleDataset(object.datasets, this.store.getState().quality === 'all' ? 'full' : 'fast');
      if (!dataset) continue;
      this.catalog.set(object.id, { name: object.name, kind: object.kind, fluid: isFluidKind(object.kind), count: dataset.count });
    }
    // Every object of an output shares the particle spacing. Estimated from a boundary's bounding box (a
    // thin shell) it would come out far too large, so boundaries take the fluids' spacing.
    const fluidSpacings = loaded.objects.filter((o) => isFluidKind(o.kind)).map((o) => estimateSpacing(o.arrays.positions));
    const sharedSpacing = fluidSpacings.length > 0 ? Math.min(...fluidSpacings) : undefined;
    // Several fluids (multiphase): each fluid in its material's colour.
    const fluidObjects = loaded.meta.objects.filter((o) => isFluidKind(o.kind)).length;
    const materialOf = new Map(loaded.meta.objects.map((o) => [o.id, o.materialId]));
    for (const object of loaded.objects) {
      const fluid = isFluidKind(object.kind);
      this.particles.set({
        id: object.id,
        name: object.name,
        kind: object.kind,
        materialId: loaded.meta.objects.find((o) => o.id === object.id)?.materialId ?? null,
        fluid,
        spacing: fluid ? undefined : sharedSpacing,
        color: objectColor(object.kind, materialOf.get(object.id) ?? null, fluidObjects),
        arrays: object.arrays,
      });
    }
    this.afterParticlesChanged();
  }

  // ---- misc ------------------------------------------------------------------------------------

  /** Where a part's centre appears on the canvas (CSS px from the top left), or null when hidden. */
  partCenterOnCanvas(id: string): { x: number; y: number } | null {
    const sphere = this.parts.boundingSphere(id);
    if (!sphere) return null;
    const p = sphere.center.clone().project(this.rig.camera);
    const size = this.renderer.getSize(new Vector2());
    return { x: ((p.x + 1) / 2) * size.x, y: ((1 - p.y) / 2) * size.y };
  }

  private ndcAt(xCss: number, yCss: number): Vector2 {
    const size = this.renderer.getSize(new Vector2());
    return new Vector2((xCss / size.x) * 2 - 1, 1 - (yCss / size.y) * 2);
  }

  /** Hit-test at canvas CSS coordinates: a part id or null. */
  pickPart(xCss: number, yCss: number): string | null {
    return this.parts.pick(this.ndcAt(xCss, yCss), this.rig.camera, this.activeClipPlane());
  }

  private readonly pickRaycaster = new Raycaster();

  /**
   * What hover, click and double click mean at canvas CSS coordinates: a part, or (where particle objects
   * are pickable) the particle object whose drawn particles the ray meets first. A part hides particles
   * behind it, but not those inside it: a fluid in a tank is picked through the tank's walls. A part that
   * picks over particles (a sensor's marker) wins wherever the ray enters it before any particle.
   */
  pickObject(xCss: number, yCss: number): string | null {
    const ndc = this.ndcAt(xCss, yCss);
    const clip = this.activeClipPlane();
    const part = this.parts.pickHit(ndc, this.rig.camera, clip);
    if (!(this.options.pickParticles ?? this.options.mode !== 'preprocessor')) return part?.id ?? null;
    this.pickRaycaster.setFromCamera(ndc, this.rig.camera);
    const { origin, direction } = this.pickRaycaster.ray;
    const particles = this.particles.pick(
      { origin: [origin.x, origin.y, origin.z], direction: [direction.x, direction.y, direction.z] },
      clip ? [clip.x, clip.y, clip.z, clip.w] : null,
      VIEWER_LIMITS.pickThreshold,
    );
    if (!particles) return part?.id ?? null;
    if (!part) return particles.id;
    const inFront = particles.distance < part.near;
    if (this.parts.picksOverParticles(part.id)) return inFront ? particles.id : part.id;
    const inside = part.near <= particles.distance && particles.distance <= part.far;
    return inFront || inside ? particles.id : part.id;
  }

  /** Where an object's centre (part or shown particle object) appears on the canvas (CSS px), or null. */
  objectCenterOnCanvas(id: string): { x: number; y: number } | null {
    const sphere = this.objectSphere(id);
    if (!sphere) return null;
    const p = sphere.center.clone().project(this.rig.camera);
    const size = this.renderer.getSize(new Vector2());
    return { x: ((p.x + 1) / 2) * size.x, y: ((1 - p.y) / 2) * size.y };
  }

  /**
   * The canvas as an image file (Save Image): PNG by default, without the clipping plane's helper and
   * gizmo. The frame is drawn and the canvas copied in the same task, before the browser presents it:
   * neither WebGL2 (no preserved drawing buffer) nor WebGPU (the current texture expires with the task)
   * keeps the pixels readable afterwards.
   */
  saveImage(type: 'image/png' | 'image/jpeg' = 'image/png'): Promise<Blob> {
    return new Promise((resolve, reject) => {
      if (this.disposed) {
        reject(new Error(VIEWER_MESSAGES.canvasNotFound));
        return;
      }
      this.overlayScene.visible = false;
      try {
        this.renderFrame(performance.now(), false);
        this.canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(VIEWER_MESSAGES.canvasNotFound))), type);
      } finally {
        this.overlayScene.visible = true;
        // The screen gets its helpers back with the next frame.
        this.requestFrame();
      }
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.rafHandle !== null) cancelAnimationFrame(this.rafHandle);
    if (this.cameraSaveTimer) clearTimeout(this.cameraSaveTimer);
    this.resizeObserver?.disconnect();
    this.input.dispose();
    this.clip.dispose();
    this.rig.dispose();
    this.clearParticles();
    this.parts.clear();
    this.arrows.dispose();
    this.fluid.dispose();
    this.reducer.dispose();
    this.composer.dispose();
    this.axisWidget.dispose();
    this.u.dispose();
    this.pool.dispose();
    this.timeline.dispose();
    void this.renderer.dispose();
  }
}

export const createViewer = Viewer.create;
