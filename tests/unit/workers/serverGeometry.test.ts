// Node-side functions the server calls: shape info of an uploaded STL, output reduction with
// attributes, surface reconstruction, STEP tessellation.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeShapeInfo, reconstructSurface, reduceOutput, tessellateStepFile } from '../../../workers/serverGeometry.ts';
import { buildWasm, cube, particleBall, toSoup } from '../wasm/geometryFixtures.ts';

beforeAll(() => buildWasm());

function binaryStl(soup: Float32Array): Uint8Array {
  const n = soup.length / 9;
  const view = new DataView(new ArrayBuffer(84 + 50 * n));
  view.setUint32(80, n, true);
  for (let t = 0; t < n; t++) for (let k = 0; k < 9; k++) view.setFloat32(84 + 50 * t + 12 + 4 * k, soup[9 * t + k], true);
  return new Uint8Array(view.buffer);
}

describe('server geometry', () => {
  it('computes the shape info of an STL upload in inches', async () => {
    const part = await computeShapeInfo(binaryStl(toSoup(cube({ size: 10, drop: [0] }))), 'in');
    expect(part.shapeInfo.nbrOfTriangles).toBe(11);
    expect(part.shapeInfo.holes).toBe(1);
    expect(part.shapeInfo.boundingBox.max[0]).toBeCloseTo(0.254, 6);
    expect(part.hasWarnings).toBe(true);
  });

  it('reduces an output to the target count and gathers every attribute', async () => {
    const positions = particleBall(0.1, 0.005);
    const n = positions.length / 3;
    const pressure = new Float32Array(n).map((_, i) => positions[3 * i + 2] * 100);
    const ids = new Uint32Array(n).map((_, i) => i);
    const fast = await reduceOutput({ positions, attributes: { pressure: { components: 1, values: pressure }, id: { components: 1, values: ids } } }, 5000);
    expect(fast.positions.length).toBe(3 * 5000);
    expect(fast.attributes.id.values).toBeInstanceOf(Uint32Array);
    for (let i = 0; i < 5000; i++) {
      const id = fast.attributes.id.values[i];
      expect(fast.indices[i]).toBe(id);
      expect(fast.positions[3 * i + 2]).toBe(positions[3 * id + 2]);
      expect(fast.attributes.pressure.values[i]).toBe(pressure[id]);
    }
  });

  it('reconstructs the surface of a particle ball with attributes', async () => {
    const positions = particleBall(0.1, 0.01);
    const speed = new Float32Array(positions.length / 3).fill(2);
    const surface = await reconstructSurface({ positions, attributes: { speed: { components: 1, values: speed } } }, { particleRadius: 0.005 });
    expect(surface.indices.length).toBeGreaterThan(0);
    expect(surface.attributes.speed.values.length).toBe(surface.positions.length / 3);
    expect(surface.attributes.speed.values[0]).toBeCloseTo(2, 4);
  });

  it('tessellates a STEP file for a tessellation job', async () => {
    const file = fileURLToPath(new URL('../../../node_modules/occt-import-js/test/testfiles/cax-if/io1-cm-214.stp', import.meta.url));
    const result = await tessellateStepFile(new Uint8Array(readFileSync(file)));
    expect(result.triangleCount).toBe(4780);
    expect(result.meshes[0].shapeInfo.holes).toBe(0);
  });
});
