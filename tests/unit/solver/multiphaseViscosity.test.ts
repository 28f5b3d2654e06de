// Viscosity tables with several fluids (src/solver/physics/viscosity.ts, the multiphase terms of
// physics/rates.ts): two layers, the lower fluid with a shear-rate table, the upper one with a constant ν.
// - In a uniform shear u_x = a z the corrected SPH velocity gradient is exact, so every particle of the
//   table's fluid must read its table at γ̇ = a and the other fluid its constant; the viscous rates with
//   the table must equal those of the same case given the table's ν as a constant, at the interface too.
// - Two-layer Couette flow: u_x = a1 z below and a2 z above with the shear stress continuous,
//   ρ1 ν(a1) a1 = ρ2 ν2 a2 (the analytic profile of two layers between plates), is steady, so the viscous
//   force on the particle layers around the interface must vanish.
// - A temperature table on one fluid reads each particle's own temperature, and at one temperature gives
//   the rates of its ν as a constant.
// - A run through the engine writes each fluid's ν: the table's at its particles' shear rate, the constant
//   for the other. The GPU backend takes the case (gpuMultiphase.test.ts compares it with the CPU).
import { describe, expect, it } from 'vitest';
import { ParticleKind, allocateParticles, type ParticleStore } from '../../../src/solver/particles.ts';
import { createSortScratch, makeGrid, sortByCell } from '../../../src/solver/grid.ts';
import { ShiftingMode, WallMode, buildPhysicsParams, type PhaseMaterial } from '../../../src/solver/params.ts';
import { SMOOTHING_RATIO } from '../../../src/solver/kernel.ts';
import { RATE_VISCOUS, RATE_STORE_VISCOUS, fluidRates } from '../../../src/solver/physics/rates.ts';
import { allocateNeighbourLists, buildNeighbourLists, listBytesPerParticle } from '../../../src/solver/physics/neighbourLists.ts';
import { ViscosityKindCode, particleViscosities, viscosityAt, viscosityTableOf } from '../../../src/solver/physics/viscosity.ts';
import { checkCaseSupport } from '../../../src/solver/caseInput.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../../src/solver/output/outputReader.ts';
import { UnsupportedCaseError } from '../../../src/solver/caseInput.ts';
import { AIR, WATER, layeredTankSetup } from '../../../src/solver/cases/multiphaseCases.ts';

const DX = 0.01;
const N = 12;
/** A shear-thinning table: ν falls from 4e-5 at 0.1/s to 1e-6 at 100/s. */
const SHEAR = { rate: [0.1, 1, 10, 100], nu: [4e-5, 2e-5, 5e-6, 1e-6] };
const SHEAR_RATE = 3;
const UPPER_NU = 1e-5;

/** An N³ lattice, the lower half fluid 0 (ρ 1000) sheared at `lower`, the upper half fluid 1 (ρ 600) at `upper`. */
function twoLayers(lower = SHEAR_RATE, upper = SHEAR_RATE): { s: ParticleStore; n: number } {
  const n = N * N * N;
  const s = allocateParticles(n, false);
  let i = 0;
  for (let a = 0; a < N; a++) {
    for (let b = 0; b < N; b++) {
      for (let c = 0; c < N; c++) {
        const z = (c + 0.5 - N / 2) * DX;
        const below = z < 0;
        s.f.x[i] = (a + 0.5) * DX;
        s.f.y[i] = (b + 0.5) * DX;
        s.f.z[i] = z;
        s.f.rho[i] = below ? 1000 : 600;
        s.f.mass[i] = s.f.rho[i] * DX ** 3;
        s.f.vx[i] = (z < 0 ? lower : upper) * z;
        s.kind[i] = ParticleKind.fluid;
        s.body[i] = below ? 0 : 1;
        s.id[i] = i;
        i++;
      }
    }
  }
  return { s, n };
}

/**
 * Viscous accelerations (fvx) and ν per particle of the two layers, the lower one's ν from `lower`;
 * `temperature` of each particle by its height and fluid (default: the store's zero).
 */
