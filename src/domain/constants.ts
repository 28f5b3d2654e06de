// Business constants of the product (spec 1 §9, spec 2 §9), each named and documented once. Validation
// ranges that differ between the default and strict profile live in limits.ts.

// ---------------------------------------------------------------- names and text limits
/** Project and simulation names: 1..100 characters after trimming. */
export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 100;
/** Project descriptions: at most 500 characters. */
export const DESCRIPTION_MAX_LENGTH = 500;
/** Input elements allow one character more than the limit so the user sees the error instead of a silent cut. */
export const NAME_INPUT_MAX_LENGTH = 101;
export const DESCRIPTION_INPUT_MAX_LENGTH = 501;
/** Project descriptions are truncated at this length in the list, with Read more/less. */
export const PROJECT_DESCRIPTION_TRUNCATE = 120;

// ---------------------------------------------------------------- setup
/** Air drag background grid: at most this many cells. */
export const AIR_DRAG_MAX_CELLS = 50_000_000;
/** Periodic slice angles below this many degrees trigger a warning. */
export const PERIODIC_SLICE_ANGLE_WARNING_DEG = 15;
/** Tolerance (degrees) for a slice angle to count as dividing 360 evenly. */
export const PERIODIC_DIVISOR_TOLERANCE_DEG = 0.1;
/** Multiphase allows at most this many materials; materials with ids below this one cannot be deleted. */
export const MULTIPHASE_MAX_MATERIALS = 5;
export const MULTIPHASE_MIN_MATERIALS = 2;
export const MIN_DELETABLE_MATERIAL_ID = 2;
/** Surface tension is unavailable in multiphase cases with more than this many materials. */
export const SURFACE_TENSION_MAX_MATERIALS = 2;
/** STEP uploads larger than this (bytes) warn before upload. */
export const STEP_UPLOAD_WARNING_BYTES = 500 * 1024 * 1024;
/** Initial-condition CSV: preview shows this many rows, a table needs at least MIN rows. */
export const CSV_PREVIEW_ROWS = 10;
export const TABLE_MIN_ROWS = 2;
/** Data table editor defaults (spec 2 §5, §9). */
export const DATA_TABLE_EDITOR_MIN_ROWS = 3;
export const DATA_TABLE_EDITOR_MAX_ROWS = 100;
export const DATA_TABLE_PREVIEW_PAGE_SIZE = 5;
/** A launching simulation is reported as delayed after this long (ms). */
export const LAUNCH_DELAY_NOTICE_MS = 15 * 60 * 1000;

// ---------------------------------------------------------------- cores, credits, GPU
/** Default core counts offered per subscription tier. Free has no paid cores (free CPU instance only). */
export const CORES_PER_SUBSCRIPTION = { free: 0, standard: 32, performance: 120 } as const;
/** A GPU run costs this many credits per hour. */
export const GPU_CREDITS_PER_HOUR = 120;
/** Credits are shown with this many decimals. */
export const CREDITS_DISPLAY_DECIMALS = 2;

// ---------------------------------------------------------------- dashboard grid (spec 1 §2)
export const DASHBOARD_GRID_COLUMNS = 12;
export const DASHBOARD_ROW_HEIGHT_PX = 150;
export const DASHBOARD_MARGIN_PX = 16;

// ---------------------------------------------------------------- layout
/** The menu bar collapses below this width. */
export const MENU_COLLAPSE_WIDTH_PX = 1024;
/** Right sidebar widths. */
export const SIDEBAR_WIDTH_PX = { closed: 50, start: 400, alerts: 350, download: 350, other: 300 } as const;
/** The new-domain banner re-shows this long after dismissal. */
export const DOMAIN_BANNER_RESHOW_MS = 24 * 60 * 60 * 1000;
/** Projects list page sizes and default. */
export const PROJECT_PAGE_SIZES = [10, 15, 30] as const;
export const PROJECT_DEFAULT_PAGE_SIZE = 10;

