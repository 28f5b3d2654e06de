// Movements over the API: a setup write that breaks a movement rule is answered 400 validation_error
// with the rule's message and stores nothing; the movements of a simulation and a part's keyframes
// (interpolated, stepped, capped) are read with the right to read the setup; the acceleration file is
// checked with the domain's parser on upload and must exist when the setup names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCELERATION_FILE_MAX_BYTES, ACCELERATION_FILE_MESSAGES } from '../../../src/domain/accelerationFile.ts';
import { KEYFRAME_CAP_PER_PART } from '../../../src/domain/constants.ts';
import { partPoseAt } from '../../../src/domain/kinematics.ts';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { createMovement, type Movement } from '../../../src/domain/movement.ts';
import { poseMatrix } from '../../../src/domain/movementApi.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import type { Vec3 } from '../../../src/domain/vector.ts';
import { smallDamBreak } from '../runs/harness.ts';
import { multipartBody } from './authorizationFixture.ts';
import { call, createOrganization, createUser, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let owner: string;
let contributor: string;
let outsider: string;
let simulationId: string;
let stored: SetupDocument;

function rotation(id: string, partId: string | null, over: Partial<Movement> = {}, axis: Vec3 = [0, 0, 1], vel = 1): Movement {
  return { ...createMovement('rotatory', partId, [], id), type: { type: 'rotatory', center: [0.4, 0.1, 0], axis, vel, acc: 0 }, ...over };
}

function translation(id: string, partId: string | null, over: Partial<Movement> = {}, vel = 0.2, acc = 0): Movement {
  return { ...createMovement('translatory', partId, [], id), type: { type: 'translatory', direction: [1, 0, 0], vel, acc }, ...over };
}

/** The dam break with its tank sliding on a turntable (a leader that moves no part of its own). */
function movingDamBreak(): SetupDocument {
  const setup = smallDamBreak();
  setup.movements = [rotation('spin', null, { name: 'Turntable', end: 0.08 }), translation('slide', 'tank', { name: 'Slide', parents: ['spin'], start: 0.02 })];
  return setup;
}

async function put(document: SetupDocument, id = simulationId, token = owner) {
  return call(t, token, 'PUT', `/api/simulations/${id}/setup`, document);
}

async function current(): Promise<SetupDocument> {
  return (await call(t, owner, 'GET', `/api/simulations/${simulationId}/setup`)).json() as SetupDocument;
}

function changed(edit: (doc: SetupDocument) => void): SetupDocument {
  const doc = structuredClone(stored);
  edit(doc);
  return doc;
}

async function uploadAcceleration(token: string, name: string, content: string | Buffer, id = simulationId) {
  const { payload, headers } = multipartBody({}, { name, bytes: Buffer.from(content) });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/simulations/${id}/acceleration_file`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, json: () => response.json() };
}

beforeAll(async () => {
  t = await startTestApp();
  const ownerUser = await createUser(t, t.organizationId, 'contributor');
  owner = await tokenFor(t, ownerUser.id);
  contributor = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id);
  outsider = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Elsewhere'), 'manager')).id);
  const project = await call(t, owner, 'POST', '/api/projects', { name: 'Moving machinery', description: '' });
  const simulation = await call(t, owner, 'POST', `/api/projects/${project.json().id}/simulations`, { name: 'Turning tank' });
  simulationId = simulation.json().id;
  stored = movingDamBreak();
  const saved = await put(stored);
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('a setup write breaking a movement rule', () => {
  const tank = (doc: SetupDocument) => {
    const part = doc.parts.find((p) => p.id === 'tank');
    if (part?.component.type !== 'rigid') throw new Error('the dam break has a rigid tank');
    return part.component;
  };
  const refused: [string, () => SetupDocument, string, string][] = [
    ['a start after the end', () => changed((d) => Object.assign(d.movements[0], { start: 0.05, end: 0.05 })), MESSAGES.movementStartBeforeEnd, 'movements.0.start'],
    ['a start at the simulation end time', () => changed((d) => Object.assign(d.movements[1], { start: 0.1 })), MESSAGES.movementStartBeforeSimulationEnd, 'movements.1.start'],
    ['a negative start', () => changed((d) => Object.assign(d.movements[0], { start: -0.01 })), 'must be at least 0', 'movements.0.start'],
    ['a translatory acceleration of 301 m/s²', () => changed((d) => Object.assign(d.movements[1].type, { acc: 301 })), 'must be between -300 and 300', 'movements.1.type.acc'],
    ['a translatory velocity of -1001 m/s', () => changed((d) => Object.assign(d.movements[1].type, { vel: -1001 })), 'must be between -1000 and 1000', 'movements.1.type.vel'],
    ['a rotation axis of length 0', () => changed((d) => Object.assign(d.movements[0].type, { axis: [0, 0, 0] })), MESSAGES.zeroLength, 'movements.0.type.axis'],
    ['a translation direction of length 0', () => changed((d) => Object.assign(d.movements[1].type, { direction: [0, 0, 0] })), MESSAGES.zeroLength, 'movements.1.type.direction'],
    ['a movement leading itself', () => changed((d) => void (d.movements[0].parents = ['spin'])), MESSAGES.movementLeaderCycle, 'movements.0.parents'],
    ['a leader that follows it (a cycle)', () => changed((d) => void (d.movements[0].parents = ['slide'])), MESSAGES.movementLeaderCycle, 'movements.0.parents'],
    ['a leader that does not exist', () => changed((d) => void (d.movements[1].parents = ['gone'])), MESSAGES.movementLeaderMissing, 'movements.1.parents'],
    ['a movement of a part that does not exist', () => changed((d) => void (d.movements[1].partId = 'gone')), MESSAGES.movementPartMissing, 'movements.1.partId'],
    ['a moving wall without a movement', () => changed((d) => Object.assign(tank(d), { velocityKind: 'moving', velocityConditionMovementId: null })), MESSAGES.movingWallMovementRequired, 'parts.0.component.velocityConditionMovementId'],
    ['a moving wall following a movement that does not exist', () => changed((d) => Object.assign(tank(d), { velocityKind: 'moving', velocityConditionMovementId: 'gone' })), MESSAGES.movementMissing, 'parts.0.component.velocityConditionMovementId'],
    ['a rotating system about an axis of length 0', () => changed((d) => Object.assign(d.settings, { rotatingSystem: true, rotationAxis: [0, 0, 0] })), MESSAGES.zeroLength, 'settings.rotationAxis'],
    ['an acceleration file that was never uploaded', () => changed((d) => void (d.settings.accelerationFile = { id: '00000000-0000-4000-8000-000000000000', name: 'shake.csv' })), ACCELERATION_FILE_MESSAGES.missingFile, 'settings.accelerationFile'],
    ['an acceleration file id that is no id', () => changed((d) => void (d.settings.accelerationFile = { id: 'shake', name: 'shake.csv' })), ACCELERATION_FILE_MESSAGES.missingFile, 'settings.accelerationFile'],
  ];
  for (const [what, document, message, path] of refused) {
    it(`is refused for ${what}, and nothing changes`, async () => {
      const answer = await put(document());
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json()).toMatchObject({ title: 'validation_error', description: message, status: 400 });
      expect(answer.json().errors).toContainEqual({ path, message });
      expect(await current()).toEqual(stored);
    });
  }

  it('saves movements that keep the rules: a follower, a wall velocity movement, a rotating system', async () => {
    const valid = changed((d) => {
      d.movements.push({ ...rotation('belt', 'tank', { name: 'Belt' }), virtualMovement: true });
      Object.assign(tank(d), { velocityKind: 'moving', velocityConditionMovementId: 'belt' });
      Object.assign(d.settings, { rotatingSystem: true, rotationVelocity: 0.5, rotationAxis: [0, 0, 1] });
    });
    expect((await put(valid)).status).toBe(200);
    expect(await current()).toEqual(valid);
    expect((await put(stored)).status).toBe(200);
  });
});

describe('GET /api/simulations/{id}/movements', () => {
  it('lists the movements and the parts whose geometry they move', async () => {
    const answer = await call(t, owner, 'GET', `/api/simulations/${simulationId}/movements`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json()).toEqual({
      endTime: 0.1,
      outputTimeInterval: 0.02,
      movements: stored.movements,
      parts: [{ partId: 'tank', name: 'Tank', movementIds: ['slide'] }],
    });
  });

  it('is refused like the setup: 401 without a token, 403 to another contributor, 404 in another organisation', async () => {
    expect((await call(t, null, 'GET', `/api/simulations/${simulationId}/movements`)).status).toBe(401);
    expect((await call(t, contributor, 'GET', `/api/simulations/${simulationId}/movements`)).status).toBe(403);
    expect((await call(t, outsider, 'GET', `/api/simulations/${simulationId}/movements`)).status).toBe(404);
  });
});

describe('GET /api/parts/{id}/movements/keyframes', () => {
  const url = (query: string, partId = 'tank') => `/api/parts/${partId}/movements/keyframes?${query}`;

  it('gives the part pose of the domain kinematics at every keyframe, densely when interpolating', async () => {
    const answer = await call(t, owner, 'GET', url(`simulationId=${simulationId}`));
    expect(answer.status, answer.text).toBe(200);
    const reply = answer.json();
    expect(reply).toMatchObject({ partId: 'tank', simulationId, name: 'Tank', interpolate: true, capped: false });
    const times = reply.keyframes.map((k: { time: number }) => k.time);
    expect(times[0]).toBe(0);
    expect(times[times.length - 1]).toBe(0.1);
    // The movements' start and end times are keyframes, so that linear blending never cuts a corner there.
    expect(times).toEqual(expect.arrayContaining([0.02, 0.08]));
    let worst = 0;
    for (const { time, matrix } of reply.keyframes as { time: number; matrix: number[] }[]) {
      const expected = poseMatrix(partPoseAt(stored.movements, 'tank', time, 0.1));
      worst = Math.max(worst, ...matrix.map((v, i) => Math.abs(v - expected[i])));
    }
    console.log(`keyframes of the turning tank: ${times.length} interpolated, largest deviation from the kinematics ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(1e-12);
  });

  it('gives one keyframe per output time when stepped', async () => {
    const answer = await call(t, owner, 'GET', url(`simulationId=${simulationId}&interpolate=false`));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json().interpolate).toBe(false);
    expect(answer.json().keyframes.map((k: { time: number }) => Number(k.time.toFixed(9)))).toEqual([0, 0.02, 0.04, 0.06, 0.08, 0.1]);
  });

  it('stops at 5000 keyframes and says so', async () => {
    const spinning = smallDamBreak({ endTime: 10, outputTimeInterval: 0.01 });
    spinning.movements = [rotation('fast', 'tank', { name: 'Fast' }, [0, 0, 1], 100)];
    const id = (await call(t, owner, 'POST', `/api/simulations/${simulationId}/clone`, { name: 'Fast spin' })).json().id as string;
    expect((await put(spinning, id)).status).toBe(200);
    const answer = await call(t, owner, 'GET', url(`simulationId=${id}`));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json().capped).toBe(true);
    expect(answer.json().keyframes).toHaveLength(KEYFRAME_CAP_PER_PART);
    // Without naming a simulation the part is ambiguous now: the clone holds a part with the same id.
    const ambiguous = await call(t, owner, 'GET', url(''));
    expect(ambiguous.status, ambiguous.text).toBe(400);
    expect(ambiguous.json().title).toBe('wrong_input');
    expect((await call(t, owner, 'DELETE', `/api/simulations/${id}`)).status).toBe(200);
    expect((await call(t, owner, 'GET', url(''))).status).toBe(200);
  });

  it('is refused like the setup, and a part nobody has is not found', async () => {
    expect((await call(t, null, 'GET', url(''))).status).toBe(401);
    expect((await call(t, contributor, 'GET', url(''))).status).toBe(403);
    expect((await call(t, contributor, 'GET', url(`simulationId=${simulationId}`))).status).toBe(403);
    expect((await call(t, outsider, 'GET', url(''))).status).toBe(404);
    expect((await call(t, outsider, 'GET', url(`simulationId=${simulationId}`))).status).toBe(404);
    expect((await call(t, owner, 'GET', url('', 'no-such-part'))).status).toBe(404);
    expect((await call(t, owner, 'GET', url(`simulationId=${simulationId}`, 'water-column'))).json().keyframes).toHaveLength(2);
  });
});

