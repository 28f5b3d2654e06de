// STL reading: binary and ASCII give the same mesh, units scale to metres, welding joins the soup,
// and malformed or oversized files fail with a clear error.
import { beforeAll, describe, expect, it } from 'vitest';
import { GeometryError, GeometryErrorCode, type SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { cube, loadGeometry, toSoup } from './geometryFixtures.ts';

let g: SurgeGeometry;
beforeAll(async () => {
  g = await loadGeometry();
});

function binaryStl(soup: Float32Array, header = 'surge test part'): Uint8Array {
  const n = soup.length / 9;
  const buf = new ArrayBuffer(84 + 50 * n);
  const bytes = new Uint8Array(buf);
  bytes.set(new TextEncoder().encode(header).subarray(0, 80));
  const view = new DataView(buf);
  view.setUint32(80, n, true);
  for (let t = 0; t < n; t++) {
    const o = 84 + 50 * t;
    for (let k = 0; k < 9; k++) view.setFloat32(o + 12 + 4 * k, soup[9 * t + k], true);
  }
  return bytes;
}

function asciiStl(soup: Float32Array): Uint8Array {
  const lines = ['solid part'];
  for (let t = 0; t < soup.length / 9; t++) {
    lines.push('  facet normal 0 0 0', '    outer loop');
    for (let v = 0; v < 3; v++) {
      const o = 9 * t + 3 * v;
      lines.push(`      vertex ${soup[o]} ${soup[o + 1]} ${soup[o + 2]}`);
    }
    lines.push('    endloop', '  endfacet');
  }
  lines.push('endsolid part');
  return new TextEncoder().encode(lines.join('\n'));
}

function expectGeometryError(fn: () => unknown, code: GeometryErrorCode, message: RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GeometryError);
    expect((e as GeometryError).code).toBe(code);
    expect((e as GeometryError).message).toMatch(message);
    return;
  }
  throw new Error('expected a GeometryError');
}

describe('STL parsing', () => {
  const soup = toSoup(cube({ offset: [0.125, -2.5, 10], size: 3.75 }));

  it('reads binary and ASCII files into the same triangles', () => {
    const bin = g.parseStl(binaryStl(soup), 'm');
    const txt = g.parseStl(asciiStl(soup), 'm');
    expect(bin.ascii).toBe(false);
    expect(txt.ascii).toBe(true);
    expect(bin.positions.length).toBe(12 * 9);
    expect(Array.from(txt.positions)).toEqual(Array.from(bin.positions));
    expect(Array.from(bin.positions)).toEqual(Array.from(soup));
  });

  it('reads a binary file whose header starts with "solid"', () => {
    const bin = g.parseStl(binaryStl(soup, 'solid exported by a CAD tool'), 'm');
    expect(bin.ascii).toBe(false);
    expect(bin.positions.length).toBe(12 * 9);
  });

  it('scales millimetres and inches to metres', () => {
    const mm = g.parseStl(binaryStl(soup), 'mm').positions;
    const inch = g.parseStl(asciiStl(soup), 'in').positions;
    for (let i = 0; i < soup.length; i++) {
      expect(mm[i]).toBeCloseTo(soup[i] * 0.001, 6);
      expect(inch[i]).toBeCloseTo(soup[i] * 0.0254, 5);
    }
  });

  it('welds the soup into a closed cube', () => {
    const parsed = g.parseStl(binaryStl(soup), 'mm');
    const mesh = g.weld(parsed.positions);
    expect(mesh.positions.length / 3).toBe(8);
    expect(mesh.indices.length / 3).toBe(12);
    const h = g.meshHealth(mesh);
    expect(h.closed).toBe(true);
    expect(h.surfaceArea).toBeCloseTo(6 * (3.75e-3) ** 2, 9);
  });

  it('welds vertices within the tolerance and keeps those farther apart', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1e-7, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(g.weld(positions, undefined, 1e-6).positions.length / 3).toBe(4);
    expect(g.weld(positions, undefined, 1e-8).positions.length / 3).toBe(5);
    expect(Array.from(g.weld(positions, undefined, 1e-6).remap)).toEqual([0, 1, 2, 0, 1, 3]);
  });

  it('rejects files that are not STL', () => {
    expectGeometryError(() => g.parseStl(new TextEncoder().encode('hello, this is not a mesh at all, but it is long enough to look like a binary STL header of eighty-four bytes'), 'm'), GeometryErrorCode.invalidInput, /not an STL file/);
    expectGeometryError(() => g.parseStl(new Uint8Array(10), 'm'), GeometryErrorCode.invalidInput, /not an STL file/);
  });

  it('rejects ASCII facets without three vertices, with the line number', () => {
    const bad = new TextEncoder().encode('solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\nendsolid x\n');
    expectGeometryError(() => g.parseStl(bad, 'm'), GeometryErrorCode.invalidInput, /line 7: facet 0 has 2 vertices/);
    const nan = new TextEncoder().encode('solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 zero\n');
    expectGeometryError(() => g.parseStl(nan, 'm'), GeometryErrorCode.invalidInput, /'zero' is not a number/);
  });

  it('refuses more triangles than the cap', () => {
    expectGeometryError(() => g.parseStl(binaryStl(soup), 'm', 10), GeometryErrorCode.limitExceeded, /12 triangles, more than the limit of 10/);
    expectGeometryError(() => g.parseStl(asciiStl(soup), 'm', 10), GeometryErrorCode.limitExceeded, /more than 10 triangles/);
  });

  it('rejects an unknown unit', () => {
    expectGeometryError(() => g.parseStl(binaryStl(soup), 'cm' as 'm'), GeometryErrorCode.invalidInput, /unit must be one of/);
  });
});
