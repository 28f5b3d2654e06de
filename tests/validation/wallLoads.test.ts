// Wall loads on a hydrostatic tank: water at rest in a closed box, the loads the solver writes on the
// walls at every output (physics/wallLoads.ts) integrated over the tank's faces: the normal force on a
// side wall against ρ g h² w / 2 and on the floor against the water's weight.
import { describe, expect, it } from 'vitest';
import { tankCase } from '../unit/solver/cases.ts';
import { createSolverRun } from '../../src/solver/setupRun.ts';
import { nodePlatform } from '../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../src/solver/output/sink.ts';
import { outputFilePath } from '../../src/domain/output.ts';
import { readOutputMeta, readOutputObject } from '../../src/solver/output/outputReader.ts';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { ParticleKind } from '../../src/solver/particles.ts';
import { computeWallLoads, wallSurfaceOf } from '../../src/solver/physics/wallLoads.ts';
import { VALIDATION_THREADS, validationCpuOptions } from '../support/threads.ts';

const DX = 0.01;
const TANK = [0.1, 0.1, 0.2] as const;
const DEPTH = 0.1;
const RHO = 1000;
const G = 9.81;

/** Forces on the faces of the tank, by face normal (towards the fluid), from one output's wall loads. */
async function faceForces(sink: MemorySink, n: number) {
  const meta = await readOutputMeta(sink, n);
  const wall = await readOutputObject(sink, n, meta, 'wall_0');
  const ds = wall.object.datasets[0];
  if (ds.areas === undefined) throw new Error('the walls carry no surface areas');
  const bytes = await sink.readFile(outputFilePath(n, ds.areas.file));
  if (bytes === null) throw new Error('missing area file');
  const area = new Float32Array(bytes.slice().buffer);
  const total = wall.attributes.get('total_stress') as Float32Array;
  const normal = wall.attributes.get('normal_stress') as Float32Array;
  const fluid = await readOutputObject(sink, n, meta, 'fluid_0');
  const mass = fluid.attributes.get('mass') as Float32Array;
  let fluidMass = 0;
  for (const m of mass) fluidMass += m;
  // The x-min side wall faces +x; the floor faces +z. Each sums the traction times the area and the
  // normal stress times the area (the normal force).
  const side = { fx: 0, fz: 0, normal: 0 }, floor = { fx: 0, fz: 0, normal: 0 };
  let all = 0;
  for (let i = 0; i < wall.count; i++) {
    const a = area[i];
    if (a === 0) continue;
    const x = wall.positions[3 * i], z = wall.positions[3 * i + 2];
    all += total[3 * i + 2] * a;
    const face = x < 0 && z > 0 ? side : z < 0 && x > 0 && x < TANK[0] ? floor : null;
    if (face === null) continue;
    face.fx += total[3 * i] * a;
    face.fz += total[3 * i + 2] * a;
    face.normal += normal[i] * a;
  }
  return { time: meta.time, side, floor, all, weight: fluidMass * G };
}

