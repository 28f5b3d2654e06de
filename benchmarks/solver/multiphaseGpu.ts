// Two fluids layered at rest (src/solver/cases/multiphaseCases.ts) on the CPU and the WebGPU backend over
// the whole run of the validation's layered tanks: each backend's pressure per water layer (mean over the
// second half of the run from 0.6 of it) against ρ_u g H_u + ρ_w g d, the interface's height spread and
// the particles beyond it, and the GPU's difference from the CPU per layer. For SwiftShader, where the
// validation skips the GPU tanks, a coarser tank runs in minutes:
// `node benchmarks/solver/multiphaseGpu.ts [air|oil] [dx] [width] [slab in Δx] [lower depth] [upper depth] [end]`
// (defaults: the validation's air tank, 0.005 0.06 4 0.04 0.04 1).
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { createNodeGpuBackend } from '../../src/solver/gpu/nodeGpu.ts';
import type { SolverBackend } from '../../src/solver/engine.ts';
import {
  AIR, LIGHT_OIL, WATER, layeredTankSetup, measureInterface, particlesByMaterial, type LayeredTank,
} from '../../src/solver/cases/multiphaseCases.ts';

const G = 9.81;
const SNAPSHOT_INTERVAL = 0.05;
const AVERAGE_FROM = 0.6;

interface TankResult {
  steps: number;
  seconds: number;
  spread: number;
  intruders: number;
  /** Mean pressure of each water layer, bottom first. */
  pressure: number[];
}

async function runTank(t: LayeredTank, end: number, backend: 'cpu' | 'gpu'): Promise<TankResult> {
  const c = await prepareCase(layeredTankSetup(t, 20, { integrationScheme: 'runge_kutta_4', endTime: end }));
  const be: SolverBackend = backend === 'gpu' ? await createNodeGpuBackend(engineSetupOf(c))
    : new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
  const bodyMaterial = c.bodies.map((b) => b.materialId);
  const layers = Math.round(t.lowerDepth / t.dx);
  const sums = new Array<number>(layers).fill(0);
  const counts = new Array<number>(layers).fill(0);
  let spread = 0, intruders = 0;
  const started = performance.now();
  try {
    const snapshots = Math.round(end / SNAPSHOT_INTERVAL);
    for (let k = 1; k <= snapshots; k++) {
      const time = (end * k) / snapshots;
      await be.advance(time, { maxWallMs: 1e9, maxSteps: 1e9 });
      const s = await be.snapshot();
      const by = particlesByMaterial(s, bodyMaterial);
      const lower = by.get(0) ?? [];
      const m = measureInterface(s, lower, by.get(1) ?? [], t, t.dx);
      intruders = Math.max(intruders, m.intruders);
      if (time < AVERAGE_FROM * end - 1e-9) continue;
      spread = Math.max(spread, m.spread);
      for (const i of lower) {
        const layer = Math.floor(s.z[i] / t.dx);
        if (layer < 0 || layer >= layers) continue;
        sums[layer] += s.p[i];
        counts[layer]++;
      }
    }
    return { steps: be.steps(), seconds: (performance.now() - started) / 1000, spread, intruders, pressure: sums.map((v, n) => v / counts[n]) };
  } finally {
    await be.dispose();
  }
}

const args = process.argv.slice(2);
const upper = args[0] === 'oil' ? LIGHT_OIL : AIR;
const [dx, width, slab, lowerDepth, upperDepth, end] = [0.005, 0.06, 4, 0.04, 0.04, 1].map((d, k) => (args[k + 1] === undefined ? d : Number(args[k + 1])));
const tank: LayeredTank = { size: [width, slab * dx, lowerDepth + upperDepth + 0.02], lowerDepth, upperDepth, dx, lower: WATER, upper };
const cpu = await runTank(tank, end, 'cpu');
const gpu = await runTank(tank, end, 'gpu');
console.log(`water under ${upper.name.toLowerCase()}, Δx = ${dx} m, ${end} s: CPU ${cpu.steps} steps in ${cpu.seconds.toFixed(0)} s, ` +
  `GPU ${gpu.steps} steps in ${gpu.seconds.toFixed(0)} s`);
console.log(`  interface spread: CPU ${(cpu.spread / dx).toFixed(2)} Δx, GPU ${(gpu.spread / dx).toFixed(2)} Δx; ` +
  `particles beyond it by more than 1 Δx: CPU ${cpu.intruders}, GPU ${gpu.intruders}`);
cpu.pressure.forEach((pc, n) => {
  const depth = lowerDepth - (n + 0.5) * dx;
  const reference = upper.density * G * upperDepth + WATER.density * G * depth;
  const pg = gpu.pressure[n];
  console.log(`  ${(depth / dx).toFixed(1)} Δx below the interface: reference ${reference.toFixed(1)} Pa, CPU ${pc.toFixed(2)} Pa ` +
    `(${(100 * (pc / reference - 1)).toFixed(2)} %), GPU ${pg.toFixed(2)} Pa (${(100 * (pg / reference - 1)).toFixed(2)} %), ` +
    `GPU − CPU ${(100 * (pg - pc) / reference).toFixed(3)} % of the reference`);
});
