// Periodic axes of the CPU engine: the grid tiles the period, a particle near dmax sees its neighbour
// across the face at the minimum-image distance and is pushed by it the right way, a particle crossing
// the face re-enters at the other side, and a uniform block periodic along every axis keeps its density
// exactly, with no free surface anywhere (every particle has its full kernel).
import { nodeGpuAvailable } from '../../support/gpu.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ParticleKind, allocateParticles } from '../../../src/solver/particles.ts';
import { CELL_RUN_SLOTS, createSortScratch, makeGrid, neighbourCellRuns, sortByCell } from '../../../src/solver/grid.ts';
import { ShiftingMode, WallMode, buildPhysicsParams } from '../../../src/solver/params.ts';
import { SMOOTHING_RATIO, laminarShearCoefficient } from '../../../src/solver/kernel.ts';
import { readFileSync } from 'node:fs';
import { RATE_BUILD_LIST, RATE_PRESSURE, fluidRates } from '../../../src/solver/physics/rates.ts';
import { allocateNeighbourLists, decodeNeighbours, listBytesPerParticle, listRowsOf } from '../../../src/solver/physics/neighbourLists.ts';
import { minImage, periodicEngine, periodicGrid, withPeriodicAxes } from '../../../src/solver/periodic.ts';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape } from '../../../src/domain/shape.ts';
import { defaultFlowComponent } from '../../../src/domain/component.ts';
import { createNodeGpuBackend } from '../../../src/solver/gpu/nodeGpu.ts';
import type { EngineSetup, EngineSnapshot, SolverBackend } from '../../../src/solver/engine.ts';
import { CHANNEL_AXES, channelOptions, channelSetup } from '../../../src/solver/cases/channelCases.ts';

let gpuAvailable = false;

beforeAll(async () => {
  gpuAvailable = await nodeGpuAvailable('the GPU case is');
});

async function runSteps(be: SolverBackend, t: number): Promise<EngineSnapshot> {
  try {
    while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
    return await be.snapshot();
  } finally {
    await be.dispose();
  }
}

const dx = 0.01;
const L = 9 * dx;

function params() {
  return buildPhysicsParams({
    dx, rho0: 1000, c0: 20, gamma: 7, nu: 1e-6, gravity: [0, 0, 0], wallMode: WallMode.riemann,
    lowDissipation: false, shifting: ShiftingMode.zero, densityLimiter: false, densityThreshold: 0.3,
    noSlip: [0], bodyBoundary: [-1], boundaries: [], domainActive: false,
    domainMin: [0, 0, 0], domainMax: [L, L, L],
  }, SMOOTHING_RATIO);
}

describe('laminar viscosity on the lattice', () => {
  it('gives the pair form the coefficient of its shear sum on the lattice, on both backends', () => {
    // Continuum, h = 1: −2 / ∫ F x² z² / (r² + η²) dV = −2 / ((4π/15) ∫ F r⁶ / (r² + η²) dr), the angular
    // mean of x̂² ẑ² being 1/15; 10 = 2 (d + 2) without the regularisation η² = 0.01 h².
    const continuum = (eta2: number) => {
      const alpha = 21 / (16 * Math.PI);
      let sum = 0;
      const n = 200_000;
      for (let k = 0; k < n; k++) {
        const r = ((k + 0.5) * 2) / n;
        const t = 1 - 0.5 * r;
        sum += ((-5 * alpha * t * t * t * r ** 6) / (r * r + eta2)) * (2 / n);
      }
      return -2 / ((4 * Math.PI / 15) * sum);
    };
    expect(continuum(0)).toBeCloseTo(10, 6);
    // A fine kernel on the lattice tends to the continuum; the solver's coarse one weighs sliding layers less.
    expect(Math.abs(laminarShearCoefficient(8) / continuum(0.01) - 1)).toBeLessThan(1e-4);
    const c = laminarShearCoefficient(SMOOTHING_RATIO);
    const wgsl = /const VISC_COEFF: f32 = ([0-9.]+);/.exec(readFileSync('shaders/sph/rates.wgsl', 'utf8'));
    console.log(`laminar coefficient at h = ${SMOOTHING_RATIO} Δx: ${c.toFixed(6)} (continuum 10), WGSL ${wgsl?.[1]}`);
    expect(c).toBeGreaterThan(10.9);
    expect(c).toBeLessThan(11);
    expect(Math.abs(Number(wgsl?.[1]) / c - 1)).toBeLessThan(1e-6);
  });
});