describe('wall loads', () => {
  it('integrate to ρ g h² w / 2 on a side wall and to the weight on the floor of a tank at rest, within 3 %', async () => {
    const sink = new MemorySink();
    const setup = tankCase({
      dx: DX, tank: [...TANK], column: [TANK[0], TANK[1], DEPTH], slip: false,
      settings: { endTime: 0.6, outputTimeInterval: 0.05 },
    });
    const run = await createSolverRun(setup, nodePlatform, { sink, threads: VALIDATION_THREADS });
    const summary = await run.start();
    console.log(`wall loads: ${summary.particles} particles, ${summary.steps} steps, ${summary.wallSeconds.toFixed(1)} s wall`);
    expect(summary.status).toBe('completed');
    let side = 0, floor = 0, sideNormal = 0, floorNormal = 0, weight = 0, all = 0, count = 0;
    for (let n = 0; n < summary.outputs; n++) {
      const f = await faceForces(sink, n);
      console.log(`t = ${f.time.toFixed(2)} s: side ${f.side.fx.toFixed(3)} N (normal ${f.side.normal.toFixed(3)}, along z ${f.side.fz.toFixed(3)}), floor ${f.floor.fz.toFixed(3)} N (normal ${f.floor.normal.toFixed(3)}), all walls z ${f.all.toFixed(3)} N, weight ${f.weight.toFixed(3)} N`);
      if (f.time < 0.3) continue;
      side += f.side.fx; floor += f.floor.fz; sideNormal += f.side.normal; floorNormal += f.floor.normal; weight += f.weight; all += f.all;
      count++;
    }
    side /= count; floor /= count; sideNormal /= count; floorNormal /= count; weight /= count; all /= count;
    const sideRef = (RHO * G * DEPTH * DEPTH * TANK[1]) / 2;
    const report = (what: string, measured: number, reference: number, tolerance: number) => {
      const error = (measured - reference) / reference;
      console.log(`${what}: ${measured.toFixed(4)} N, reference ${reference.toFixed(4)} N, error ${(100 * error).toFixed(2)} % (tolerance ${100 * tolerance} %)`);
      expect(Math.abs(error)).toBeLessThan(tolerance);
    };
    report('side wall normal force', sideNormal, sideRef, 0.03);
    report('side wall force along x (outwards)', -side, sideRef, 0.03);
    report('floor normal force', floorNormal, weight, 0.03);
    report('floor force along z (downwards)', -floor, weight, 0.03);
    console.log(`all walls along z: ${(-all).toFixed(4)} N against the weight ${weight.toFixed(4)} N`);
  });

  it('sum to the force the walls exert on the fluid in a dam break, within 1 %', async () => {
    // The fluid's momentum balance: the walls push it with Σ m (a − g) (fluid pairs cancel), so the
    // walls' loads must sum to −Σ m (a − g). The snapshot's accelerations are those of the step's last
    // rate evaluation, a stage slightly apart from the state: hence 1 %, not rounding.
    const dx = 0.02;
    const setup = tankCase({
      dx, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.16], slip: false,
      settings: { integrationScheme: 'runge_kutta_4', shifting: 'lyu21' },
    });
    const c = await prepareCase(setup);
    const surface = wallSurfaceOf(c.state, c.discretized.particles.wallDepth, dx);
    const cpu = new CpuBackend(engineSetupOf(c), validationCpuOptions());
    try {
      for (const until of [0.01, 0.03, 0.06]) {
        while (cpu.time() < until) await cpu.advance(until, { maxWallMs: 1e9, maxSteps: 1e9 });
        const snap = await cpu.snapshot();
        const loads = computeWallLoads(snap, { prm: c.prm, surface, gravity: [c.prm.gx, c.prm.gy, c.prm.gz], bodyFields: null });
        const walls = [0, 0, 0], balance = [0, 0, 0];
        const g = [c.prm.gx, c.prm.gy, c.prm.gz];
        const a = [snap.ax, snap.ay, snap.az];
        for (let i = 0; i < snap.count; i++) {
          for (let k = 0; k < 3; k++) {
            if (snap.kind[i] === ParticleKind.wall) walls[k] += loads.totalStress[3 * i + k] * loads.area[i];
            else if (snap.kind[i] === ParticleKind.fluid) balance[k] -= snap.mass[i] * (a[k][i] - g[k]);
          }
        }
        const reference = Math.hypot(balance[0], balance[1], balance[2]);
        const error = Math.hypot(walls[0] - balance[0], walls[1] - balance[1], walls[2] - balance[2]) / reference;
        console.log(`dam break t = ${snap.time.toFixed(2)} s: walls' loads (${walls.map((v) => v.toFixed(4)).join(', ')}) N, ` +
          `−Σ m (a − g) (${balance.map((v) => v.toFixed(4)).join(', ')}) N, error ${(100 * error).toFixed(2)} % (tolerance 1 %)`);
        expect(reference).toBeGreaterThan(1);
        expect(error).toBeLessThan(0.01);
      }
    } finally {
      await cpu.dispose();
    }
  });
});
