// The dam break the solver benchmark times at each size (about 10k to 10M particles), and the timing of a
// fixed number of steps on any backend: shared by the whole benchmark (index.ts) and its GPU part alone
// (gpu.ts).
import { emptySetup, type SetupDocument } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../src/domain/component.ts';
import { engineSetupOf, prepareCase, type PreparedCase } from '../../src/solver/caseInput.ts';
import type { SolverBackend } from '../../src/solver/engine.ts';

/** Dam break in a closed tank: column 0.4 × 0.4 × 0.8 m in a 1.6 × 0.4 × 1.0 m tank; Δx sets the size. */
export function damBreak(dx: number): SetupDocument {
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: dx, endTime: 1, outputTimeInterval: 0.1, gravity: [0, 0, -9.81],
    integrationScheme: 'runge_kutta_4', shifting: 'lyu21',
  };
  s.materials[0] = { ...s.materials[0], name: 'Water', speedOfSound: 40 };
  const tank = cubeShape([1.6, 0.4, 1.0], [0.8, 0.2, 0.5]);
  tank.flipNormals = true;
  const water = defaultFlowComponent();
  water.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: tank }),
    createPart({ id: 'water', name: 'Water', component: water, materialId: 0, shape: cubeShape([0.4, 0.4, 0.8], [0.2, 0.2, 0.4]) }),
  ];
  return s;
}

/**
 * The dam break with about `target` particles in all (fluid and walls). The next Δx is solved from the
 * last discretization's counts, fluid scaling as Δx⁻³ and walls as Δx⁻², so that a ten-million-particle
 * case is discretized once or twice, not at every size on the way; `from`, a smaller one already
 * discretized, is where the search starts.
 */
export async function caseOfSize(target: number, from?: PreparedCase): Promise<PreparedCase> {
  let c = from ?? await prepareCase(damBreak(0.05));
  let dx = c.setup.settings.particleDiameter;
  for (let k = 0; k < 5; k++) {
    const { fluid, wall } = c.discretized.counts;
    if (Math.abs(fluid + wall - target) < 0.05 * target) break;
    // f s⁻³ + w s⁻² = target for the ratio s of the new Δx to this one (Newton from the fluid-only guess).
    let s = Math.cbrt((fluid + wall) / target);
    for (let i = 0; i < 20; i++) {
      const g = fluid / s ** 3 + wall / s ** 2 - target;
      const dg = -3 * fluid / s ** 4 - 2 * wall / s ** 3;
      s -= g / dg;
    }
    dx = Math.round(dx * s * 1e5) / 1e5;
    c = await prepareCase(damBreak(dx));
  }
  return c;
}

export interface Measurement {
  label: string;
  device: string;
  particles: number;
  steps: number;
  msPerStep: number;
  particleStepsPerSecond: number;
  bytesPerParticle: number;
  /** Process CPU seconds per wall second: near the thread count when the cores were free. */
  cpuLoad: number;
}

/** `steps` steps after `warmup` steps, timed; the backend is disposed of after. */
export async function measure(label: string, backend: SolverBackend, warmup: number, steps: number): Promise<Measurement> {
  try {
    let done = 0;
    while (done < warmup) done += (await backend.advance(1, { maxWallMs: 1e9, maxSteps: warmup - done })).steps;
    const start = performance.now();
    const cpu0 = process.cpuUsage();
    const first = backend.steps();
    while (backend.steps() - first < steps) await backend.advance(1, { maxWallMs: 1e9, maxSteps: steps - (backend.steps() - first) });
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpu0);
    const n = backend.steps() - first;
    const particles = backend.particleCount();
    return {
      label, device: backend.device, particles, steps: n, msPerStep: ms / n,
      particleStepsPerSecond: (particles * n) / (ms / 1000), bytesPerParticle: backend.bytesPerParticle,
      cpuLoad: (cpu.user + cpu.system) / 1000 / ms,
    };
  } finally {
    await backend.dispose();
  }
}

/**
 * The Node WebGPU backend (Dawn) for a case, and whether its adapter is a software one; null without one.
 * `baseline`: the host grid's whole cells and the generic kernels (GpuBackendOptions), the GPU's layout
 * before its half cells and case-built kernels, for a ratio measured in the same run.
 */
export async function gpuBackend(c: PreparedCase, baseline = false): Promise<{ backend: SolverBackend; software: boolean } | null> {
  try {
    const { requestNodeGpu, createNodeGpuBackend } = await import('../../src/solver/gpu/nodeGpu.ts');
    const probe = await requestNodeGpu();
    const software = probe.software;
    probe.device.destroy();
    const options = baseline ? { cells: 'whole', pipelines: 'generic' } as const : {};
    return { backend: await createNodeGpuBackend(engineSetupOf(c), options), software };
  } catch (e) {
    console.log(`no WebGPU adapter (${(e as Error).message}); GPU figures skipped`);
    return null;
  }
}

/** The figures side by side, with ratios against each size's one-thread CPU run where there is one. */
export function printMeasurements(results: Measurement[]): void {
  console.log('\ncase            device                                         particles  steps   ms/step   particle-steps/s  bytes/particle  cpu load  vs cpu x1');
  for (const r of results) {
    const of = / (cpu x2|gpu|chromium)$/.test(r.label) ? r.label.replace(/ (cpu x2|gpu|chromium)$/, ' cpu x1') : null;
    const base = results.find((b) => b.label === of || (b === r && r.label.endsWith(' cpu x1')));
    const ratio = base !== undefined ? (r.particleStepsPerSecond / base.particleStepsPerSecond).toFixed(2) : '-';
    console.log(
      `${r.label.padEnd(15)} ${r.device.slice(0, 46).padEnd(46)} ${String(r.particles).padStart(9)} ${String(r.steps).padStart(6)} ` +
      `${r.msPerStep.toFixed(1).padStart(9)} ${r.particleStepsPerSecond.toExponential(3).padStart(18)} ${String(r.bytesPerParticle).padStart(15)} ` +
      `${(Number.isNaN(r.cpuLoad) ? '-' : r.cpuLoad.toFixed(2)).padStart(9)} ${ratio.padStart(10)}`,
    );
  }
  for (const r of results.filter((m) => m.particles > 5_000_000)) {
    console.log(`${r.label}: ${r.bytesPerParticle} bytes/particle on the GPU (target ≤ 300 at 10M)`);
  }
}

/** The fastest GPU figure against the 2e8 particle-steps/s target (published WCSPH on an RTX 3090: 1.2–1.4e8). */
export function printGpuTarget(results: Measurement[], realGpu: boolean): void {
  const gpuBest = results.filter((r) => r.label.endsWith('gpu') || r.label.endsWith('chromium')).sort((a, b) => b.particleStepsPerSecond - a.particleStepsPerSecond)[0];
  if (gpuBest === undefined) return;
  const target = 2e8;
  console.log(`GPU best: ${gpuBest.particleStepsPerSecond.toExponential(3)} particle-steps/s (${gpuBest.label}); ` +
    `target on a workstation GPU ≥ ${target.toExponential(0)}${realGpu ? (gpuBest.particleStepsPerSecond >= target ? ' — met' : ' — not met') : ' (not measurable on SwiftShader)'}`);
}
