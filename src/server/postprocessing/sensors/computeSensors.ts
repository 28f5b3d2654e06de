// Sensor results of one output folder (spec 1 §3 'Sensor'): point sensors interpolate the fluid's
// attributes at their position; surface sensors sample them at the centroids of their triangles and give
// area-weighted means over the wetted triangles plus the integrated pressure force Σ p·A·n, the volume and
// mass flow rates Σ (v·n)·A and Σ ρ(v·n)·A and the wetted area. Each sensor also becomes a `sensor` entry of
// meta.json with its sample points and sampled attributes (NaN where no fluid was near), so statistics and
// the viewer read sensors like any other object; sensors.json holds the summary values.
import { rm } from 'node:fs/promises';
import { integratedQuantityKeys, resultAttributeKeySchema, resultAttributes, type IntegratedQuantityKey, type ResultAttributeKey } from '../../../domain/attributes.ts';
import { isStaticOutputFile, outputAttributeFile, outputMetaFiles, outputPositionsFile, type OutputAttribute, type OutputMeta } from '../../../domain/output.ts';
import { OUTPUT_SENSOR_RESULTS_FILE, type OutputSensorResults, type SensorOutputResult, type SensorValue } from '../../../domain/postprocessing.ts';
import type { Vec3 } from '../../../domain/vector.ts';
import { rangeOf } from '../datasets.ts';
import { arrayPath, findDataset, readArray, readFloatArray, readMeta, updateMeta, writeArray, writeJson } from '../outputFolder.ts';
import { ParticleNeighbourhood, interpolateAt, type SampledField } from './interpolation.ts';

export type SensorTask =
  | { id: string; name: string; kind: 'point'; position: Vec3; attributes: string[] }
  | { id: string; name: string; kind: 'surface'; positions: Float32Array; indices: Uint32Array; attributes: string[] };

/** Attributes a surface sensor derives from velocity (and density) and its triangle normals. */
const FLUX_ATTRIBUTES: readonly ResultAttributeKey[] = ['volume_flux', 'mass_flux'];

interface FluidParticles {
  positions: Float32Array;
  volumes: Float32Array;
  fields: Map<string, SampledField>;
}

/** All fluid objects of the output joined: positions, particle volumes and the float attributes asked for. */
async function fluidParticles(folder: string, meta: OutputMeta, wanted: ReadonlySet<string>): Promise<FluidParticles> {
  const parts: { positions: Float32Array; volumes: Float32Array; fields: Map<string, SampledField> }[] = [];
  for (const object of meta.objects) {
    if (object.kind !== 'fluid') continue;
    const full = findDataset(object, 'full');
    if (!full) continue;
    const positions = await readFloatArray(folder, full.positions, full.count);
    const attribute = (name: string) => full.attributes.find((a) => a.name === name);
    let volumes: Float32Array;
    const volume = attribute('volume');
    if (volume) volumes = await readFloatArray(folder, volume, full.count);
    else {
      const mass = attribute('mass');
      const density = attribute('density');
      if (!mass || !density) throw new Error(`the fluid ${object.id} has neither volume nor mass and density`);
      const m = await readFloatArray(folder, mass, full.count);
      const rho = await readFloatArray(folder, density, full.count);
      volumes = m.map((v, i) => v / rho[i]);
    }
    const fields = new Map<string, SampledField>();
    for (const name of wanted) {
      const a = attribute(name);
      if (a) fields.set(name, { name, components: a.components, values: await readArray(folder, a, full.count) });
    }
    parts.push({ positions, volumes, fields });
  }
  if (parts.length === 1) return parts[0];
  const join32 = (arrays: Float32Array[]) => {
    const out = new Float32Array(arrays.reduce((s, a) => s + a.length, 0));
    let o = 0;
    for (const a of arrays) {
      out.set(a, o);
      o += a.length;
    }
    return out;
  };
  const fields = new Map<string, SampledField>();
  // A field counts only where every fluid has it.
  for (const name of wanted) {
    if (parts.length === 0 || !parts.every((p) => p.fields.has(name))) continue;
    const first = parts[0].fields.get(name) as SampledField;
    fields.set(name, { name, components: first.components, values: join32(parts.map((p) => Float32Array.from((p.fields.get(name) as SampledField).values))) });
  }
  return { positions: join32(parts.map((p) => p.positions)), volumes: join32(parts.map((p) => p.volumes)), fields };
}

