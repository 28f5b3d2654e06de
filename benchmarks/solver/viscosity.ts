// Power-law fluid (n = 0.5, viscosity from a shear-rate table) and the same case with a constant table in
// a Taylor–Couette gap against the analytic profiles. The inner cylinder (radius Ri) carries a surface
// velocity turning at ω (a virtual rotatory movement), the outer one (Ro) stands still, slip plates close
// the gap above and below. Steady state of τ r² = const with τ = ρ K γ̇ⁿ, γ̇ = r |dΩ/dr|:
//   Ω(r) = ω (r^(−2/n) − Ro^(−2/n)) / (Ri^(−2/n) − Ro^(−2/n))   (n = 1: the Newtonian profile).
// Prints the azimuthal velocity, ν and γ̇ per radial bin of the middle layers against the analytic values,
// and the largest velocity error over ω Ri. `node benchmarks/solver/viscosity.ts [--end 0.4]`
import { availableParallelism } from 'node:os';
import { createSolverRun } from '../../src/solver/setupRun.ts';
import { nodePlatform } from '../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../src/solver/output/outputReader.ts';
import { emptySetup, type SetupDocument } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { inlineMeshShape } from '../../src/domain/shape.ts';
import { defaultCylinderMesh } from '../../src/domain/mesh.ts';
import { meshDefinitionTriangles } from '../../src/domain/meshGeometry.ts';
import { createMovement } from '../../src/domain/movement.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../src/domain/component.ts';

const DX = 1e-3, RI = 6 * DX, RO = 11 * DX, H = 8 * DX, OMEGA = 2, K = 2e-4, N = 0.5, NEWTONIAN_NU = 1e-4;
const endArg = process.argv.indexOf('--end');
const END = endArg > 0 ? Number(process.argv[endArg + 1]) : 0.4;
const threads = Math.min(2, availableParallelism());

/** Open tube along z, normals towards the axis (walls outside). */
function tube(radius: number, z0: number, z1: number) {
  const vertices: number[] = [], indices: number[] = [];
  for (let i = 0; i < 64; i++) {
    const a = (2 * Math.PI * i) / 64;
    vertices.push(radius * Math.cos(a), radius * Math.sin(a), z0, radius * Math.cos(a), radius * Math.sin(a), z1);
  }
  for (let i = 0; i < 64; i++) {
    const j = (i + 1) % 64;
    indices.push(2 * i, 2 * j + 1, 2 * j, 2 * i, 2 * i + 1, 2 * j + 1);
  }
  return { vertices, indices };
}

function plate(z: number, half: number, up: boolean) {
  return { vertices: [-half, -half, z, half, -half, z, half, half, z, -half, half, z], indices: up ? [0, 1, 2, 0, 2, 3] : [0, 2, 1, 0, 3, 2] };
}

function couetteCase(table: { shearRate: number[]; viscosity: number[] }): SetupDocument {
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: DX, endTime: END, outputTimeInterval: END / 6, gravity: [0, 0, 0],
    integrationScheme: 'runge_kutta_4', shifting: 'lyu21',
  };
  s.dataTables = [{ id: 'nu', headers: ['shear_rate', 'kinematic_viscosity'], table: [table.shearRate, table.viscosity], resultCount: table.shearRate.length }];
  s.materials[0] = { ...s.materials[0], speedOfSound: 1, viscosityKind: 'shear_rate', viscosityShearRateTableId: 'nu' };
  const wall = (kind: 'slip' | 'no_slip') => ({ ...defaultRigidComponent(), velocityKind: kind });
  const inner = meshDefinitionTriangles({ ...defaultCylinderMesh([0, 0, H / 2]), radius: RI, height: H + 12 * DX, axis: [0, 0, 1], cylinderResolution: 64 });
  const fluid = meshDefinitionTriangles({ ...defaultCylinderMesh([0, 0, H / 2]), radius: RO, height: H, axis: [0, 0, 1], cylinderResolution: 64 });
  if (inner === null || fluid === null) throw new Error('a cylinder has triangles');
  s.parts = [
    createPart({ id: 'inner', name: 'Inner', component: wall('no_slip'), shape: inlineMeshShape(inner) }),
    createPart({ id: 'outer', name: 'Outer', component: wall('no_slip'), shape: inlineMeshShape(tube(RO, -6 * DX, H + 6 * DX)) }),
    createPart({ id: 'bottom', name: 'Bottom', component: wall('slip'), shape: inlineMeshShape(plate(0, RO + 4 * DX, true)) }),
    createPart({ id: 'top', name: 'Top', component: wall('slip'), shape: inlineMeshShape(plate(H, RO + 4 * DX, false)) }),
    // The inner cylinder's solid side keeps the fluid out of it.
    createPart({ id: 'fluid', name: 'Fluid', component: defaultFlowComponent(), materialId: 0, shape: inlineMeshShape(fluid) }),
  ];
  const turn = createMovement('rotatory', 'inner', [], 'turn');
  s.movements = [{ ...turn, name: 'turn', virtualMovement: true, type: { type: 'rotatory', center: [0, 0, 0], axis: [0, 0, 1], vel: OMEGA, acc: 0 } }];
  return s;
}

