// Viscosity tables in the engine: interpolation and clamping, ν following the particle temperature
// through a run with heat transfer (one fluid, and one fluid's table beside a fluid of constant ν), the
// refusals that remain, and the kinematic_viscosity output.
import { describe, expect, it } from 'vitest';
import { checkCaseSupport, engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { ViscosityKindCode, pairViscosity, viscosityAt, viscosityTableOf } from '../../../src/solver/physics/viscosity.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../../src/solver/output/outputReader.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { tankCase } from './cases.ts';

const TEMPERATURE_TABLE = { temperature: [350, 280, 300], viscosity: [4e-7, 1.8e-6, 1e-6] };

/** The tank of tankCase with heat transfer, walls at 350 K, water starting at 300 K, ν from a temperature table. */
function heatedTank(): SetupDocument {
  const setup = tankCase({
    dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1],
    settings: { thermodynamics: true, endTime: 0.02, outputTimeInterval: 0.01 },
  });
  const tank = setup.parts[0].component;
  if (tank.type === 'rigid') {
    tank.thermoKind = 'temperature';
    tank.boundaryTemperature = 350;
  }
  const water = setup.parts[1].component;
  if (water.type === 'flow') water.initialTemperature = 300;
  // A fast-conducting fluid, so that the particles span the table within a few steps.
  setup.materials[0] = {
    ...setup.materials[0], density: 1, thermalConductivity: 10, specificHeatCapacity: 100,
    viscosityKind: 'temperature', viscosityTemperatureTableId: 'nu-of-t',
  };
  setup.dataTables = [{
    id: 'nu-of-t', headers: ['temperature', 'kinematic_viscosity'],
    table: [TEMPERATURE_TABLE.temperature, TEMPERATURE_TABLE.viscosity], resultCount: 3,
  }];
  return setup;
}

