// Several fluids through a whole run on either backend: one fluid object per material in the outputs (the
// GPU run skipped where there is no WebGPU adapter), the GPU backend taking surface tension between
// the fluids, and the walls' wetting by material (one attribute entry per
// material).
import { nodeGpuAvailable } from '../../support/gpu.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { UnsupportedCaseError } from '../../../src/solver/caseInput.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../../src/solver/output/outputReader.ts';
import { AIR, WATER, layeredTankSetup } from '../../../src/solver/cases/multiphaseCases.ts';

let gpuAvailable = false;

beforeAll(async () => {
  gpuAvailable = await nodeGpuAvailable('the GPU run is');
});

const DX = 0.01;
const setup = () => layeredTankSetup(
  { size: [0.04, 2 * DX, 0.06], lowerDepth: 0.02, upperDepth: 0.02, dx: DX, lower: WATER, upper: AIR }, 20,
  { endTime: 0.004, outputTimeInterval: 0.002, integrationScheme: 'runge_kutta_4' },
);

async function expectFluidPerMaterial(backend: 'cpu' | 'gpu'): Promise<void> {
  const sink = new MemorySink();
  const run = await createSolverRun(setup(), nodePlatform, { sink, threads: 1, backend });
  expect(run.counts.fluid).toBe(32);
  const summary = await run.start();
  expect(summary.status).toBe('completed');
  const meta = await readOutputMeta(sink, 2);
  const fluids = meta.objects.filter((o) => o.kind === 'fluid');
  expect(fluids.map((o) => [o.id, o.name, o.materialId])).toEqual([['fluid_0', 'Water', 0], ['fluid_1', 'Air', 1]]);
  for (const [id, density] of [['fluid_0', WATER.density], ['fluid_1', AIR.density]] as const) {
    const fluid = await readOutputObject(sink, 2, meta, id);
    expect(fluid.count).toBe(16);
    const rho = fluid.attributes.get('density') as Float32Array;
    for (const r of rho) expect(Math.abs(r / density - 1)).toBeLessThan(0.01);
  }
}

describe('multiphase run', () => {
  it('writes one fluid object per material, each with its own particles', async () => {
    await expectFluidPerMaterial('cpu');
  });

  it('runs on the GPU backend with the same fluid objects', async (ctx) => {
    if (!gpuAvailable) ctx.skip();
    await expectFluidPerMaterial('gpu');
  }, 120_000);

  it('goes to the GPU backend with surface tension between the fluids', async () => {
    const withTension = setup();
    withTension.settings = { ...withTension.settings, surfaceTension: true, shifting: 'lyu21' };
    // Past the case's checks the run asks the platform for its GPU backend, which this one lacks
    // (gpuSurfaceTension.test.ts runs the combination on the GPU).
    const error = await createSolverRun(withTension, { ...nodePlatform, createGpuBackend: null }, { sink: new MemorySink(), backend: 'gpu' })
      .then(async (r) => r.start())
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UnsupportedCaseError);
    expect((error as Error).message).toBe('this platform offers no GPU backend');
  });
});

describe('wetting by material', () => {
  it('tells which fluid wets each wall particle: the water the floor, the air the wall above the water', async () => {
    const dx = 0.005;
    const sink = new MemorySink();
    const layered = layeredTankSetup(
      { size: [0.04, 2 * dx, 0.06], lowerDepth: 0.02, upperDepth: 0.02, dx, lower: WATER, upper: AIR }, 20,
      { endTime: 0.002, outputTimeInterval: 0.002, integrationScheme: 'runge_kutta_4' },
    );
    const run = await createSolverRun(layered, nodePlatform, { sink, threads: 1 });
    expect((await run.start()).status).toBe('completed');
    const meta = await readOutputMeta(sink, 1);
    const wall = meta.objects.find((o) => o.kind === 'wall_boundary');
    const entries = wall?.datasets[0].attributes.filter((a) => a.name === 'wetting_by_material') ?? [];
    expect(entries.map((a) => a.materialId)).toEqual([0, 1]);
    expect(meta.objects.filter((o) => o.kind === 'fluid').every((o) => o.datasets[0].attributes.every((a) => a.name !== 'wetting_by_material'))).toBe(true);
    const tank = await readOutputObject(sink, 1, meta, wall?.id ?? '');
    const wetting = tank.attributes.get('wetting') as Float32Array;
    const water = tank.attributes.get('wetting_by_material:0') as Float32Array;
    const air = tank.attributes.get('wetting_by_material:1') as Float32Array;
    // First layer of the floor under the middle of the tank, and of the left wall halfway up the air.
    const floor: number[] = [], besideAir: number[] = [], above: number[] = [];
    for (let i = 0; i < tank.count; i++) {
      const [x, , z] = [tank.positions[3 * i], tank.positions[3 * i + 1], tank.positions[3 * i + 2]];
      if (Math.abs(z + dx / 2) < 1e-6 && x > 0.01 && x < 0.03) floor.push(i);
      if (Math.abs(x + dx / 2) < 1e-6 && Math.abs(z - 0.0325) < 1e-6) besideAir.push(i);
      if (Math.abs(x + dx / 2) < 1e-6 && z > 0.055) above.push(i);
      // Each fluid's wetting is part of the whole: no more than it, and together at least it.
      expect(Math.max(water[i], air[i])).toBeLessThanOrEqual(wetting[i] + 1e-6);
      expect(Math.min(1, water[i] + air[i])).toBeGreaterThanOrEqual(wetting[i] - 1e-6);
    }
    const span = (list: number[], a: Float32Array) => [Math.min(...list.map((i) => a[i])), Math.max(...list.map((i) => a[i]))];
    console.log(`floor: water ${span(floor, water).join('–')}, air ${span(floor, air).join('–')}; wall beside the air: water ` +
      `${span(besideAir, water).join('–')}, air ${span(besideAir, air).join('–')}; above both: ${span(above, wetting).join('–')}`);
    expect(floor.length).toBeGreaterThan(0);
    expect(besideAir.length).toBeGreaterThan(0);
    // The slab is 2 Δx thin: the fluid in front of a wall fills a little less than the full wetting asks.
    for (const i of floor) {
      expect(water[i]).toBeGreaterThan(0.99);
      expect(air[i]).toBe(0);
    }
    for (const i of besideAir) {
      expect(air[i]).toBeGreaterThan(0.99);
      expect(water[i]).toBe(0);
    }
    for (const i of above) expect(wetting[i]).toBe(0);
  });
});
