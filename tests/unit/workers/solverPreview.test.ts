// The Setup preview off the browser: the coarsening rule alone, and a preview run of a small dam break on
// Node's CPU backend (the same module the preview worker runs on the GPU) that coarsens, draws falling
// fluid and stops on request.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shapeTriangles } from '../../../src/domain/meshGeometry.ts';
import { stlFileShape, type Shape } from '../../../src/domain/shape.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import {
  estimateParticles, previewParticleDiameter, probeParticleDiameter,
} from '../../../workers/solverPreview/previewResolution.ts';
import { runPreview, type PreviewCase, type PreviewFrame } from '../../../workers/solverPreview/previewRun.ts';

const damBreak = (): Record<string, unknown> & { settings: Record<string, unknown>; materials: Record<string, unknown>[] } =>
  JSON.parse(readFileSync(new URL('../../../src/solver/cases/dam-break.json', import.meta.url), 'utf8'));

const noFiles = async (): Promise<Uint8Array> => {
  throw new Error('no files in this case');
};

/** A shape's triangles as a binary STL file (normals left zero: readers take the winding). */
function binaryStl(shape: Shape): Uint8Array {
  const tri = shapeTriangles(shape);
  if (tri === null) throw new Error('shape without triangles');
  const count = tri.indices.length / 3;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const v = tri.indices[3 * t + k];
      for (let a = 0; a < 3; a++) view.setFloat32(84 + 50 * t + 12 + 12 * k + 4 * a, tri.vertices[3 * v + a], true);
    }
  }
  return bytes;
}

describe('preview particle diameter', () => {
  it('keeps the user diameter when the case fits the budget', () => {
    expect(previewParticleDiameter(0.01, { diameterM: 0.01, fluid: 40_000, surface: 50_000 }, 100_000)).toBe(0.01);
  });

  it('raises a fluid-only case by the cube root of the excess', () => {
    const d = previewParticleDiameter(0.01, { diameterM: 0.01, fluid: 800_000, surface: 0 }, 100_000);
    expect(d).toBeCloseTo(0.02, 6);
  });

  it('raises a wall-only case by the square root of the excess', () => {
    const d = previewParticleDiameter(0.01, { diameterM: 0.01, fluid: 0, surface: 400_000 }, 100_000);
    expect(d).toBeCloseTo(0.02, 6);
  });

  it('brings a mixed case to the budget and never finer than the user asked', () => {
    const counts = { diameterM: 0.004, fluid: 2_000_000, surface: 600_000 };
    const d = previewParticleDiameter(0.004, counts, 100_000);
    expect(estimateParticles(counts, d)).toBeLessThanOrEqual(100_000);
    expect(estimateParticles(counts, d)).toBeGreaterThan(99_000);
    // Counts taken at a coarse probe extrapolate to finer diameters, bounded below by the user's.
    expect(previewParticleDiameter(0.001, { diameterM: 0.05, fluid: 100, surface: 900 }, 100_000)).toBeGreaterThan(0.001);
    expect(previewParticleDiameter(0.03, { diameterM: 0.05, fluid: 100, surface: 900 }, 100_000)).toBe(0.03);
  });

  it('probes a large geometry coarsely and a small one at the user diameter', () => {
    expect(probeParticleDiameter(0.001, [1, 1, 1], 1_000_000)).toBeCloseTo(0.01, 9);
    expect(probeParticleDiameter(0.05, [1, 1, 1], 1_000_000)).toBe(0.05);
  });

  it('refuses diameters that are not positive', () => {
    expect(() => previewParticleDiameter(0, { diameterM: 0.01, fluid: 1, surface: 1 })).toThrow(RangeError);
  });
});

describe('preview run', () => {
  it('coarsens a dam break to the budget and shows the column falling', async () => {
    const setup = damBreak();
    setup.settings.particleDiameter = 0.005;
    setup.settings.endTime = 0.3;
    setup.materials[0].speedOfSound = 20;
    const prepared: PreviewCase[] = [];
    const frames: PreviewFrame[] = [];
    const outcome = await runPreview({
      setup, platform: nodePlatform, backend: 'cpu', signal: new AbortController().signal,
      limits: { maxParticles: 6000, outputIntervalS: 0.1 },
      host: { resolveFile: noFiles, prepared: (p) => prepared.push(p), progress: () => undefined, frame: (f) => frames.push(f) },
    });
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(prepared).toHaveLength(1);
    const info = prepared[0];
    console.log(`preview at Δx ${info.diameterM.toFixed(4)} m (user 0.005 m): ${info.total} particles, ${info.fluid} fluid`);
    expect(info.userDiameterM).toBe(0.005);
    expect(info.diameterM).toBeGreaterThan(0.005);
    expect(info.total).toBeLessThanOrEqual(6000);
    expect(info.total).toBeGreaterThan(0.5 * 6000);
    expect(frames.map((f) => f.outputNo)).toEqual([0, 1, 2, 3]);
    expect(frames[0].count).toBe(info.fluid);
    expect(frames[0].positions).toHaveLength(3 * info.fluid);
    expect(frames[3].meanHeightM).toBeLessThan(frames[0].meanHeightM - 0.005);
    expect(frames[3].maxSpeed).toBeGreaterThan(0.5);
  });

  it('fetches an STL part file once however often the case is discretized', async () => {
    const setup = damBreak();
    setup.settings.particleDiameter = 0.004;
    setup.settings.endTime = 0.04;
    const parts = setup.parts as { shape: Shape; name: string }[];
    const tank = parts.find((p) => p.name === 'Tank')!;
    const file = binaryStl(tank.shape);
    tank.shape = { ...stlFileShape('tank-file', { name: 'tank.stl', extension: 'stl', unit: 'm' }), flipNormals: true };
    const fetched: string[] = [];
    const prepared: PreviewCase[] = [];
    const outcome = await runPreview({
      setup, platform: nodePlatform, backend: 'cpu', signal: new AbortController().signal,
      limits: { maxParticles: 4000, probeLatticePoints: 200_000 },
      host: {
        resolveFile: async (fileId) => {
          fetched.push(fileId);
          return file.slice();
        },
        prepared: (p) => prepared.push(p), progress: () => undefined, frame: () => undefined,
      },
    });
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(fetched).toEqual(['tank-file']);
    expect(prepared[0].wall).toBeGreaterThan(1000);
    expect(prepared[0].total).toBeLessThanOrEqual(4000);
  });

  it('stops on request and says why a setup cannot be previewed', async () => {
    const controller = new AbortController();
    const setup = damBreak();
    setup.settings.particleDiameter = 0.02;
    const stopped = await runPreview({
      setup, platform: nodePlatform, backend: 'cpu', signal: controller.signal, limits: { maxParticles: 5000 },
      host: { resolveFile: noFiles, prepared: () => undefined, progress: () => undefined, frame: () => controller.abort() },
    });
    expect(stopped.status).toBe('stopped');
    if (stopped.status === 'stopped') expect(stopped.timeS).toBeLessThan(0.5);

    const unsupported = damBreak();
    unsupported.settings.airDrag = true;
    const refused = await runPreview({
      setup: unsupported, platform: nodePlatform, backend: 'cpu', signal: new AbortController().signal,
      host: { resolveFile: noFiles, prepared: () => undefined, progress: () => undefined, frame: () => undefined },
    });
    expect(refused.status).toBe('failed');
    if (refused.status === 'failed') expect(refused.message).toMatch(/cannot preview this setup.*air drag/);
  });
});
