// Plain colours of output objects: walls and inlets by kind, the fluids of a multiphase output by material.
import { describe, expect, it } from 'vitest';
import { FLUID_MATERIAL_COLORS, OBJECT_KIND_COLORS, objectColor } from '../../../src/client/viewer/defaults.ts';

describe('objectColor', () => {
  it('leaves a single fluid the layer default and colours several fluids by material', () => {
    expect(objectColor('fluid', 0, 1)).toBeUndefined();
    expect(objectColor('fluid', 0, 2)).toBe(FLUID_MATERIAL_COLORS[0]);
    expect(objectColor('fluid', 1, 2)).toBe(FLUID_MATERIAL_COLORS[1]);
    expect(objectColor('fluid', 0, 2)).not.toBe(objectColor('fluid', 1, 2));
    expect(objectColor('wall_boundary', null, 2)).toBe(OBJECT_KIND_COLORS.wall_boundary);
  });
});
