// Writes a simulation output folder in the domain format (meta.json plus little-endian float32 files,
// datasets full and fast) from the generated dam-break particles, for the viewer's loading tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  OUTPUT_META_VERSION,
  outputAttributeFile,
  outputFolderName,
  outputMetaSchema,
  outputPositionsFile,
  type OutputDataset,
} from '../../../src/domain/output.ts';
import { generateDamBreak } from '../../../src/client/lab/damBreak.ts';

function bytes(array: Float32Array): Buffer {
  // Output files are little-endian; so is every machine these tests run on.
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** Every k-th particle, as the reduced `fast` dataset. */
function reduce(array: Float32Array, components: number, k: number): Float32Array {
  const count = Math.ceil(array.length / components / k);
  const out = new Float32Array(count * components);
  for (let i = 0; i < count; i++) out.set(array.subarray(i * k * components, i * k * components + components), i * components);
  return out;
}

export interface WrittenOutput {
  folder: string;
  outputNo: number;
  count: number;
}

/** Wall particles of a tank around the dam break: its floor and its far end wall, `spacing` apart. */
function tankWalls(spacing: number): Float32Array {
  const points: number[] = [];
  for (let x = 0; x <= 3.2; x += spacing) for (let y = 0; y <= 1; y += spacing) points.push(x, y, -spacing);
  for (let y = 0; y <= 1; y += spacing) for (let z = 0; z <= 1.2; z += spacing) points.push(3.2 + spacing, y, z);
  return Float32Array.from(points);
}

export interface OutputOptions {
  /** Also write the tank's wall boundary particles as an object 'tank' (its datasets full and fast). */
  walls?: boolean;
}

export function writeDamBreakOutput(parent: string, outputNo: number, count: number, options: OutputOptions = {}): WrittenOutput & { wallCount: number } {
  const folder = join(parent, outputFolderName(outputNo));
  mkdirSync(folder, { recursive: true });
  const data = generateDamBreak(count);
  const datasets: OutputDataset[] = [];
  for (const [name, k] of [['full', 1], ['fast', 4]] as const) {
    const positions = reduce(data.positions, 3, k);
    const n = positions.length / 3;
    writeFileSync(join(folder, outputPositionsFile('water', name)), bytes(positions));
    const velocity = reduce(data.velocity, 3, k);
    const pressure = reduce(data.pressure, 1, k);
    writeFileSync(join(folder, outputAttributeFile('water', name, 'velocity')), bytes(velocity));
    writeFileSync(join(folder, outputAttributeFile('water', name, 'pressure')), bytes(pressure));
    datasets.push({
      name,
      count: n,
      positions: { file: outputPositionsFile('water', name), dtype: 'float32', components: 3 },
      indices: null,
      attributes: [
        { name: 'velocity', file: outputAttributeFile('water', name, 'velocity'), dtype: 'float32', components: 3, unit: 'm/s', range: null },
        { name: 'pressure', file: outputAttributeFile('water', name, 'pressure'), dtype: 'float32', components: 1, unit: 'Pa', range: null },
      ],
    });
  }
  const objects: object[] = [{ id: 'water', kind: 'fluid', name: 'Water', partId: null, materialId: 0, datasets }];
  let wallCount = 0;
  if (options.walls) {
    const walls = tankWalls(0.05);
    wallCount = walls.length / 3;
    writeFileSync(join(folder, outputPositionsFile('tank', 'full')), bytes(walls));
    writeFileSync(join(folder, outputAttributeFile('tank', 'full', 'velocity')), bytes(new Float32Array(walls.length)));
    const wallDataset = (name: 'full' | 'fast'): OutputDataset => ({
      name,
      count: wallCount,
      positions: { file: outputPositionsFile('tank', 'full'), dtype: 'float32', components: 3 },
      indices: null,
      attributes: [{ name: 'velocity', file: outputAttributeFile('tank', 'full', 'velocity'), dtype: 'float32', components: 3, unit: 'm/s', range: null }],
    });
    objects.unshift({ id: 'tank', kind: 'wall_boundary', name: 'Tank', partId: null, materialId: null, datasets: [wallDataset('full'), wallDataset('fast')] });
  }
  const meta = outputMetaSchema.parse({ version: OUTPUT_META_VERSION, outputNo, time: outputNo * 0.01, objects, sensors: [] });
  writeFileSync(join(folder, 'meta.json'), JSON.stringify(meta));
  return { folder, outputNo, count, wallCount };
}
