// Moving machinery against analytic free surfaces, on the CPU backend and, where the WebGPU adapter is a
// real GPU, on the WebGPU backend (on SwiftShader these runs of 2,000–4,000 steps would take an hour; there
// tests/unit/solver/gpu.test.ts checks that the GPU moves walls and frames as the CPU does):
// - spin-up: an upright cylindrical tank turning at ω from rest drags its water along until it turns as a
//   solid body, whose free surface is the paraboloid z(r) = z0 + ω² r² / (2 g);
// - the same tank at rest in a frame rotating at ω: the water comes to rest in the frame with the same
//   paraboloid (centrifugal and Coriolis forces);
// - a tank under a horizontal frame acceleration a from an acceleration file: the surface settles at the
//   slope a / g.
// The water is a viscous liquid (ν = 0.01 m²/s, a heavy oil): with water's 1e-6 m²/s the spin-up alone
// would take half a minute of simulated time (the Ekman time H / √(ν ω)); here it takes a few tenths of
// a second, and the viscosity damps the sloshing the start leaves, so a CI run sees the settled surface.
// Solid-body rotation and the tilted surface are equilibria whatever the viscosity.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSolverRun } from '../../src/solver/setupRun.ts';
import { nodePlatform } from '../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../src/solver/output/outputReader.ts';
import { cylinderTankCase, spin, tankCase } from '../unit/solver/cases.ts';
import type { SetupDocument } from '../../src/domain/setup.ts';
import type { FileResolver } from '../../src/solver/caseInput.ts';
import type { BackendKind } from '../../src/solver/engine.ts';
import { realGpuSkipReason } from '../support/gpu.ts';
import { VALIDATION_THREADS } from '../support/threads.ts';

const G = 9.81;
const DX = 0.01;
const RADIUS = 0.1;
/** 12.5 rad/s: the rim stands ω² R² / (2 g) = 79.6 mm (8 Δx) above the centre; the wall moves at 1.25 m/s. */
const OMEGA = 12.5;
const NU = 0.01;
const threads = VALIDATION_THREADS;

/** Why the GPU cases do not run here, or null when the adapter is a real GPU. */
let gpuSkipped: string | null = 'not probed';
beforeAll(async () => {
  gpuSkipped = await realGpuSkipReason();
});

function report(name: string, measured: number, reference: number, tolerance: number): number {
  const error = Math.abs(measured - reference) / Math.abs(reference);
  console.log(`${name}: measured ${measured.toFixed(5)}, reference ${reference.toFixed(5)}, error ${(100 * error).toFixed(2)} %, tolerance ${(100 * tolerance).toFixed(1)} %`);
  return error;
}

/** Height of the highest fluid particle in every Δx × Δx column, by column centre. */
function columnTops(pos: Float32Array, count: number): Map<string, { x: number; y: number; z: number }> {
  const tops = new Map<string, { x: number; y: number; z: number }>();
  for (let i = 0; i < count; i++) {
    const cx = Math.floor(pos[3 * i] / DX), cy = Math.floor(pos[3 * i + 1] / DX);
    const key = `${cx},${cy}`;
    const z = pos[3 * i + 2];
    const top = tops.get(key);
    if (top === undefined || z > top.z) tops.set(key, { x: (cx + 0.5) * DX, y: (cy + 0.5) * DX, z });
  }
  return tops;
}

/** Least-squares line z = a + b s over (s, z) pairs: the slope b. */
function slope(points: readonly [number, number][]): number {
  let n = 0, sx = 0, sz = 0, sxx = 0, sxz = 0;
  for (const [s, z] of points) {
    n++;
    sx += s;
    sz += z;
    sxx += s * s;
    sxz += s * z;
  }
  return (n * sxz - sx * sz) / (n * sxx - sx * sx);
}

interface Watched {
  sink: MemorySink;
  particles: number;
  wallSeconds: number;
}

async function run(setup: SetupDocument, backend: BackendKind, fileResolver?: FileResolver): Promise<Watched> {
  const sink = new MemorySink();
  const r = await createSolverRun(setup, nodePlatform, { sink, threads, fileResolver, backend });
  const summary = await r.start();
  expect(summary.status).toBe('completed');
  console.log(`${summary.particles} particles, ${summary.steps} steps, ${summary.wallSeconds.toFixed(1)} s wall on ${summary.device}`);
  return { sink, particles: summary.particles, wallSeconds: summary.wallSeconds };
}

/**
 * Curvature k of the free surface z = z0 + k r² fitted to the column tops inside r < R − 1.5 Δx, and the
 * fluid's mean angular velocity about the z axis and its rms speed relative to a rotation at `omega`,
 * averaged over the outputs `outputs`.
 */
async function paraboloid(sink: MemorySink, outputs: readonly number[], omega: number) {
  let k = 0, turn = 0, relative = 0;
  for (const n of outputs) {
    const meta = await readOutputMeta(sink, n);
    const fluid = await readOutputObject(sink, n, meta, 'fluid_0');
    const pos = fluid.positions;
    const vel = fluid.attributes.get('velocity') as Float32Array;
    const points: [number, number][] = [];
    for (const top of columnTops(pos, fluid.count).values()) {
      const r2 = top.x * top.x + top.y * top.y;
      if (Math.sqrt(r2) < RADIUS - 1.5 * DX) points.push([r2, top.z]);
    }
    k += slope(points) / outputs.length;
    let w = 0, rel2 = 0, m = 0;
    for (let i = 0; i < fluid.count; i++) {
      const x = pos[3 * i], y = pos[3 * i + 1];
      const vx = vel[3 * i], vy = vel[3 * i + 1], vz = vel[3 * i + 2];
      const r2 = x * x + y * y;
      rel2 += (vx + omega * y) ** 2 + (vy - omega * x) ** 2 + vz * vz;
      if (r2 > (2 * DX) ** 2) {
        w += (x * vy - y * vx) / r2;
        m++;
      }
    }
    turn += w / m / outputs.length;
    relative += Math.sqrt(rel2 / fluid.count) / outputs.length;
  }
  return { k, turn, relative };
}

