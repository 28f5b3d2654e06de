// Several fluids on the WebGPU backend (Dawn, here on SwiftShader) against the CPU backend: a small tank
// with water under a light oil (ratio 1.67) and water under air (ratio 833), the water set moving
// along the tank so that the interface shears, the side wall compresses the water and shifting works
// at the interface. The GPU computes in float32, the CPU in float64: a pair sum of ~60 neighbours
// rounds at ~1e-7 relative each evaluation and the flow here does not amplify it much over 20 steps,
// so 1 % (of Δx, of the largest velocity, of each fluid's largest pressure, and 1e-4 of each fluid's
// reference density) separates float32 rounding from a term computed differently: one wrong pair term
// (a missing interface pressure, the single-fluid viscosity across the interface) moves the
// results by tens of percent within these steps. With heat transfer the same tank conducts inside each
// fluid, across the interface (twice the harmonic mean of the two conductivities over each side's own
// ρ c_p) and from temperature walls (each fluid's own k and c_p); with viscosity tables each fluid reads
// its own table (a shear-rate table, a temperature table, one after the other in the GPU's uniform).
import { nodeGpuAvailable } from '../../support/gpu.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { createNodeGpuBackend } from '../../../src/solver/gpu/nodeGpu.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import type { EngineSnapshot, SolverBackend } from '../../../src/solver/engine.ts';
import type { SimulationSettings } from '../../../src/domain/settings.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { AIR, LIGHT_OIL, WATER, layeredTankSetup, type FluidSpec } from '../../../src/solver/cases/multiphaseCases.ts';

let available = false;

beforeAll(async () => {
  available = await nodeGpuAvailable('GPU tests are');
});

const DX = 0.01;
/** About 20 steps of Δt = 1.2 h / c0 (c0 = 20 m/s). */
const UNTIL = 0.016;
const WATER_SPEED = 0.3;

function movingLayers(upper: FluidSpec, settings: Partial<SimulationSettings>) {
  const setup = layeredTankSetup(
    { size: [0.08, 0.03, 0.08], lowerDepth: 0.03, upperDepth: 0.03, dx: DX, lower: WATER, upper }, 20, { endTime: UNTIL, ...settings },
  );
  const water = setup.parts.find((p) => p.id === 'lower');
  if (water === undefined || water.component.type !== 'flow') throw new Error('layered tank without its lower part');
  water.component.initialVelocity = [WATER_SPEED, 0, 0];
  return setup;
}

interface PhaseDifference {
  n: number;
  dx: number;
  dv: number;
  dp: number;
  drho: number;
  pMax: number;
  /** Largest temperature difference and largest change from the fluid's initial temperature (CPU). */
  dT: number;
  tChange: number;
  /** Largest difference of ν of the step, and the fluid's range of ν (CPU). */
  dNu: number;
  nuMin: number;
  nuMax: number;
}

/** Water at 350 K under the light oil at 300 K, the tank's walls held at 320 K. */
const HEAT = { water: { k: 1000, cp: 100, t0: 350 }, oil: { k: 300, cp: 200, t0: 300 }, wall: 320 };

function heatedLayers(settings: Partial<SimulationSettings>) {
  const setup = movingLayers(LIGHT_OIL, { ...settings, thermodynamics: true, ambientTemperature: HEAT.wall });
  // Diffusivities k / (ρ c_p) of 0.01 and 0.0025 m²/s: heat spreads about a spacing within the run.
  setup.materials[0] = { ...setup.materials[0], thermalConductivity: HEAT.water.k, specificHeatCapacity: HEAT.water.cp };
  setup.materials[1] = { ...setup.materials[1], thermalConductivity: HEAT.oil.k, specificHeatCapacity: HEAT.oil.cp };
  for (const part of setup.parts) {
    const c = part.component;
    if (c.type === 'rigid') Object.assign(c, { thermoKind: 'temperature', boundaryTemperature: HEAT.wall });
    else if (c.type === 'flow') c.initialTemperature = part.id === 'lower' ? HEAT.water.t0 : HEAT.oil.t0;
  }
  return setup;
}

