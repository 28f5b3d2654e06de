// The cost of heat transfer: the benchmark's dam break (column 0.4 × 0.4 × 0.8 m in a 1.6 × 0.4 × 1.0 m
// tank, about 100k particles at Δx = 15 mm) with heat transfer on (water at 293 K, the tank held at 330 K)
// against off, on the CPU backend in the same process: ms per RK4 step of each and the ratio on / off.
// `node benchmarks/solver/heat.ts [dx] [steps]` runs it alone.
import { availableParallelism } from 'node:os';
import { emptySetup, type SetupDocument } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../src/domain/component.ts';
import { msPerStep } from './cpuTiming.ts';

export function heatedDamBreak(dx: number, heat: boolean): SetupDocument {
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: dx, endTime: 1, outputTimeInterval: 0.1, gravity: [0, 0, -9.81],
    integrationScheme: 'runge_kutta_4', shifting: 'lyu21', thermodynamics: heat,
  };
  s.materials[0] = { ...s.materials[0], name: 'Water', speedOfSound: 40 };
  const tank = cubeShape([1.6, 0.4, 1.0], [0.8, 0.2, 0.5]);
  tank.flipNormals = true;
  const walls = defaultRigidComponent();
  walls.thermoKind = 'temperature';
  walls.boundaryTemperature = 330;
  const water = defaultFlowComponent();
  water.initialPreset = 'hydrostatic';
  water.initialTemperature = 293;
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: walls, shape: tank }),
    createPart({ id: 'water', name: 'Water', component: water, materialId: 0, shape: cubeShape([0.4, 0.4, 0.8], [0.2, 0.2, 0.4]) }),
  ];
  return s;
}

/** Off and on alternate, `rounds` times each; the fastest of each counts (the machine is shared). */
export async function printHeat(dx: number, steps: number, rounds = 2): Promise<void> {
  const threads = Math.min(2, availableParallelism());
  console.log(`\n--- heat transfer: dam break (Δx = ${dx} m, ${steps} RK4 steps, ${threads} threads, best of ${rounds}), on against off`);
  let off = Infinity, on = Infinity, particles = 0;
  for (let r = 0; r < rounds; r++) {
    const a = await msPerStep(heatedDamBreak(dx, false), threads, steps);
    const b = await msPerStep(heatedDamBreak(dx, true), threads, steps);
    off = Math.min(off, a.ms);
    on = Math.min(on, b.ms);
    particles = b.particles;
  }
  console.log('particles  off ms/step  on ms/step  ratio on / off');
  console.log(`${String(particles).padStart(9)} ${off.toFixed(1).padStart(12)} ${on.toFixed(1).padStart(11)} ${(on / off).toFixed(2).padStart(15)}`);
}

if (import.meta.main) {
  await printHeat(Number(process.argv[2] ?? 0.015), Number(process.argv[3] ?? 10));
  process.exit(0);
}
