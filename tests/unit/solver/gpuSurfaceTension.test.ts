// Surface tension in combination on the WebGPU backend (Dawn, here on SwiftShader) against the CPU
// backend, without gravity, so that surface tension alone sets the liquid moving:
// - with heat transfer: a drop on a plate held hotter than the drop (the temperature and the surface
//   delta each have a place of their own on the GPU);
// - with a viscosity table: the same drop shear-thinning, ν of its shear rate (ν of the step and the
//   interface normal side by side), and the heated drop with ν of its temperature (all three at once);
// - between two fluids: a cube of water in a block of lighter oil, σ carried by the water, whose
//   interface with the oil is its surface.
// The GPU computes in float32, the CPU in float64: over these few dozen steps float32 rounding stays
// below 1e-2 of Δx, of the largest velocity and of the largest pressure and 1e-4 of ρ0, while a force
// missing or computed differently (a delta read from the temperature, a normal overwritten by ν) moves
// the results by tens of percent.
import { nodeGpuAvailable } from '../../support/gpu.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { createNodeGpuBackend } from '../../../src/solver/gpu/nodeGpu.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape } from '../../../src/domain/shape.ts';
import { defaultFlowComponent } from '../../../src/domain/component.ts';
import type { EngineSnapshot, SolverBackend } from '../../../src/solver/engine.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { sessileDropCase } from './cases.ts';

let available = false;

beforeAll(async () => {
  available = await nodeGpuAvailable('GPU tests are');
});

const DX = 0.001;
const UNTIL = 0.008;

async function runBoth(setup: SetupDocument): Promise<{ a: EngineSnapshot; b: EngineSnapshot; bodyPhase: readonly number[] | null }> {
  const c = await prepareCase(setup);
  const cpu: SolverBackend = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
  const gpu = await createNodeGpuBackend(engineSetupOf(c));
  try {
    while (cpu.time() < UNTIL) await cpu.advance(UNTIL, { maxWallMs: 1e9, maxSteps: 1e9 });
    while (gpu.time() < UNTIL) await gpu.advance(UNTIL, { maxWallMs: 1e9, maxSteps: 1e9 });
    return { a: await cpu.snapshot(), b: await gpu.snapshot(), bodyPhase: c.prm.phases?.bodyPhase ?? null };
  } finally {
    await cpu.dispose();
    await gpu.dispose();
  }
}

interface Difference {
  n: number;
  dx: number;
  dv: number;
  vMax: number;
  dp: number;
  pMax: number;
  drho: number;
  rho0: number;
  dT: number;
  tChange: number;
  dNu: number;
  nuMin: number;
  nuMax: number;
}

/** Largest CPU/GPU differences of the fluid particles (of one phase when `phase` is given), by particle id. */
function differences(a: EngineSnapshot, b: EngineSnapshot, rho0: number, t0: number, phaseOf: ((body: number) => number) | null = null, phase = 0): Difference {
  const byId = new Map<number, number>();
  for (let j = 0; j < b.count; j++) byId.set(b.id[j], j);
  const d: Difference = { n: 0, dx: 0, dv: 0, vMax: 0, dp: 0, pMax: 0, drho: 0, rho0, dT: 0, tChange: 0, dNu: 0, nuMin: Infinity, nuMax: 0 };
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] !== ParticleKind.fluid || (phaseOf !== null && phaseOf(a.body[i]) !== phase)) continue;
    const j = byId.get(a.id[i]);
    expect(j).toBeDefined();
    if (j === undefined) continue;
    d.n++;
    d.dx = Math.max(d.dx, Math.hypot(a.x[i] - b.x[j], a.y[i] - b.y[j], a.z[i] - b.z[j]));
    d.dv = Math.max(d.dv, Math.hypot(a.vx[i] - b.vx[j], a.vy[i] - b.vy[j], a.vz[i] - b.vz[j]));
    d.vMax = Math.max(d.vMax, Math.hypot(a.vx[i], a.vy[i], a.vz[i]));
    d.dp = Math.max(d.dp, Math.abs(a.p[i] - b.p[j]));
    d.pMax = Math.max(d.pMax, Math.abs(a.p[i]));
    d.drho = Math.max(d.drho, Math.abs(a.rho[i] - b.rho[j]));
    if (a.temp !== undefined) {
      d.dT = Math.max(d.dT, Math.abs(a.temp[i] - (b.temp?.[j] ?? Number.NaN)));
      d.tChange = Math.max(d.tChange, Math.abs(a.temp[i] - t0));
    }
    const nu = a.kinematicViscosity?.[i] ?? Number.NaN;
    d.dNu = Math.max(d.dNu, Math.abs(nu - (b.kinematicViscosity?.[j] ?? Number.NaN)));
    d.nuMin = Math.min(d.nuMin, nu);
    d.nuMax = Math.max(d.nuMax, nu);
  }
  return d;
}