/**
 * The heated layers with strongly viscous tables (ν up to 1e-2 m²/s, so that the viscous force moves the
 * velocities by far more than the tolerance within the run): the water shear-thinning, ν of its shear
 * rate; the oil ν of its temperature, which the walls and the water raise from 300 K.
 */
function tableLayers(settings: Partial<SimulationSettings>) {
  const setup = heatedLayers(settings);
  setup.materials[0] = { ...setup.materials[0], viscosityKind: 'shear_rate', viscosityShearRateTableId: 'water-shear' };
  setup.materials[1] = { ...setup.materials[1], viscosityKind: 'temperature', viscosityTemperatureTableId: 'oil-temperature' };
  setup.dataTables = [
    { id: 'water-shear', headers: ['shear_rate', 'kinematic_viscosity'], table: [[0.3, 3, 30], [1e-2, 3e-3, 1e-3]], resultCount: 3 },
    { id: 'oil-temperature', headers: ['temperature', 'kinematic_viscosity'], table: [[290, 305, 320], [6e-3, 3e-3, 1e-3]], resultCount: 3 },
  ];
  return setup;
}

async function compare(setup: SetupDocument, upper: FluidSpec) {
  const heated = setup.settings.thermodynamics;
  const c = await prepareCase(setup);
  const cpu: SolverBackend = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
  const gpu = await createNodeGpuBackend(engineSetupOf(c));
  let a: EngineSnapshot, b: EngineSnapshot;
  try {
    while (cpu.time() < UNTIL) await cpu.advance(UNTIL, { maxWallMs: 1e9, maxSteps: 1e9 });
    while (gpu.time() < UNTIL) await gpu.advance(UNTIL, { maxWallMs: 1e9, maxSteps: 1e9 });
    a = await cpu.snapshot();
    b = await gpu.snapshot();
  } finally {
    await cpu.dispose();
    await gpu.dispose();
  }
  const phaseOf = c.prm.phases?.bodyPhase ?? [];
  const byId = new Map<number, number>();
  for (let j = 0; j < b.count; j++) byId.set(b.id[j], j);
  const phases: PhaseDifference[] = [0, 1].map(() => ({ n: 0, dx: 0, dv: 0, dp: 0, drho: 0, pMax: 0, dT: 0, tChange: 0, dNu: 0, nuMin: Infinity, nuMax: 0 }));
  let vMax = 0;
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] !== ParticleKind.fluid) continue;
    const j = byId.get(a.id[i]);
    expect(j).toBeDefined();
    if (j === undefined) continue;
    const d = phases[phaseOf[a.body[i]]];
    d.n++;
    d.dx = Math.max(d.dx, Math.hypot(a.x[i] - b.x[j], a.y[i] - b.y[j], a.z[i] - b.z[j]));
    d.dv = Math.max(d.dv, Math.hypot(a.vx[i] - b.vx[j], a.vy[i] - b.vy[j], a.vz[i] - b.vz[j]));
    d.dp = Math.max(d.dp, Math.abs(a.p[i] - b.p[j]));
    d.drho = Math.max(d.drho, Math.abs(a.rho[i] - b.rho[j]));
    d.pMax = Math.max(d.pMax, Math.abs(a.p[i]));
    const nu = a.kinematicViscosity?.[i] ?? Number.NaN;
    d.dNu = Math.max(d.dNu, Math.abs(nu - (b.kinematicViscosity?.[j] ?? Number.NaN)));
    d.nuMin = Math.min(d.nuMin, nu);
    d.nuMax = Math.max(d.nuMax, nu);
    if (heated) {
      const t = a.temp?.[i] ?? Number.NaN;
      d.dT = Math.max(d.dT, Math.abs(t - (b.temp?.[j] ?? Number.NaN)));
      d.tChange = Math.max(d.tChange, Math.abs(t - (phaseOf[a.body[i]] === 0 ? HEAT.water.t0 : HEAT.oil.t0)));
    }
    vMax = Math.max(vMax, Math.hypot(a.vx[i], a.vy[i], a.vz[i]));
  }
  console.log(`water under ${upper.name.toLowerCase()}, ${setup.settings.integrationScheme}, CPU vs GPU after ${a.step} steps ` +
    `(GPU ${b.step}), largest velocity ${vMax.toFixed(3)} m/s:`);
  phases.forEach((d, k) => {
    const rho0 = k === 0 ? WATER.density : upper.density;
    console.log(`  ${k === 0 ? 'water' : upper.name.toLowerCase()} (${d.n} particles): |Δx| ≤ ${(d.dx / DX).toExponential(2)} Δx, ` +
      `|Δv| ≤ ${(d.dv / vMax).toExponential(2)} vmax, |Δp| ≤ ${(d.dp / d.pMax).toExponential(2)} of its pmax ${d.pMax.toFixed(2)} Pa, ` +
      `|Δρ| ≤ ${(d.drho / rho0).toExponential(2)} ρ0 (tolerances 1e-2, 1e-2, 1e-2, 1e-4)` +
      (heated ? `, |ΔT| ≤ ${d.dT.toExponential(2)} K = ${(d.dT / d.tChange).toExponential(2)} of its largest change ${d.tChange.toFixed(3)} K (tolerance 1e-3)` : '') +
      `, ν ${d.nuMin.toExponential(2)}–${d.nuMax.toExponential(2)} m²/s, |Δν| ≤ ${(d.dNu / d.nuMax).toExponential(2)} of the largest (tolerance 1e-3)`);
  });
  return { a, b, phases, vMax, upper };
}

