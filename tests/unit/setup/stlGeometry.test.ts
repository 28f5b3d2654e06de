import { describe, expect, it } from 'vitest';
import { parseStl, placeStl } from '../../../src/client/setup/stlGeometry.ts';
import { boxStl } from '../../e2e/setup/setupFixtures.ts';

const asArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe('STL parsing', () => {
  it('reads binary STL, also when its header starts with "solid"', () => {
    const bytes = boxStl([1, 2, 3]);
    bytes.write('solid but binary', 0, 'ascii');
    const soup = parseStl(asArrayBuffer(bytes));
    expect(soup.triangleCount).toBe(12);
    expect(Math.max(...soup.positions)).toBeCloseTo(1.5, 6);
  });

  it('reads ASCII STL', () => {
    const text = `solid t
facet normal 0 0 1
 outer loop
  vertex 0 0 0
  vertex 1 0 0
  vertex 0 1 1e-1
 endloop
endfacet
endsolid t`;
    const soup = parseStl(new TextEncoder().encode(text).buffer as ArrayBuffer);
    expect(soup.triangleCount).toBe(1);
    expect([...soup.positions]).toEqual([0, 0, 0, 1, 0, 0, 0, 1, expect.closeTo(0.1, 6)]);
  });

  it('refuses files that are no STL', () => {
    expect(() => parseStl(new TextEncoder().encode('hello world').buffer as ArrayBuffer)).toThrow(/neither a binary nor an ASCII STL/);
  });
});

describe('placing STL geometry', () => {
  it('converts the unit, then scales, rotates (degrees) and translates', () => {
    const soup = { positions: Float32Array.from([1000, 0, 0, 0, 1000, 0, 0, 0, 1000]), triangleCount: 1 };
    const placed = placeStl(soup, { translation: [1, 0, 0], rotation: [0, 0, 90], scale: [2, 1, 1], flipNormals: false }, { name: 'a.stl', extension: 'stl', unit: 'mm' });
    // (1000 mm, 0, 0) -> 1 m -> scaled 2 m along x -> rotated 90° about z to (0, 2, 0) -> translated (1, 2, 0).
    expect(placed[0]).toBeCloseTo(1, 5);
    expect(placed[1]).toBeCloseTo(2, 5);
    expect(placed[2]).toBeCloseTo(0, 5);
  });

  it('reverses the winding when the normals are flipped', () => {
    const soup = { positions: Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]), triangleCount: 1 };
    const placed = placeStl(soup, { translation: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: true }, null);
    expect([...placed]).toEqual([0, 0, 0, 0, 1, 0, 1, 0, 0]);
  });
});
