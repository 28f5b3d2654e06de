// Field profiles of open boundaries (src/solver/physics/ioProfile.ts): linear interpolation of the table's
// points on the boundary plane, clamped outside them, and the sampled grid both backends read.
import { describe, expect, it } from 'vitest';
import { planeInterpolant, profileValueAt, sampleProfile, type ProfilePlane } from '../../../src/solver/physics/ioProfile.ts';
import { checkCaseSupport } from '../../../src/solver/caseInput.ts';
import { profiledChannelCase } from './cases.ts';

// The plane x = 1 with u along y and v along z; a 0.2 m square polygon from (0, 0) to (0.2, 0.2).
const plane: ProfilePlane = {
  origin: [1, 0, 0], axisU: [0, 1, 0], axisV: [0, 0, 1],
  polygon: [0, 0, 0.2, 0, 0.2, 0.2, 0, 0, 0.2, 0.2, 0, 0.2],
};

describe('inlet field profiles', () => {
  it('interpolates collinear points piecewise linearly and clamps beyond the ends', () => {
    // Points along y (at z = 0.1, off the plane by 0.05 m: projected), out of order.
    const f = planeInterpolant(plane, [[1.05, 0.1, 0.1], [1.05, 0, 0.1], [1.05, 0.2, 0.1]], [3, 1, 2]);
    expect(f(0.05, 0)).toBeCloseTo(2, 12);
    expect(f(0.15, 0.17)).toBeCloseTo(2.5, 12);
    expect(f(-1, 0.1)).toBe(1);
    expect(f(0.5, 0.1)).toBe(2);
  });

  it('reproduces a linear field from scattered points inside their hull and clamps to the hull outside', () => {
    const g = (u: number, v: number) => 0.3 + 2 * u - 5 * v;
    const pts: [number, number, number][] = [[1, 0.02, 0.01], [1, 0.18, 0.03], [1, 0.11, 0.19], [1, 0.05, 0.12], [1, 0.14, 0.09], [1, 0.09, 0.05]];
    const f = planeInterpolant(plane, pts, pts.map(([, y, z]) => g(y, z)));
    for (const [u, v] of [[0.1, 0.08], [0.12, 0.1], [0.06, 0.05]]) expect(f(u, v)).toBeCloseTo(g(u, v), 10);
    // Beyond the edge from (0.02, 0.01) to (0.18, 0.03): the value at the nearest point of that edge.
    const onEdge = g(0.1, 0.02);
    expect(f(0.1 + 0.02 * 0.005, 0.02 - 0.16 * 0.005 * 10)).toBeCloseTo(onEdge, 2);
    const s = sampleProfile(plane, f, 0.01);
    expect(s.nu).toBe(21);
    expect(s.nv).toBe(21);
    expect(profileValueAt(plane, s, 1, 0.1, 0.08)).toBeCloseTo(g(0.1, 0.08), 3);
  });

  it('is accepted by the engine with a complete table and refused without one', () => {
    const setup = profiledChannelCase(0.02, 0.3, 0.25, 5);
    expect(checkCaseSupport(setup)).toEqual([]);
    setup.dataTables[0].table[3] = [];
    setup.dataTables[0].headers[3] = 'prs';
    const issues = checkCaseSupport(setup);
    expect(issues.map((i) => i.setting)).toEqual(['parts[2] "Inlet".component.ioTableId']);
    setup.dataTables = [];
    expect(checkCaseSupport(setup)[0].message).toBe('a selection is required');
  });
});