// ---------------------------------------------------------------- viewer (spec 2 §9)
/** Maximum movement keyframes per part. */
export const KEYFRAME_CAP_PER_PART = 5000;
/** Vector-field arrows: maximum instances and the screen unit (px) of the arrow resolution. */
export const VECTOR_ARROWS_MAX = 5000;
export const VECTOR_ARROW_UNIT_PX = 25;
export const POINT_SIZE_DEFAULT = 15;
/** Low-resolution fallback: applies from this many visible points and then draws FALLBACK points. */
export const POINTCLOUD_FALLBACK_THRESHOLD = 1_000_000;
export const POINTCLOUD_FALLBACK_POINTS = 100_000;
export const TRANSFORM_ANIMATION_S = 0.5;
export const CAMERA_ANIMATION_S = 0.7;
export const DEFAULT_GRAVITY: readonly [number, number, number] = [0, 0, -9.81];
/** Click vs double-click window, mouse-move throttle and ray-pick point threshold. */
export const CLICK_WINDOW_MS = 300;
export const MOUSE_MOVE_THROTTLE_MS = 30;
export const RAY_PICK_POINT_THRESHOLD = 0.02;
/** Axis widget geometry. */
export const AXIS_WIDGET = { cubeSize: 70, cameraDistance: 350, frustum: 250 } as const;
export const OUTLINE_EDGE_STRENGTH = 2.5;
export const CLIP_ROTATION_SNAP_DEG = 90;
export const RAYMARCH_MAX_STEPS = 500;
/** Background decoding workers and concurrent tessellation downloads. */
export const WORKER_POOL_SIZE = 12;
export const TESSELLATION_DOWNLOAD_CONCURRENCY = 12;
export const BATCHED_TASK_CONCURRENCY = 30;
/** Colours given to part materials, in order. */
export const MATERIAL_COLOR_PALETTE = ['#2D69B2', '#25C189', '#FFB10F', '#D64265', '#7E57C2'] as const;
/** Default colours offered by the colour picker. */
export const DEFAULT_COLOR_PALETTE = [
  '#2D69B2', '#FFB10F', '#25C189', '#D64265', '#444444', '#7E57C2',
  '#00A3BF', '#F26B38', '#8BC34A', '#E91E63', '#795548', '#9E9E9E',
] as const;
/** Output loading limits (triangles, particles) and the constant per-object cost. */
export const OUTPUT_LOADING_TRIANGLE_LIMIT = 10_000_000;
export const OUTPUT_LOADING_PARTICLE_LIMIT = 5_000_000;
export const OUTPUT_LOADING_OBJECT_COST = 150;
/** Quality options: percent of the data drawn; null draws all. */
export const OUTPUT_QUALITY_OPTIONS = { Low: 10, Medium: 50, High: 100, All: null } as const;
/** Output count estimate when the settings are unknown: 2 s / 0.01 s. */
export const DEFAULT_OUTPUT_ESTIMATE = 2 / 0.01;
export const OUTPUT_CACHE_CLEAN_INTERVAL_MS = 10_000;
export const OUTPUT_AVAILABILITY_THROTTLE_MS = 1000;
/** Numeric display precision: significant digits in general and for time labels. */
export const DISPLAY_SIGNIFICANT_DIGITS = 6;
export const TIME_LABEL_PRECISION = 4;
/** Mesh check modes. */
export const MESH_CHECK_MODES = ['none', 'holes', 'non_manifold'] as const;
/** Parts are drawn with the back face at this fraction of the front colour. */
export const BACK_FACE_DIM = 0.3;
/** Colour bar ticks as fractions. */
export const COLORBAR_TICKS = [0.25, 0.5, 0.75] as const;
/** Scale bar: max width (px and fraction of canvas), snapping steps and units. */
export const SCALE_BAR = { maxWidthPx: 300, maxWidthFraction: 0.3, steps: [1, 2, 5, 10], units: ['nm', 'μm', 'mm', 'cm', 'm', 'km'] } as const;
/** Playback defaults. */
export const PLAYBACK_DEFAULTS = { outputTarget: 10, speed: 1, looping: true, playing: false, reduction: 'fast' } as const;
/** Playback speed multiplier bounds; each step halves or doubles it. */
export const PLAYBACK_SPEED_MIN = 0.125;
export const PLAYBACK_SPEED_MAX = 8;
/** Output playback frame rate at speed 1. */
export const OUTPUT_PLAYBACK_FPS = 3;
/** Clipping plane defaults. */
export const CLIP_DEFAULTS = { enabled: false, axis: 'x', position: [0, 0, 0], flipped: false } as const;

// ---------------------------------------------------------------- charts and statistics
export const CHART_COLORS = ['#2D69B2', '#FFB10F', '#25C189', '#D64265', '#444444'] as const;
export const CHART_MARKERS = ['dot', 'triangle', 'square', 'cross'] as const;
export const CHART_Y_TICKS = 6;
export const CHART_X_TICKS = 6;
/** CSV export of charts uses this separator. */
export const CHART_CSV_SEPARATOR = ';';
/** Below this width the statistics panel is forced to fullscreen. */
export const STATISTICS_SMALL_SCREEN_PX = 1700;
export const STATISTICS_PROGRESS_THROTTLE_MS = 120;
/** Statistics warns with the list of missing outputs below this count, with a count from it on. */
export const STATISTICS_MISSING_LIST_LIMIT = 6;
/** Export step size range. */
export const EXPORT_STEP_SIZE_MIN = 1;
export const EXPORT_STEP_SIZE_MAX = 100;

