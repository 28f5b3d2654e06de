// Writes of inlets/outlets, sensors, volume clips and profile tables are checked on the server with the
// domain rules: a refused value answers 400 validation_error with the spec's message and its path, and
// nothing changes; PUT volume_clips replaces the clips alone, also while a run locks the setup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOpenBoundaryComponent } from '../../../src/domain/component.ts';
import { ioProfileColumns, tableFromRows } from '../../../src/domain/dataTable.ts';
import { defaultCubeMesh } from '../../../src/domain/mesh.ts';
import { MESSAGES, mustBeBetween, templates } from '../../../src/domain/messages.ts';
import { createPart } from '../../../src/domain/part.ts';
import { createPointSensor } from '../../../src/domain/sensor.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { planeShape } from '../../../src/domain/shape.ts';
import { createVolumeClip } from '../../../src/domain/volumeClip.ts';
import { updateSimulation } from '../../../src/server/simulations/simulations.repository.ts';
import { smallDamBreak } from '../runs/harness.ts';
import { call, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let token: string;
let simulationId: string;
let stored: SetupDocument;

beforeAll(async () => {
  t = await startTestApp();
  token = await tokenFor(t, t.admin.id);
  const project = await call(t, token, 'POST', '/api/projects', { name: 'Measuring objects', description: '' });
  simulationId = (await call(t, token, 'POST', `/api/projects/${project.json().id}/simulations`, { name: 'Measured' })).json().id;
  stored = smallDamBreak();
  stored.parts.push(createPart({ id: 'inlet', name: 'Inlet', component: defaultOpenBoundaryComponent('inflow'), shape: planeShape([0.1, 0.1, 0], [0.05, 0.1, 0.3]), materialId: 0 }));
  const saved = await call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, stored);
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const current = async () => (await call(t, token, 'GET', `/api/simulations/${simulationId}/setup`)).json() as SetupDocument;

function changed(edit: (doc: SetupDocument) => void): SetupDocument {
  const doc = structuredClone(stored);
  edit(doc);
  return doc;
}

function inlet(doc: SetupDocument) {
  const part = doc.parts.find((p) => p.id === 'inlet');
  if (part?.component.type !== 'openboundary') throw new Error('the case has an inlet');
  return part.component;
}

const inletIndex = () => stored.parts.findIndex((p) => p.id === 'inlet');

describe('setup writes with inlets, sensors, clips and tables', () => {
  const refused: [string, () => SetupDocument, string, () => string][] = [
    ['an inlet pressure below 0', () => changed((d) => void (inlet(d).ioPressure = -1)), mustBeBetween(0, 1e9), () => `parts.${inletIndex()}.component.ioPressure`],
    ['an inlet velocity of 2000 m/s', () => changed((d) => void (inlet(d).ioVelocity = 2000)), mustBeBetween(-1000, 1000), () => `parts.${inletIndex()}.component.ioVelocity`],
    [
      'a profile table with a velocity out of range',
      () => changed((d) => {
        d.dataTables = [tableFromRows('profile', ioProfileColumns('riemann_velocity'), [[0, 0, 0, 1], [0, 0.1, 0, 1500]])];
        Object.assign(inlet(d), { ioProfileKind: 'field', ioTableId: 'profile' });
      }),
      templates.tableCellError('vel_n', 2, mustBeBetween(-1000, 1000)),
      () => `parts.${inletIndex()}.component.ioTableId`,
    ],
    ['a sensor without attributes', () => changed((d) => void (d.sensors = [{ ...createPointSensor('Probe', [0.1, 0.1, 0.1], 'probe'), attributes: [] }])), MESSAGES.sensorAttributesRequired, () => 'sensors.0.attributes'],
    ['a point sensor recording a flux', () => changed((d) => void (d.sensors = [{ ...createPointSensor('Probe', [0.1, 0.1, 0.1], 'probe'), attributes: ['mass_flux'] }])), MESSAGES.sensorAttributeUnavailable, () => 'sensors.0.attributes'],
    ['a volume clip of zero size', () => changed((d) => void (d.volumeClips = [createVolumeClip('Clip', { ...defaultCubeMesh(), dimensions: [0.1, 0, 0.1] }, 'clip')])), 'must be greater than 0', () => 'volumeClips.0.mesh.dimensions.1'],
  ];

  for (const [what, document, message, path] of refused) {
    it(`refuses ${what} with the rule's message and keeps what was stored`, async () => {
      const answer = await call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, document());
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json()).toMatchObject({ title: 'validation_error', description: message, status: 400 });
      expect(answer.json().errors).toContainEqual({ path: path(), message });
      expect(await current()).toEqual(stored);
    });
  }

  it('saves a field profile whose table does not exist yet (it blocks the run only) and a valid one', async () => {
    const pending = changed((d) => Object.assign(inlet(d), { ioProfileKind: 'field', ioTableId: null }));
    expect((await call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, pending)).status).toBe(200);
    const validation = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
    expect(validation.valid).toBe(false);
    expect(validation.issues.map((i: { message: string }) => i.message)).toContain(MESSAGES.selectionRequired);
    const profiled = changed((d) => {
      d.dataTables = [tableFromRows('profile', ioProfileColumns('riemann_velocity'), [[0, 0, 0, 1], [0, 0.1, 0, 2]])];
      Object.assign(inlet(d), { ioProfileKind: 'field', ioTableId: 'profile' });
    });
    expect((await call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, profiled)).status).toBe(200);
    // The engine runs a field profile with its table: nothing about the inlet is refused any more.
    try {
      const support = (await call(t, token, 'GET', `/api/simulations/${simulationId}/validation`)).json();
      const inletSettings = (support.solverSupport as { setting: string }[]).filter((x) => x.setting.startsWith(`parts[${inletIndex()}]`));
      expect(inletSettings).toEqual([]);
    } finally {
      expect((await call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, stored)).status).toBe(200);
    }
  });
});

