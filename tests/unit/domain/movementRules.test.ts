// Every movement rule of spec 1 §5 through the whole-setup validation, in both profiles, with the message
// the spec's style gives it; each of them refuses a write of the setup. The edits that keep references to
// movements whole, and the end-time check of the settings forms.
import { describe, expect, it } from 'vitest';
import { defaultRigidComponent } from '../../../src/domain/component.ts';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { createMovement, DEFAULT_ROTATION_AXIS, defaultMovementName, leaderCandidates, movementFormMode, type Movement } from '../../../src/domain/movement.ts';
import { partMayMove, withMovement, withMovingWall, withoutMovement, withoutPart } from '../../../src/domain/movementEdits.ts';
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { validationProfiles } from '../../../src/domain/limits.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape } from '../../../src/domain/shape.ts';
import { settingsFormSchema } from '../../../src/domain/validation/forms.ts';
import { validateSetup } from '../../../src/domain/validation/validateSetup.ts';
import { refusesWrite, setupWriteErrors } from '../../../src/domain/validation/writeRules.ts';

function caseWith(edit: (doc: SetupDocument) => void = () => undefined): SetupDocument {
  const doc = emptySetup();
  doc.parts.push(createPart({ id: 'wall', name: 'Wall', component: defaultRigidComponent(), shape: cubeShape() }));
  doc.movements.push(
    { ...createMovement('rotatory', 'wall', [], 'spin'), end: 1 },
    { ...createMovement('translatory', 'wall', ['Rotation'], 'slide'), parents: ['spin'] },
  );
  edit(doc);
  return doc;
}

const movementFindings = (doc: SetupDocument, profile: (typeof validationProfiles)[number]) =>
  validateSetup(doc, { profile })
    .issues.filter((i) => i.group === 'movements' || i.field.startsWith('component.velocity'))
    .map((i) => `${i.entityId} ${i.field}: ${i.message}`);

const rotationType = (doc: SetupDocument) => {
  const type = doc.movements[0].type;
  if (type.type !== 'rotatory') throw new Error('the first movement rotates');
  return type;
};
const translationType = (doc: SetupDocument) => {
  const type = doc.movements[1].type;
  if (type.type !== 'translatory') throw new Error('the second movement translates');
  return type;
};
const wall = (doc: SetupDocument) => {
  const c = doc.parts[0].component;
  if (c.type !== 'rigid') throw new Error('the wall is rigid');
  return c;
};

const cases: [string, (doc: SetupDocument) => void, string][] = [
  ['a negative start', (d) => void (d.movements[0].start = -0.5), 'spin start: must be at least 0'],
  ['a start equal to the end', (d) => void (d.movements[0].start = 1), `spin start: ${MESSAGES.movementStartBeforeEnd}`],
  ['a start after the end', (d) => Object.assign(d.movements[0], { start: 1.5 }), `spin start: ${MESSAGES.movementStartBeforeEnd}`],
  ['a start at the simulation end time', (d) => void (d.movements[1].start = 2), `slide start: ${MESSAGES.movementStartBeforeSimulationEnd}`],
  ['a start that is no number', (d) => void (d.movements[1].start = Number.NaN), `slide start: ${MESSAGES.validNumber}`],
  ['a translatory acceleration of 300.5 m/s²', (d) => void (translationType(d).acc = 300.5), 'slide type.acc: must be between -300 and 300'],
  ['a translatory acceleration of -301 m/s²', (d) => void (translationType(d).acc = -301), 'slide type.acc: must be between -300 and 300'],
  ['a translatory velocity of 1000.5 m/s', (d) => void (translationType(d).vel = 1000.5), 'slide type.vel: must be between -1000 and 1000'],
  ['a translatory direction of length 0', (d) => void (translationType(d).direction = [0, 0, 0]), `slide type.direction: ${MESSAGES.zeroLength}`],
  ['a rotation axis of length 0', (d) => void (rotationType(d).axis = [0, 0, 0]), `spin type.axis: ${MESSAGES.zeroLength}`],
  ['a movement leading itself', (d) => void (d.movements[0].parents = ['spin']), `spin parents: ${MESSAGES.movementLeaderCycle}`],
  // Both movements of a cycle lead their own follower.
  [
    'a leader that is its follower',
    (d) => void (d.movements[0].parents = ['slide']),
    `spin parents: ${MESSAGES.movementLeaderCycle}|slide parents: ${MESSAGES.movementLeaderCycle}`,
  ],
  ['a leader that does not exist', (d) => void (d.movements[1].parents = ['gone']), `slide parents: ${MESSAGES.movementLeaderMissing}`],
  ['a part that does not exist', (d) => void (d.movements[1].partId = 'gone'), `slide partId: ${MESSAGES.movementPartMissing}`],
  ['a moving wall without a movement', (d) => void (wall(d).velocityKind = 'moving'), `wall component.velocityConditionMovementId: ${MESSAGES.movingWallMovementRequired}`],
  [
    'a moving wall following a movement that does not exist',
    (d) => Object.assign(wall(d), { velocityKind: 'moving', velocityConditionMovementId: 'gone' }),
    `wall component.velocityConditionMovementId: ${MESSAGES.movementMissing}`,
  ],
];