function viscousRates(
  lower: PhaseMaterial, shear: [number, number] = [SHEAR_RATE, SHEAR_RATE], temperature?: (z: number, body: number) => number,
): { nu: Float64Array; fvx: Float32Array; fvz: Float32Array; x: Float64Array; y: Float64Array; z: Float64Array; body: Uint32Array; temp: Float64Array } {
  const { s, n } = twoLayers(...shear);
  if (temperature !== undefined) for (let i = 0; i < n; i++) s.f.temp[i] = temperature(s.f.z[i], s.body[i]);
  const upper: PhaseMaterial = { rho0: 600, c0: 20, gamma: 7, nu: UPPER_NU };
  const prm = buildPhysicsParams({
    dx: DX, rho0: 1000, c0: 20, gamma: 7, nu: 0, gravity: [0, 0, 0], wallMode: WallMode.riemann,
    lowDissipation: true, shifting: ShiftingMode.zero, densityLimiter: false, densityThreshold: 0.3,
    noSlip: [0, 0], bodyBoundary: [-1, -1], boundaries: [], domainActive: false, domainMin: [0, 0, 0], domainMax: [0, 0, 0],
    multiphase: { bodyPhase: [0, 1], materials: [lower, upper] },
  }, SMOOTHING_RATIO);
  const grid = makeGrid([-DX, -DX, -(N / 2 + 1) * DX], [(N + 1) * DX, (N + 1) * DX, (N / 2 + 1) * DX], 2 * prm.h, n);
  const cellStart = new Int32Array(grid.nCells + 1);
  const wallStart = new Int32Array(grid.nCells + 1);
  sortByCell(s, n, grid, cellStart, createSortScratch(grid, n));
  particleViscosities(s, grid, cellStart, wallStart, null, prm, 0, n);
  const lists = allocateNeighbourLists(n, 0, listBytesPerParticle(prm.support2, DX), false);
  buildNeighbourLists(s, grid, cellStart, wallStart, null, 0, n, lists, prm.support2);
  fluidRates(s, grid, cellStart, wallStart, prm, 0, n, RATE_VISCOUS | RATE_STORE_VISCOUS, lists, prm.support2);
  const cut = <T extends Float64Array | Float32Array | Uint32Array>(a: T) => a.slice(0, n) as T;
  return {
    nu: cut(s.f.visc), fvx: cut(s.f.fvx), fvz: cut(s.f.fvz), x: cut(s.f.x), y: cut(s.f.y), z: cut(s.f.z), body: cut(s.body), temp: cut(s.f.temp),
  };
}

