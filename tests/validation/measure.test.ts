// Measuring objects against analytic answers, through the server's sensor computation module
// (`writeSensorResults`, the code the post-processing process runs after every output and on Compute
// Sensors) applied to output folders the solver wrote on disk:
// - a point sensor in a hydrostatic tank reads ρ g d at depth d within 2 %. The tank is 20 particles wide
//   each way: with 10 the solver's own pressure at 10 cm depth lies 2.4 % above ρ g d (the side walls'
//   share of the fluid), with 20 it lies within 1 %; so does it within 10 particle layers of the floor.
// - in a channel fed by a velocity inlet and drained by a pressure outlet, a surface sensor across the
//   channel reads the inlet's mass flow rate ρ U A within 3 % once the flow is steady.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFillingComponent, defaultFlowComponent, defaultOpenBoundaryComponent, defaultRigidComponent } from '../../src/domain/component.ts';
import { meshDefinitionTriangles } from '../../src/domain/meshGeometry.ts';
import { defaultRectangleMesh } from '../../src/domain/mesh.ts';
import { outputFolderPath } from '../../src/domain/output.ts';
import { createPart } from '../../src/domain/part.ts';
import { emptySetup, type SetupDocument } from '../../src/domain/setup.ts';
import { cubeShape, planeShape } from '../../src/domain/shape.ts';
import { writeSensorResults, type SensorTask } from '../../src/server/postprocessing/sensors/computeSensors.ts';
import { nodePlatform } from '../../src/solver/nodePlatform.ts';
import { nodeFileSink } from '../../src/solver/output/nodeFileSink.ts';
import { createSolverRun } from '../../src/solver/setupRun.ts';
import { VALIDATION_THREADS } from '../support/threads.ts';

const root = mkdtempSync(join(tmpdir(), 'surge-measure-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const G = 9.81;

/** Runs `setup` on one CPU thread into a folder; returns the folder of every output with its time. */
async function solve(name: string, setup: SetupDocument): Promise<{ folder: string; time: number }[]> {
  const dir = join(root, name);
  const outputs: { folder: string; time: number }[] = [];
  const run = await createSolverRun(setup, nodePlatform, {
    sink: nodeFileSink(dir),
    threads: VALIDATION_THREADS,
    onOutput: (event) => outputs.push({ folder: join(dir, outputFolderPath(event.outputNo)), time: event.time }),
  });
  const summary = await run.start();
  console.log(`${name}: ${summary.particles} particles, ${summary.steps} steps, ${summary.wallSeconds.toFixed(1)} s wall`);
  expect(summary.status).toBe('completed');
  return outputs;
}

function report(label: string, measured: number, reference: number, tolerance: number, unit: string): number {
  const error = (measured - reference) / reference;
  console.log(`${label}: measured ${measured.toPrecision(6)} ${unit}, reference ${reference.toPrecision(6)} ${unit}, ` +
    `error ${(100 * error).toFixed(2)} %, tolerance ${(100 * tolerance).toFixed(0)} %`);
  return error;
}

describe('point sensor in a hydrostatic tank', () => {
  const tank = [0.2, 0.2, 0.24] as const;
  const level = 0.2;
  const dx = 0.01;
  const rho = 1000;

  function hydrostaticTank(): SetupDocument {
    const s = emptySetup();
    s.settings = { ...s.settings, particleDiameter: dx, endTime: 1, outputTimeInterval: 0.05, gravity: [0, 0, -G] };
    s.materials[0] = { ...s.materials[0], name: 'Water', density: rho, speedOfSound: 20, kinematicViscosity: 1e-6 };
    const box = cubeShape([...tank], [tank[0] / 2, tank[1] / 2, tank[2] / 2]);
    box.flipNormals = true;
    const fill = defaultFillingComponent(level);
    fill.initialPreset = 'hydrostatic';
    s.parts = [
      createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: box }),
      createPart({ id: 'water', name: 'Water', component: fill, shape: structuredClone(box), materialId: 0, seedPoint: [0.1, 0.1, 0.05] }),
    ];
    return s;
  }

  it('reads ρ g d at depths of 5 and 10 cm within 2 %', async () => {
    const outputs = await solve('hydrostatic', hydrostaticTank());
    const depths = [0.05, 0.1];
    const sensors: SensorTask[] = depths.map((d) => ({
      id: `probe-${Math.round(d * 100)}cm`, name: `Probe at ${d} m`, kind: 'point', position: [tank[0] / 2, tank[1] / 2, level - d], attributes: ['pressure'],
    }));
    // The start-up pressure waves have settled after 0.6 s; the sensors are averaged over the outputs after it
    // (the level still sways with a period of about 0.5 s, which this window covers).
    const sums = depths.map(() => 0);
    let counted = 0;
    for (const output of outputs.filter((o) => o.time >= 0.6 - 1e-9)) {
      const results = await writeSensorResults(output.folder, sensors, dx);
      results.sensors.forEach((r, i) => {
        const p = r.values.pressure;
        if (typeof p !== 'number') throw new Error(`${sensors[i].name} has no pressure at t = ${output.time}`);
        sums[i] += p;
      });
      counted++;
    }
    expect(counted).toBe(9);
    depths.forEach((d, i) => {
      const error = report(`point sensor at depth ${d} m`, sums[i] / counted, rho * G * d, 0.02, 'Pa');
      expect(Math.abs(error)).toBeLessThan(0.02);
    });
  });
});

