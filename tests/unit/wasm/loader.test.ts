// The TypeScript loader: loads the module from a path, bytes or a compiled module, validates inputs
// before they reach linear memory, and frees what it allocates.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GeometryError, GeometryErrorCode, SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { cube, loadGeometry, particleBall } from './geometryFixtures.ts';

const WASM = fileURLToPath(new URL('../../../wasm/pkg/surge_geometry.wasm', import.meta.url));

let g: SurgeGeometry;
beforeAll(async () => {
  g = await loadGeometry();
});

describe('geometry module loader', () => {
  it('loads from a file path, raw bytes and a compiled module', async () => {
    const bytes = readFileSync(WASM);
    for (const source of [WASM, bytes, new WebAssembly.Module(bytes)]) {
      const m = await SurgeGeometry.load(source);
      expect(m.meshHealth(cube()).closed).toBe(true);
    }
  });

  it('explains a missing module', async () => {
    await expect(SurgeGeometry.load('/nonexistent/surge_geometry.wasm')).rejects.toThrow(/build it with scripts\/build-wasm.sh/);
  });

  it('rejects wrong array types and lengths before calling the module', () => {
    const bad = (fn: () => unknown, message: RegExp) => {
      expect(fn).toThrow(GeometryError);
      expect(fn).toThrow(message);
    };
    bad(() => g.meshHealth({ positions: new Float64Array(9) as unknown as Float32Array, indices: new Uint32Array(3) }), /positions must be a Float32Array/);
    bad(() => g.weld(new Float32Array(4)), /not a multiple of 3/);
    bad(() => g.reducePoints(new Float32Array(9), -1), /targetCount must be an integer/);
    bad(() => g.fillLattice(cube(), 0), /spacing must be a positive number/);
    bad(() => g.fillLattice(cube(), 0.1, [0, Number.NaN, 0]), /origin\[1\] must be a finite number/);
  });

  it('reports kernel errors with their code', () => {
    try {
      g.weld(new Float32Array([0, 0, 0, 1, 0, 0, 0, Infinity, 0]));
      throw new Error('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(GeometryError);
      expect((e as GeometryError).code).toBe(GeometryErrorCode.invalidInput);
      expect((e as GeometryError).message).toMatch(/non-finite value at element 2/);
    }
  });

  it('frees its allocations: memory does not grow over repeated calls', () => {
    const positions = new Float32Array(3 * 200_000).map((_, i) => (i * 0.618) % 1);
    g.reducePoints(positions, 10_000);
    const after = g.memoryBytes;
    for (let i = 0; i < 5; i++) g.reducePoints(positions, 10_000);
    expect(g.memoryBytes).toBe(after);
  });

  it('returns arrays that own their buffers (transferable, not views of linear memory)', () => {
    const w = g.weld(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    expect(w.positions.byteOffset).toBe(0);
    expect(w.positions.buffer.byteLength).toBe(w.positions.byteLength);
  });

  it('reduces and reconstructs positions written straight into linear memory', () => {
    const ball = particleBall(0.05, 0.005);
    const resident = g.allocFloat32(ball.length);
    resident.array.set(ball);
    expect(Array.from(g.reducePoints(resident, 500).indices)).toEqual(Array.from(g.reducePoints(ball, 500).indices));
    const fromMemory = g.reconstructSurface(resident, { particleRadius: 0.0025 });
    expect(fromMemory.indices.length).toBe(g.reconstructSurface(ball, { particleRadius: 0.0025 }).indices.length);
    // Still intact after the calls (and after any memory growth they caused).
    expect(resident.array[3]).toBe(ball[3]);
    resident.free();
    expect(() => g.reducePoints(resident, 10)).toThrow(/freed/);
  });
});