describe('viscosity tables with several fluids', () => {
  const table = viscosityTableOf(ViscosityKindCode.shearRate, SHEAR.rate, SHEAR.nu);
  const expected = viscosityAt(table, SHEAR_RATE);

  it('gives the table fluid ν of its table at the local shear rate and the other fluid its constant', () => {
    const r = viscousRates({ rho0: 1000, c0: 20, gamma: 7, nu: 4e-5, viscosity: table });
    let worst = 0, lower = 0, upper = 0;
    for (let i = 0; i < r.nu.length; i++) {
      if (r.body[i] === 0) {
        worst = Math.max(worst, Math.abs(r.nu[i] / expected - 1));
        lower++;
      } else {
        expect(r.nu[i]).toBe(UPPER_NU);
        upper++;
      }
    }
    console.log(`${lower} particles of the table fluid at γ̇ = ${SHEAR_RATE}/s: ν_table = ${expected.toExponential(4)} m²/s, ` +
      `largest relative difference ${worst.toExponential(2)} (tolerance 1e-9); ${upper} of the other fluid at ${UPPER_NU} m²/s`);
    expect(expected).toBeCloseTo(2e-5 - (2 / 9) * 1.5e-5, 15);
    expect(worst).toBeLessThan(1e-9);
  });

  it('gives the same viscous rates, at the interface too, as the table ν given as a constant', () => {
    const withTable = viscousRates({ rho0: 1000, c0: 20, gamma: 7, nu: 4e-5, viscosity: table });
    const constant = viscousRates({ rho0: 1000, c0: 20, gamma: 7, nu: expected });
    let scale = 0, worst = 0, interfaceForce = 0;
    for (let i = 0; i < withTable.fvx.length; i++) scale = Math.max(scale, Math.abs(constant.fvx[i]), Math.abs(constant.fvz[i]));
    for (let i = 0; i < withTable.fvx.length; i++) {
      worst = Math.max(worst, Math.abs(withTable.fvx[i] - constant.fvx[i]), Math.abs(withTable.fvz[i] - constant.fvz[i]));
      if (Math.abs(withTable.z[i]) < DX) interfaceForce = Math.max(interfaceForce, Math.abs(withTable.fvx[i]));
    }
    console.log(`largest viscous acceleration ${scale.toExponential(3)} m/s² (interface particles ${interfaceForce.toExponential(3)}); ` +
      `largest difference table − constant ${worst.toExponential(2)} (tolerance 1e-9 of the largest)`);
    expect(interfaceForce).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-9 * scale);
  });

  it('reads a temperature table on one fluid at each particle\'s own temperature, and at one temperature gives the rates of its ν as a constant', () => {
    const byTemperature = viscosityTableOf(ViscosityKindCode.temperature, [280, 300, 350], [4e-5, 1e-5, 2e-6]);
    const lowerFluid = { rho0: 1000, c0: 20, gamma: 7, nu: 4e-5, viscosity: byTemperature };
    // A temperature rising through the lower fluid (290–340 K); the other fluid far outside the table.
    const graded = viscousRates(lowerFluid, undefined, (z, body) => (body === 0 ? 345 + 1000 * z : 500));
    let worst = 0, lo = Infinity, hi = -Infinity;
    for (let i = 0; i < graded.nu.length; i++) {
      if (graded.body[i] !== 0) {
        expect(graded.nu[i]).toBe(UPPER_NU);
        continue;
      }
      worst = Math.max(worst, Math.abs(graded.nu[i] - viscosityAt(byTemperature, graded.temp[i])));
      lo = Math.min(lo, graded.nu[i]);
      hi = Math.max(hi, graded.nu[i]);
    }
    console.log(`temperature table on the lower fluid: ν ${lo.toExponential(2)}–${hi.toExponential(2)} m²/s, largest |ν − ν_table(T)| ${worst.toExponential(2)} (tolerance 1e-18)`);
    expect(hi / lo).toBeGreaterThan(5);
    expect(worst).toBeLessThan(1e-18);
    // At 310 K throughout the lower fluid the rates, across the interface too, are those of ν(310 K) as a constant.
    const at310 = viscosityAt(byTemperature, 310);
    const withTable = viscousRates(lowerFluid, undefined, (_, body) => (body === 0 ? 310 : 500));
    const constant = viscousRates({ rho0: 1000, c0: 20, gamma: 7, nu: at310 });
    let scale = 0, diff = 0;
    for (let i = 0; i < withTable.fvx.length; i++) {
      scale = Math.max(scale, Math.abs(constant.fvx[i]), Math.abs(constant.fvz[i]));
      diff = Math.max(diff, Math.abs(withTable.fvx[i] - constant.fvx[i]), Math.abs(withTable.fvz[i] - constant.fvz[i]));
    }
    console.log(`at 310 K: ν_table = ${at310.toExponential(4)} m²/s, largest viscous acceleration ${scale.toExponential(3)} m/s², difference table − constant ${diff.toExponential(2)} (tolerance 1e-9 of the largest)`);
    expect(diff).toBeLessThan(1e-9 * scale);
  });

  it('holds the two-layer Couette profile: the viscous force around the interface within 10 % of τ/Δx', () => {
    // Shear stress τ = ρ1 ν(a1) a1 in both layers: the upper shear a2 = τ / (ρ2 ν2).
    const tau = 1000 * expected * SHEAR_RATE;
    const upperShear = tau / (600 * UPPER_NU);
    const residual = (lower: PhaseMaterial) => {
      const r = viscousRates(lower, [SHEAR_RATE, upperShear]);
      // Mean force per volume ρ a_x of each particle layer, over the columns a kernel away from the block's sides.
      const layers = new Map<number, { sum: number; n: number }>();
      for (let i = 0; i < r.z.length; i++) {
        const inner = (v: number) => v > 3 * DX && v < (N - 3) * DX;
        if (!inner(r.x[i]) || !inner(r.y[i]) || Math.abs(r.z[i]) > 3 * DX) continue;
        const key = Math.round(r.z[i] / DX - 0.5);
        const l = layers.get(key) ?? { sum: 0, n: 0 };
        l.sum += (r.body[i] === 0 ? 1000 : 600) * r.fvx[i];
        l.n++;
        layers.set(key, l);
      }
      return Math.max(...[...layers.values()].map((l) => Math.abs(l.sum / l.n))) / (tau / DX);
    };
    const withTable = residual({ rho0: 1000, c0: 20, gamma: 7, nu: 4e-5, viscosity: table });
    // The same layers with the table ignored (its largest ν as a constant) are far from balanced.
    const ignored = residual({ rho0: 1000, c0: 20, gamma: 7, nu: 4e-5 });
    console.log(`two-layer Couette, a1 = ${SHEAR_RATE}/s (ν = ${expected.toExponential(3)} m²/s by the table), a2 = ${upperShear.toFixed(3)}/s, ` +
      `τ = ${tau.toFixed(4)} Pa: largest layer force around the interface ${(100 * withTable).toFixed(2)} % of τ/Δx (reference 0, ` +
      `tolerance 10 %); with the table's largest ν as a constant ${(100 * ignored).toFixed(1)} %`);
    expect(withTable).toBeLessThan(0.1);
    expect(ignored).toBeGreaterThan(0.1);
  });

  const tableTank = () => {
    const setup = layeredTankSetup(
      { size: [0.04, 2 * DX, 0.06], lowerDepth: 0.02, upperDepth: 0.02, dx: DX, lower: WATER, upper: AIR }, 20,
      { endTime: 0.004, outputTimeInterval: 0.002, integrationScheme: 'runge_kutta_4' },
    );
    setup.materials[0] = { ...setup.materials[0], viscosityKind: 'shear_rate', viscosityShearRateTableId: 'nu-of-shear' };
    setup.dataTables = [{ id: 'nu-of-shear', headers: ['shear_rate', 'kinematic_viscosity'], table: [SHEAR.rate, SHEAR.nu], resultCount: 4 }];
    return setup;
  };

  it('runs a table fluid under a constant one and writes each fluid its ν', async () => {
    const setup = tableTank();
    expect(checkCaseSupport(setup)).toEqual([]);
    const sink = new MemorySink();
    const run = await createSolverRun(setup, nodePlatform, { sink, threads: 1 });
    // The viscous step bound takes the largest ν of any fluid: the table's first row here.
    expect(run.prepared.prm.nu).toBe(4e-5);
    const summary = await run.start();
    expect(summary.status).toBe('completed');
    const meta = await readOutputMeta(sink, 2);
    const water = await readOutputObject(sink, 2, meta, 'fluid_0');
    const air = await readOutputObject(sink, 2, meta, 'fluid_1');
    const nuWater = water.attributes.get('kinematic_viscosity') as Float32Array;
    const nuAir = air.attributes.get('kinematic_viscosity') as Float32Array;
    for (const v of nuWater) expect(v >= Math.fround(1e-6) && v <= Math.fround(4e-5)).toBe(true);
    for (const v of nuAir) expect(v).toBe(Math.fround(AIR.kinematicViscosity));
  });

  it('is taken by the GPU backend', async () => {
    // Past the GPU's refusals the run asks the platform for its GPU backend, which this one lacks
    // (gpuMultiphase.test.ts runs per-fluid tables on the GPU).
    const error = await createSolverRun(tableTank(), { ...nodePlatform, createGpuBackend: null }, { sink: new MemorySink(), backend: 'gpu' })
      .then(async (r) => r.start())
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UnsupportedCaseError);
    expect((error as Error).message).toBe('this platform offers no GPU backend');
  });
});
