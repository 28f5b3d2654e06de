// The thermal side of a setup reaches the conduction parameters: the material's k and c_p, each rigid
// part's wall condition by body id, and the temperature each body starts at; with several fluids each
// phase's constants and the unlike pair's harmonic mean. (Heat transfer on the GPU backend:
// tests/unit/solver/gpu.test.ts.)
import { describe, expect, it } from 'vitest';
import { caseThermal, engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readCheckpoint } from '../../../src/solver/output/checkpoint.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../../src/solver/cpu/nodeThreads.ts';
import { ThermoKindCode, fluidHeatRate, heatParamsOf, multiphaseHeatParamsOf, thermalDt } from '../../../src/solver/physics/heat.ts';
import { tankCase } from './cases.ts';

describe('caseThermal', () => {
  it('maps material, wall conditions and initial temperatures by body', () => {
    const setup = tankCase({ dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1], settings: { thermodynamics: true, ambientTemperature: 280 } });
    setup.materials[0].thermalConductivity = 0.5;
    setup.materials[0].specificHeatCapacity = 4000;
    const tank = setup.parts[0].component;
    const water = setup.parts[1].component;
    if (tank.type !== 'rigid' || (water.type !== 'flow' && water.type !== 'filling')) throw new Error('unexpected tank case');
    tank.thermoKind = 'heat_transfer_coefficient';
    tank.heatTransferCoefficient = 25;
    tank.referenceTemperature = 310;
    water.initialTemperature = 330;
    const bodies = setup.parts.map((p, index) => ({ index, partId: p.id, name: p.name, kind: 'wall_boundary' as const, materialId: p.materialId }));
    const t = caseThermal(setup, bodies, 0.026, 0.02);
    expect(t.heat.conductivity).toBe(0.5);
    expect(t.heat.heatCapacity).toBe(4000);
    expect(t.heat.walls[0]).toMatchObject({ kind: ThermoKindCode.heatTransferCoefficient, heatTransferCoefficient: 25, referenceTemperature: 310 });
    expect(t.heat.walls[1].kind).toBe(ThermoKindCode.adiabatic);
    expect(t.bodyTemperature).toEqual([280, 330]);
    tank.thermoKind = 'temperature';
    tank.boundaryTemperature = 360;
    expect(caseThermal(setup, bodies, 0.026, 0.02).bodyTemperature[0]).toBe(360);
  });

  it('a fluid pair moves heat from hot to cold and makes none', () => {
    const hp = heatParamsOf(0.6, 4186, [], 0.0013, 0.001);
    const m = 1e-6, rho = 1000, f = -1e9, r2 = 1e-6;
    const hotSide = fluidHeatRate(hp, 350, 300, rho, m, rho, f, r2);
    const coldSide = fluidHeatRate(hp, 300, 350, rho, m, rho, f, r2);
    expect(hotSide).toBeLessThan(0);
    expect(hotSide * m + coldSide * m).toBeCloseTo(0, 12);
  });
});

describe('heat transfer on CPU threads', () => {
  it.each(['runge_kutta_4', 'dual_timestep_rk_4'] as const)('1 and 2 threads agree bit for bit with a heat-transfer-coefficient tank (%s)', async (scheme) => {
    const setup = tankCase({
      dx: 0.02, tank: [0.4, 0.1, 0.2], column: [0.1, 0.1, 0.2],
      settings: { integrationScheme: scheme, shifting: 'lyu21', thermodynamics: true },
    });
    setup.materials[0] = { ...setup.materials[0], density: 1, thermalConductivity: 10, specificHeatCapacity: 100 };
    const tank = setup.parts[0].component;
    const water = setup.parts[1].component;
    if (tank.type !== 'rigid' || water.type !== 'flow') throw new Error('unexpected tank case');
    tank.thermoKind = 'heat_transfer_coefficient';
    tank.heatTransferCoefficient = 500;
    tank.referenceTemperature = 400;
    water.initialTemperature = 300;
    const c = await prepareCase(setup);
    const one = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    const two = new CpuBackend(engineSetupOf(c), { threads: 2, spawnWorker: spawnNodeWorker });
    try {
      await one.advance(0.02, { maxWallMs: 1e9, maxSteps: 1e9 });
      await two.advance(0.02, { maxWallMs: 1e9, maxSteps: 1e9 });
      const a = await one.snapshot();
      const b = await two.snapshot();
      expect(b.step).toBe(a.step);
      expect(Array.from(b.temp ?? [])).toEqual(Array.from(a.temp ?? []));
      expect(Array.from(b.heatFlux ?? [])).toEqual(Array.from(a.heatFlux ?? []));
      // The walls heat the water: every fluid particle is warmer, and the wetted walls pass heat in.
      let coolest = Infinity, wallIn = 0;
      for (let i = 0; i < a.count; i++) {
        if (a.kind[i] === 0) coolest = Math.min(coolest, a.temp?.[i] ?? 0);
        if (a.kind[i] === 1) wallIn = Math.max(wallIn, a.heatFlux?.[i] ?? 0);
      }
      expect(coolest).toBeGreaterThan(300);
      expect(wallIn).toBeGreaterThan(0);
    } finally {
      await one.dispose();
      await two.dispose();
    }
  });
});