async function compare(name: string, n: number, table: { shearRate: number[]; viscosity: number[] }, nuOf: (shear: number) => number) {
  const sink = new MemorySink();
  const run = await createSolverRun(couetteCase(table), nodePlatform, { sink, threads, backend: 'cpu' });
  const summary = await run.start();
  console.log(`\n--- ${name}: ${summary.particles} particles, ${summary.steps} steps, ${summary.wallSeconds.toFixed(1)} s on ${summary.device}`);
  const span = RI ** (-2 / n) - RO ** (-2 / n);
  const omega = (r: number) => (OMEGA * (r ** (-2 / n) - RO ** (-2 / n))) / span;
  const shear = (r: number) => ((2 / n) * OMEGA * r ** (-2 / n)) / span;
  const meta = await readOutputMeta(sink, 6);
  const f = await readOutputObject(sink, 6, meta, 'fluid_0');
  const vel = f.attributes.get('velocity') as Float32Array;
  const nu = f.attributes.get('kinematic_viscosity') as Float32Array;
  const bins = Array.from({ length: 5 }, () => ({ u: 0, a: 0, r: 0, nu: 0, n: 0 }));
  for (let i = 0; i < f.count; i++) {
    const x = f.positions[3 * i], y = f.positions[3 * i + 1], z = f.positions[3 * i + 2];
    if (Math.abs(z - H / 2) > 1.5 * DX) continue;
    const r = Math.hypot(x, y);
    const b = bins[Math.max(0, Math.min(4, Math.floor((r - RI) / DX)))];
    b.u += (x * vel[3 * i + 1] - y * vel[3 * i]) / r;
    b.a += r * omega(r);
    b.r += r;
    b.nu += nu[i];
    b.n++;
  }
  let worst = 0;
  for (const b of bins.filter((x) => x.n > 0)) {
    const r = b.r / b.n;
    const error = Math.abs(b.u - b.a) / b.n / (OMEGA * RI);
    worst = Math.max(worst, error);
    console.log(`r = ${(r / DX).toFixed(2)} Δx: u = ${(b.u / b.n * 1e3).toFixed(3)} mm/s (analytic ${(b.a / b.n * 1e3).toFixed(3)}), ` +
      `ν = ${(b.nu / b.n).toExponential(2)} (analytic ${nuOf(shear(r)).toExponential(2)}), error ${(100 * error).toFixed(2)} % of ω Ri`);
  }
  console.log(`${name}: largest velocity error ${(100 * worst).toFixed(2)} % of ω Ri`);
}

const shearRate = Array.from({ length: 25 }, (_, k) => 0.1 * 200 ** (k / 24));
await compare('power law, n = 0.5', N, { shearRate, viscosity: shearRate.map((g) => K * g ** (N - 1)) }, (g) => K * g ** (N - 1));
await compare('Newtonian, constant table', 1, { shearRate: [0, 100], viscosity: [NEWTONIAN_NU, NEWTONIAN_NU] }, () => NEWTONIAN_NU);
