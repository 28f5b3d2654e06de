// A Setup preview run: the user's setup coarsened to a particle budget, cut to its first seconds and run by
// the engine into a memory sink, each output handed to the host as fluid positions and velocities and then
// dropped. Platform-neutral: the worker runs it on the browser's GPU, tests on Node's CPU backend.
import { parseSetupDocument, type SetupDocument } from '../../src/domain/setup.ts';
import { outputFolderPath } from '../../src/domain/output.ts';
import { checkCaseSupport, resolvePartMeshes, UnsupportedCaseError, type FileResolver, type SupportIssue } from '../../src/solver/caseInput.ts';
import type { BackendKind } from '../../src/solver/engine.ts';
import type { GeometryKernel } from '../../src/solver/geometry/geometryKernel.ts';
import type { OutputEvent, SolverPlatform, SolverRun } from '../../src/solver/run.ts';
import { createSolverRun } from '../../src/solver/setupRun.ts';
import { MemorySink } from '../../src/solver/output/sink.ts';
import { PREVIEW_MAX_PARTICLES, PROBE_LATTICE_POINTS, previewParticleDiameter, probeParticleDiameter } from './previewResolution.ts';

/** Simulated time a preview shows at most (s). */
export const PREVIEW_MAX_END_TIME_S = 2;
/** Simulated time between drawn frames (s). */
export const PREVIEW_OUTPUT_INTERVAL_S = 0.02;

export interface PreviewLimits {
  maxParticles: number;
  maxEndTimeS: number;
  outputIntervalS: number;
  probeLatticePoints: number;
}

export const DEFAULT_PREVIEW_LIMITS: PreviewLimits = {
  maxParticles: PREVIEW_MAX_PARTICLES,
  maxEndTimeS: PREVIEW_MAX_END_TIME_S,
  outputIntervalS: PREVIEW_OUTPUT_INTERVAL_S,
  probeLatticePoints: PROBE_LATTICE_POINTS,
};

/** What the preview runs, known once the case is discretized. */
export interface PreviewCase {
  userDiameterM: number;
  diameterM: number;
  endTimeS: number;
  fluid: number;
  wall: number;
  buffer: number;
  total: number;
  /** Discretizer warnings in words (no fluid, fluid not enclosed, ...). */
  warnings: string[];
}

export interface PreviewProgress {
  timeS: number;
  particles: number;
}

/** One drawn moment: the fluid particles (xyz float32 each) and what the screen reports about them. */
export interface PreviewFrame {
  outputNo: number;
  timeS: number;
  count: number;
  positions: Float32Array;
  velocities: Float32Array;
  /** Mean height (world z) of the fluid particles, m; NaN without fluid. */
  meanHeightM: number;
  maxSpeed: number;
}

export interface PreviewHost {
  resolveFile: FileResolver;
  prepared(preview: PreviewCase): void;
  progress(progress: PreviewProgress): void;
  frame(frame: PreviewFrame): void;
}

export type PreviewOutcome =
  | { status: 'completed' | 'stopped'; timeS: number; device: string }
  | { status: 'failed'; message: string };

/** A readable sentence for what stopped a preview before or during its run. */
export function previewFailureMessage(error: unknown): string {
  if (error instanceof UnsupportedCaseError) return unsupportedMessage(error.issues);
  if (error instanceof Error && error.name === 'ZodError') return 'The setup is not complete enough to preview yet. Fix the errors it lists first.';
  const text = error instanceof Error ? error.message : String(error);
  return `The preview stopped: ${text}`;
}

function unsupportedMessage(issues: readonly SupportIssue[]): string {
  return `The solver cannot preview this setup. ${issues.map((i) => `${i.setting}: ${i.message}.`).join(' ')}`;
}

function geometryBoundsSize(meshes: Iterable<{ positions: Float64Array }>): [number, number, number] | null {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of meshes) {
    const p = mesh.positions;
    for (let i = 0; i < p.length; i += 3) {
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a], p[i + a]);
        max[a] = Math.max(max[a], p[i + a]);
      }
    }
  }
  if (!(max[0] >= min[0])) return null;
  return [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
}

function withDiameter(setup: SetupDocument, diameterM: number, limits: PreviewLimits): SetupDocument {
  const endTime = Math.min(setup.settings.endTime, limits.maxEndTimeS);
  return {
    ...setup,
    settings: { ...setup.settings, particleDiameter: diameterM, endTime, outputTimeInterval: Math.min(limits.outputIntervalS, endTime) },
  };
}