function report(name: string, steps: number, d: Difference): void {
  console.log(`${name}, CPU vs GPU after ${steps} steps, ${d.n} fluid particles: |Δx| ≤ ${(d.dx / DX).toExponential(2)} Δx, ` +
    `|Δv| ≤ ${(d.dv / d.vMax).toExponential(2)} vmax (${d.vMax.toFixed(4)} m/s), |Δp| ≤ ${(d.dp / d.pMax).toExponential(2)} pmax ` +
    `(${d.pMax.toFixed(2)} Pa), |Δρ| ≤ ${(d.drho / d.rho0).toExponential(2)} ρ0 (tolerances 1e-2, 1e-2, 1e-2, 1e-4)` +
    (d.tChange > 0 ? `, |ΔT| ≤ ${d.dT.toExponential(2)} K = ${(d.dT / d.tChange).toExponential(2)} of the largest change ${d.tChange.toFixed(3)} K (tolerance 1e-3)` : '') +
    `, ν ${d.nuMin.toExponential(2)}–${d.nuMax.toExponential(2)} m²/s, |Δν| ≤ ${(d.dNu / d.nuMax).toExponential(2)} of the largest (tolerance 1e-3)`);
}

function expectAgreement(d: Difference): void {
  expect(d.pMax).toBeGreaterThan(0);
  expect(d.dx).toBeLessThan(0.01 * DX);
  expect(d.dv).toBeLessThan(0.01 * d.vMax);
  expect(d.dp).toBeLessThan(0.01 * d.pMax);
  expect(d.drho).toBeLessThan(1e-4 * d.rho0);
  expect(d.dT).toBeLessThanOrEqual(1e-3 * d.tChange);
  expect(d.dNu).toBeLessThanOrEqual(1e-3 * d.nuMax);
}

/** The sessile drop of gpu.test.ts (8 × 8 × 5 Δx of liquid on a plate, contact angle 60°). */
const drop = () => sessileDropCase(DX, [8, 8, 5], 60);

const T0 = 300;

/** The drop at T0 on the plate held at 350 K. */
function heatedDrop(): SetupDocument {
  const setup = drop();
  setup.settings = { ...setup.settings, thermodynamics: true, ambientTemperature: T0 };
  // Diffusivity k / (ρ c_p) = 1e-4 m²/s: heat spreads about a spacing into the drop within the run.
  setup.materials[0] = { ...setup.materials[0], density: 1000, thermalConductivity: 100, specificHeatCapacity: 1000 };
  for (const part of setup.parts) {
    const c = part.component;
    if (c.type === 'rigid') Object.assign(c, { thermoKind: 'temperature', boundaryTemperature: 350 });
    else if (c.type === 'flow') c.initialTemperature = T0;
  }
  return setup;
}

