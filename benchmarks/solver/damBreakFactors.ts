// What moves the dam-break front against Martin & Moyce (1952): one configuration per process, the front
// recorded every 0.05 in T with several definitions, so that the front definition and the time origin are
// compared on the same run and the physical settings (floor friction, initial state, speed of sound) run
// by run, in the periodic slab or (walled) the slab between slip walls.
// `node benchmarks/solver/damBreakFactors.ts ACROSS [walled] [noslip] [rest] [st] [c0=N] [a=M] [threads=N]` prints
// one JSON line with the trajectories. a=M: the column's width in m (0.1; the experiment's 2.25 in is 0.05715),
// with c0 at the same Mach number unless given; st: surface tension on (water's 0.0728 N/m, walls at 90°).
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultRigidComponent } from '../../src/domain/component.ts';
import {
  COLUMN_WIDTH, martinMoyceEngine, martinMoyceSetup, periodicMartinMoyceSetup, surgeFront, toeFront,
} from '../../src/solver/cases/martinMoyce.ts';

const args = process.argv.slice(2);
const across = Number(args[0] ?? 10);
const walled = args.includes('walled');
const noSlipFloor = args.includes('noslip');
const atRest = args.includes('rest');
const surfaceTension = args.includes('st');
const a = Number(args.find((x) => x.startsWith('a='))?.slice(2) ?? COLUMN_WIDTH);
const c0 = Number(args.find((x) => x.startsWith('c0='))?.slice(3) ?? 30 * Math.sqrt(a / COLUMN_WIDTH));
const threads = Number(args.find((x) => x.startsWith('threads='))?.slice(8) ?? 1);
const dx = a / across;
if (walled && a !== COLUMN_WIDTH) throw new Error('a= applies to the periodic slab only');
const settings = { integrationScheme: 'runge_kutta_4', surfaceTension } as const;
const setup = walled ? martinMoyceSetup(across, settings) : periodicMartinMoyceSetup(across, settings, a);
setup.materials[0] = { ...setup.materials[0], speedOfSound: c0 };
if (atRest) {
  const column = setup.parts[1];
  if (column.component.type === 'flow') column.component.initialPreset = 'none';
}
if (noSlipFloor) {
  // A solid block under the floor claims the floor's wall particles (a solid before a container).
  const floor = defaultRigidComponent();
  floor.velocityKind = 'no_slip';
  setup.parts.push(createPart({ id: 'floor', name: 'Floor', component: floor, shape: cubeShape([9 * a, 1, 0.1], [3.5 * a, 0, -0.05]) }));
}
const c = await prepareCase(setup);
const engine = walled ? engineSetupOf(c) : martinMoyceEngine(c);
const be = new CpuBackend(engine, { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
const scale = Math.sqrt((2 * 9.81) / a);
const rows: { T: number; farthest: number; toe: number }[] = [];
const started = performance.now();
// Every 0.05 in T up to 4.5, each row printed as it comes (long runs can be read before they end).
for (let k = 0; k <= 90; k++) {
  const T = k / 20;
  while (be.time() < T / scale) await be.advance(T / scale, { maxWallMs: 1e9, maxSteps: 1e9 });
  const s = await be.snapshot();
  rows.push({ T, farthest: surgeFront(s, dx) / a, toe: toeFront(s, dx) / a });
  console.error(JSON.stringify(rows[rows.length - 1]));
}
console.log(JSON.stringify({
  across, walled, noSlipFloor, atRest, surfaceTension, a, c0, particles: { fluid: c.discretized.counts.fluid, total: engine.state.count }, steps: be.steps(),
  seconds: (performance.now() - started) / 1000, rows,
}));
await be.dispose();
process.exit(0);
