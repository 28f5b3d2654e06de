// The viewer's view of the domain's constants (spec 2 §9), plus the few settings and texts that only the
// viewer engine has (frame-time rule for the low-resolution offer, thrown error texts, the keyframe
// input format). Every number that the spec states comes from src/domain.
import { z } from 'zod';
import {
  AXIS_WIDGET,
  BACK_FACE_DIM,
  CAMERA_ANIMATION_S,
  CLICK_WINDOW_MS,
  CLIP_ROTATION_SNAP_DEG,
  DEFAULT_COLOR_PALETTE,
  DISPLAY_SIGNIFICANT_DIGITS,
  KEYFRAME_CAP_PER_PART,
  MOUSE_MOVE_THROTTLE_MS,
  OUTLINE_EDGE_STRENGTH,
  OUTPUT_PLAYBACK_FPS,
  OUTPUT_QUALITY_OPTIONS,
  PLAYBACK_DEFAULTS,
  PLAYBACK_SPEED_MAX,
  PLAYBACK_SPEED_MIN,
  POINT_SIZE_DEFAULT,
  POINTCLOUD_FALLBACK_POINTS,
  POINTCLOUD_FALLBACK_THRESHOLD,
  RAY_PICK_POINT_THRESHOLD,
  TRANSFORM_ANIMATION_S,
  VECTOR_ARROWS_MAX,
  VECTOR_ARROW_UNIT_PX,
  WORKER_POOL_SIZE,
} from '../../domain/constants.ts';
import { colorSchemeLabels, colorSchemes, DEFAULT_COLOR_SCHEME as DOMAIN_DEFAULT_SCHEME, type ColorScheme } from '../../domain/colormap.ts';
import { defaultPartAppearance, viewModes, type ViewMode as DomainViewMode } from '../../domain/appearance.ts';
import { vectorSubOptions, type VectorSubOption as DomainVectorSubOption } from '../../domain/attributes.ts';
import { MESSAGES, templates } from '../../domain/messages.ts';

/** Spec 2 §9 "Viewer" constants as the engine uses them, and viewer-only tuning. */
export const VIEWER_LIMITS = {
  keyframeCapPerPart: KEYFRAME_CAP_PER_PART,
  maxArrowInstances: VECTOR_ARROWS_MAX,
  arrowUnitPx: VECTOR_ARROW_UNIT_PX,
  defaultPointSize: POINT_SIZE_DEFAULT,
  lowResolutionThreshold: POINTCLOUD_FALLBACK_THRESHOLD,
  lowResolutionDrawCount: POINTCLOUD_FALLBACK_POINTS,
  transformAnimationS: TRANSFORM_ANIMATION_S,
  cameraMoveAnimationS: CAMERA_ANIMATION_S,
  clickWindowMs: CLICK_WINDOW_MS,
  mouseMoveThrottleMs: MOUSE_MOVE_THROTTLE_MS,
  pickThreshold: RAY_PICK_POINT_THRESHOLD,
  axisWidget: AXIS_WIDGET,
  outlineEdgeStrength: OUTLINE_EDGE_STRENGTH,
  clipRotationSnapRad: (CLIP_ROTATION_SNAP_DEG * Math.PI) / 180,
  decodeWorkerPoolSize: WORKER_POOL_SIZE,
  outputFramesPerSecond: OUTPUT_PLAYBACK_FPS,
  playbackSpeedMin: PLAYBACK_SPEED_MIN,
  playbackSpeedMax: PLAYBACK_SPEED_MAX,
  defaultOutputTarget: PLAYBACK_DEFAULTS.outputTarget,
  backFaceDim: BACK_FACE_DIM,
  defaultPartOpacity: defaultPartAppearance().opacity,
  numericPrecision: DISPLAY_SIGNIFICANT_DIGITS,
  /**
   * Viewer-only: median frame time (ms, measured with the GPU finished) above which the GPU is taken
   * as not keeping up, so that the low-resolution fallback is offered (below 20 frames per second).
   */
  slowFrameMs: 50,
  /** Viewer-only: bounds and step of the arrows' length scale (1: the longest arrow is 25 px). */
  arrowScaleMin: 0.1,
  arrowScaleMax: 10,
} as const;

export const VIEW_MODES = viewModes;
export type ViewMode = DomainViewMode;

