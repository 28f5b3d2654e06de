// Hydrostatic tank: water at rest in a closed box (product default settings: dual time step RK4, lyu21
// shifting, Riemann walls). After the start-up pressure waves have settled the pressure at depth h must
// be within 5 % of ρ g h, and no particle may cross a wall.
import { describe, expect, it } from 'vitest';
import { emptySetup } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultFillingComponent, defaultRigidComponent } from '../../src/domain/component.ts';
import { createSolverRun } from '../../src/solver/setupRun.ts';
import { nodePlatform } from '../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../src/solver/output/outputReader.ts';
import { VALIDATION_THREADS } from '../support/threads.ts';

const TANK = [0.1, 0.1, 0.3] as const;
const DEPTH = 0.2;
const DX = 0.01;
const RHO = 1000;
const G = 9.81;

function hydrostaticSetup() {
  const s = emptySetup();
  s.settings = { ...s.settings, particleDiameter: DX, endTime: 1, outputTimeInterval: 0.05, gravity: [0, 0, -G] };
  s.materials[0] = { ...s.materials[0], name: 'Water', density: RHO, speedOfSound: 20, kinematicViscosity: 1e-6 };
  const tank = cubeShape([...TANK], [TANK[0] / 2, TANK[1] / 2, TANK[2] / 2]);
  tank.flipNormals = true;
  const level = defaultFillingComponent(DEPTH);
  level.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: tank }),
    createPart({ id: 'water', name: 'Water', component: level, shape: structuredClone(tank), materialId: 0, seedPoint: [0.05, 0.05, 0.05] }),
  ];
  return s;
}

describe('hydrostatic tank', () => {
  it('holds p = ρ g h within 5 % and keeps every particle inside the walls', async () => {
    const sink = new MemorySink();
    const setup = hydrostaticSetup();
    const run = await createSolverRun(setup, nodePlatform, { sink, threads: VALIDATION_THREADS });
    expect(run.counts.fluid).toBe(2000);
    const summary = await run.start();
    console.log(`hydrostatic: ${summary.particles} particles, ${summary.steps} steps, ${summary.wallSeconds.toFixed(1)} s wall, ` +
      `${summary.particleStepsPerSecond.toExponential(2)} particle-steps/s`);
    expect(summary.status).toBe('completed');

    // Depth bins of one particle layer; pressures averaged over the outputs from 0.6 s to 1 s.
    const depths = [0.05, 0.1, 0.15, 0.195];
    const sums = depths.map(() => 0);
    const counts = depths.map(() => 0);
    let surface = 0, escaped = 0;
    for (let n = 0; n <= 20; n++) {
      const meta = await readOutputMeta(sink, n);
      const fluid = await readOutputObject(sink, n, meta, 'fluid_0');
      const p = fluid.attributes.get('pressure') as Float32Array;
      const pos = fluid.positions;
      let top = 0;
      for (let i = 0; i < fluid.count; i++) {
        const x = pos[3 * i], y = pos[3 * i + 1], z = pos[3 * i + 2];
        if (x < 0 || x > TANK[0] || y < 0 || y > TANK[1] || z < 0 || z > TANK[2]) escaped++;
        top = Math.max(top, z);
      }
      if (meta.time < 0.6) continue;
      // The free surface lies half a particle spacing above the top layer.
      surface = top + DX / 2;
      for (let i = 0; i < fluid.count; i++) {
        const depth = DEPTH - pos[3 * i + 2];
        depths.forEach((d, k) => {
          if (Math.abs(depth - d) < DX / 2) {
            sums[k] += p[i];
            counts[k]++;
          }
        });
      }
    }
    console.log(`free surface at ${surface.toFixed(4)} m (initially ${DEPTH} m); particles outside the tank: ${escaped}`);
    expect(escaped).toBe(0);
    depths.forEach((d, k) => {
      const measured = sums[k] / counts[k];
      const expected = RHO * G * d;
      const error = (measured - expected) / expected;
      console.log(`depth ${d.toFixed(3)} m: p = ${measured.toFixed(1)} Pa, ρgh = ${expected.toFixed(1)} Pa, error ${(100 * error).toFixed(2)} %`);
      expect(Math.abs(error)).toBeLessThan(0.05);
    });
  });
});