interface SamplePoints {
  points: Float32Array;
  normals: Float32Array | null;
  areas: Float64Array | null;
}

function samplePoints(sensor: SensorTask): SamplePoints {
  if (sensor.kind === 'point') return { points: Float32Array.from(sensor.position), normals: null, areas: null };
  const triangles = sensor.indices.length / 3;
  const points = new Float32Array(3 * triangles);
  const normals = new Float32Array(3 * triangles);
  const areas = new Float64Array(triangles);
  const p = sensor.positions;
  for (let t = 0; t < triangles; t++) {
    const a = 3 * sensor.indices[3 * t], b = 3 * sensor.indices[3 * t + 1], c = 3 * sensor.indices[3 * t + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const twice = Math.hypot(nx, ny, nz);
    areas[t] = twice / 2;
    if (twice > 0) {
      normals[3 * t] = nx / twice;
      normals[3 * t + 1] = ny / twice;
      normals[3 * t + 2] = nz / twice;
    }
    for (let k = 0; k < 3; k++) points[3 * t + k] = (p[a + k] + p[b + k] + p[c + k]) / 3;
  }
  return { points, normals, areas };
}

function bounds(samples: readonly SamplePoints[]): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const s of samples) {
    for (let i = 0; i < s.points.length; i += 3) {
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a], s.points[i + a]);
        max[a] = Math.max(max[a], s.points[i + a]);
      }
    }
  }
  return min[0] <= max[0] ? { min, max } : { min: [0, 0, 0], max: [0, 0, 0] };
}

const value = (v: Float64Array | number[]): SensorValue => (v.length === 1 ? v[0] : [v[0], v[1], v[2]]);

interface SensorSamples {
  result: SensorOutputResult;
  /** Sampled values per attribute at every sample point (NaN where no fluid was near). */
  arrays: Map<ResultAttributeKey, { components: 1 | 3; values: Float32Array }>;
  points: Float32Array;
}

function sampleSensor(sensor: SensorTask, samples: SamplePoints, hood: ParticleNeighbourhood | null, fluid: FluidParticles): SensorSamples {
  const asked = sensor.attributes.map((a) => resultAttributeKeySchema.safeParse(a)).filter((r) => r.success).map((r) => r.data);
  const direct = asked.filter((a) => fluid.fields.has(a));
  const derived = sensor.kind === 'surface' ? asked.filter((a) => FLUX_ATTRIBUTES.includes(a) && !fluid.fields.has(a)) : [];
  const needed = new Set<string>([...direct, ...(sensor.kind === 'surface' ? ['pressure', 'velocity', 'density'] : [])]);
  const fields = [...needed].map((n) => fluid.fields.get(n)).filter((f): f is SampledField => f !== undefined);
  const index = (name: string) => fields.findIndex((f) => f.name === name);
  const n = samples.points.length / 3;
  const arrays = new Map<ResultAttributeKey, { components: 1 | 3; values: Float32Array }>();
  for (const name of [...direct, ...derived]) {
    const components = resultAttributes[name].components;
    arrays.set(name, { components, values: new Float32Array(n * components).fill(Number.NaN) });
  }
  const integrals: Partial<Record<IntegratedQuantityKey, SensorValue>> = {};
  const means = new Map<string, number[]>();
  let wettedArea = 0;
  let area = 0;
  const force = [0, 0, 0];
  let volumeFlow = 0;
  let massFlow = 0;
  for (let s = 0; s < n; s++) {
    const x = samples.points[3 * s], y = samples.points[3 * s + 1], z = samples.points[3 * s + 2];
    const at = hood ? interpolateAt(hood, fluid.volumes, fields, x, y, z) : null;
    const weight = samples.areas ? samples.areas[s] : 1;
    area += weight;
    if (!at) continue;
    wettedArea += weight;
    const perPoint = new Map<string, number[]>();
    for (const name of direct) perPoint.set(name, Array.from(at[index(name)]));
    if (samples.normals) {
      const normal = [samples.normals[3 * s], samples.normals[3 * s + 1], samples.normals[3 * s + 2]];
      const p = index('pressure') >= 0 ? at[index('pressure')][0] : null;
      const v = index('velocity') >= 0 ? at[index('velocity')] : null;
      const rho = index('density') >= 0 ? at[index('density')][0] : null;
      if (p !== null) for (let a = 0; a < 3; a++) force[a] += p * weight * normal[a];
      if (v) {
        const vn = v[0] * normal[0] + v[1] * normal[1] + v[2] * normal[2];
        volumeFlow += vn * weight;
        if (derived.includes('volume_flux')) perPoint.set('volume_flux', [vn]);
        if (rho !== null) {
          massFlow += rho * vn * weight;
          if (derived.includes('mass_flux')) perPoint.set('mass_flux', [rho * vn]);
        }
      }
    }
    for (const [name, components] of perPoint) {
      const target = arrays.get(name as ResultAttributeKey);
      if (target) for (let c = 0; c < components.length; c++) target.values[target.components * s + c] = components[c];
      const sum = means.get(name) ?? new Array<number>(components.length).fill(0);
      for (let c = 0; c < components.length; c++) sum[c] += weight * components[c];
      means.set(name, sum);
    }
  }
  const values: Record<string, SensorValue | null> = {};
  for (const name of arrays.keys()) {
    const sum = means.get(name);
    values[name] = sum && wettedArea > 0 ? value(sum.map((v) => v / wettedArea)) : null;
  }
  if (sensor.kind === 'surface') {
    if (index('pressure') >= 0) integrals.normal_force = [force[0], force[1], force[2]];
    if (index('velocity') >= 0) integrals.volume_flow_rate = volumeFlow;
    if (index('velocity') >= 0 && index('density') >= 0) integrals.mass_flow_rate = massFlow;
    integrals.wetted_area = wettedArea;
  }
  for (const key of Object.keys(integrals)) if (!integratedQuantityKeys.includes(key as IntegratedQuantityKey)) delete integrals[key as IntegratedQuantityKey];
  return {
    result: { sensorId: sensor.id, kind: sensor.kind, values, integrals, area: sensor.kind === 'surface' ? area : null },
    arrays,
    points: samples.points,
  };
}

