// The cost of a second fluid: the benchmark's dam break (column 0.4 × 0.4 × 0.8 m in a 1.6 × 0.4 × 1.0 m
// tank) with water alone against water with the rest of the tank full of air (multiphase, density ratio
// 833), on the CPU backend in the same process: ms per RK4 step of each, the ratio, and the ratio per
// particle (the air adds particles: the rest of the tank). `node benchmarks/solver/multiphase.ts [dx] [steps]`.
import { availableParallelism } from 'node:os';
import type { SetupDocument } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultFlowComponent } from '../../src/domain/component.ts';
import { msPerStep } from './cpuTiming.ts';
import { AIR, MULTIPHASE_SETTINGS } from '../../src/solver/cases/multiphaseCases.ts';
import { heatedDamBreak } from './heat.ts';

/** The heat benchmark's dam break without heat; with `air` the rest of the tank is air. */
export function damBreak(dx: number, air: boolean): SetupDocument {
  const s = heatedDamBreak(dx, false);
  s.settings = { ...s.settings, ...MULTIPHASE_SETTINGS, multiphase: air };
  if (!air) return s;
  const water = s.materials[0];
  s.materials = [water, { ...water, id: 1, name: AIR.name, density: AIR.density, kinematicViscosity: AIR.kinematicViscosity }];
  const gas = defaultFlowComponent();
  gas.initialPreset = 'hydrostatic';
  const column = s.parts.find((p) => p.id === 'water');
  if (column?.component.type === 'flow') column.component.initialPressure = AIR.density * 9.81 * 0.2;
  s.parts.push(
    createPart({ id: 'air-above', name: 'Air above', component: gas, materialId: 1, shape: cubeShape([0.4, 0.4, 0.2], [0.2, 0.2, 0.9]) }),
    createPart({ id: 'air-beside', name: 'Air beside', component: structuredClone(gas), materialId: 1, shape: cubeShape([1.2, 0.4, 1.0], [1.0, 0.2, 0.5]) }),
  );
  return s;
}

/** One fluid and two alternate, `rounds` times each; the fastest of each counts (the machine is shared). */
export async function printMultiphase(dx: number, steps: number, rounds = 2): Promise<void> {
  const threads = Math.min(2, availableParallelism());
  console.log(`\n--- multiphase: dam break (Δx = ${dx} m, ${steps} RK4 steps, ${threads} threads, best of ${rounds}), water and air against water alone`);
  let one = { ms: Infinity, particles: 0 }, two = { ms: Infinity, particles: 0 };
  for (let r = 0; r < rounds; r++) {
    const a = await msPerStep(damBreak(dx, false), threads, steps);
    const b = await msPerStep(damBreak(dx, true), threads, steps);
    if (a.ms < one.ms) one = a;
    if (b.ms < two.ms) two = b;
  }
  const perParticle = (m: { ms: number; particles: number }) => (1e6 * m.ms) / m.particles;
  console.log('case              particles  ms/step  ns/particle-step');
  console.log(`water alone       ${String(one.particles).padStart(9)} ${one.ms.toFixed(1).padStart(8)} ${perParticle(one).toFixed(0).padStart(17)}`);
  console.log(`water and air     ${String(two.particles).padStart(9)} ${two.ms.toFixed(1).padStart(8)} ${perParticle(two).toFixed(0).padStart(17)}`);
  console.log(`ratio two / one: ${(two.ms / one.ms).toFixed(2)} per step, ${(perParticle(two) / perParticle(one)).toFixed(2)} per particle-step`);
}

if (import.meta.main) {
  await printMultiphase(Number(process.argv[2] ?? 0.04), Number(process.argv[3] ?? 5));
  process.exit(0);
}
