// Sensor sampling against exact answers: hydrostatic pressure p = ρ g (H - z) at a point inside a block of
// water, the pressure force p·A on a horizontal disk and the flow rates of a uniform upward velocity
// through it; a point outside the fluid has no value; results land in meta.json and sensors.json.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { meshDefinitionTriangles } from '../../../src/domain/meshGeometry.ts';
import { outputSensorResultsSchema } from '../../../src/domain/postprocessing.ts';
import { wendlandW, kernelConstants } from '../../../src/solver/kernel.ts';
import { findDataset, readFloatArray, readMeta } from '../../../src/server/postprocessing/outputFolder.ts';
import { writeSensorResults, type SensorTask } from '../../../src/server/postprocessing/sensors/computeSensors.ts';
import { ParticleNeighbourhood, interpolateAt } from '../../../src/server/postprocessing/sensors/interpolation.ts';
import { writeFixtureOutput } from './outputFixture.ts';

const root = mkdtempSync(join(tmpdir(), 'surge-sensors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rho = 1000;
const g = 9.81;
const dx = 0.01;
/** Particles fill z in [0, 0.19]; the free surface is half a spacing above the top layer. */
const H = 0.195;
const hydrostatic = (_x: number, _y: number, z: number) => rho * g * (H - z);

function disk(z: number, radius: number) {
  const mesh = meshDefinitionTriangles({
    kind: 'circle', translation: [0.1, 0.1, z], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: false, radius, normal: [0, 0, 1], circleResolution: 64,
  });
  if (!mesh) throw new Error('no disk');
  return { positions: Float32Array.from(mesh.vertices), indices: Uint32Array.from(mesh.indices) };
}

function area(mesh: { positions: Float32Array; indices: Uint32Array }): number {
  let sum = 0;
  const p = mesh.positions;
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const [a, b, c] = [3 * mesh.indices[t], 3 * mesh.indices[t + 1], 3 * mesh.indices[t + 2]];
    const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
    const v = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
    sum += Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
  }
  return sum;
}

describe('SPH interpolation', () => {
  it('uses the solver kernel over the particles within its support and reproduces a constant exactly', () => {
    const positions = Float32Array.from([0, 0, 0, 0.01, 0, 0, 0.05, 0, 0]);
    const volumes = new Float32Array(3).fill(1e-6);
    const hood = new ParticleNeighbourhood(positions, dx, { min: [0, 0, 0], max: [0.002, 0, 0] });
    const seen: number[] = [];
    hood.forEachNeighbour(0.002, 0, 0, (i) => seen.push(i));
    // Support 2h = 2.6 Δx = 0.026 m: the particle at 0.05 m is out of reach.
    expect(seen.sort()).toEqual([0, 1]);
    const at = interpolateAt(hood, volumes, [{ name: 'c', components: 1, values: Float32Array.from([7, 7, 100]) }], 0.002, 0, 0);
    expect(at?.[0][0]).toBeCloseTo(7, 10);
    const k = kernelConstants(1.3 * dx);
    const w0 = wendlandW(0.002, k);
    const w1 = wendlandW(0.008, k);
    const linear = interpolateAt(hood, volumes, [{ name: 'x', components: 1, values: Float32Array.from([0, 1, 5]) }], 0.002, 0, 0);
    expect(linear?.[0][0]).toBeCloseTo(w1 / (w0 + w1), 6);
    expect(interpolateAt(hood, volumes, [], 0.002, 0.5, 0)).toBeNull();
  });
});

describe('sensors in an output', () => {
  it('gives the hydrostatic pressure at a point, the pressure force and flow rates on a disk', async () => {
    const folder = join(root, 'water');
    writeFixtureOutput(folder, {
      outputNo: 2, time: 0.2, density: rho, fluid: { n: [20, 20, 20], dx, origin: [0, 0, 0] },
      fields: { pressure: hydrostatic, velocity: () => [0, 0, 0.5] },
    });
    const point: [number, number, number] = [0.0975, 0.1013, 0.0731];
    const plate = disk(0.05, 0.04);
    const sensors: SensorTask[] = [
      { id: 'probe', name: 'Probe', kind: 'point', position: point, attributes: ['pressure', 'velocity'] },
      { id: 'dry', name: 'Above', kind: 'point', position: [0.1, 0.1, 0.6], attributes: ['pressure'] },
      { id: 'plate', name: 'Plate', kind: 'surface', ...plate, attributes: ['pressure', 'velocity', 'volume_flux', 'mass_flux'] },
    ];
    const results = await writeSensorResults(folder, sensors, dx);

    const probe = results.sensors.find((s) => s.sensorId === 'probe');
    const expected = hydrostatic(...point);
    expect(Math.abs((probe?.values.pressure as number) - expected) / expected).toBeLessThan(0.005);
    expect(probe?.values.velocity).toEqual([0, 0, expect.closeTo(0.5, 6)]);
    expect(results.sensors.find((s) => s.sensorId === 'dry')?.values.pressure).toBeNull();

    const surface = results.sensors.find((s) => s.sensorId === 'plate');
    const A = area(plate);
    expect(surface?.area).toBeCloseTo(A, 9);
    expect(surface?.integrals.wetted_area).toBeCloseTo(A, 9);
    const force = surface?.integrals.normal_force as [number, number, number];
    expect(Math.abs(force[2] - hydrostatic(0, 0, 0.05) * A) / (hydrostatic(0, 0, 0.05) * A)).toBeLessThan(0.005);
    expect(Math.abs(force[0]) + Math.abs(force[1])).toBeLessThan(1e-6);
    expect(surface?.integrals.volume_flow_rate).toBeCloseTo(0.5 * A, 6);
    expect(surface?.integrals.mass_flow_rate).toBeCloseTo(rho * 0.5 * A, 3);
    expect(surface?.values.volume_flux).toBeCloseTo(0.5, 6);
    expect(Math.abs((surface?.values.pressure as number) / hydrostatic(0, 0, 0.05) - 1)).toBeLessThan(0.005);

    // Sensors are objects of the output now: statistics and the viewer read them like the fluid.
    const meta = await readMeta(folder);
    expect(meta.sensors.map((s) => s.id)).toEqual(['probe', 'dry', 'plate']);
    const platePressure = findDataset(meta.sensors[2], 'raw');
    if (!platePressure) throw new Error('no raw dataset');
    expect(platePressure.count).toBe(plate.indices.length / 3);
    const values = await readFloatArray(folder, platePressure.attributes.find((a) => a.name === 'pressure') ?? platePressure.positions, platePressure.count);
    for (const v of values) expect(Math.abs(v / hydrostatic(0, 0, 0.05) - 1)).toBeLessThan(0.01);
    const summary = outputSensorResultsSchema.parse(JSON.parse(readFileSync(join(folder, 'sensors.json'), 'utf8')));
    expect(summary).toMatchObject({ outputNo: 2, time: 0.2 });

    // Without the disk the output forgets it and its files.
    const file = join(folder, platePressure.positions.file);
    expect(existsSync(file)).toBe(true);
    await writeSensorResults(folder, sensors.slice(0, 1), dx);
    expect((await readMeta(folder)).sensors.map((s) => s.id)).toEqual(['probe']);
    expect(existsSync(file)).toBe(false);
  });
});