describe('periodic axes', () => {
  it('takes the minimum image and tiles each period with whole cells of at least the support', () => {
    expect(minImage(0.8, 1)).toBeCloseTo(-0.2, 12);
    expect(minImage(-0.7, 1)).toBeCloseTo(0.3, 12);
    expect(minImage(0.4, 1)).toBe(0.4);
    expect(minImage(5, 0)).toBe(5);
    const prm = params();
    const support = 2 * prm.h;
    const base = makeGrid([-0.05, -0.05, -0.05], [0.15, 0.15, 0.15], support, 1000);
    const g = periodicGrid(base, [0, 0, 0], [L, 12 * dx, L], { x: true, y: false, z: false }, support);
    expect(g.cellSize).toBeGreaterThanOrEqual(support);
    expect(g.nx * g.cellSize).toBeCloseTo(L, 12);
    expect(g.ox).toBe(0);
    expect(g.nx).toBe(3);
    expect(g.wrap).toBe(1);
    // The other axes keep at least the extent of the case's grid.
    expect(g.ny * g.cellSize).toBeGreaterThanOrEqual(0.2 - 1e-12);
    // Two periods without a common cell of at least the support (7 Δx and 9 Δx: only Δx divides both).
    expect(() => periodicGrid(base, [0, 0, 0], [7 * dx, L, L], { x: true, y: true, z: false }, support)).toThrow(/periodic axes/);
    // Fewer than three cells in a period.
    expect(() => periodicGrid(base, [0, 0, 0], [5 * dx, L, L], { x: true, y: false, z: false }, support)).toThrow(/3 cells/);
  });

  it('wraps the neighbour cells of a cell at either end of a periodic axis, each cell once', () => {
    const prm = params();
    const g = periodicGrid(makeGrid([0, 0, 0], [L, L, L], 2 * prm.h, 100), [0, 0, 0], [L, L, L], { x: true, y: true, z: true }, 2 * prm.h);
    const runs = new Int32Array(CELL_RUN_SLOTS);
    for (const c of [0, g.nCells - 1, 1 + g.nx]) {
      const n = neighbourCellRuns(g, c, runs);
      const cells: number[] = [];
      for (let r = 0; r < n; r += 2) for (let k = runs[r]; k <= runs[r + 1]; k++) cells.push(k);
      expect(new Set(cells).size).toBe(27);
    }
  });

  it('sees a neighbour across the face at the minimum-image distance and pushes the pair apart through it', () => {
    const base = params();
    const grid0 = makeGrid([0, 0, 0], [L, L, L], 2 * base.h, 10);
    const { prm, grid } = periodicEngine(base, grid0, { x: true, y: false, z: false });
    const s = allocateParticles(2, false);
    // i just below dmax, j just above dmin: 0.7 Δx apart through the face, 8.3 Δx apart inside the box.
    const xs = [L - 0.3 * dx, 0.4 * dx];
    for (let k = 0; k < 2; k++) {
      s.f.x[k] = xs[k];
      s.f.y[k] = 0.5 * L;
      s.f.z[k] = 0.5 * L;
      s.f.rho[k] = 1000;
      s.f.p[k] = 100;
      s.f.mass[k] = 1000 * dx ** 3;
      s.kind[k] = ParticleKind.fluid;
      s.id[k] = k;
    }
    const cellStart = new Int32Array(grid.nCells + 1);
    const wallStart = new Int32Array(grid.nCells + 1);
    const count = sortByCell(s, 2, grid, cellStart, createSortScratch(grid, 2));
    const lists = allocateNeighbourLists(2, 0, listBytesPerParticle((2 * prm.h + 0.1 * prm.h) ** 2, prm.dx, listRowsOf(grid)), false);
    fluidRates(s, grid, cellStart, wallStart, prm, 0, count, RATE_PRESSURE | RATE_BUILD_LIST, lists, (2 * prm.h + 0.1 * prm.h) ** 2);
    const upper = s.f.x[0] > s.f.x[1] ? 0 : 1;
    const lower = 1 - upper;
    const j = decodeNeighbours(lists, upper)[0];
    expect(lists.count[upper] & 0xffff).toBe(1);
    expect(j).toBe(lower);
    const r = minImage(s.f.x[upper] - s.f.x[j], prm.period?.[0] ?? 0);
    console.log(`distance across the face ${(Math.abs(r) / dx).toFixed(6)} Δx (expected 0.700000 Δx)`);
    expect(Math.abs(r)).toBeCloseTo(0.7 * dx, 12);
    // The pressure pushes the particle below dmax back into the box (−x), its partner at dmin forward (+x).
    expect(s.f.ax[upper]).toBeLessThan(0);
    expect(s.f.ax[lower]).toBeGreaterThan(0);
    expect(s.f.ax[upper]).toBeCloseTo(-s.f.ax[lower], 9);
  });

  it('keeps a uniform block periodic along every axis at its density, wrapping the particles that cross', async () => {
    const setup = emptySetup();
    setup.settings = {
      ...setup.settings, particleDiameter: dx, endTime: 1, outputTimeInterval: 0.1, gravity: [0, 0, 0],
      integrationScheme: 'runge_kutta_4', shifting: 'lyu21', calcDomainMin: [0, 0, 0], calcDomainMax: [L, L, L],
    };
    setup.materials[0] = { ...setup.materials[0], speedOfSound: 20, kinematicViscosity: 1e-6 };
    const water = defaultFlowComponent();
    water.initialVelocity = [1, 0.5, -0.25];
    setup.parts = [createPart({ id: 'block', name: 'Block', component: water, materialId: 0, shape: cubeShape([L, L, L], [L / 2, L / 2, L / 2]) })];
    const prepared = await prepareCase(setup);
    expect(prepared.discretized.counts.fluid).toBe(729);
    const be = new CpuBackend(withPeriodicAxes(engineSetupOf(prepared), { x: true, y: true, z: true }), { threads: 1, spawnWorker: null });
    try {
      // 0.02 s at 1 m/s: every particle moves 2 Δx along x, so the last columns cross the face at dmax.
      await be.advance(0.02, { maxWallMs: 1e9, maxSteps: 1e9 });
      const s = await be.snapshot();
      let worstRho = 0, outside = 0, surface = 0, worstV = 0;
      for (let i = 0; i < s.count; i++) {
        worstRho = Math.max(worstRho, Math.abs(s.rho[i] / 1000 - 1));
        if (s.x[i] < 0 || s.x[i] >= L || s.y[i] < 0 || s.y[i] >= L || s.z[i] < 0 || s.z[i] >= L) outside++;
        if (s.fs[i] !== 0) surface++;
        worstV = Math.max(worstV, Math.hypot(s.vx[i] - 1, s.vy[i] - 0.5, s.vz[i] + 0.25));
      }
      console.log(`${be.steps()} steps, ${s.count} particles: density off by ${worstRho.toExponential(2)} (tolerance 1e-12), ` +
        `${outside} outside the box, ${surface} taken for free surface, velocity off by ${worstV.toExponential(2)} m/s`);
      expect(s.count).toBe(729);
      expect(outside).toBe(0);
      expect(surface).toBe(0);
      expect(worstRho).toBeLessThan(1e-12);
      expect(worstV).toBeLessThan(1e-9);
    } finally {
      await be.dispose();
    }
  });

  it('runs the periodic channel on WebGPU as on the CPU: wrapped cells, minimum images and re-entry', async (ctx) => {
    if (!gpuAvailable) ctx.skip();
    // The validation's Newtonian channel at 10 across (12 Δx periods: four cells of 3 Δx), shaken by an
    // initial velocity so that particles cross both periodic faces within the run.
    const o = { ...channelOptions('newtonian', 10), length: 12, width: 12 };
    const prepared = await prepareCase(channelSetup(o));
    const base = withPeriodicAxes(engineSetupOf(prepared), CHANNEL_AXES);
    const st = base.state;
    for (let i = 0; i < st.count; i++) {
      if (st.kind[i] !== ParticleKind.fluid) continue;
      st.vx[i] = 2 * Math.sin((2 * Math.PI * st.z[i]) / (o.across * o.dx));
      st.vy[i] = -1.5;
    }
    st.maxVel2 = 6.25;
    const copy = (): EngineSetup => ({ ...base, state: { ...base.state } });
    const end = 1e-3;
    const cpu = await runSteps(new CpuBackend(copy(), { threads: 1, spawnWorker: null }), end);
    const gpuBackend = await createNodeGpuBackend(copy());
    // The GPU walks half cells here (eight per period along x and y): the wrap of a reach of two cells.
    expect(gpuBackend.reach).toBe(2);
    const gpu = await runSteps(gpuBackend, end);
    const L = o.length * o.dx, W = o.width * o.dx;
    const byId = new Map<number, number>();
    for (let i = 0; i < gpu.count; i++) byId.set(gpu.id[i], i);
    let dPos = 0, dVel = 0, vMax = 0, outside = 0, crossed = 0;
    const start = new Map<number, number>();
    for (let i = 0; i < st.count; i++) start.set(st.id[i], st.y[i]);
    for (let i = 0; i < cpu.count; i++) {
      if (cpu.kind[i] !== ParticleKind.fluid) continue;
      const g = byId.get(cpu.id[i]) as number;
      dPos = Math.max(dPos, Math.abs(minImage(cpu.x[i] - gpu.x[g], L)), Math.abs(minImage(cpu.y[i] - gpu.y[g], W)), Math.abs(cpu.z[i] - gpu.z[g]));
      dVel = Math.max(dVel, Math.hypot(cpu.vx[i] - gpu.vx[g], cpu.vy[i] - gpu.vy[g], cpu.vz[i] - gpu.vz[g]));
      vMax = Math.max(vMax, Math.hypot(cpu.vx[i], cpu.vy[i], cpu.vz[i]));
      if (gpu.x[g] < 0 || gpu.x[g] >= L || gpu.y[g] < 0 || gpu.y[g] >= W) outside++;
      if (gpu.y[g] > (start.get(gpu.id[g]) as number)) crossed++;
    }
    console.log(`${cpu.count} particles, ${gpu.step} GPU steps: ${crossed} fluid particles re-entered at the far side of y, ` +
      `${outside} outside the period; positions within ${(dPos / o.dx).toExponential(2)} Δx, velocities within ` +
      `${(dVel / vMax).toExponential(2)} of the largest (limits 1e-3 Δx, 1e-3)`);
    expect(gpu.count).toBe(cpu.count);
    expect(crossed).toBeGreaterThan(0);
    expect(outside).toBe(0);
    expect(dPos).toBeLessThan(1e-3 * o.dx);
    expect(dVel).toBeLessThan(1e-3 * vMax);
  }, 600_000);
});