describe('surface sensor across a channel', () => {
  const dx = 0.01;
  const length = 0.4;
  const section = 0.1;
  const velocity = 0.5;
  const rho = 1000;

  /** Channel along x without gravity: slip walls all round, an inlet plane near x = 0 and an outlet near x = L. */
  function channel(): SetupDocument {
    const s = emptySetup();
    s.settings = {
      ...s.settings, particleDiameter: dx, endTime: 0.6, outputTimeInterval: 0.05, gravity: [0, 0, 0],
    };
    s.materials[0] = { ...s.materials[0], name: 'Water', density: rho, speedOfSound: 20 };
    const walls = cubeShape([length, section, section], [length / 2, section / 2, section / 2]);
    walls.flipNormals = true;
    const rigid = defaultRigidComponent();
    rigid.velocityKind = 'slip';
    const inletAt = 0.05;
    const outletAt = length - 0.05;
    const water = defaultFlowComponent();
    water.initialVelocity = [velocity, 0, 0];
    const inflow = defaultOpenBoundaryComponent('inflow');
    inflow.ioType = 'riemann_velocity';
    inflow.ioVelocity = velocity;
    const outflow = defaultOpenBoundaryComponent('outflow');
    outflow.ioType = 'riemann_pressure';
    outflow.ioPressure = 0;
    // Plane normals point into the fluid: +x at the inlet, -x at the outlet.
    const inlet = planeShape([section, section, 0], [inletAt, section / 2, section / 2]);
    inlet.rotation = [0, 90, 0];
    const outlet = planeShape([section, section, 0], [outletAt, section / 2, section / 2]);
    outlet.rotation = [0, -90, 0];
    s.parts = [
      createPart({ id: 'channel', name: 'Channel', component: rigid, shape: walls }),
      createPart({
        id: 'water', name: 'Water', component: water, materialId: 0,
        shape: cubeShape([outletAt - inletAt, section, section], [(inletAt + outletAt) / 2, section / 2, section / 2]),
      }),
      createPart({ id: 'inlet', name: 'Inlet', component: inflow, shape: inlet, materialId: 0 }),
      createPart({ id: 'outlet', name: 'Outlet', component: outflow, shape: outlet, materialId: 0 }),
    ];
    return s;
  }

  it('reads the inlet mass flow rate ρ U A within 3 % at steady state', async () => {
    const outputs = await solve('channel', channel());
    const rectangle = { ...defaultRectangleMesh([length / 2, section / 2, section / 2]), width: section, height: section, normal: [1, 0, 0] as [number, number, number] };
    const mesh = meshDefinitionTriangles(rectangle);
    if (!mesh) throw new Error('the rectangle has no triangles');
    const sensor: SensorTask = {
      id: 'section', name: 'Cross-section', kind: 'surface',
      positions: Float32Array.from(mesh.vertices), indices: Uint32Array.from(mesh.indices),
      attributes: ['velocity', 'density', 'mass_flux'],
    };
    const series: { time: number; flow: number }[] = [];
    for (const output of outputs) {
      const results = await writeSensorResults(output.folder, [sensor], dx);
      const flow = results.sensors[0].integrals.mass_flow_rate;
      if (typeof flow !== 'number') throw new Error(`no mass flow rate at t = ${output.time}`);
      series.push({ time: output.time, flow });
    }
    console.log(`mass flow rate through the section: ${series.map((s) => `${s.time.toFixed(2)} s ${s.flow.toFixed(3)}`).join(', ')} kg/s`);
    const steady = series.filter((s) => s.time >= 0.3 - 1e-9);
    expect(steady.length).toBeGreaterThanOrEqual(6);
    const mean = steady.reduce((sum, s) => sum + s.flow, 0) / steady.length;
    const error = report('surface sensor mass flow rate', mean, rho * velocity * section * section, 0.03, 'kg/s');
    expect(Math.abs(error)).toBeLessThan(0.03);
  });
});