describe('heat transfer between several fluids', () => {
  it('conducts between unlike particles with the harmonic mean of k, each side over its own ρ c_p, and conserves Σ m c_p T', () => {
    const hp = multiphaseHeatParamsOf(
      [{ conductivity: 0.6, heatCapacity: 4186, density: 1000 }, { conductivity: 0.15, heatCapacity: 2000, density: 900 }],
      [-1, 0, 1], [], 0.0013, 0.001,
    );
    const f = -1e9, r2 = 1e-6, mw = 1e-6, mo = 0.9e-6;
    const onWater = fluidHeatRate(hp, 350, 300, 1000, mo, 900, f, r2, 0, 1);
    const onOil = fluidHeatRate(hp, 300, 350, 900, mw, 1000, f, r2, 1, 0);
    const harmonic = (2 * 0.6 * 0.15) / (0.6 + 0.15);
    const shape = f * (r2 / (r2 + hp.eta2));
    expect(onWater).toBeCloseTo(((2 * harmonic) / (1000 * 4186)) * 50 * shape * (mo / 900), 15);
    expect(onWater * mw * 4186 + onOil * mo * 2000).toBeCloseTo(0, 15);
    // Like pairs keep 2 k of their own material, as with one fluid.
    expect([hp.pairConductivity[0], hp.pairConductivity[3]]).toEqual([2 * 0.6, 2 * 0.15]);
    expect(hp.pairConductivity[1]).toBeCloseTo(2 * harmonic, 15);
    expect(hp.pairConductivity[2]).toBe(hp.pairConductivity[1]);
    // Step bound: each phase's ρ0 c_p h² over the largest pair factor / 2 it meets (the oil meets the
    // harmonic mean 0.24, above its own 0.15), the smallest of the phases.
    const h = 0.0013;
    const bound = Math.min((0.1 * 1000 * 4186 * h * h) / 0.6, (0.1 * 900 * 2000 * h * h) / harmonic);
    expect(thermalDt(hp, Number.NaN, h)).toBeCloseTo(bound, 12);
  });

  it('1 and 2 threads agree bit for bit with two fluids between temperature walls', async () => {
    const setup = tankCase({
      dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1],
      settings: { gravity: [0, 0, 0], thermodynamics: true, multiphase: true, densityLimiter: false, dynamicTimeStep: false },
    });
    setup.materials[0] = { ...setup.materials[0], density: 1, thermalConductivity: 10, specificHeatCapacity: 100 };
    setup.materials.push({ ...setup.materials[0], id: 1, name: 'Other', density: 2, thermalConductivity: 3, specificHeatCapacity: 150 });
    const tank = setup.parts[0].component;
    const first = setup.parts[1];
    if (tank.type !== 'rigid' || first.component.type !== 'flow' || first.shape.type !== 'stl_cube') throw new Error('unexpected tank case');
    tank.thermoKind = 'temperature';
    tank.boundaryTemperature = 350;
    first.component.initialPreset = 'none';
    const [x, y, z] = first.shape.translation;
    setup.parts.push({ ...first, id: 'other', name: 'Other', materialId: 1, shape: { ...first.shape, translation: [x + 0.1, y, z] } });
    const c = await prepareCase(setup);
    const one = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    const two = new CpuBackend(engineSetupOf(c), { threads: 2, spawnWorker: spawnNodeWorker });
    try {
      await one.advance(0.01, { maxWallMs: 1e9, maxSteps: 1e9 });
      await two.advance(0.01, { maxWallMs: 1e9, maxSteps: 1e9 });
      const a = await one.snapshot();
      const b = await two.snapshot();
      expect(b.step).toBe(a.step);
      expect(Array.from(b.temp ?? [])).toEqual(Array.from(a.temp ?? []));
      expect(Array.from(b.heatFlux ?? [])).toEqual(Array.from(a.heatFlux ?? []));
      // The walls heated both fluids.
      const warmest = [0, 0];
      for (let i = 0; i < a.count; i++) {
        const phase = c.prm.phases?.bodyPhase[a.body[i]] ?? -1;
        if (a.kind[i] === 0 && phase >= 0) warmest[phase] = Math.max(warmest[phase], a.temp?.[i] ?? 0);
      }
      expect(Math.min(...warmest)).toBeGreaterThan(first.component.initialTemperature + 1);
    } finally {
      await one.dispose();
      await two.dispose();
    }
  });
});

describe('heat transfer in checkpoints', () => {
  it('saves the temperature and the wall depth, and a resumed run continues from them', async () => {
    const setup = tankCase({
      dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1],
      settings: { thermodynamics: true, endTime: 0.02, outputTimeInterval: 0.005 },
    });
    const tank = setup.parts[0].component;
    if (tank.type === 'rigid') {
      tank.thermoKind = 'temperature';
      tank.boundaryTemperature = 350;
    }
    setup.materials[0] = { ...setup.materials[0], density: 1, thermalConductivity: 10, specificHeatCapacity: 100 };
    const sink = new MemorySink();
    const summary = await (await createSolverRun(setup, nodePlatform, { sink, threads: 1 })).start();
    expect(summary.status).toBe('completed');
    const cp = await readCheckpoint(sink);
    const temp = cp?.state.temp;
    const depth = cp?.state.wdepth;
    expect(temp?.length).toBe(cp?.state.count);
    let warmed = 0, deepest = 0;
    for (let i = 0; i < (cp?.state.count ?? 0); i++) {
      if (cp?.state.kind[i] === 0 && (temp?.[i] ?? 0) > 293.16) warmed++;
      if (cp?.state.kind[i] === 1) deepest = Math.max(deepest, depth?.[i] ?? 0);
    }
    expect(warmed).toBeGreaterThan(0);
    // Three wall layers: the deepest sits about 2.5 Δx behind the surface (more in the corners).
    expect(deepest).toBeGreaterThan(0.02 * 2.4);
  });
});
