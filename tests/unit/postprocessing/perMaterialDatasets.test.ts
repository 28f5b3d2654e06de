// The reduced (`fast`) dataset of a wall with per-material attributes (wetting by material): each
// material's entry keeps its own file and values after the reduction.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeSolverRun } from '../../../src/solver/nodePlatform.ts';
import { AIR, WATER, layeredTankSetup } from '../../../src/solver/cases/multiphaseCases.ts';
import { writeReducedDatasets } from '../../../src/server/postprocessing/datasets.ts';
import { findDataset, readArray, readMeta } from '../../../src/server/postprocessing/outputFolder.ts';

const root = mkdtempSync(join(tmpdir(), 'surge-per-material-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('per-material attributes in reduced datasets', () => {
  it('reduces the wetting of each material into its own file', async () => {
    const dx = 0.01;
    const setup = layeredTankSetup(
      { size: [0.04, 2 * dx, 0.06], lowerDepth: 0.02, upperDepth: 0.02, dx, lower: WATER, upper: AIR }, 20,
      { endTime: 0.002, outputTimeInterval: 0.002, integrationScheme: 'runge_kutta_4' },
    );
    const run = await createNodeSolverRun(setup, { outDir: root, threads: 1, backend: 'cpu' });
    await run.start();
    const folder = join(root, 'outputs', '1');
    await writeReducedDatasets(folder, { particleDiameter: dx, fastTarget: 20 });
    const meta = await readMeta(folder);
    const wall = meta.objects.find((o) => o.kind === 'wall_boundary');
    const full = wall && findDataset(wall, 'full');
    const fast = wall && findDataset(wall, 'fast');
    if (!full || !fast) throw new Error('the wall has no full or fast dataset');
    expect(fast.count).toBeLessThan(full.count);
    const entries = fast.attributes.filter((a) => a.name === 'wetting_by_material');
    expect(entries.map((a) => a.materialId)).toEqual([0, 1]);
    expect(new Set(entries.map((a) => a.file)).size).toBe(2);
    // The reduction keeps points, so each material's reduced values are values of its full file.
    for (const a of entries) {
      const fullValues = new Set(await readArray(folder, full.attributes.find((f) => f.name === a.name && f.materialId === a.materialId) ?? a, full.count));
      for (const v of await readArray(folder, a, fast.count)) expect(fullValues.has(v)).toBe(true);
    }
    const water = await readArray(folder, entries[0], fast.count);
    const air = await readArray(folder, entries[1], fast.count);
    expect(Math.max(...water)).toBeGreaterThan(0.5);
    expect(Math.max(...air)).toBeGreaterThan(0.5);
    expect(water.some((v, i) => v !== air[i])).toBe(true);
  });
});
