// PUT /api/simulations/:id/setup checks the document with the domain rules: a value the rules refuse is
// answered 400 validation_error with the spec's message and changes nothing stored; what a case being
// built still lacks (a geometry, a seed point) saves and only blocks the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFillingComponent } from '../../../src/domain/component.ts';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { createPointSensor } from '../../../src/domain/sensor.ts';
import { emptyShape } from '../../../src/domain/shape.ts';
import { smallDamBreak } from '../runs/harness.ts';
import { templates } from '../../../src/domain/messages.ts';
import { call, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let token: string;
let simulationId: string;
let stored: SetupDocument;

beforeAll(async () => {
  t = await startTestApp();
  token = await tokenFor(t, t.admin.id);
  const project = await call(t, token, 'POST', '/api/projects', { name: 'Setup writes', description: '' });
  const simulation = await call(t, token, 'POST', `/api/projects/${project.json().id}/simulations`, { name: 'Checked' });
  simulationId = simulation.json().id;
  stored = smallDamBreak();
  const saved = await call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, stored);
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function put(document: SetupDocument) {
  return call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, document);
}

async function current(): Promise<SetupDocument> {
  return (await call(t, token, 'GET', `/api/simulations/${simulationId}/setup`)).json() as SetupDocument;
}

/** The stored document with one change. */
function changed(edit: (doc: SetupDocument) => void): SetupDocument {
  const doc = structuredClone(stored);
  edit(doc);
  return doc;
}

const fluidLevel = (height: number, seedPoint: [number, number, number] | null) =>
  changed((doc) => {
    const tank = doc.parts.find((p) => p.name === 'Tank');
    if (!tank) throw new Error('the dam break has a tank');
    doc.parts.push({
      ...structuredClone(tank),
      id: 'fluid-level',
      name: 'Fluid level',
      materialId: doc.materials[0].id,
      seedPoint,
      component: defaultFillingComponent(height),
    });
  });

/** The stored document with its fluid's viscosity from a shear-rate table of these columns. */
const withViscosityTable = (columns: number[][]) =>
  changed((doc) => {
    doc.dataTables.push({ id: 'thinning', headers: ['shear_rate', 'kinematic_viscosity'], table: columns, resultCount: columns[0].length });
    Object.assign(doc.materials[0], { viscosityKind: 'shear_rate', viscosityShearRateTableId: 'thinning' });
  });

describe('PUT of the setup refuses what the rules refuse', () => {
  const refused: [string, () => SetupDocument, string, string][] = [
    ['end time -1', () => changed((d) => void (d.settings.endTime = -1)), 'must be greater than 0', 'settings.endTime'],
    ['density -5', () => changed((d) => void (d.materials[0].density = -5)), 'must be between 0.001 and 20000', 'materials.0.density'],
    [
      'a deletion boundary whose minimum is above its maximum',
      () => changed((d) => Object.assign(d.settings, { calcDomainActive: true, calcDomainMin: [1, 0, 0], calcDomainMax: [0.5, 1, 1] })),
      MESSAGES.domainMinBelowMax,
      'settings.calcDomainMax',
    ],
    [
      'rotation axis (0,0,0)',
      () => changed((d) => Object.assign(d.settings, { rotatingSystem: true, rotationAxis: [0, 0, 0] })),
      'length cannot be equal to 0',
      'settings.rotationAxis',
    ],
    ['a fluid level seeded above its fill height', () => fluidLevel(0.1, [0.4, 0.1, 0.3]), MESSAGES.seedPointAboveFillHeight, 'parts.2.seedPoint'],
    ['a negative fill height', () => fluidLevel(-0.2, [0.4, 0.1, -0.3]), 'must be at least 0', 'parts.2.component.height'],
    [
      'a surface tension coefficient of 20 N/m',
      () => changed((d) => Object.assign(d.settings, { surfaceTension: true, shifting: 'lyu21', sigma: 20 })),
      'must be between 0.0001 and 10',
      'settings.sigma',
    ],
    [
      'a contact angle of 200°',
      () => changed((d) => {
        Object.assign(d.settings, { surfaceTension: true, shifting: 'lyu21' });
        const c = d.parts[0].component;
        if (c.type === 'rigid') c.contactAngle = 200;
      }),
      'must be between 0 and 180',
      'parts.0.component.contactAngle',
    ],
    [
      'a viscosity table with a negative viscosity',
      () => withViscosityTable([[0, 10, 100], [1e-3, -1, 1e-4]]),
      templates.tableCellError('kinematic_viscosity', 2, 'must be between 1e-9 and 2000'),
      'materials.0.viscosityShearRateTableId',
    ],
    [
      'a viscosity table with a negative shear rate',
      () => withViscosityTable([[-5, 10], [1e-3, 1e-4]]),
      templates.tableCellError('shear_rate', 1, 'must be at least 0'),
      'materials.0.viscosityShearRateTableId',
    ],
  ];

  for (const [what, document, message, path] of refused) {
    it(`refuses ${what} with the rule's message and keeps what was stored`, async () => {
      const answer = await put(document());
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json()).toMatchObject({ title: 'validation_error', description: message, status: 400 });
      expect(answer.json().errors).toContainEqual({ path, message });
      expect(await current()).toEqual(stored);
    });
  }

  it('saves what an unfinished case still lacks: a part without geometry, a fluid level without seed point', async () => {
    const unfinished = fluidLevel(0.1, null);
    unfinished.parts.push({ ...structuredClone(unfinished.parts[0]), id: 'no-geometry', name: 'No geometry', shape: emptyShape() });
    const answer = await put(unfinished);
    expect(answer.status, answer.text).toBe(200);
    expect((await current()).parts.map((p) => p.name)).toEqual(['Tank', 'Water column', 'Fluid level', 'No geometry']);
    const validation = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
    expect(validation.valid).toBe(false);
    expect(validation.issues.map((i: { message: string }) => i.message)).toEqual(expect.arrayContaining([MESSAGES.seedPointRequired, MESSAGES.noGeometry]));
    // Back to the case the other tests compare with.
    expect((await put(stored)).status).toBe(200);
  });

  it('saves surface tension with a shifting other than lyu21 (the screens switch them together) and lists the rule, which blocks the run', async () => {
    for (const [shifting, message] of [['zero', MESSAGES.surfaceTensionShiftingZero], ['sun17', MESSAGES.surfaceTensionShifting]] as const) {
      const answer = await put(changed((d) => Object.assign(d.settings, { surfaceTension: true, shifting })));
      expect(answer.status, answer.text).toBe(200);
      const validation = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
      expect(validation.valid).toBe(false);
      expect(validation.issues).toContainEqual(expect.objectContaining({ message, field: 'shifting' }));
    }
    const lyu = await put(changed((d) => Object.assign(d.settings, { surfaceTension: true, shifting: 'lyu21' })));
    expect(lyu.status, lyu.text).toBe(200);
    const validation = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
    expect(validation.issues.map((i: { message: string }) => i.message)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/surface tension/)]),
    );
    expect((await put(stored)).status).toBe(200);
  });

  it('saves a viscosity table, and a temperature viscosity without heat transfer blocks only the run', async () => {
    const thinning = withViscosityTable([[0, 10, 100], [1e-3, 3e-4, 1e-4]]);
    const answer = await put(thinning);
    expect(answer.status, answer.text).toBe(200);
    expect((await current()).materials[0].viscosityKind).toBe('shear_rate');
    const hot = changed((doc) => {
      doc.dataTables.push({ id: 'nu-of-t', headers: ['temperature', 'kinematic_viscosity'], table: [[280, 350], [1.8e-6, 4e-7]], resultCount: 2 });
      Object.assign(doc.materials[0], { viscosityKind: 'temperature', viscosityTemperatureTableId: 'nu-of-t' });
    });
    expect((await put(hot)).status).toBe(200);
    const validation = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
    expect(validation.issues.map((i: { message: string }) => i.message)).toContain(MESSAGES.temperatureViscosityNeedsHeat);
    expect((await put(stored)).status).toBe(200);
  });

  it('accepts a fluid level seeded below its fill height', async () => {
    const answer = await put(fluidLevel(0.2, [0.4, 0.1, 0.1]));
    expect(answer.status, answer.text).toBe(200);
    expect((await put(stored)).status).toBe(200);
  });

  it('keeps refusing other writes while a refused value is in the document, and the empty setup saves', async () => {
    const answer = await put(changed((d) => Object.assign(d.settings, { endTime: -1, gravity: [0, 0, -5000] })));
    expect(answer.status).toBe(400);
    expect(answer.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['settings.endTime', 'settings.gravity.2']));
    expect((await put(emptySetup())).status).toBe(200);
    expect((await put(stored)).status).toBe(200);
  });

  it('saves a multiphase case the screens are still adjusting and lists every multiphase rule it breaks in the validation', async () => {
    const twoFluids = changed((d) => {
      d.settings = { ...d.settings, multiphase: true, densityLimiter: true, dynamicTimeStep: true, noRiemannWall: true };
      d.materials.push({ ...d.materials[0], id: 1, name: 'Oil', density: 800 });
      const tank = d.parts.find((p) => p.name === 'Tank');
      if (tank?.component.type === 'rigid') tank.component.thermoKind = 'heat_flux';
    });
    const answer = await put(twoFluids);
    expect(answer.status, answer.text).toBe(200);
    const validation = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
    expect(validation.valid).toBe(false);
    expect(validation.issues.map((i: { message: string }) => i.message)).toEqual(expect.arrayContaining([
      MESSAGES.multiphaseDensityLimiter, MESSAGES.multiphaseStaticTimestep, MESSAGES.multiphaseWallPressure, MESSAGES.multiphaseThermoKind,
    ]));
    // The engine refuses what it cannot run with the same messages.
    expect(validation.solverSupport.map((i: { message: string }) => i.message)).toEqual(expect.arrayContaining([
      MESSAGES.multiphaseDensityLimiter, MESSAGES.multiphaseWallPressure,
    ]));
    const consistent = changed((d) => {
      d.settings = { ...d.settings, multiphase: true, densityLimiter: false, dynamicTimeStep: false, noRiemannWall: false };
      d.materials.push({ ...d.materials[0], id: 1, name: 'Oil', density: 800 });
    });
    expect((await put(consistent)).status).toBe(200);
    const clean = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
    expect(clean.solverSupport).toEqual([]);
    expect(clean.issues.filter((i: { severity: string }) => i.severity === 'error')).toEqual([]);
    expect((await put(stored)).status).toBe(200);
  });

  it('checks sensors saved on their own with the same rules', async () => {
    const probe = createPointSensor('Probe', [0.1, 0.1, 0.1]);
    const refused = await call(t, token, 'PUT', `/api/simulations/${simulationId}/sensors`, { sensors: [{ ...probe, appearance: { ...probe.appearance, opacity: 2 } }] });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json()).toMatchObject({ title: 'validation_error', description: 'must be between 0 and 1' });
    expect((await current()).sensors).toEqual([]);
    expect((await call(t, token, 'PUT', `/api/simulations/${simulationId}/sensors`, { sensors: [probe] })).status).toBe(200);
    expect((await call(t, token, 'PUT', `/api/simulations/${simulationId}/sensors`, { sensors: [] })).status).toBe(200);
  });
});
