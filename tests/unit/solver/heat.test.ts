// The thermal side of a setup reaches the conduction parameters: the material's k and c_p, each rigid
// part's wall condition by body id, and the temperature each body starts at.
import { describe, expect, it } from 'vitest';
import { UnsupportedCaseError, caseThermal, engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { createSolverRun } from '../../../src/solver/run.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readCheckpoint } from '../../../src/solver/output/checkpoint.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../../src/solver/cpu/nodeThreads.ts';
import { ThermoKindCode, fluidHeatRate, heatParamsOf } from '../../../src/solver/physics/heat.ts';
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

describe('heat transfer on the GPU backend', () => {
  it('is refused with the setting named, before any GPU work', async () => {
    const setup = tankCase({ dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1], settings: { thermodynamics: true } });
    const run = await createSolverRun(setup, nodePlatform, { sink: new MemorySink(), backend: 'gpu' });
    const error = await run.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedCaseError);
    expect((error as UnsupportedCaseError).issues.map((i) => i.setting)).toEqual(['settings.thermodynamics']);
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