function cylinderTank(): SetupDocument {
  return cylinderTankCase({
    dx: DX, radius: RADIUS, height: 0.22, fill: 0.1, kinematicViscosity: NU, speedOfSound: 20,
    settings: { endTime: 1.2, outputTimeInterval: 0.1 },
  });
}

describe.each(['cpu', 'gpu'] as const)('moving walls, rotating frame and frame acceleration (%s)', (backend) => {
  const skipHere = (ctx: { skip: () => void }) => {
    if (backend === 'gpu' && gpuSkipped !== null) {
      console.log(`GPU case skipped: ${gpuSkipped}`);
      ctx.skip();
    }
  };

  it('spin-up: a tank turning from rest drags its water into solid-body rotation with the paraboloid surface within 5 %', async (ctx) => {
    skipHere(ctx);
    const setup = cylinderTank();
    setup.movements.push(spin('spin', 'tank', [0, 0, 0], [0, 0, 1], OMEGA));
    const { sink } = await run(setup, backend);

    // The tank's pose in the outputs: a turn of ω t about z.
    const meta = await readOutputMeta(sink, 12);
    const tank = meta.objects.find((o) => o.kind === 'wall_boundary');
    const angle = OMEGA * meta.time;
    expect(tank?.pose?.rotation[0]).toBeCloseTo(Math.cos(angle), 9);
    expect(tank?.pose?.rotation[3]).toBeCloseTo(Math.sin(angle), 9);

    const { k, turn } = await paraboloid(sink, [8, 9, 10, 11, 12], 0);
    // The water started at rest: only the walls' drag can have set it turning.
    const turnError = report(`${backend}: spin-up, mean angular velocity of the water (rad/s), 0.8–1.2 s`, turn, OMEGA, 0.02);
    expect(turnError).toBeLessThan(0.02);
    const rise = report(`${backend}: spin-up, rim above centre ω² R² / (2 g) (m), 0.8–1.2 s`, k * RADIUS * RADIUS, (OMEGA * OMEGA * RADIUS * RADIUS) / (2 * G), 0.05);
    expect(rise).toBeLessThan(0.05);
  });

  it('rotating frame: the water in a tank at rest in a frame turning at ω comes to rest with the same paraboloid within 5 %', async (ctx) => {
    skipHere(ctx);
    const setup = cylinderTank();
    setup.settings.rotatingSystem = true;
    setup.settings.rotationVelocity = OMEGA;
    setup.settings.rotationAxis = [0, 0, 1];
    setup.settings.rotationCenter = [0, 0, 0];
    const { sink } = await run(setup, backend);
    const { k, relative } = await paraboloid(sink, [8, 9, 10, 11, 12], 0);
    console.log(`${backend}: rotating frame: rms speed of the water in the frame ${relative.toFixed(4)} m/s (${(100 * relative / (OMEGA * RADIUS)).toFixed(2)} % of ω R)`);
    expect(relative).toBeLessThan(0.02 * OMEGA * RADIUS);
    const rise = report(`${backend}: rotating frame, rim above centre ω² R² / (2 g) (m), 0.8–1.2 s`, k * RADIUS * RADIUS, (OMEGA * OMEGA * RADIUS * RADIUS) / (2 * G), 0.05);
    expect(rise).toBeLessThan(0.05);
  });

  it('acceleration file: under a horizontal frame acceleration a the surface settles at the slope a / g within 5 %', async (ctx) => {
    skipHere(ctx);
    const a = 2;
    // A slab four particles across between slip walls (no-slip walls that close would hold the water
    // back like a Hele-Shaw cell: it would take seconds to level).
    const setup = tankCase({
      dx: DX, tank: [0.3, 0.04, 0.2], column: [0.3, 0.04, 0.1], slip: true, speedOfSound: 20,
      settings: { endTime: 2, outputTimeInterval: 0.1, shifting: 'lyu21' },
    });
    setup.materials[0].kinematicViscosity = NU;
    setup.settings.accelerationFile = { id: 'ramp', name: 'ramp.csv' };
    // Ramped up over 0.6 s (about the tank's sloshing period), so that the start leaves little sloshing.
    const csv = `time,ax,ay,az\n0,0,0,0\n0.6,${a},0,0\n10,${a},0,0\n`;
    const { sink } = await run(setup, backend, async () => new TextEncoder().encode(csv));
    let measured = 0;
    // Over a sloshing period, 1.3–2 s.
    const outputs = [13, 14, 15, 16, 17, 18, 19, 20];
    for (const n of outputs) {
      const meta = await readOutputMeta(sink, n);
      const fluid = await readOutputObject(sink, n, meta, 'fluid_0');
      const points: [number, number][] = [];
      for (const top of columnTops(fluid.positions, fluid.count).values()) {
        if (top.x > 1.5 * DX && top.x < 0.3 - 1.5 * DX) points.push([top.x, top.z]);
      }
      measured += -slope(points) / outputs.length;
    }
    // The frame accelerates along +x: the water leans back, its surface falling along x.
    const error = report(`${backend}: acceleration file, surface slope −dz/dx, 1.3–2 s`, measured, a / G, 0.05);
    expect(error).toBeLessThan(0.05);
  });
});