describe('movement rules in both profiles', () => {
  it('a case with a follower and a wall moving with a movement has no findings', () => {
    const doc = caseWith((d) => Object.assign(wall(d), { velocityKind: 'moving', velocityConditionMovementId: 'slide' }));
    for (const profile of validationProfiles) expect(movementFindings(doc, profile)).toEqual([]);
    expect(setupWriteErrors(doc)).toEqual([]);
  });

  for (const [what, edit, finding] of cases) {
    it(`${what}: "${finding}", and the write is refused`, () => {
      const doc = caseWith(edit);
      for (const profile of validationProfiles) expect(movementFindings(doc, profile), profile).toEqual(finding.split('|'));
      const message = finding.slice(finding.indexOf(': ') + 2).split('|')[0];
      expect(refusesWrite({ severity: 'error', message })).toBe(true);
      expect(setupWriteErrors(doc).map((e) => e.message)).toContain(message);
    });
  }

  it('an empty name is listed and blocks a run, but saves like any name still missing', () => {
    const doc = caseWith((d) => void (d.movements[1].name = '  '));
    for (const profile of validationProfiles) expect(movementFindings(doc, profile)).toEqual([`slide name: ${MESSAGES.required}`]);
    expect(setupWriteErrors(doc)).toEqual([]);
  });

  it('the limits hold at their bounds', () => {
    const doc = caseWith((d) => {
      Object.assign(translationType(d), { acc: -300, vel: 1000 });
      Object.assign(d.movements[1], { start: 1.999999 });
    });
    for (const profile of validationProfiles) expect(movementFindings(doc, profile)).toEqual([]);
  });

  it('a rotating system needs an axis of non-zero length', () => {
    const doc = caseWith((d) => Object.assign(d.settings, { rotatingSystem: true, rotationAxis: [0, 0, 0] }));
    for (const profile of validationProfiles) {
      expect(validateSetup(doc, { profile }).issues.filter((i) => i.field === 'rotationAxis').map((i) => i.message)).toEqual([MESSAGES.zeroLength]);
    }
    expect(setupWriteErrors(doc)).toContainEqual({ path: 'settings.rotationAxis', message: MESSAGES.zeroLength });
    expect(setupWriteErrors(caseWith((d) => Object.assign(d.settings, { rotatingSystem: false, rotationAxis: [0, 0, 0] })))).toEqual([]);
  });

  it('the settings forms refuse an end time at or before the start of a movement', () => {
    const schema = settingsFormSchema('default', { movementStarts: [0, 1.5] });
    const settings = emptySetup().settings;
    expect(schema.safeParse({ ...settings, endTime: 1.6 }).success).toBe(true);
    const refused = schema.safeParse({ ...settings, endTime: 1.5 });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['endTime', MESSAGES.endTimeAfterMovementStarts]]);
  });
});

describe('new movements and the movement form', () => {
  it('start at 0 with an open end, a unique default name and the rotation axis (0,1,0)', () => {
    const rotation = createMovement('rotatory', 'wall', ['Rotation', 'Rotation 2', 'Translation']);
    expect(rotation).toMatchObject({ name: 'Rotation 3', start: 0, end: null, parents: [], virtualMovement: false });
    expect(rotation.type).toMatchObject({ axis: [...DEFAULT_ROTATION_AXIS] });
    expect(DEFAULT_ROTATION_AXIS).toEqual([0, 1, 0]);
    expect(defaultMovementName('translatory', ['Translation'])).toBe('Translation 2');
  });

  it('adds without an id and edits with one; the type switches only when adding', () => {
    expect(movementFormMode(undefined)).toEqual({ mode: 'add', typeSwitchable: true });
    expect(movementFormMode('spin')).toEqual({ mode: 'edit', typeSwitchable: false });
  });

  it('offers as leaders every other movement but its followers', () => {
    const doc = caseWith((d) => d.movements.push({ ...createMovement('translatory', 'wall', [], 'lift'), parents: ['slide'] }));
    expect(leaderCandidates(doc.movements, 'spin').map((m) => m.id)).toEqual([]);
    expect(leaderCandidates(doc.movements, 'slide').map((m) => m.id)).toEqual(['spin']);
    expect(leaderCandidates(doc.movements, 'lift').map((m) => m.id)).toEqual(['spin', 'slide']);
  });
});

describe('edits that keep references to movements whole', () => {
  it('removing a movement drops it as a leader and turns the walls it moved into no-slip walls', () => {
    const doc = withMovingWall(caseWith(), 'wall', 'spin');
    expect(wall(doc)).toMatchObject({ velocityKind: 'moving', velocityConditionMovementId: 'spin' });
    const without = withoutMovement(doc, 'spin');
    expect(without.movements.map((m) => [m.id, m.parents])).toEqual([['slide', []]]);
    expect(wall(without)).toMatchObject({ velocityKind: 'no_slip', velocityConditionMovementId: null });
    expect(setupWriteErrors(without)).toEqual([]);
  });

  it('removing a part removes its movements and what referred to them', () => {
    const doc = caseWith((d) => {
      d.parts.push(createPart({ id: 'lid', name: 'Lid', component: defaultRigidComponent(), shape: cubeShape() }));
      d.movements.push({ ...createMovement('translatory', 'lid', [], 'lift'), parents: ['slide'] });
    });
    const without = withoutPart(withMovingWall(doc, 'lid', 'spin'), 'wall');
    expect(without.parts.map((p) => p.id)).toEqual(['lid']);
    expect(without.movements.map((m) => [m.id, m.parents])).toEqual([['lift', []]]);
    expect(setupWriteErrors(without)).toEqual([]);
  });

  it('adding replaces a movement with the same id, and only solids and inlets/outlets move', () => {
    const doc = caseWith();
    const renamed: Movement = { ...doc.movements[0], name: 'Turntable' };
    expect(withMovement(doc, renamed).movements.map((m) => m.name)).toEqual(['Turntable', 'Translation']);
    expect(withMovement(doc, createMovement('rotatory', 'wall', [], 'new')).movements).toHaveLength(3);
    expect(partMayMove({ component: defaultRigidComponent() })).toBe(true);
    expect(partMayMove({ component: { type: 'refinement' } })).toBe(false);
  });
});