describe('GPU backend, surface tension in combination', () => {
  it('pulls a drop together and heats it from the plate as the CPU backend does', async (ctx) => {
    if (!available) ctx.skip();
    const { a, b } = await runBoth(heatedDrop());
    expect(b.step).toBe(a.step);
    const d = differences(a, b, 1000, T0);
    report('surface tension with heat transfer', a.step, d);
    expect(d.n).toBe(320);
    expect(d.vMax).toBeGreaterThan(0.005);
    // The plate heated the drop's bottom by kelvins, not by rounding.
    expect(d.tChange).toBeGreaterThan(2);
    expectAgreement(d);
  }, 300_000);

  it('heats a drop whose ν falls with its temperature by a table as the CPU backend does (all three slots at once)', async (ctx) => {
    if (!available) ctx.skip();
    const setup = heatedDrop();
    setup.materials[0] = { ...setup.materials[0], viscosityKind: 'temperature', viscosityTemperatureTableId: 'warming' };
    setup.dataTables = [
      { id: 'warming', headers: ['temperature', 'kinematic_viscosity'], table: [[300, 320], [6e-4, 1.5e-4]], resultCount: 2 },
    ];
    const { a, b } = await runBoth(setup);
    expect(b.step).toBe(a.step);
    const d = differences(a, b, 1000, T0);
    report('surface tension with heat transfer and a temperature viscosity table', a.step, d);
    expect(d.n).toBe(320);
    expect(d.vMax).toBeGreaterThan(0.005);
    expect(d.tChange).toBeGreaterThan(2);
    expect(d.nuMax / d.nuMin).toBeGreaterThan(1.5);
    expectAgreement(d);
  }, 300_000);

  it('pulls a shear-thinning drop together, ν of its shear rate, as the CPU backend does', async (ctx) => {
    if (!available) ctx.skip();
    const setup = drop();
    setup.materials[0] = { ...setup.materials[0], density: 1000, viscosityKind: 'shear_rate', viscosityShearRateTableId: 'thinning' };
    setup.dataTables = [
      { id: 'thinning', headers: ['shear_rate', 'kinematic_viscosity'], table: [[10, 40], [6e-4, 1.5e-4]], resultCount: 2 },
    ];
    const { a, b } = await runBoth(setup);
    expect(b.step).toBe(a.step);
    const d = differences(a, b, 1000, 0);
    report('surface tension with a shear-rate viscosity table', a.step, d);
    expect(d.n).toBe(320);
    expect(d.vMax).toBeGreaterThan(0.005);
    // ν spans the table across the drop (not one constant).
    expect(d.nuMax / d.nuMin).toBeGreaterThan(1.5);
    expectAgreement(d);
  }, 300_000);

  it('pulls a cube of water in oil together, σ carried by the water, as the CPU backend does', async (ctx) => {
    if (!available) ctx.skip();
    // A cube of 4³ water particles in a block of 8³ oil (ratio 1.25), no walls: the oil's outer surface is
    // free and without tension, the water's interface with the oil carries σ.
    const setup = drop();
    setup.settings = { ...setup.settings, multiphase: true, dynamicTimeStep: false };
    setup.materials = [
      { ...setup.materials[0], id: 0, name: 'Water', density: 1000, gamma: 7 },
      { ...setup.materials[0], id: 1, name: 'Oil', density: 800, gamma: 7 },
    ];
    setup.parts = [
      createPart({ id: 'water', name: 'Water', component: defaultFlowComponent(), materialId: 0, shape: cubeShape([4 * DX, 4 * DX, 4 * DX], [0, 0, 0]) }),
      createPart({ id: 'oil', name: 'Oil', component: defaultFlowComponent(), materialId: 1, shape: cubeShape([8 * DX, 8 * DX, 8 * DX], [0, 0, 0]) }),
    ];
    const { a, b, bodyPhase } = await runBoth(setup);
    expect(b.step).toBe(a.step);
    expect(bodyPhase).not.toBeNull();
    const phaseOf = (body: number) => bodyPhase?.[body] ?? -1;
    const water = differences(a, b, 1000, 0, phaseOf, 0);
    const oil = differences(a, b, 800, 0, phaseOf, 1);
    report('surface tension between two fluids: the water', a.step, water);
    report('surface tension between two fluids: the oil', a.step, oil);
    expect(water.n).toBe(64);
    expect(oil.n).toBe(512 - 64);
    // The interface loads the water: half the Laplace pressure 2σ/R of a sphere of its volume at least
    // (the oil, without tension, stays near 0), and its corners move in.
    const radius = Math.cbrt((3 * 64 * DX ** 3) / (4 * Math.PI));
    expect(water.pMax).toBeGreaterThan((0.5 * 2 * setup.settings.sigma) / radius);
    expect(water.vMax).toBeGreaterThan(0.002);
    expectAgreement(water);
    expectAgreement(oil);
  }, 300_000);
});
