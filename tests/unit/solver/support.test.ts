// Settings the engine does not implement are refused with the setting's name, never ignored.
import { describe, expect, it } from 'vitest';
import { checkCaseSupport, prepareCase, UnsupportedCaseError } from '../../../src/solver/caseInput.ts';
import { createMovement } from '../../../src/domain/movement.ts';
import { tankCase } from './cases.ts';

const base = () => tankCase({ dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1] });

describe('checkCaseSupport', () => {
  it('accepts a plain single-fluid case', () => {
    expect(checkCaseSupport(base())).toEqual([]);
  });

  it.each([
    ['settings.multiphase', (s: ReturnType<typeof base>) => { s.settings.multiphase = true; }],
    ['settings.surfaceTension', (s: ReturnType<typeof base>) => { s.settings.surfaceTension = true; }],
    ['settings.airDrag', (s: ReturnType<typeof base>) => { s.settings.airDrag = true; }],
    ['settings.accelerationLimiter', (s: ReturnType<typeof base>) => { s.settings.accelerationLimiter = true; }],
    ['viscosityKind', (s: ReturnType<typeof base>) => { s.materials[0].viscosityKind = 'shear_rate'; }],
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

  it('accepts heat transfer with every thermal wall condition', () => {
    const setup = base();
    setup.settings.thermodynamics = true;
    for (const kind of ['temperature', 'heat_flux', 'heat_transfer_coefficient'] as const) {
      const c = setup.parts[0].component;
      if (c.type === 'rigid') c.thermoKind = kind;
      expect(checkCaseSupport(setup)).toEqual([]);
    }
    setup.materials[0].viscosityKind = 'temperature';
    expect(checkCaseSupport(setup).map((i) => i.setting)).toEqual(['materials[0] "Water".viscosityKind']);
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

  it('refuses two fluid materials at once', () => {
    const setup = base();
    setup.materials.push({ ...setup.materials[0], id: 1, name: 'Oil' });
    setup.parts.push({ ...setup.parts[1], id: 'oil', name: 'Oil', materialId: 1 });
    expect(checkCaseSupport(setup).map((i) => i.setting)).toContain('parts.materialId');
  });

  it('makes prepareCase throw with every issue listed', async () => {
    const setup = base();
    setup.settings.surfaceTension = true;
    setup.settings.airDrag = true;
    const error = await prepareCase(setup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedCaseError);
    const issues = (error as UnsupportedCaseError).issues.map((i) => i.setting);
    expect(issues).toEqual(expect.arrayContaining(['settings.surfaceTension', 'settings.airDrag']));
    expect((error as Error).message).toContain('settings.airDrag');
  });

  it('rejects documents that are not valid setups', async () => {
    await expect(prepareCase({ schemaVersion: 1, settings: {} })).rejects.toThrow();
  });
});
