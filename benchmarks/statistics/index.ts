// Result statistics: mean, min, max, median and the 5th and 95th percentiles of the pressure of 1M fluid
// particles over 20 outputs, as the statistics job computes them (computeStatistics: files read from the
// output folders, percentiles by selection), against a straightforward implementation in the same run
// (the same files read, then a full typed-array sort per output). Target: the whole request within 2 s.
// Then the sensors of one output at 1M particles (a point sensor and a disk of 64 triangles, as the
// post-processing computes them after each output) against a straightforward point interpolation that
// visits every particle.
import { mkdtempSync, rmSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { nodeFileSink } from '../../src/solver/output/nodeFileSink.ts';
import { writeOutput } from '../../src/solver/output/outputWriter.ts';
import { defaultFluidMaterial } from '../../src/domain/material.ts';
import { outputFolderPath } from '../../src/domain/output.ts';
import type { EngineSnapshot } from '../../src/solver/engine.ts';
import { ParticleKind } from '../../src/solver/particles.ts';
import { computeStatistics, type StatisticsEvent } from '../../src/server/postprocessing/statistics/compute.ts';
import { arrayPath, readMeta } from '../../src/server/postprocessing/outputFolder.ts';
import type { StatisticsOperation } from '../../src/domain/statistics.ts';
import { writeSensorResults, type SensorTask } from '../../src/server/postprocessing/sensors/computeSensors.ts';

const PARTICLES = 1_000_000;
const OUTPUTS = 20;
const OPERATIONS: StatisticsOperation[] = ['mean', 'min', 'max', 'median', '5th_percentile', '95th_percentile'];

/** A snapshot of `n` fluid particles with a pressure field that differs from output to output. */
function snapshot(n: number, outputNo: number): EngineSnapshot {
  const f = () => new Float64Array(n);
  const s: EngineSnapshot = {
    time: outputNo * 0.1, step: outputNo, nextId: n, count: n, maxVel2: 0, maxAccel2: 0, lastDt: 1e-4,
    x: f(), y: f(), z: f(), vx: f(), vy: f(), vz: f(), rho: f(), p: f(), mass: f(), nx: f(), ny: f(), nz: f(), fs: f(),
    ax: f(), ay: f(), az: f(), shearRate: f(),
    kind: new Uint8Array(n).fill(ParticleKind.fluid), body: new Uint32Array(n), id: new Uint32Array(n),
  };
  // A 32-bit linear congruential generator in exact integer arithmetic (Math.imul), so positions fill the
  // cube evenly rather than falling on the coarse lattice that a product beyond 2^53 rounds to.
  let seed = (12345 + outputNo) >>> 0;
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
  for (let i = 0; i < n; i++) {
    s.id[i] = i;
    s.x[i] = rand();
    s.y[i] = rand();
    s.z[i] = rand();
    s.rho[i] = 1000;
    s.mass[i] = 1e-6;
    s.p[i] = 9810 * (1 - s.z[i]) + 500 * (rand() - 0.5) + 100 * outputNo;
  }
  return s;
}

function straightforward(values: Float32Array): Record<string, number> {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const at = (p: number) => {
    const x = (p / 100) * (n - 1);
    const lo = Math.floor(x), hi = Math.ceil(x);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (x - lo);
  };
  let sum = 0;
  for (const v of sorted) sum += v;
  return { mean: sum / n, min: sorted[0], max: sorted[n - 1], median: at(50), '5th_percentile': at(5), '95th_percentile': at(95) };
}

const root = mkdtempSync(join(tmpdir(), 'surge-stats-'));
try {
  // Output 0 written by the solver's writer; outputs 1..19 share its meta and get their own pressure file.
  const sink = nodeFileSink(root);
  const material = defaultFluidMaterial();
  await writeOutput(sink, 0, snapshot(PARTICLES, 0), [], material);
  const folder0 = join(root, outputFolderPath(0));
  const meta = await readMeta(folder0);
  const fluid = meta.objects[0];
  const pressure = fluid.datasets[0].attributes.find((a) => a.name === 'pressure');
  if (pressure === undefined) throw new Error('no pressure in the output');
  for (let n = 1; n < OUTPUTS; n++) {
    const folder = join(root, outputFolderPath(n));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'meta.json'), JSON.stringify({ ...meta, outputNo: n, time: n * 0.1 }));
    const snap = snapshot(PARTICLES, n);
    writeFileSync(arrayPath(folder, pressure.file), Float32Array.from(snap.p));
  }
  const folders = Array.from({ length: OUTPUTS }, (_, n) => ({ outputNo: n, folder: join(root, outputFolderPath(n)) }));

  let best = Infinity, bestPlain = Infinity;
  let result: Record<number, Partial<Record<StatisticsOperation, number | null>>> = {};
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    const perOutput: Record<number, Partial<Record<StatisticsOperation, number | null>>> = {};
    await computeStatistics({ folders, objIds: [fluid.id], attribute: 'pressure', subAttribute: null, operations: OPERATIONS, clips: [] },
      (e: StatisticsEvent) => { if (e.type === 'output') perOutput[e.outputNo] = e.values; });
    best = Math.min(best, performance.now() - t0);
    result = perOutput;
    const t1 = performance.now();
    const plain: Record<string, number>[] = [];
    for (const { folder } of folders) {
      const bytes = readFileSync(arrayPath(folder, pressure.file));
      plain.push(straightforward(new Float32Array(bytes.buffer, bytes.byteOffset, PARTICLES)));
    }
    bestPlain = Math.min(bestPlain, performance.now() - t1);
    // Both ways must agree before their times mean anything.
    for (let n = 0; n < OUTPUTS; n++) {
      for (const op of OPERATIONS) {
        const a = result[n][op] as number, b = plain[n][op];
        if (Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b))) throw new Error(`output ${n} ${op}: ${a} against ${b}`);
      }
    }
  }
  console.log(`statistics of pressure over ${PARTICLES.toLocaleString('en')} particles × ${OUTPUTS} outputs (${OPERATIONS.join(', ')}):`);
  console.log(`  statistics job: ${best.toFixed(0)} ms (${(best / OUTPUTS).toFixed(1)} ms per output), target ≤ 2000 ms: ${best <= 2000 ? 'met' : 'not met'}`);
  console.log(`  straightforward (read, full typed-array sort): ${bestPlain.toFixed(0)} ms; ratio ${(bestPlain / best).toFixed(1)}× faster`);
  console.log(`  output 0: mean ${result[0].mean?.toFixed(1)} Pa, median ${result[0].median?.toFixed(1)} Pa, 95th percentile ${result[0]['95th_percentile']?.toFixed(1)} Pa`);

  // Sensors of output 0: 1M particles in a unit cube, spacing 1 cm.
  const spacing = 0.01;
  const probe: [number, number, number] = [0.5, 0.5, 0.5];
  const ring = 64;
  const disk = new Float32Array((ring + 1) * 3);
  disk.set([0.5, 0.5, 0.5], 0);
  for (let k = 0; k < ring; k++) disk.set([0.5 + 0.2 * Math.cos((2 * Math.PI * k) / ring), 0.5 + 0.2 * Math.sin((2 * Math.PI * k) / ring), 0.5], 3 * (k + 1));
  const diskIndices = new Uint32Array(ring * 3);
  for (let k = 0; k < ring; k++) diskIndices.set([0, 1 + k, 1 + ((k + 1) % ring)], 3 * k);
  const sensors: SensorTask[] = [
    { id: 'probe', name: 'Probe', kind: 'point', position: probe, attributes: ['pressure'] },
    { id: 'disk', name: 'Disk', kind: 'surface', positions: disk, indices: diskIndices, attributes: ['pressure'] },
  ];
  let bestSensors = Infinity, bestBrute = Infinity;
  let computed = NaN, brute = NaN;
  const bytes = readFileSync(arrayPath(folder0, pressure.file));
  const p0 = new Float32Array(bytes.buffer, bytes.byteOffset, PARTICLES);
  const positionsFile = fluid.datasets[0].positions.file;
  const posBytes = readFileSync(arrayPath(folder0, positionsFile));
  const xyz = new Float32Array(posBytes.buffer, posBytes.byteOffset, PARTICLES * 3);
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    const results = await writeSensorResults(folder0, sensors, spacing);
    bestSensors = Math.min(bestSensors, performance.now() - t0);
    const value = results.sensors.find((r) => r.sensorId === 'probe')?.values.pressure;
    computed = typeof value === 'number' ? value : NaN;
    // Straightforward: Shepard-normalised Wendland C2 (h = 1.3 Δx) over every particle, equal volumes, at
    // the probe and at each triangle's centroid of the disk (where the surface sensor samples).
    const t1 = performance.now();
    const h = 1.3 * spacing;
    const at = (px: number, py: number, pz: number): number => {
      let sw = 0, swp = 0;
      for (let i = 0; i < PARTICLES; i++) {
        const dx = xyz[3 * i] - px, dy = xyz[3 * i + 1] - py, dz = xyz[3 * i + 2] - pz;
        const q = Math.sqrt(dx * dx + dy * dy + dz * dz) / h;
        if (q >= 2) continue;
        const w = (1 - q / 2) ** 4 * (2 * q + 1);
        sw += w;
        swp += w * p0[i];
      }
      return swp / sw;
    };
    brute = at(probe[0], probe[1], probe[2]);
    for (let k = 0; k < ring; k++) {
      const [a, b, c] = [diskIndices[3 * k], diskIndices[3 * k + 1], diskIndices[3 * k + 2]];
      at((disk[3 * a] + disk[3 * b] + disk[3 * c]) / 3, (disk[3 * a + 1] + disk[3 * b + 1] + disk[3 * c + 1]) / 3, (disk[3 * a + 2] + disk[3 * b + 2] + disk[3 * c + 2]) / 3);
    }
    bestBrute = Math.min(bestBrute, performance.now() - t1);
  }
  console.log(`sensors of one output at ${PARTICLES.toLocaleString('en')} particles (a point and a 64-triangle disk, pressure):`);
  console.log(`  sensor computation: ${bestSensors.toFixed(0)} ms per output (reading the output included)`);
  console.log(`  straightforward interpolation over every particle at the same 65 places (arrays in memory): ${bestBrute.toFixed(0)} ms; ratio ${(bestBrute / bestSensors).toFixed(1)}×`);
  console.log(`  probe pressure ${computed.toFixed(2)} Pa against ${brute.toFixed(2)} Pa straightforward`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
