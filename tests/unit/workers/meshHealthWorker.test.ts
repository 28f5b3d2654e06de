// The mesh-health worker in a worker thread: defects of a broken mesh with their locations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeshHealthWorkerClient } from '../../../workers/geometryWorkers.ts';
import { buildWasm, cube, merge } from '../wasm/geometryFixtures.ts';

let worker: MeshHealthWorkerClient;
beforeAll(async () => {
  buildWasm();
  worker = await MeshHealthWorkerClient.start();
});
afterAll(() => worker?.terminate());

describe('mesh-health worker', () => {
  it('finds the hole of an open box and moves the mesh buffers to the worker', async () => {
    const mesh = cube({ drop: [2, 3] });
    const result = await worker.checkMesh(mesh.positions, mesh.indices);
    expect(mesh.positions.byteLength).toBe(0);
    expect(result.shapeInfo.holes).toBe(1);
    expect(result.hasWarnings).toBe(true);
    expect(result.health.holes.defects[0].point).toEqual([0.5, 0.5, 1]);
  });

  it('finds non-manifold edges and flipped faces', async () => {
    const twoCubes = merge(cube(), cube({ offset: [1, 1, 0], flip: [0] }));
    const result = await worker.checkMesh(twoCubes.positions, twoCubes.indices);
    expect(result.health.nonManifoldEdges.elements).toBe(1);
    expect(result.health.inconsistentWinding.elements).toBe(3);
    expect(result.shapeInfo.nonManifold).toBe(1);
  });

  it('reports an unreadable STL as an error with its code', async () => {
    await expect(worker.checkStl(new Uint8Array(12), 'm')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