describe('viscosity tables', () => {
  it('interpolates linearly between rows, in any row order, and holds the end values beyond them', () => {
    const t = viscosityTableOf(ViscosityKindCode.temperature, TEMPERATURE_TABLE.temperature, TEMPERATURE_TABLE.viscosity);
    expect(t.x).toEqual([280, 300, 350]);
    expect(viscosityAt(t, 280)).toBe(1.8e-6);
    expect(viscosityAt(t, 290)).toBeCloseTo(1.4e-6, 18);
    expect(viscosityAt(t, 325)).toBeCloseTo(7e-7, 18);
    expect(viscosityAt(t, 200)).toBe(1.8e-6);
    expect(viscosityAt(t, 400)).toBe(4e-7);
    expect(viscosityAt(t, Number.NaN)).toBe(1.8e-6);
    // The pair viscosity is the harmonic mean, and symmetric.
    expect(pairViscosity(1e-6, 3e-6)).toBeCloseTo(1.5e-6, 18);
    expect(pairViscosity(3e-6, 1e-6)).toBe(pairViscosity(1e-6, 3e-6));
  });

  it('gives every fluid particle ν of its temperature by the table while the walls heat the water', async () => {
    const setup = heatedTank();
    const c = await prepareCase(setup);
    // The viscous time-step bound takes the largest ν of the table.
    expect(c.prm.nu).toBe(1.8e-6);
    const cpu = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    try {
      await cpu.advance(0.02, { maxWallMs: 1e9, maxSteps: 1e9 });
      const s = await cpu.snapshot();
      const table = viscosityTableOf(ViscosityKindCode.temperature, TEMPERATURE_TABLE.temperature, TEMPERATURE_TABLE.viscosity);
      let worst = 0, lo = Infinity, hi = -Infinity, n = 0;
      for (let i = 0; i < s.count; i++) {
        if (s.kind[i] !== ParticleKind.fluid) continue;
        const t = s.temp?.[i] ?? Number.NaN;
        lo = Math.min(lo, t);
        hi = Math.max(hi, t);
        worst = Math.max(worst, Math.abs((s.kinematicViscosity?.[i] ?? 0) - viscosityAt(table, t)));
        n++;
      }
      console.log(`${n} fluid particles at ${lo.toFixed(1)}–${hi.toFixed(1)} K: largest |ν − ν_table(T)| ${worst.toExponential(2)} m²/s`);
      expect(hi - lo).toBeGreaterThan(5);
      expect(worst).toBeLessThan(1e-15);
    } finally {
      await cpu.dispose();
    }
  });

  it('gives the particles of one fluid of two ν of their own temperature by its table, the other fluid its constant', async () => {
    // The heated tank's fluid (table) beside a second fluid with a constant ν and other thermal constants;
    // no gravity, so that both stay in place while the walls and each other heat them.
    const setup = heatedTank();
    setup.settings = { ...setup.settings, gravity: [0, 0, 0], multiphase: true, densityLimiter: false, dynamicTimeStep: false };
    const OTHER_NU = 3e-6;
    setup.materials.push({
      ...setup.materials[0], id: 1, name: 'Other', density: 2, thermalConductivity: 4, specificHeatCapacity: 150,
      viscosityKind: 'constant', kinematicViscosity: OTHER_NU,
    });
    const first = setup.parts[1];
    if (first.shape.type !== 'stl_cube' || first.component.type !== 'flow') throw new Error('cube expected');
    first.component.initialPreset = 'none';
    const [x, y, z] = first.shape.translation;
    setup.parts.push({ ...first, id: 'other', name: 'Other', materialId: 1, component: { ...first.component, initialTemperature: 320 }, shape: { ...first.shape, translation: [x + 0.1, y, z] } });
    const c = await prepareCase(setup);
    expect(c.prm.phases?.viscosity[0]?.kind).toBe(ViscosityKindCode.temperature);
    expect(c.prm.phases?.viscosity[1]).toBeNull();
    const cpu = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    try {
      await cpu.advance(0.02, { maxWallMs: 1e9, maxSteps: 1e9 });
      const s = await cpu.snapshot();
      const table = viscosityTableOf(ViscosityKindCode.temperature, TEMPERATURE_TABLE.temperature, TEMPERATURE_TABLE.viscosity);
      const phaseOf = c.prm.phases?.bodyPhase ?? [];
      const worst = [0, 0], lo = [Infinity, Infinity], hi = [-Infinity, -Infinity], n = [0, 0];
      for (let i = 0; i < s.count; i++) {
        if (s.kind[i] !== ParticleKind.fluid) continue;
        const phase = phaseOf[s.body[i]];
        const t = s.temp?.[i] ?? Number.NaN;
        const expected = phase === 0 ? viscosityAt(table, t) : OTHER_NU;
        worst[phase] = Math.max(worst[phase], Math.abs((s.kinematicViscosity?.[i] ?? 0) - expected));
        lo[phase] = Math.min(lo[phase], t);
        hi[phase] = Math.max(hi[phase], t);
        n[phase]++;
      }
      for (const k of [0, 1]) {
        console.log(`fluid ${k}: ${n[k]} particles at ${lo[k].toFixed(1)}–${hi[k].toFixed(1)} K, largest |ν − ${k === 0 ? 'ν_table(T)' : 'ν constant'}| ${worst[k].toExponential(2)} m²/s (tolerance 1e-15)`);
        expect(n[k]).toBeGreaterThan(0);
        expect(hi[k] - lo[k]).toBeGreaterThan(5);
        expect(worst[k]).toBeLessThan(1e-15);
      }
    } finally {
      await cpu.dispose();
    }
  });

  it('writes kinematic_viscosity for the fluid: the constant, or the table value', async () => {
    const sink = new MemorySink();
    const setup = tankCase({ dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1], settings: { endTime: 0.01, outputTimeInterval: 0.002 } });
    setup.materials[0] = { ...setup.materials[0], kinematicViscosity: 2e-6 };
    const run = await createSolverRun(setup, nodePlatform, { sink, threads: 1, backend: 'cpu' });
    await run.start();
    const meta = await readOutputMeta(sink, 1);
    const fluid = await readOutputObject(sink, 1, meta, 'fluid_0');
    const nu = fluid.attributes.get('kinematic_viscosity') as Float32Array;
    expect(nu.length).toBe(fluid.count);
    expect(Math.max(...nu)).toBe(Math.fround(2e-6));
    expect(Math.min(...nu)).toBe(Math.fround(2e-6));
    const attribute = meta.objects.find((o) => o.id === 'fluid_0')?.datasets[0].attributes.find((a) => a.name === 'kinematic_viscosity');
    expect(attribute?.unit).toBe('m²/s');
  });

  it('refuses a temperature table without heat transfer, a missing table and one with too few rows', () => {
    const setup = heatedTank();
    expect(checkCaseSupport(setup)).toEqual([]);
    const cold = { ...setup, settings: { ...setup.settings, thermodynamics: false } };
    expect(checkCaseSupport(cold).map((i) => i.message)).toContain('temperature-dependent viscosity requires heat transfer');
    const missing = { ...setup, dataTables: [] };
    expect(checkCaseSupport(missing).map((i) => i.setting)).toEqual(['materials[0] "Water".viscosityTemperatureTableId']);
    const short = { ...setup, dataTables: [{ ...setup.dataTables[0], table: [[300], [1e-6]], resultCount: 1 }] };
    expect(checkCaseSupport(short).map((i) => i.message)).toEqual(['table must have at least 2 rows']);
  });
});
