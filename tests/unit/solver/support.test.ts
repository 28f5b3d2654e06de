// Settings the engine does not implement are refused with the setting's name, never ignored.
import { describe, expect, it } from 'vitest';
import { checkCaseSupport, prepareCase, UnsupportedCaseError } from '../../../src/solver/caseInput.ts';
import { createMovement } from '../../../src/domain/movement.ts';
import { tankCase } from './cases.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';

const base = () => tankCase({ dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1] });

describe('checkCaseSupport', () => {
  it('accepts a plain single-fluid case', () => {
    expect(checkCaseSupport(base())).toEqual([]);
  });

  it.each([
    ['settings.densityLimiter', (s: ReturnType<typeof base>) => { s.settings.multiphase = true; }],
    ['settings.noRiemannWall', (s: ReturnType<typeof base>) => {
      s.settings.multiphase = true;
      s.settings.densityLimiter = false;
      s.settings.noRiemannWall = true;
    }],
    ['settings.airDrag', (s: ReturnType<typeof base>) => { s.settings.airDrag = true; }],
    ['settings.accelerationLimiter', (s: ReturnType<typeof base>) => { s.settings.accelerationLimiter = true; }],
    // A shear-rate viscosity runs from its table; without one it is refused.
    ['viscosityShearRateTableId', (s: ReturnType<typeof base>) => { s.materials[0].viscosityKind = 'shear_rate'; }],
    ['settings.rotationAxis', (s: ReturnType<typeof base>) => {
      s.settings.rotatingSystem = true;
      s.settings.rotationAxis = [0, 0, 0];
    }],
    ['movements[0] "Translation".partId', (s: ReturnType<typeof base>) => { s.movements.push(createMovement('translatory', 'water', [])); }],
    ['movements[0] "Rotation".type.axis', (s: ReturnType<typeof base>) => {
      const m = createMovement('rotatory', 'tank', []);
      if (m.type.type === 'rotatory') m.type.axis = [0, 0, 0];
      s.movements.push(m);
    }],
    ['movements[0] "Translation".parents', (s: ReturnType<typeof base>) => {
      s.movements.push({ ...createMovement('translatory', 'tank', [], 'a'), parents: ['gone'] });
    }],
    ['movements[1] "Translation 2".parents', (s: ReturnType<typeof base>) => {
      s.movements.push({ ...createMovement('translatory', 'tank', [], 'a'), parents: ['b'] });
      s.movements.push({ ...createMovement('translatory', 'tank', ['Translation'], 'b'), parents: ['a'] });
    }],
    ['velocityConditionMovementId', (s: ReturnType<typeof base>) => {
      const c = s.parts[0].component;
      if (c.type === 'rigid') c.velocityKind = 'moving';
    }],
  ])('refuses %s', (setting, change) => {
    const setup = base();
    change(setup);
    const issues = checkCaseSupport(setup);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.some((i) => i.setting.includes(setting))).toBe(true);
    for (const i of issues) expect(i.message.length).toBeGreaterThan(5);
  });

  it('accepts surface tension of a single fluid, and builds its parameters with each wall\'s contact angle', async () => {
    const setup = base();
    setup.settings.surfaceTension = true;
    setup.settings.shifting = 'lyu21';
    const c = setup.parts[0].component;
    if (c.type === 'rigid') c.contactAngle = 60;
    expect(checkCaseSupport(setup)).toEqual([]);
    const prepared = await prepareCase(setup);
    const st = prepared.prm.surfaceTension;
    expect(st?.sigma).toBe(setup.settings.sigma);
    expect(st?.contactCos[0]).toBeCloseTo(0.5, 12);
    expect(st?.contactSin[1]).toBeCloseTo(1, 12);
    expect(st?.capillaryDt).toBeCloseTo(0.25 * Math.sqrt((1000 * 0.02 ** 3) / (2 * Math.PI * setup.settings.sigma)), 12);
  });

  it('accepts heat transfer with every thermal wall condition', () => {
    const setup = base();
    setup.settings.thermodynamics = true;
    for (const kind of ['temperature', 'heat_flux', 'heat_transfer_coefficient'] as const) {
      const c = setup.parts[0].component;
      if (c.type === 'rigid') c.thermoKind = kind;
      expect(checkCaseSupport(setup)).toEqual([]);
    }
    // A temperature viscosity runs with heat transfer from its table; without the table it is refused.
    setup.materials[0].viscosityKind = 'temperature';
    expect(checkCaseSupport(setup).map((i) => i.setting)).toEqual(['materials[0] "Water".viscosityTemperatureTableId']);
  });

  it('accepts moving walls, moving wall velocities, a rotating frame and an acceleration file', () => {
    const setup = base();
    setup.movements.push(createMovement('rotatory', 'tank', [], 'spin'));
    setup.movements.push({ ...createMovement('translatory', null, ['Rotation'], 'belt'), virtualMovement: true });
    const c = setup.parts[0].component;
    if (c.type === 'rigid') {
      c.velocityKind = 'moving';
      c.velocityConditionMovementId = 'belt';
    }
    setup.settings.rotatingSystem = true;
    setup.settings.rotationVelocity = 2;
    setup.settings.accelerationFile = { id: 'f1', name: 'acc.csv' };
    expect(checkCaseSupport(setup)).toEqual([]);
  });

  it('refuses two fluid materials without multiphase and runs them with it, with heat transfer between adiabatic or temperature walls', () => {
    const setup = base();
    setup.materials.push({ ...setup.materials[0], id: 1, name: 'Oil', density: 800 });
    setup.parts.push({ ...setup.parts[1], id: 'oil', name: 'Oil', materialId: 1 });
    expect(checkCaseSupport(setup).map((i) => i.setting)).toContain('parts.materialId');
    setup.settings = { ...setup.settings, multiphase: true, densityLimiter: false, dynamicTimeStep: false };
    expect(checkCaseSupport(setup)).toEqual([]);
    setup.settings.thermodynamics = true;
    expect(checkCaseSupport(setup)).toEqual([]);
    const tank = setup.parts[0].component;
    if (tank.type !== 'rigid') throw new Error('rigid tank expected');
    tank.thermoKind = 'temperature';
    expect(checkCaseSupport(setup)).toEqual([]);
    // Heat-flux and heat-transfer-coefficient walls stay refused with multiphase, as the spec says.
    for (const kind of ['heat_flux', 'heat_transfer_coefficient'] as const) {
      tank.thermoKind = kind;
      expect(checkCaseSupport(setup)).toEqual([{ setting: 'parts[0] "Tank".component.thermoKind', message: 'only adiabatic or temperature conditions are possible with multiphase' }]);
    }
    tank.thermoKind = 'adiabatic';
    // A fluid may take its viscosity from a table beside one with a constant; a table that is missing is
    // refused, naming the material.
    setup.settings.thermodynamics = false;
    setup.materials[1] = { ...setup.materials[1], viscosityKind: 'shear_rate', viscosityShearRateTableId: 'thinning' };
    expect(checkCaseSupport(setup).map((i) => i.setting)).toEqual(['materials[1] "Oil".viscosityShearRateTableId']);
    setup.dataTables = [{ id: 'thinning', headers: ['shear_rate', 'kinematic_viscosity'], table: [[1, 10], [1e-5, 1e-6]], resultCount: 2 }];
    expect(checkCaseSupport(setup)).toEqual([]);
  });

  it('gives each fluid of a multiphase case its own viscosity table or constant', async () => {
    const setup = base();
    const oil = setup.parts[1].shape;
    if (oil.type !== 'stl_cube') throw new Error('cube expected');
    setup.materials.push({
      ...setup.materials[0], id: 1, name: 'Oil', density: 800, viscosityKind: 'shear_rate', viscosityShearRateTableId: 'thinning',
    });
    setup.dataTables = [{ id: 'thinning', headers: ['shear_rate', 'kinematic_viscosity'], table: [[10, 1], [1e-6, 1e-5]], resultCount: 2 }];
    setup.parts.push({ ...setup.parts[1], id: 'oil', name: 'Oil', materialId: 1, shape: { ...oil, translation: [oil.translation[0] + 0.1, oil.translation[1], oil.translation[2]] } });
    setup.settings = { ...setup.settings, multiphase: true, densityLimiter: false, dynamicTimeStep: false };
    const c = await prepareCase(setup);
    expect(c.prm.viscosity).toBeNull();
    expect(c.prm.phases?.viscosity[0]).toBeNull();
    expect(c.prm.phases?.viscosity[1]).toEqual({ kind: 1, x: [1, 10], nu: [1e-5, 1e-6] });
    // The oil's ν bounds the step with its table's largest value.
    expect(c.prm.phases?.nu).toEqual([setup.materials[0].kinematicViscosity, 1e-5]);
    expect(c.prm.nu).toBe(Math.max(setup.materials[0].kinematicViscosity, 1e-5));
  });

  it('runs surface tension between two fluids, carried by the heavier one, and refuses it among three', async () => {
    const setup = base();
    const cube = setup.parts[1].shape;
    if (cube.type !== 'stl_cube') throw new Error('cube expected');
    const beside = (dx: number) => ({ ...cube, translation: [cube.translation[0] + dx, cube.translation[1], cube.translation[2]] as [number, number, number] });
    setup.materials.push({ ...setup.materials[0], id: 1, name: 'Brine', density: 1200 });
    setup.parts.push({ ...setup.parts[1], id: 'brine', name: 'Brine', materialId: 1, shape: beside(0.1) });
    setup.settings = { ...setup.settings, multiphase: true, densityLimiter: false, dynamicTimeStep: false, surfaceTension: true, shifting: 'lyu21' };
    expect(checkCaseSupport(setup)).toEqual([]);
    const c = await prepareCase(setup);
    expect(c.prm.surfaceTension?.phase).toBe(1);
    // The capillary waves of the interface move both fluids: the step bound takes their mean density.
    const mean = (setup.materials[0].density + 1200) / 2;
    expect(c.prm.surfaceTension?.capillaryDt).toBeCloseTo(0.25 * Math.sqrt((mean * 0.02 ** 3) / (2 * Math.PI * setup.settings.sigma)), 12);
    setup.materials.push({ ...setup.materials[0], id: 2, name: 'Oil', density: 800 });
    setup.parts.push({ ...setup.parts[1], id: 'oil', name: 'Oil', materialId: 2, shape: beside(-0.05) });
    expect(checkCaseSupport(setup)).toEqual([{ setting: 'settings.surfaceTension', message: 'surface tension is not available with more than 2 materials' }]);
  });

  it('gives each fluid its thermal constants with heat transfer, and the GPU backend takes the combination', async () => {
    const setup = base();
    setup.materials.push({ ...setup.materials[0], id: 1, name: 'Oil', density: 800, thermalConductivity: 0.15, specificHeatCapacity: 2000 });
    const oil = setup.parts[1].shape;
    if (oil.type !== 'stl_cube') throw new Error('cube expected');
    setup.parts.push({ ...setup.parts[1], id: 'oil', name: 'Oil', materialId: 1, shape: { ...oil, translation: [oil.translation[0] + 0.1, oil.translation[1], oil.translation[2]] } });
    setup.settings = { ...setup.settings, multiphase: true, densityLimiter: false, dynamicTimeStep: false, thermodynamics: true };
    const c = await prepareCase(setup);
    const water = setup.materials[0];
    expect(c.prm.heat?.phases).toEqual([
      { conductivity: water.thermalConductivity, heatCapacity: water.specificHeatCapacity, density: water.density },
      { conductivity: 0.15, heatCapacity: 2000, density: 800 },
    ]);
    expect(c.prm.heat?.bodyPhase).toEqual([-1, 0, 1]);
    // An unlike pair conducts with twice the harmonic mean of the two conductivities.
    const k = water.thermalConductivity;
    expect(c.prm.heat?.pairConductivity[1]).toBeCloseTo((4 * k * 0.15) / (k + 0.15), 14);
    // Past the GPU's refusals the run asks the platform for its GPU backend, which this one lacks
    // (gpuMultiphase.test.ts runs the combination on the GPU).
    const run = await createSolverRun(setup, { ...nodePlatform, createGpuBackend: null }, { sink: new MemorySink(), backend: 'gpu' });
    const error = await run.start().catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UnsupportedCaseError);
    expect((error as Error).message).toBe('this platform offers no GPU backend');
  });

  it('gives each fluid part the phase of its material', async () => {
    const setup = base();
    setup.materials.push({ ...setup.materials[0], id: 1, name: 'Oil', density: 800, speedOfSound: 25, kinematicViscosity: 2e-6 });
    const oil = setup.parts[1].shape;
    if (oil.type !== 'stl_cube') throw new Error('cube expected');
    setup.parts.push({ ...setup.parts[1], id: 'oil', name: 'Oil', materialId: 1, shape: { ...oil, translation: [oil.translation[0] + 0.1, oil.translation[1], oil.translation[2]] } });
    setup.settings = { ...setup.settings, multiphase: true, densityLimiter: false, dynamicTimeStep: false };
    const c = await prepareCase(setup);
    expect(c.materials.map((m) => m.name)).toEqual(['Water', 'Oil']);
    expect(c.prm.phases?.bodyPhase).toEqual([-1, 0, 1]);
    expect(c.prm.phases?.rho0).toEqual([setup.materials[0].density, 800]);
    expect(c.prm.c0).toBe(Math.max(setup.materials[0].speedOfSound, 25));
  });

  it('makes prepareCase throw with every issue listed', async () => {
    const setup = base();
    setup.settings.accelerationLimiter = true;
    setup.settings.airDrag = true;
    const error = await prepareCase(setup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedCaseError);
    const issues = (error as UnsupportedCaseError).issues.map((i) => i.setting);
    expect(issues).toEqual(expect.arrayContaining(['settings.accelerationLimiter', 'settings.airDrag']));
    expect((error as Error).message).toContain('settings.airDrag');
  });

  it('rejects documents that are not valid setups', async () => {
    await expect(prepareCase({ schemaVersion: 1, settings: {} })).rejects.toThrow();
  });
});
