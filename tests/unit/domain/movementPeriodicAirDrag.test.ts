import { describe, expect, it } from 'vitest';
import { movementIssues } from '../../../src/domain/validation/movementRules.ts';
import { periodicBoundaryIssues, sliceAngleIssues } from '../../../src/domain/validation/periodicRules.ts';
import { airDragIssues } from '../../../src/domain/validation/airDragRules.ts';
import { createMovement, defaultMovementName, leaderCandidates, movementProgressAt, type Movement } from '../../../src/domain/movement.ts';
import { createPeriodicBoundary, periodicSliceCount } from '../../../src/domain/periodicBoundary.ts';
import { airDragCellCount, createAirDragDomain, type AirDragDomain } from '../../../src/domain/airDrag.ts';
import { movementFormSchema, periodicBoundaryFormSchema } from '../../../src/domain/validation/forms.ts';

function mv(over: Partial<Movement> = {}, id = 'm'): Movement {
  return { ...createMovement('translatory', 'p', [], id), ...over };
}
const errs = (m: Movement, endTime = 2, movements?: Movement[]) =>
  movementIssues(m, { profile: 'default', endTime, movements }).map((i) => `${i.field}: ${i.message}`);

describe('movement rules', () => {
  it('new movements: start 0, open end, unique default names, rotation axis (0,1,0)', () => {
    const r = createMovement('rotatory', 'p', ['Rotation', 'Rotation 2']);
    expect(r.name).toBe('Rotation 3');
    expect(r.start).toBe(0);
    expect(r.end).toBeNull();
    expect(r.type).toMatchObject({ type: 'rotatory', axis: [0, 1, 0] });
    expect(defaultMovementName('translatory', ['Rotation'])).toBe('Translation');
    expect(errs(r)).toEqual([]);
  });

  it('start >= 0, < end and < simulation end time', () => {
    expect(errs(mv({ start: -0.001 }))).toEqual(['start: must be at least 0']);
    expect(errs(mv({ start: 1, end: 1 }))).toEqual(['start: must be smaller than the end']);
    expect(errs(mv({ start: 0.99, end: 1 }))).toEqual([]);
    expect(errs(mv({ start: 2 }), 2)).toEqual(['start: must be smaller than the simulation end time']);
    expect(errs(mv({ start: 1.99 }), 2)).toEqual([]);
  });

  it('translatory acceleration ±300 and velocity ±1000; direction non-zero', () => {
    const t = (acc: number, vel: number) => mv({ type: { type: 'translatory', direction: [1, 0, 0], acc, vel } });
    expect(errs(t(300, -1000))).toEqual([]);
    expect(errs(t(-300.1, 0))).toEqual(['type.acc: must be between -300 and 300']);
    expect(errs(t(0, 1000.1))).toEqual(['type.vel: must be between -1000 and 1000']);
    expect(errs(mv({ type: { type: 'translatory', direction: [0, 0, 0], acc: 0, vel: 0 } }))).toEqual(['type.direction: length cannot be equal to 0']);
  });

  it('leader choices exclude the movement itself and its followers, transitively', () => {
    const a = mv({}, 'a');
    const b = mv({ parents: ['a'] }, 'b');
    const c = mv({ parents: ['b'] }, 'c');
    const d = mv({}, 'd');
    const all = [a, b, c, d];
    expect(leaderCandidates(all, 'a').map((m) => m.id)).toEqual(['d']);
    expect(leaderCandidates(all, 'c').map((m) => m.id)).toEqual(['a', 'b', 'd']);
    expect(leaderCandidates(all, undefined)).toHaveLength(4);
    expect(errs({ ...a, parents: ['c'] }, 2, all)).toEqual(['parents: a movement cannot follow itself or one of its followers']);
    expect(errs({ ...d, parents: ['x'] }, 2, all)).toEqual(['parents: leader movement does not exist']);
  });

  it('form schema reports at the nested path', () => {
    const r = movementFormSchema('default', { endTime: 2 }).safeParse(mv({ start: 3 }));
    expect(r.error?.issues[0]).toMatchObject({ path: ['start'], message: 'must be smaller than the simulation end time' });
  });

  it('kinematics: distance and speed between start and end', () => {
    const m = mv({ start: 1, end: 3, type: { type: 'translatory', direction: [1, 0, 0], acc: 2, vel: 1 } });
    expect(movementProgressAt(m, 0.5, 10)).toEqual({ distance: 0, speed: 0 });
    expect(movementProgressAt(m, 2, 10)).toEqual({ distance: 2, speed: 3 });
    expect(movementProgressAt(m, 5, 10)).toEqual({ distance: 6, speed: 0 });
  });
});