/** Colour schemes in the chooser's order, with their labels. The default is rainbow. */
export const COLOR_SCHEMES = colorSchemes.map((id) => ({ id, label: colorSchemeLabels[id] }));
export type ColorSchemeId = ColorScheme;
export const DEFAULT_COLOR_SCHEME: ColorSchemeId = DOMAIN_DEFAULT_SCHEME;

export const VECTOR_SUB_OPTIONS = vectorSubOptions;
export type VectorSubOption = DomainVectorSubOption;

/**
 * Quality options: Low, Medium and High draw that percent of the reduced (`fast`) dataset; All draws
 * the `full` dataset.
 */
export const QUALITY_OPTIONS = (Object.entries(OUTPUT_QUALITY_OPTIONS) as [string, number | null][]).map(([label, percent]) => ({
  id: label.toLowerCase() as QualityId,
  label,
  percent,
}));
export type QualityId = 'low' | 'medium' | 'high' | 'all';

/** Movement keyframes of one part (spec 2 §3): time and a 3x3 or 4x4 transform, flat or nested. */
export const keyframeSchema = z.object({
  time: z.number(),
  matrix: z.union([z.array(z.number()), z.array(z.array(z.number()))]),
});
export const partMovementSchema = z.object({
  partId: z.string(),
  name: z.string(),
  keyframes: z.array(keyframeSchema),
});
export type PartMovementInput = z.infer<typeof partMovementSchema>;

/** Texts of spec 2 §8 "Viewer" and "Colormap" that the engine shows or throws. */
export const VIEWER_MESSAGES = {
  movementsNotInterpreted: MESSAGES.movementsNotInterpreted,
  keyframeCapReached: templates.keyframeCap,
  loadingMovements: MESSAGES.loadingMovements,
  loadingMovementsProgress: templates.loadingMovementsProgress,
  loadedAllMovements: MESSAGES.loadedAllMovements,
  noColormapSelected: MESSAGES.colormapNoneSelected,
  attributeNotAvailable: templates.attributeNotAvailable,
  attributeComputing: templates.attributeComputing,
  attributeFailed: templates.attributeFailed,
  derivedAttributesFailed: MESSAGES.colormapAllDerivedFailed,
  outputsLoaded: templates.outputsLoaded,
  creatingFirstOutputs: MESSAGES.creatingFirstOutputs,
  // Viewer-only texts of spec 2 §8 (success, logged and thrown messages).
  loadedPointclouds: 'Loaded pointclouds',
  failedArrowGeometry: 'Failed to load arrow geometry',
  interpolatorNotInitialized: 'Keyframe interpolator not initialized',
  transformControllerNotInitialized: 'Transform controller not initialized.',
  rotationMatrixElements: 'Rotation matrix must have 9 numeric elements',
  vectorFieldDirectionMissing: 'Direction must be set before setting a vector field',
  canvasNotFound: 'Could not find canvas element.',
  inconsistentMeshData: 'Inconsistent mesh data.',
  // Not a spec text: the canvas cuts with at most this many volume clips at once.
  tooManyVolumeClips: (max: number) => `Only the first ${max} visible volume clips cut the particles in the canvas.`,
} as const;

/** Default palette for parts (spec 2 §9: 12 hex colours). */
export const PART_PALETTE = DEFAULT_COLOR_PALETTE;

/** Output object kinds drawn as fluids (they join the fluid surface in surface mode). */
export function isFluidKind(kind: string): boolean {
  return kind === 'fluid' || kind === 'material';
}

/**
 * Plain colours of boundary particles, so that walls and inlets read apart from the fluid when no
 * attribute colours them; fluids keep the layer's default blue.
 */
export const OBJECT_KIND_COLORS: Readonly<Record<string, string | undefined>> = {
  wall_boundary: '#9aa5b1',
  open_boundary: '#59a14f',
};

/** Plain colours of the fluids of a multiphase output, by material id, so that each fluid reads apart. */
export const FLUID_MATERIAL_COLORS = ['#2f6fd6', '#e8e4d8', '#e15759', '#f28e2b', '#76b7b2'] as const;

/** The plain colour of an output object: by material when the output holds several fluids. */
export function objectColor(kind: string, materialId: number | null, fluidObjects: number): string | undefined {
  if (isFluidKind(kind)) {
    return fluidObjects > 1 && materialId !== null ? FLUID_MATERIAL_COLORS[materialId % FLUID_MATERIAL_COLORS.length] : undefined;
  }
  return OBJECT_KIND_COLORS[kind];
}
