// What the Motion tab, the timeline and the acceleration preview compute without a browser: how a
// movement reads, when the keyframes must be loaded again, and which samples the preview draws.
import { describe, expect, it } from 'vitest';
import { defaultRigidComponent } from '../../../src/domain/component.ts';
import { createMovement } from '../../../src/domain/movement.ts';
import { createPart } from '../../../src/domain/part.ts';
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { cubeShape } from '../../../src/domain/shape.ts';
import { plotIndices } from '../../../src/client/setup/forms/acceleration/plotIndices.ts';
import { leaderNames, motionText, movementTimeText } from '../../../src/client/setup/forms/movement/movementText.ts';
import { hasMovingParts, movementKey } from '../../../src/client/setup/timeline/useMovementLoading.ts';

function paddleCase(): SetupDocument {
  const doc = emptySetup();
  doc.parts.push(createPart({ id: 'paddle', name: 'Paddle', component: defaultRigidComponent(), shape: cubeShape() }));
  return doc;
}

describe('movement texts', () => {
  it('say when a movement runs, what it does and whom it follows', () => {
    const spin = { ...createMovement('rotatory', 'paddle', [], 'spin'), type: { type: 'rotatory' as const, center: [0.4, 0.2, 0] as [number, number, number], axis: [0, 0, 1] as [number, number, number], vel: 2, acc: 0.5 } };
    const slide = { ...createMovement('translatory', 'paddle', [], 'slide'), start: 0.25, end: 1, parents: ['spin', 'gone'] };
    expect(movementTimeText(spin, 2)).toBe('0 s → end (2 s)');
    expect(movementTimeText(slide, 2)).toBe('0.25 s → 1 s');
    expect(motionText(spin)).toBe('2 rad/s, 0.5 rad/s² about (0, 0, 1) through (0.4, 0.2, 0)');
    expect(motionText(slide)).toBe('0 m/s along (1, 0, 0)');
    expect(leaderNames(slide, [spin, slide])).toEqual(['Rotation']);
  });
});

describe('movement loading', () => {
  it('loads again when movements, times or part names change, not for a colour', () => {
    const doc = paddleCase();
    doc.movements.push(createMovement('rotatory', 'paddle', [], 'spin'));
    const key = movementKey(doc);
    const recoloured = structuredClone(doc);
    recoloured.parts[0].appearance.color = '#000000';
    expect(movementKey(recoloured)).toBe(key);
    const renamed = structuredClone(doc);
    renamed.parts[0].name = 'Blade';
    expect(movementKey(renamed)).not.toBe(key);
    const later = structuredClone(doc);
    later.settings.endTime = 3;
    expect(movementKey(later)).not.toBe(key);
  });

  it('plays only movements of the geometry: a wall velocity movement moves no part', () => {
    const doc = paddleCase();
    expect(hasMovingParts(doc)).toBe(false);
    doc.movements.push({ ...createMovement('rotatory', 'paddle', [], 'belt'), virtualMovement: true });
    expect(hasMovingParts(doc)).toBe(false);
    doc.movements.push(createMovement('rotatory', 'paddle', [], 'spin'));
    expect(hasMovingParts(doc)).toBe(true);
  });
});

describe('acceleration preview', () => {
  it('draws every sample of a short file and about 600 of a long one, the last always', () => {
    expect(plotIndices(3)).toEqual([0, 1, 2]);
    const long = plotIndices(100_001);
    expect(long.length).toBeLessThanOrEqual(602);
    expect(long[long.length - 1]).toBe(100_000);
    expect(plotIndices(0)).toEqual([]);
  });
});