/** Float32 view of a little-endian file from the sink (the platforms that run this are little-endian). */
function floats(bytes: Uint8Array | null): Float32Array {
  if (bytes === null) return new Float32Array(0);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

async function readFrame(sink: MemorySink, event: OutputEvent): Promise<PreviewFrame> {
  const folder = outputFolderPath(event.outputNo);
  const fluids = event.meta.objects.filter((o) => o.kind === 'fluid');
  const parts: { positions: Float32Array; velocities: Float32Array }[] = [];
  for (const object of fluids) {
    const full = object.datasets.find((d) => d.name === 'full');
    if (full === undefined) continue;
    const velocity = full.attributes.find((a) => a.name === 'velocity');
    parts.push({
      positions: floats(await sink.readFile(`${folder}/${full.positions.file}`)),
      velocities: velocity ? floats(await sink.readFile(`${folder}/${velocity.file}`)) : new Float32Array(full.count * 3),
    });
  }
  // The preview shows each moment once; keeping every output would grow memory with every frame.
  await sink.remove(folder);
  const length = parts.reduce((n, p) => n + p.positions.length, 0);
  const positions = parts.length === 1 ? parts[0].positions : new Float32Array(length);
  const velocities = parts.length === 1 ? parts[0].velocities : new Float32Array(length);
  if (parts.length !== 1) {
    let at = 0;
    for (const p of parts) {
      positions.set(p.positions, at);
      velocities.set(p.velocities, at);
      at += p.positions.length;
    }
  }
  const count = positions.length / 3;
  let sumZ = 0;
  let maxSpeed2 = 0;
  for (let i = 0; i < count; i++) {
    sumZ += positions[3 * i + 2];
    maxSpeed2 = Math.max(maxSpeed2, velocities[3 * i] ** 2 + velocities[3 * i + 1] ** 2 + velocities[3 * i + 2] ** 2);
  }
  return {
    outputNo: event.outputNo, timeS: event.time, count, positions, velocities,
    meanHeightM: count > 0 ? sumZ / count : Number.NaN, maxSpeed: Math.sqrt(maxSpeed2),
  };
}

interface PreviewRunInput {
  setup: unknown;
  platform: SolverPlatform;
  backend: BackendKind;
  host: PreviewHost;
  signal: AbortSignal;
  limits?: Partial<PreviewLimits>;
  /** Geometry module; by default the platform's. */
  geometry?: GeometryKernel;
}

/**
 * Discretizes at a probing diameter, coarsens until the case fits the particle budget (each try corrects
 * the estimate with real counts), then runs it. Never throws: failures come back as a readable message.
 */
export async function runPreview(input: PreviewRunInput): Promise<PreviewOutcome> {
  const limits = { ...DEFAULT_PREVIEW_LIMITS, ...input.limits };
  const { host, signal } = input;
  try {
    const setup = parseSetupDocument(input.setup);
    const issues = checkCaseSupport(setup);
    if (issues.length > 0) return { status: 'failed', message: unsupportedMessage(issues) };
    const geometry = input.geometry ?? await input.platform.loadGeometry();
    // Part files are fetched once, however often the case is discretized.
    const fileBytes = new Map<string, Promise<Uint8Array>>();
    const fileResolver: FileResolver = async (fileId, file) => {
      let bytes = fileBytes.get(fileId);
      if (bytes === undefined) {
        bytes = host.resolveFile(fileId, file);
        fileBytes.set(fileId, bytes);
        bytes.catch(() => fileBytes.delete(fileId));
      }
      return (await bytes).slice();
    };
    const userDiameterM = setup.settings.particleDiameter;
    const size = geometryBoundsSize((await resolvePartMeshes(setup, { fileResolver, geometry })).values());
    let diameterM = size === null ? userDiameterM : probeParticleDiameter(userDiameterM, size, limits.probeLatticePoints);
    const sink = new MemorySink();
    const frames = new Set<Promise<void>>();
    let run: SolverRun | null = null;
    // The finest case that fitted so far: taken if the tries run out before the estimate settles.
    let fitting: SolverRun | null = null;
    for (let attempt = 0; attempt < 6; attempt++) {
      if (signal.aborted) return { status: 'stopped', timeS: 0, device: '' };
      const candidate = await createSolverRun(withDiameter(setup, diameterM, limits), input.platform, {
        backend: input.backend, sink, fileResolver, geometry, signal, logIntervalMs: 250,
        // The setup's stop conditions belong to the real run; the preview stops at its own end time.
        conditions: [],
        onLog: (entry) => host.progress({ timeS: entry.time, particles: entry.particles }),
        onOutput: (event) => {
          const read = readFrame(sink, event).then((frame) => host.frame(frame), () => undefined);
          frames.add(read);
          void read.finally(() => frames.delete(read));
        },
      });
      const c = candidate.counts;
      // Aim a little under the budget, so that the real count of the estimate's diameter fits at once.
      const next = previewParticleDiameter(userDiameterM, { diameterM, fluid: c.fluid, surface: c.wall + c.buffer }, 0.95 * limits.maxParticles);
      const fits = c.total <= limits.maxParticles;
      if (fits && (fitting === null || c.total > fitting.counts.total)) fitting = candidate;
      // Accept a fitting case unless it is much coarser than needed (the probe's estimate was rough).
      if (fits && (Math.abs(next - diameterM) <= 0.03 * diameterM || next >= diameterM || c.total >= 0.6 * limits.maxParticles)) {
        run = candidate;
        break;
      }
      // Coarsen a little more than the estimate asks when the real count overshot it.
      diameterM = fits ? next : Math.max(next, diameterM * 1.02);
    }
    run ??= fitting;
    if (run === null) return { status: 'failed', message: `The preview could not bring this setup under ${limits.maxParticles.toLocaleString('en-US')} particles.` };
    const c = run.counts;
    const settings = run.prepared.setup.settings;
    host.prepared({
      userDiameterM, diameterM: settings.particleDiameter, endTimeS: settings.endTime,
      fluid: c.fluid, wall: c.wall, buffer: c.buffer, total: c.total,
      warnings: run.warnings.map((w) => w.message),
    });
    const summary = await run.start();
    await Promise.all([...frames]);
    return { status: summary.status === 'stopped' ? 'stopped' : 'completed', timeS: summary.time, device: summary.device };
  } catch (error) {
    if (signal.aborted) return { status: 'stopped', timeS: 0, device: '' };
    return { status: 'failed', message: previewFailureMessage(error) };
  }
}
