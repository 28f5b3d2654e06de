// Surface tension and contact angle (src/solver/physics/surfaceTension.ts) through the whole CPU engine,
// without gravity:
// - a cube of liquid relaxes to a sphere, and the pressure inside against Laplace's 2σ/R;
// - a drop on a flat wall settles at the wall's contact angle, measured from the drop's shape (the
//   spherical cap of its volume and its height);
// - a cube of water inside a block of oil (two fluids, multiphase) relaxes to a sphere, and the pressure
//   jump across the interface against Laplace's 2σ/R.
// Liquid: ρ = 1000 kg/m³, σ = 0.0728 N/m, ν = 4e-4 m²/s (Ohnesorge number ν √(ρ/(σR)) ≈ 0.5 at R = 10 mm,
// so shape oscillations die out within a capillary time √(ρR³/σ) ≈ 0.12 s), c0 = 2 m/s (ten times the
// fastest corner of the cube; the Laplace pressure compresses the liquid by 0.4 %), Δx = 1 mm: the step
// is the capillary bound 0.25 √(ρ Δx³ / (2π σ)) = 0.37 ms.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { ParticleKind } from '../../src/solver/particles.ts';
import { emptySetup, type SetupDocument } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../src/domain/component.ts';
import type { EngineSnapshot } from '../../src/solver/engine.ts';
import type { Vec3 } from '../../src/domain/vector.ts';
import { validationCpuOptions } from '../support/threads.ts';

const DX = 0.001;
const RHO = 1000;
const SIGMA = 0.0728;
const NU = 4e-4;
const C0 = 2;

function report(name: string, measured: number, reference: number, error: number, tolerance: number, unit = ''): void {
  console.log(`${name}: measured ${measured.toPrecision(5)}${unit}, reference ${reference.toPrecision(5)}${unit}, error ${error.toPrecision(3)}${unit === '°' ? '°' : ' %'}, tolerance ${tolerance}${unit === '°' ? '°' : ' %'}`);
}

function liquidSetup(cube: Vec3, centre: Vec3, endTime: number): SetupDocument {
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: DX, endTime, outputTimeInterval: endTime / 10, gravity: [0, 0, 0],
    integrationScheme: 'runge_kutta_4', shifting: 'lyu21', surfaceTension: true, sigma: SIGMA,
    densityLimiter: false,
  };
  s.materials[0] = { ...s.materials[0], name: 'Liquid', density: RHO, speedOfSound: C0, kinematicViscosity: NU };
  s.parts = [createPart({ id: 'drop', name: 'Drop', component: defaultFlowComponent(), materialId: 0, shape: cubeShape(cube, centre) })];
  return s;
}

interface DropShape {
  centre: Vec3;
  volume: number;
  fluid: number[];
}

function dropOf(snap: EngineSnapshot): DropShape {
  const fluid: number[] = [];
  let cx = 0, cy = 0, cz = 0, volume = 0;
  for (let i = 0; i < snap.count; i++) {
    if (snap.kind[i] !== ParticleKind.fluid) continue;
    fluid.push(i);
    cx += snap.x[i];
    cy += snap.y[i];
    cz += snap.z[i];
    volume += snap.mass[i] / snap.rho[i];
  }
  const n = fluid.length;
  return { centre: [cx / n, cy / n, cz / n], volume, fluid };
}

