// Reduced and surface datasets of an output folder: the `fast` dataset keeps the target count with every
// attribute gathered from the same particles, small objects share the `full` files, the fluid gets a
// closed surface with velocity and pressure on its vertices, meta.json stays valid and a second pass
// replaces the first; the low-priority process does the same for a folder it is given.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outputMetaSchema } from '../../../src/domain/output.ts';
import { writeReducedDatasets } from '../../../src/server/postprocessing/datasets.ts';
import { findDataset, readArray, readFloatArray, readMeta } from '../../../src/server/postprocessing/outputFolder.ts';
import { PostprocessingChild } from '../../../src/server/postprocessing/postprocessingChild.ts';
import { writeFixtureOutput } from './outputFixture.ts';

const root = mkdtempSync(join(tmpdir(), 'surge-datasets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dx = 0.02;
const fields = {
  pressure: (_x: number, _y: number, z: number) => 9810 * (0.3 - z),
  velocity: (x: number, y: number): [number, number, number] => [y, -x, 0.5],
};

describe('reduced and surface datasets', () => {
  it('writes fast and surface datasets that match the full one', async () => {
    const folder = join(root, 'a');
    const { arrays } = writeFixtureOutput(folder, { outputNo: 3, time: 0.3, fluid: { n: [12, 10, 8], dx, origin: [0, 0, 0] }, fields, wall: true });
    const summary = await writeReducedDatasets(folder, { particleDiameter: dx, fastTarget: 300 });
    const meta = outputMetaSchema.parse(JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8')));
    expect(meta.outputNo).toBe(3);

    const fluid = meta.objects.find((o) => o.id === 'fluid_0');
    if (!fluid) throw new Error('no fluid');
    expect(fluid.datasets.map((d) => d.name).sort()).toEqual(['fast', 'full', 'raw', 'surface']);
    const fast = findDataset(fluid, 'fast');
    if (!fast) throw new Error('no fast dataset');
    expect(fast.count).toBe(300);
    expect(fast.attributes.map((a) => a.name).sort()).toEqual(findDataset(fluid, 'full')?.attributes.map((a) => a.name).sort());
    // Each kept point carries its own attributes: find it in the full dataset by its particle id.
    const ids = (await readArray(folder, fast.attributes.find((a) => a.name === 'particle_id') ?? fast.positions, fast.count)) as Uint32Array;
    const positions = await readFloatArray(folder, fast.positions, fast.count);
    const pressure = await readFloatArray(folder, fast.attributes.find((a) => a.name === 'pressure') ?? fast.positions, fast.count);
    const fullPositions = arrays.get('fluid_0')?.get('position') as Float32Array;
    const fullPressure = arrays.get('fluid_0')?.get('pressure') as Float32Array;
    expect(new Set(ids).size).toBe(300);
    for (let k = 0; k < fast.count; k++) {
      const i = ids[k];
      expect(positions.slice(3 * k, 3 * k + 3)).toEqual(fullPositions.slice(3 * i, 3 * i + 3));
      expect(pressure[k]).toBe(fullPressure[i]);
    }

    // The wall (120 particles) is under the target: its fast dataset names the full files.
    const wall = meta.objects.find((o) => o.id === 'wall_1');
    expect(findDataset(wall ?? { datasets: [] }, 'fast')?.positions.file).toBe(findDataset(wall ?? { datasets: [] }, 'full')?.positions.file);
    expect(findDataset(wall ?? { datasets: [] }, 'surface')).toBeUndefined();

    const surface = findDataset(fluid, 'surface');
    if (!surface?.indices) throw new Error('no surface');
    expect(surface.count).toBeGreaterThan(100);
    const tri = new Uint32Array(readFileSync(join(folder, surface.indices.file)).buffer.slice(0));
    expect(tri.length % 3).toBe(0);
    expect(Math.max(...tri)).toBeLessThan(surface.count);
    const vertices = await readFloatArray(folder, surface.positions, surface.count);
    // The surface encloses the block: its vertices lie around the particle lattice, within a particle or two.
    for (let a = 0; a < 3; a++) {
      const coords = Array.from({ length: surface.count }, (_, v) => vertices[3 * v + a]);
      expect(Math.min(...coords)).toBeGreaterThan(-2.5 * dx);
      expect(Math.max(...coords)).toBeLessThan([12, 10, 8][a] * dx + 1.5 * dx);
    }
    const surfacePressure = await readFloatArray(folder, surface.attributes.find((a) => a.name === 'pressure') ?? surface.positions, surface.count);
    const surfaceVelocity = await readFloatArray(folder, surface.attributes.find((a) => a.name === 'velocity') ?? surface.positions, surface.count);
    expect(surfaceVelocity.length).toBe(surface.count * 3);
    // Interpolated values stay within the particles' range.
    expect(Math.max(...surfacePressure)).toBeLessThanOrEqual(Math.max(...fullPressure) + 1e-3);
    expect(Math.min(...surfacePressure)).toBeGreaterThanOrEqual(Math.min(...fullPressure) - 1e-3);
    expect(summary.objects.find((o) => o.id === 'fluid_0')).toMatchObject({ full: 960, fast: 300 });

    // Again with another target: the earlier files go, the new ones are named.
    await writeReducedDatasets(folder, { particleDiameter: dx, fastTarget: 200 });
    const again = await readMeta(folder);
    const fast2 = findDataset(again.objects.find((o) => o.id === 'fluid_0') ?? { datasets: [] }, 'fast');
    expect(fast2?.count).toBe(200);
    expect(existsSync(join(folder, fast2?.positions.file ?? ''))).toBe(true);
    expect(again.objects.find((o) => o.id === 'fluid_0')?.datasets.filter((d) => d.name === 'fast')).toHaveLength(1);
  });

  it('does the same in the low-priority process and reports failures there', async () => {
    const folder = join(root, 'b');
    writeFixtureOutput(folder, { outputNo: 0, time: 0, fluid: { n: [6, 6, 6], dx, origin: [0, 0, 0] }, fields });
    const child = new PostprocessingChild({ niceness: 19, idleMs: 1000 });
    try {
      const reply = await child.run({ folder, particleDiameter: dx, datasets: true, sensors: null });
      expect(reply.datasets).toEqual({ state: 'ready' });
      expect(reply.sensors).toEqual({ state: 'skipped' });
      const meta = await readMeta(folder);
      expect(meta.objects[0].datasets.map((d) => d.name).sort()).toEqual(['fast', 'full', 'raw', 'surface']);
      const missing = await child.run({ folder: join(root, 'missing'), particleDiameter: dx, datasets: true, sensors: [] });
      expect(missing.datasets.state).toBe('failed');
      expect(missing.sensors.state).toBe('failed');
    } finally {
      child.close();
    }
  });

  it('runs at normal priority while a run waits for its outputs, and at the lowest again after', async () => {
    const folder = join(root, 'c');
    writeFixtureOutput(folder, { outputNo: 0, time: 0, fluid: { n: [4, 4, 4], dx, origin: [0, 0, 0] }, fields });
    const child = new PostprocessingChild({ niceness: 19, idleMs: 1000 });
    try {
      await child.run({ folder, particleDiameter: dx, datasets: true, sensors: null });
      const pid = child.pid;
      if (pid === undefined) throw new Error('the process is running');
      expect(getPriority(pid)).toBe(19);
      child.setNiceness(0);
      // Raising a priority back needs the permission (root here; without it the process stays at 19).
      expect(getPriority(pid)).toBe(process.getuid?.() === 0 ? 0 : 19);
      child.setNiceness(19);
      expect(getPriority(pid)).toBe(19);
    } finally {
      child.close();
    }
  });
});