describe('PUT volume_clips', () => {
  const clip = createVolumeClip('Around the column', { ...defaultCubeMesh([0.1, 0.1, 0.1]), dimensions: [0.2, 0.2, 0.2] }, 'clip-1');

  it('refuses a clip the rules refuse, a duplicate id and a body of another shape, and changes nothing', async () => {
    const bad = await call(t, token, 'PUT', `/api/simulations/${simulationId}/volume_clips`, { volumeClips: [{ ...clip, mesh: { ...clip.mesh, dimensions: [-1, 0.2, 0.2] } }] });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.json()).toMatchObject({ title: 'validation_error', description: 'must be greater than 0' });
    expect(bad.json().errors).toContainEqual({ path: 'volumeClips.0.mesh.dimensions.0', message: 'must be greater than 0' });
    const twice = await call(t, token, 'PUT', `/api/simulations/${simulationId}/volume_clips`, { volumeClips: [clip, clip] });
    expect(twice.status).toBe(400);
    expect(twice.json().title).toBe('validation_error');
    const shapeless = await call(t, token, 'PUT', `/api/simulations/${simulationId}/volume_clips`, { volumeClips: [{ ...clip, inverted: 'yes' }] });
    expect(shapeless.status).toBe(400);
    expect((await current()).volumeClips).toEqual([]);
  });

  it('replaces the clips alone, also while a run locks the setup, and the clips keep their fluid choice', async () => {
    await updateSimulation(t.db.db, simulationId, { setupLocked: true, resumable: true, state: 'stopped' });
    const answer = await call(t, token, 'PUT', `/api/simulations/${simulationId}/volume_clips`, { volumeClips: [{ ...clip, inverted: true, materialId: 0 }] });
    expect(answer.status, answer.text).toBe(200);
    const after = await current();
    expect(after.volumeClips).toEqual([{ ...clip, inverted: true, materialId: 0 }]);
    expect({ ...after, volumeClips: [] }).toEqual(stored);
    // The rest of the setup stays locked.
    expect((await call(t, token, 'PUT', `/api/simulations/${simulationId}/setup`, stored)).status).toBe(409);
    await updateSimulation(t.db.db, simulationId, { setupLocked: false, resumable: false, state: 'not_started' });
  });
});