async function runCase(setup: SetupDocument, samples: number[], sample: (snap: EngineSnapshot) => void): Promise<number> {
  const c = await prepareCase(setup);
  const be = new CpuBackend(engineSetupOf(c), validationCpuOptions());
  const started = performance.now();
  try {
    for (const t of samples) {
      while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
      sample(await be.snapshot());
    }
    console.log(`${c.discretized.counts.fluid} fluid particles, ${be.steps()} steps, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return c.prm.surfaceTension?.capillaryDt ?? 0;
  } finally {
    await be.dispose();
  }
}

/**
 * A cube of water (`side`) centred in a block of oil `margin` wider on every side (or, `oilDrop`, a cube
 * of oil in water), both at rest, no walls and no gravity: the outer fluid's surface is free. The drop
 * first: the lattice points it claims are not the other fluid's.
 */
function dropInOilSetup(side: number, margin: number, oilDensity: number, endTime: number, oilDrop = false): SetupDocument {
  const s = liquidSetup([side, side, side], [0, 0, 0], endTime);
  s.parts[0].materialId = oilDrop ? 1 : 0;
  s.settings = { ...s.settings, multiphase: true, dynamicTimeStep: false };
  s.materials = [
    { ...s.materials[0], id: 0, name: 'Water', gamma: 7 },
    { ...s.materials[0], id: 1, name: 'Oil', density: oilDensity, gamma: 7 },
  ];
  const outer = side + 2 * margin;
  s.parts.push(createPart({ id: 'oil', name: 'Around', component: defaultFlowComponent(), materialId: oilDrop ? 0 : 1, shape: cubeShape([outer, outer, outer], [0, 0, 0]) }));
  return s;
}

describe('surface tension', () => {
  it('relaxes a cube to a sphere with the Laplace pressure 2σ/R inside within 10 %', async () => {
    const side = 16 * DX;
    const samples = [0.3, 0.325, 0.35, 0.375, 0.4];
    const pressures: number[] = [];
    const spreads: number[] = [];
    let radius = 0;
    await runCase(liquidSetup([side, side, side], [0, 0, 0], 0.4), samples, (snap) => {
      const d = dropOf(snap);
      radius = Math.cbrt((3 * d.volume) / (4 * Math.PI));
      let pSum = 0, pN = 0;
      const surface: number[] = [];
      for (const i of d.fluid) {
        const r = Math.hypot(snap.x[i] - d.centre[0], snap.y[i] - d.centre[1], snap.z[i] - d.centre[2]);
        if (r < 0.5 * radius) {
          pSum += snap.p[i];
          pN++;
        }
        if (snap.fs[i] !== 0) surface.push(r);
      }
      pressures.push(pSum / pN);
      const mean = surface.reduce((a, b) => a + b, 0) / surface.length;
      spreads.push(Math.sqrt(surface.reduce((a, b) => a + (b - mean) ** 2, 0) / surface.length) / mean);
    });
    const p = pressures.reduce((a, b) => a + b, 0) / pressures.length;
    const laplace = (2 * SIGMA) / radius;
    const error = Math.abs(p - laplace) / laplace;
    const spread = Math.max(...spreads);
    console.log(`drop radius ${(radius * 1000).toFixed(2)} mm; surface particles' distance from the centre: rms spread ${(100 * spread).toFixed(2)} % of their mean (a cube's would be about 11 %)`);
    report('pressure inside the drop (Pa)', p, laplace, 100 * error, 10);
    expect(spread).toBeLessThan(0.03);
    expect(error).toBeLessThan(0.1);
  }, 900_000);
});

/** A drop of liquid put on a flat wall (a solid plate whose top is z = 0) as a box 14 × 14 × 8 Δx. */
function sessileSetup(contactAngleDeg: number, endTime: number): SetupDocument {
  const s = liquidSetup([14 * DX, 14 * DX, 8 * DX], [0, 0, 4 * DX], endTime);
  const plate = defaultRigidComponent();
  plate.velocityKind = 'slip';
  plate.contactAngle = contactAngleDeg;
  s.parts.push(createPart({ id: 'plate', name: 'Plate', component: plate, shape: cubeShape([40 * DX, 40 * DX, 6 * DX], [0, 0, -3 * DX]) }));
  return s;
}

/**
 * Contact angle of a spherical cap of volume V and height H on the plane z = 0: base radius a from
 * V = π H (3a² + H²) / 6, then θ = 2 atan(H / a).
 */
function capAngleDeg(snap: EngineSnapshot): { angle: number; height: number; base: number } {
  const d = dropOf(snap);
  let top = 0;
  for (const i of d.fluid) {
    if (Math.hypot(snap.x[i] - d.centre[0], snap.y[i] - d.centre[1]) < 1.5 * DX) top = Math.max(top, snap.z[i]);
  }
  const height = top + 0.5 * DX;
  const base = Math.sqrt(Math.max(0, ((6 * d.volume) / (Math.PI * height) - height * height) / 3));
  return { angle: (2 * Math.atan2(height, base) * 180) / Math.PI, height, base };
}

describe('contact angle', () => {
  for (const theta of [60, 120]) {
    it(`settles a drop on a wall at the set contact angle ${theta}° within 10°`, async () => {
      const samples = [0.3, 0.35, 0.4];
      const angles: number[] = [];
      await runCase(sessileSetup(theta, 0.4), samples, (snap) => {
        const cap = capAngleDeg(snap);
        angles.push(cap.angle);
        console.log(`t = ${snap.time?.toFixed?.(3) ?? ''} height ${(cap.height * 1000).toFixed(2)} mm, base radius ${(cap.base * 1000).toFixed(2)} mm, angle ${cap.angle.toFixed(1)}°`);
      });
      const angle = angles.reduce((a, b) => a + b, 0) / angles.length;
      report(`contact angle, set ${theta}°`, angle, theta, Math.abs(angle - theta), 10, '°');
      expect(Math.abs(angle - theta)).toBeLessThan(10);
    }, 900_000);
  }
});

describe('surface tension between two fluids', () => {
  // The reverse, an oil drop in water (σ on the concave side), measured 14.78 Pa against 14.71 Pa (0.5 %)
  // in 1,177 steps; it is left out of the suite, whose two cores it would hold another ten minutes.
  const cases = [
    { drop: 'water', around: 'oil', oilDrop: false },
  ];
  it.each(cases)('relaxes a cube of $drop in $around (density ratio 1.43) to a sphere with the jump 2σ/R across the interface within 10 %', async ({ drop: dropName, around: aroundName, oilDrop }) => {
    const oil = 700;
    const side = 16 * DX;
    const samples = [0.3, 0.325, 0.35, 0.375, 0.4];
    const jumps: number[] = [];
    const inside: number[] = [];
    const outside: number[] = [];
    const spreads: number[] = [];
    let radius = 0;
    const setup = dropInOilSetup(side, 5 * DX, oil, 0.4, oilDrop);
    const c = await prepareCase(setup);
    const dropBody = c.bodies.findIndex((b) => b.partId === 'drop');
    // The water, material 0, carries σ whether it is the drop or around it.
    expect(c.prm.surfaceTension?.phase).toBe(0);
    await runCase(setup, samples, (snap) => {
      const drop: number[] = [];
      const around: number[] = [];
      let cx = 0, cy = 0, cz = 0, volume = 0;
      for (let i = 0; i < snap.count; i++) {
        if (snap.kind[i] !== ParticleKind.fluid) continue;
        if (snap.body[i] !== dropBody) {
          around.push(i);
          continue;
        }
        drop.push(i);
        cx += snap.x[i];
        cy += snap.y[i];
        cz += snap.z[i];
        volume += snap.mass[i] / snap.rho[i];
      }
      const centre = [cx / drop.length, cy / drop.length, cz / drop.length];
      const dist = (i: number) => Math.hypot(snap.x[i] - centre[0], snap.y[i] - centre[1], snap.z[i] - centre[2]);
      radius = Math.cbrt((3 * volume) / (4 * Math.PI));
      // Water within R/2 of the centre; oil in a shell from 2 Δx beyond the interface (outside the kernel
      // of the water's interface particles) to 2 Δx further.
      const mean = (list: number[]) => list.reduce((a, i) => a + snap.p[i], 0) / list.length;
      const pIn = mean(drop.filter((i) => dist(i) < 0.5 * radius));
      const pOut = mean(around.filter((i) => dist(i) > radius + 2 * DX && dist(i) < radius + 4 * DX));
      inside.push(pIn);
      outside.push(pOut);
      jumps.push(pIn - pOut);
      // Interface: the drop's particles with a particle of the other fluid within 1.5 Δx.
      const near = new Set<number>();
      for (const i of drop) {
        if (dist(i) < radius - 3 * DX) continue;
        for (const j of around) {
          if (Math.hypot(snap.x[i] - snap.x[j], snap.y[i] - snap.y[j], snap.z[i] - snap.z[j]) < 1.5 * DX) {
            near.add(i);
            break;
          }
        }
      }
      const rs = [...near].map(dist);
      const rMean = rs.reduce((a, b) => a + b, 0) / rs.length;
      spreads.push(Math.sqrt(rs.reduce((a, b) => a + (b - rMean) ** 2, 0) / rs.length) / rMean);
    });
    const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const jump = avg(jumps);
    const laplace = (2 * SIGMA) / radius;
    const error = Math.abs(jump - laplace) / laplace;
    const spread = Math.max(...spreads);
    console.log(`${dropName} drop radius ${(radius * 1000).toFixed(2)} mm in ${aroundName} (oil ${oil} kg/m³); pressure ${avg(inside).toFixed(2)} Pa inside, ` +
      `${avg(outside).toFixed(2)} Pa in the ${aroundName} around; interface particles' distance from the centre: rms spread ${(100 * spread).toFixed(2)} % of their mean (a cube's would be about 11 %)`);
    report(`pressure jump across the interface, ${dropName} in ${aroundName} (Pa)`, jump, laplace, 100 * error, 10);
    expect(spread).toBeLessThan(0.03);
    expect(error).toBeLessThan(0.1);
  }, 1_800_000);
});