function expectAgreement(r: Awaited<ReturnType<typeof compare>>): void {
  expect(r.b.step).toBe(r.a.step);
  expect(r.vMax).toBeGreaterThan(0.25 * WATER_SPEED);
  r.phases.forEach((d, k) => {
    const rho0 = k === 0 ? WATER.density : r.upper.density;
    expect(d.n).toBe(72);
    expect(d.pMax).toBeGreaterThan(0);
    expect(d.dx).toBeLessThan(0.01 * DX);
    expect(d.dv).toBeLessThan(0.01 * r.vMax);
    expect(d.dp).toBeLessThan(0.01 * d.pMax);
    expect(d.drho).toBeLessThan(1e-4 * rho0);
    // Without heat transfer both keep 0; with it, relative to the largest change the fluid makes.
    expect(d.dT).toBeLessThanOrEqual(1e-3 * d.tChange);
    expect(d.dNu).toBeLessThanOrEqual(1e-3 * d.nuMax);
  });
}

describe('GPU backend, several fluids', () => {
  it('moves water under a light oil (ratio 1.67) as the CPU backend does (RK4, lyu21 shifting)', async (ctx) => {
    if (!available) ctx.skip();
    expectAgreement(await compare(movingLayers(LIGHT_OIL, { integrationScheme: 'runge_kutta_4', shifting: 'lyu21' }), LIGHT_OIL));
  }, 300_000);

  it('moves water under air (ratio 833) as the CPU backend does (dual time step, lyu21 shifting)', async (ctx) => {
    if (!available) ctx.skip();
    expectAgreement(await compare(movingLayers(AIR, { integrationScheme: 'dual_timestep_rk_4', shifting: 'lyu21' }), AIR));
  }, 300_000);

  it('conducts heat in water under a light oil between temperature walls as the CPU backend does (dual time step)', async (ctx) => {
    if (!available) ctx.skip();
    const r = await compare(heatedLayers({ integrationScheme: 'dual_timestep_rk_4', shifting: 'lyu21' }), LIGHT_OIL);
    expectAgreement(r);
    // Both fluids took and gave heat: each changed by kelvins, not by rounding.
    for (const d of r.phases) expect(d.tChange).toBeGreaterThan(2);
  }, 300_000);

  it('gives each fluid ν of its own table as the CPU backend does: shear rate in the water, temperature in the oil (RK4)', async (ctx) => {
    if (!available) ctx.skip();
    const r = await compare(tableLayers({ integrationScheme: 'runge_kutta_4', shifting: 'lyu21' }), LIGHT_OIL);
    expectAgreement(r);
    // Each fluid's ν spans its table (not one constant): shear rates and temperatures vary over the tank.
    for (const d of r.phases) expect(d.nuMax / d.nuMin).toBeGreaterThan(1.5);
  }, 300_000);
});
