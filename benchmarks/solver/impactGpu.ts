// The column impact case (impact.ts) on the WebGPU backend: in Node through Dawn, with the flow's quality
// sampled as on the CPU, and in headless Chromium (wall time only). The default settings, so the figures
// stand beside the CPU table's first row. On SwiftShader (a CPU emulation of a GPU) only a short span is
// simulated and the figures say nothing of a real GPU; they show that the case runs there.
// `node benchmarks/solver/impactGpu.ts [dx] [endTime]`.
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { columnImpactCase } from '../../src/solver/cases/impactCases.ts';
import { measureImpact } from '../../src/solver/cases/impactMetrics.ts';
import { fastestFluid, surgeFront } from '../../src/solver/cases/martinMoyce.ts';
import type { ChromiumSolver } from './chromium.ts';
import { FRONT_REFERENCE, WATER_WIDTH, edgeFromReferenceMm, waterEdge } from './impact.ts';
import type { SimulationSettings } from '../../src/domain/settings.ts';

export interface GpuImpactRun {
  label: string;
  device: string;
  particles: number;
  seconds: number;
  steps: number;
  bytesPerParticle: number;
  /** Surge front (m) at t = 0.3 s; NaN when the run ends before. */
  front03: number;
  worstNoise: number;
  maxSpeed: number;
  crossed: number;
}

/**
 * The case on the Node GPU backend to `endTime`, sampled every 0.02 s as the CPU run is. Without
 * `quality` only the front at 0.3 s and the fastest particle are taken (the noise's local means are
 * computed on the CPU: minutes per sample at a million particles).
 */
export async function runColumnImpactGpu(
  dx: number, endTime: number, settings: Partial<SimulationSettings> = {}, quality = true, log?: (line: string) => void,
): Promise<GpuImpactRun> {
  const { createNodeGpuBackend } = await import('../../src/solver/gpu/nodeGpu.ts');
  const c = columnImpactCase(dx, { endTime, ...settings });
  const prepared = await prepareCase(c.setup);
  const started = performance.now();
  const be = await createNodeGpuBackend(engineSetupOf(prepared));
  // Not measured without `quality`: NaN (null in JSON), not a zero that reads as a measurement.
  let worstNoise = quality ? 0 : Number.NaN, crossed = quality ? 0 : Number.NaN, maxSpeed = 0, front03 = Number.NaN;
  const sample = 0.02;
  try {
    for (let n = 1; n * sample <= endTime + 1e-9; n++) {
      const t = n * sample;
      while (be.time() < t - 1e-12) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1000 });
      const snap = await be.snapshot();
      if (Math.abs(be.time() - 0.3) < 1e-9) front03 = surgeFront(snap, dx);
      let fastest: number;
      if (quality) {
        const m = measureImpact(snap, c, prepared.prm);
        worstNoise = Math.max(worstNoise, m.noiseRms);
        crossed = Math.max(crossed, m.crossed);
        fastest = m.maxSpeed;
      } else {
        fastest = fastestFluid(snap);
      }
      maxSpeed = Math.max(maxSpeed, fastest);
      log?.(`t = ${t.toFixed(2)} s: ${be.steps()} steps, fastest ${fastest.toFixed(2)} m/s, front ${surgeFront(snap, dx).toFixed(4)} m, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return {
      label: 'gpu (Dawn)', device: be.device, particles: be.particleCount(), seconds: (performance.now() - started) / 1000,
      steps: be.steps(), bytesPerParticle: be.bytesPerParticle, front03, worstNoise, maxSpeed, crossed,
    };
  } finally {
    await be.dispose();
  }
}

export async function printColumnImpactGpu(dx: number, endTime: number, chromium: ChromiumSolver | null): Promise<void> {
  const c = columnImpactCase(dx, { endTime });
  const vRef = Math.sqrt(2 * 9.81 * c.water.size[2]);
  console.log(`\n--- column impact on the GPU: Δx = ${dx} m, ${endTime} s simulated, default settings`);
  console.log('backend          device                                  particles  steps  wall s  s per simulated s  bytes/particle  quality');
  const row = (label: string, device: string, particles: number, steps: number, seconds: number, bytes: number, quality: string) =>
    console.log(`${label.padEnd(16)} ${device.slice(0, 38).padEnd(38)} ${String(particles).padStart(10)} ${String(steps).padStart(6)} ` +
      `${seconds.toFixed(1).padStart(7)} ${(seconds / endTime).toFixed(1).padStart(18)} ${String(bytes).padStart(15)}  ${quality}`);
  try {
    const r = await runColumnImpactGpu(dx, endTime);
    row(r.label, r.device, r.particles, r.steps, r.seconds, r.bytesPerParticle,
      `front(0.3 s) ${Number.isNaN(r.front03) ? '-' : `${r.front03.toFixed(3)} m (edge ${edgeFromReferenceMm(r.front03, dx).toFixed(1)} mm from the ` +
        `${FRONT_REFERENCE.across}-across reference)`}, noise ${(100 * r.worstNoise / vRef).toFixed(1)} % of √(2gH), ` +
      `fastest ${r.maxSpeed.toFixed(2)} m/s (limit ${(2 * vRef).toFixed(2)}), crossed ${r.crossed}`);
  } catch (e) {
    console.log(`gpu (Dawn): not run (${(e as Error).message})`);
  }
  if (chromium !== null) {
    try {
      const m = await chromium.simulate(c.setup, endTime);
      row('gpu (Chromium)', m.device, m.particles, m.steps, m.ms / 1000, m.bytesPerParticle, '');
    } catch (e) {
      console.log(`gpu (Chromium): failed (${(e as Error).message.split('\n')[0]})`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === 'reference') {
  // The finer run behind FRONT_REFERENCE on the GPU (impact.ts reference runs it on the CPU): plain RK4 to
  // 0.3 s, the front and fastest particle printed every 0.02 s.
  const across = Number(process.argv[3] ?? 80);
  const dx = WATER_WIDTH / across;
  const r = await runColumnImpactGpu(dx, 0.3, { integrationScheme: 'runge_kutta_4' }, false, (line) => console.log(line));
  console.log(JSON.stringify({ across, dx, edge: waterEdge(r.front03, dx), ...r }));
  process.exit(0);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { startChromiumSolver } = await import('./chromium.ts');
  const chromium = await startChromiumSolver().catch(() => null);
  try {
    await printColumnImpactGpu(Number(process.argv[2] ?? 0.02), Number(process.argv[3] ?? 0.5), chromium);
  } finally {
    await chromium?.close();
  }
}