describe('POST /api/simulations/{id}/acceleration_file', () => {
  const good = 'time,ax,ay,az\n0,0,0,0\n0.05,1.5,0,0\n0.1,1.5,0,-0.5\n';

  it('stores a good file, which the setup may then name', async () => {
    const answer = await uploadAcceleration(owner, 'shake.csv', good);
    expect(answer.status).toBe(201);
    expect(answer.json()).toMatchObject({ name: 'shake.csv', rows: 3, startTime: 0, endTime: 0.1, size: good.length });
    const withFile = changed((d) => void (d.settings.accelerationFile = { id: answer.json().id, name: 'shake.csv' }));
    expect((await put(withFile)).status).toBe(200);
    const bytes = await t.app.inject({ method: 'GET', url: `/api/files/${answer.json().id}`, headers: { authorization: `Bearer ${owner}` } });
    expect(bytes.body).toBe(good);
    expect((await put(stored)).status).toBe(200);
  });

  const bad: [string, string, string][] = [
    ['times that go back', 'time,ax,ay,az\n0,0,0,0\n0.2,1,0,0\n0.1,1,0,0\n', ACCELERATION_FILE_MESSAGES.timeNotIncreasing(4, 0.1, 0.2)],
    ['a missing column', 'time,ax,ay\n0,0,0\n1,1,1\n', ACCELERATION_FILE_MESSAGES.missingColumns(['az'])],
    ['a row with too few values', '0,0,0,0\n1,1,1\n', ACCELERATION_FILE_MESSAGES.columnCount(2, 3)],
    ['a value that is no number', 'time,ax,ay,az\n0,0,0,0\n1,fast,0,0\n', ACCELERATION_FILE_MESSAGES.notANumber(3, 'ax', 'fast')],
    ['a single row', 'time,ax,ay,az\n0,1,0,0\n', ACCELERATION_FILE_MESSAGES.tooFewRows],
    ['nothing in it', '\n\n', ACCELERATION_FILE_MESSAGES.empty],
  ];
  for (const [what, content, message] of bad) {
    it(`refuses a file with ${what} with the parser's message`, async () => {
      const answer = await uploadAcceleration(owner, 'bad.csv', content);
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({ title: 'validation_error', description: message, errors: [{ path: 'file', message }] });
    });
  }

  it('refuses other files, files over the limit and callers who may not change the setup, storing nothing', async () => {
    const before = (await call(t, owner, 'GET', `/api/simulations/${simulationId}`)).json().size;
    expect((await uploadAcceleration(owner, 'shake.txt', good)).json()).toMatchObject({ status: 400, description: ACCELERATION_FILE_MESSAGES.notCsv });
    expect((await uploadAcceleration(owner, 'binary.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41]))).json().description).toBe(ACCELERATION_FILE_MESSAGES.notText);
    const huge = Buffer.alloc(ACCELERATION_FILE_MAX_BYTES + 10, '0,0,0,0\n');
    const tooLarge = await uploadAcceleration(owner, 'huge.csv', huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json().description).toBe(ACCELERATION_FILE_MESSAGES.tooLarge);
    expect((await uploadAcceleration(contributor, 'shake.csv', good)).status).toBe(403);
    expect((await uploadAcceleration(outsider, 'shake.csv', good)).status).toBe(404);
    expect((await call(t, owner, 'GET', `/api/simulations/${simulationId}`)).json().size).toBe(before);
    const nonMultipart = await call(t, owner, 'POST', `/api/simulations/${simulationId}/acceleration_file`, { file: good });
    expect(nonMultipart.json()).toMatchObject({ status: 400, description: ACCELERATION_FILE_MESSAGES.singleFile });
  });
});