// ---------------------------------------------------------------- budget and credits
export const BUDGET_PAGE_SIZES = [10, 20, 30, 40] as const;
export const BUDGET_DEFAULT_PAGE_SIZE = 10;
export const BUDGET_DEFAULT_SORT = { orderBy: 'date', asc: false } as const;
/** Date format of the transactions table (date-fns tokens). */
export const BUDGET_DATE_FORMAT = 'dd.MM.yyy, HH:mm';
/** Credit periods in days; -1 is the current billing year. Default: last year. */
export const CREDIT_PERIODS = [
  { label: 'Billing Year', days: -1 },
  { label: 'Last Year', days: 365 },
  { label: 'Last 3 Months', days: 91 },
  { label: 'Last Month', days: 30 },
  { label: 'Last 1 week', days: 7 },
] as const;
export const DEFAULT_CREDIT_PERIOD_DAYS = 365;
/** Chart bucketing thresholds (days): daily below 30, weekly to 91, monthly above. */
export const CREDIT_CHART_PERIOD_THRESHOLDS_DAYS = [30, 91] as const;
export const CREDIT_CHART_PALETTE = [
  '#2D69B2', '#FFB10F', '#25C189', '#D64265', '#444444', '#7E57C2',
  '#00A3BF', '#F26B38', '#8BC34A', '#E91E63', '#795548',
] as const;
export const SEARCH_DEBOUNCE_MS = { credits: 200, team: 50, default: 200 } as const;
/** Storage usage errors at 100 %; sizes are formatted in units of 1024. */
export const STORAGE_FULL_FRACTION = 1;
export const STORAGE_UNIT_BASE = 1024;

// ---------------------------------------------------------------- VM, access, account
export const VM_CONNECT_RETRIES = 3;
export const VM_CONNECT_RETRY_INTERVAL_MS = 1000;
/** Auto shutdown is scheduled this far ahead when enabled. */
export const VM_AUTO_SHUTDOWN_MS = 24 * 60 * 60 * 1000;
export const ACCESS_GRANT_DURATION_MS = 24 * 60 * 60 * 1000;
export const AVATAR_NAMES = [
  'dolphin', 'frog', 'jellyfish', 'nautilus', 'nemo', 'octopus', 'pelican', 'shark', 'turtle', 'whale',
] as const;
export type AvatarName = (typeof AVATAR_NAMES)[number];
export const TESSELLATION_FORM_DEBOUNCE_MS = 250;
export const DRAG_ACTIVATION_DISTANCE_PX = 6;
/** Assembly overlay lists this many names, then '+N more'. */
export const ASSEMBLY_OVERLAY_MAX_NAMES = 6;
/** Release announcement shown once per version. */
export const RELEASE_ANNOUNCEMENT_VERSION = '3.6.0';

// ---------------------------------------------------------------- realtime
export const REALTIME_RECONNECT_MAX_RETRIES = 50;
export const REALTIME_BACKOFF_INITIAL_MS = 1000;
export const REALTIME_BACKOFF_MAX_MS = 30_000;
/** Close codes after which no reconnect is attempted. */
export const REALTIME_CLEAN_CLOSE_CODES = [1000, 3000] as const;
/** Heartbeat until the workload is connected, then the slower one. */
export const REALTIME_HEARTBEAT_CONNECTING_MS = 500;
export const REALTIME_HEARTBEAT_CONNECTED_MS = 10_000;
export const REALTIME_HIDDEN_DISCONNECT_MS = 300_000;
/** The "reconnected" state is shown this long. */
export const RECONNECTED_NOTICE_MS = 3000;

/** Reconnect delay of attempt n (0-based): exponential from 1 s, capped at 30 s. */
export function realtimeBackoffMs(attempt: number): number {
  return Math.min(REALTIME_BACKOFF_MAX_MS, REALTIME_BACKOFF_INITIAL_MS * 2 ** Math.max(0, attempt));
}

// ---------------------------------------------------------------- polling (spec 2 §7)
export const POLL_INTERVAL_MS = {
  outputs: 60_000,
  outputsAllReady: 600_000,
  vms: 10_000,
  assemblies: 1000,
  tessellations: 1000,
  userExport: 5000,
} as const;

// ---------------------------------------------------------------- toasts and logs
export const TOAST_AUTO_CLOSE_MS = 6000;
/** Release and simulation toasts stay longer. */
export const TOAST_LONG_AUTO_CLOSE_MS = 10_000;
export const TOAST_TITLE_MAX_CHARS = 45;
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, success: 51 } as const;
export type LogLevel = keyof typeof LOG_LEVELS;
/** Production logs info and above. */
export const PRODUCTION_MIN_LOG_LEVEL: LogLevel = 'info';

/** Seconds a realtime ticket (POST /fetch/auth) can open a socket. */
export const REALTIME_TICKET_TTL_S = 60;