describe('periodic boundary rules', () => {
  const messages = (angle: number) => sliceAngleIssues(angle).map((i) => `${i.severity}: ${i.message}`);
  it('slice angle 1..120', () => {
    expect(messages(0.99)).toEqual(['error: must be between 1 and 120']);
    expect(messages(120.01)).toEqual(['error: must be between 1 and 120']);
    expect(messages(120)).toEqual([]);
    expect(messages(90)).toEqual([]);
  });
  it('warns below 15° and when not dividing 360 within 0.1°', () => {
    expect(messages(15)).toEqual([]);
    expect(messages(14.4)).toEqual(['warning: Slice angles below 15° may give inaccurate results']);
    expect(messages(1)).toEqual(['warning: Slice angles below 15° may give inaccurate results']);
    expect(messages(7)).toEqual([
      'warning: Slice angles below 15° may give inaccurate results',
      'warning: Slice angle should divide 360° evenly',
    ]);
    expect(messages(100)).toEqual(['warning: Slice angle should divide 360° evenly']);
    expect(periodicSliceCount(120.03)).toBe(3);
    expect(messages(120.03)).toEqual(['error: must be between 1 and 120']);
    expect(messages(72.02)).toEqual([]);
    expect(messages(72.03)).toEqual(['warning: Slice angle should divide 360° evenly']);
  });
  it('slice rotation strictly between -360 and 360; axis non-zero', () => {
    const pb = createPeriodicBoundary();
    expect(pb.sliceAngle).toBe(90);
    expect(pb.axis).toEqual([0, 0, 1]);
    const e = (over: object) => periodicBoundaryIssues({ ...pb, ...over }).map((i) => `${i.field}: ${i.message}`);
    expect(e({ sliceRotation: 359.9 })).toEqual([]);
    expect(e({ sliceRotation: -359.9 })).toEqual([]);
    expect(e({ sliceRotation: 360 })).toEqual(['sliceRotation: must be strictly between -360 and 360']);
    expect(e({ sliceRotation: -360 })).toHaveLength(1);
    expect(e({ axis: [0, 0, 0] })).toEqual(['axis: length cannot be equal to 0']);
    expect(periodicBoundaryFormSchema().safeParse({ ...pb, sliceAngle: 14 }).success).toBe(true);
    expect(periodicBoundaryFormSchema().safeParse({ ...pb, sliceAngle: 121 }).success).toBe(false);
  });
});

describe('air drag rules', () => {
  const e = (over: Partial<AirDragDomain>) => airDragIssues({ ...createAirDragDomain(), ...over }).map((i) => `${i.field}: ${i.message}`);
  it('size > 0; velocity required when constant; cell size not checked when constant', () => {
    expect(e({})).toEqual([]);
    expect(e({ size: [1, 0, 1] })).toEqual(['size.1: must be greater than 0']);
    expect(e({ velocity: null })).toEqual(['velocity: velocity is required']);
    expect(e({ cellSize: 0 })).toEqual([]);
  });
  it('cell size > 0 and at most 50,000,000 cells otherwise', () => {
    const table = { kind: 'table' as const, tableId: 't' };
    expect(e({ ...table, cellSize: 0 })).toEqual(['cellSize: must be greater than 0']);
    // 500 × 500 × 200 = 50,000,000 cells: allowed; one more layer is not.
    expect(airDragCellCount({ size: [5, 5, 2], cellSize: 0.01 })).toBe(50_000_000);
    expect(e({ ...table, size: [5, 5, 2], cellSize: 0.01 })).toEqual([]);
    expect(e({ ...table, size: [5, 5, 2.01], cellSize: 0.01 })[0]).toMatch(/^cellSize: the grid must not exceed 50,000,000 cells/);
  });
  it('simulation kind needs a reference and outputs per range switch', () => {
    expect(e({ kind: 'simulation' })).toEqual(['refSimulationId: a reference simulation is required', 'outputSingle: an output is required']);
    expect(e({ kind: 'simulation', refSimulationId: 's', outputSingle: 3 })).toEqual([]);
    expect(e({ kind: 'simulation', refSimulationId: 's', outputRange: true, outputStart: 4, outputEnd: null })).toEqual(['outputEnd: an output is required']);
    expect(e({ kind: 'simulation', refSimulationId: 's', outputRange: true, outputStart: 4, outputEnd: 2 })).toEqual(['outputEnd: must not be smaller than the start']);
  });
});
