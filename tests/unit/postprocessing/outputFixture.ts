// Small output folders written the way the solver writes them (meta.json with `full` and `raw` datasets
// and little-endian float32 / uint32 files): a block of fluid particles on a lattice with fields given as
// functions of position, and optionally a wall plate below it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultAttributes, type ResultAttributeKey } from '../../../src/domain/attributes.ts';
import {
  OUTPUT_META_VERSION,
  outputAttributeFile,
  outputPositionsFile,
  type OutputAttribute,
  type OutputMeta,
  type OutputObject,
} from '../../../src/domain/output.ts';

/** Part id of the fixture's wall plate. */
export const WALL_PART_ID = 'a0000000-0000-4000-8000-000000000001';

export type Field = (x: number, y: number, z: number, i: number) => number | [number, number, number];

export interface LatticeBlock {
  /** Particles per axis. */
  n: [number, number, number];
  dx: number;
  /** Centre of the first particle. */
  origin: [number, number, number];
}

export interface FixtureOptions {
  outputNo: number;
  time: number;
  fluid: LatticeBlock;
  density?: number;
  /** Extra float fields of the fluid (pressure, velocity, ...). */
  fields: Partial<Record<ResultAttributeKey, Field>>;
  /** A one-layer wall plate under the fluid with pressure fields[pressure] too. */
  wall?: boolean;
}

function latticePositions(block: LatticeBlock): Float32Array {
  const [nx, ny, nz] = block.n;
  const p = new Float32Array(nx * ny * nz * 3);
  let k = 0;
  for (let iz = 0; iz < nz; iz++) {
    for (let iy = 0; iy < ny; iy++) {
      for (let ix = 0; ix < nx; ix++) {
        p[k++] = block.origin[0] + ix * block.dx;
        p[k++] = block.origin[1] + iy * block.dx;
        p[k++] = block.origin[2] + iz * block.dx;
      }
    }
  }
  return p;
}

function write(folder: string, file: string, data: Float32Array | Uint32Array): void {
  writeFileSync(join(folder, file), new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
}

function objectOf(
  folder: string,
  id: string,
  kind: OutputObject['kind'],
  positions: Float32Array,
  fields: Partial<Record<ResultAttributeKey, Field>>,
  dx: number,
  density: number,
  firstId: number,
): { object: OutputObject; values: Map<string, Float32Array | Uint32Array> } {
  const count = positions.length / 3;
  const values = new Map<string, Float32Array | Uint32Array>();
  const attributes: OutputAttribute[] = [];
  const add = (name: ResultAttributeKey, data: Float32Array | Uint32Array) => {
    const def = resultAttributes[name];
    const file = outputAttributeFile(id, 'full', name);
    write(folder, file, data);
    values.set(name, data);
    attributes.push({ file, dtype: def.integer ? 'uint32' : 'float32', components: def.components, name, unit: def.unit, range: null });
  };
  for (const [name, field] of Object.entries(fields) as [ResultAttributeKey, Field][]) {
    const components = resultAttributes[name].components;
    const data = new Float32Array(count * components);
    for (let i = 0; i < count; i++) {
      const v = field(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2], i);
      if (typeof v === 'number') data[i] = v;
      else data.set(v, 3 * i);
    }
    add(name, data);
  }
  const volume = dx * dx * dx;
  add('density', new Float32Array(count).fill(density));
  add('mass', new Float32Array(count).fill(density * volume));
  add('volume', new Float32Array(count).fill(volume));
  add('particle_id', Uint32Array.from({ length: count }, (_, i) => firstId + i));
  const positionsFile = outputPositionsFile(id, 'full');
  write(folder, positionsFile, positions);
  values.set('position', positions);
  const full = { name: 'full' as const, count, positions: { file: positionsFile, dtype: 'float32' as const, components: 3 as const }, indices: null, attributes };
  return {
    object: { id, kind, name: id, partId: kind === 'fluid' ? null : WALL_PART_ID, materialId: kind === 'fluid' ? 0 : null, datasets: [full, { ...full, name: 'raw' }] },
    values,
  };
}

/** Writes the folder; returns its meta and every array by object id and attribute. */
export function writeFixtureOutput(folder: string, options: FixtureOptions): { meta: OutputMeta; arrays: Map<string, Map<string, Float32Array | Uint32Array>> } {
  mkdirSync(folder, { recursive: true });
  const density = options.density ?? 1000;
  const objects: OutputObject[] = [];
  const arrays = new Map<string, Map<string, Float32Array | Uint32Array>>();
  const fluidPositions = latticePositions(options.fluid);
  const fluid = objectOf(folder, 'fluid_0', 'fluid', fluidPositions, options.fields, options.fluid.dx, density, 0);
  objects.push(fluid.object);
  arrays.set('fluid_0', fluid.values);
  if (options.wall) {
    const { n, dx, origin } = options.fluid;
    const plate = latticePositions({ n: [n[0], n[1], 1], dx, origin: [origin[0], origin[1], origin[2] - dx] });
    const pressure = options.fields.pressure;
    const wall = objectOf(folder, 'wall_1', 'wall_boundary', plate, pressure ? { pressure } : {}, dx, density, fluidPositions.length / 3);
    objects.push(wall.object);
    arrays.set('wall_1', wall.values);
  }
  const meta: OutputMeta = { version: OUTPUT_META_VERSION, outputNo: options.outputNo, time: options.time, objects, sensors: [] };
  writeFileSync(join(folder, 'meta.json'), JSON.stringify(meta));
  return { meta, arrays };
}