/**
 * Computes every sensor of `sensors` for the output in `folder` and records the results (sensor entries
 * of meta.json, their files and sensors.json); sensors no longer defined are removed from the output.
 */
export async function writeSensorResults(folder: string, sensors: readonly SensorTask[], particleSpacing: number): Promise<OutputSensorResults> {
  const meta = await readMeta(folder);
  const wanted = new Set<string>(sensors.flatMap((s) => s.attributes));
  if (sensors.some((s) => s.kind === 'surface')) for (const name of ['pressure', 'velocity', 'density']) wanted.add(name);
  const fluid = await fluidParticles(folder, meta, wanted);
  const samples = sensors.map(samplePoints);
  const hood = fluid.positions.length > 0 && sensors.length > 0 ? new ParticleNeighbourhood(fluid.positions, particleSpacing, bounds(samples)) : null;
  const sampled = sensors.map((sensor, i) => sampleSensor(sensor, samples[i], hood, fluid));

  const entries: OutputMeta['sensors'] = [];
  for (const [i, sensor] of sensors.entries()) {
    const { arrays, points } = sampled[i];
    const positionsFile = outputPositionsFile(sensor.id, 'full');
    await writeArray(folder, positionsFile, points);
    const attributes: OutputAttribute[] = [];
    for (const [name, a] of arrays) {
      const file = outputAttributeFile(sensor.id, 'full', name);
      await writeArray(folder, file, a.values);
      attributes.push({ file, dtype: 'float32', components: a.components, name, unit: resultAttributes[name].unit, range: rangeOf(a.values, a.components) });
    }
    const full = { name: 'full' as const, count: points.length / 3, positions: { file: positionsFile, dtype: 'float32' as const, components: 3 as const }, indices: null, attributes };
    entries.push({ id: sensor.id, kind: 'sensor', name: sensor.name, datasets: [full, { ...full, name: 'raw' }] });
  }
  const results: OutputSensorResults = { outputNo: meta.outputNo, time: meta.time, sensors: sampled.map((s) => s.result) };
  await writeJson(folder, OUTPUT_SENSOR_RESULTS_FILE, results);
  const before = meta.sensors;
  await updateMeta(folder, (current) => ({ ...current, sensors: entries }));
  const kept = new Set(outputMetaFiles({ objects: [], sensors: entries }));
  for (const file of outputMetaFiles({ objects: [], sensors: before })) {
    if (!kept.has(file) && !isStaticOutputFile(file)) await rm(arrayPath(folder, file), { force: true });
  }
  return results;
}
