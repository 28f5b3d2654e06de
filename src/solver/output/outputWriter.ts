// Output N: `outputs/<N>/meta.json` (domain outputFolderPath and outputMetaSchema, checked by the caller's
// OutputMetaCheck) plus one little-endian float32/uint32
// file per object, dataset and attribute. Objects: the fluid (one per material with several fluids), every wall part and every
// open boundary part. Dataset `full` holds all particles; `raw` (for statistics) references the same files.
// The walls of parts that do not move are written once: their files go to `outputs/static/`, and every
// later output whose values are the same names them there (`../static/<file>`) instead of writing them again.
import {
  OUTPUT_META_VERSION, OUTPUTS_FOLDER, STATIC_OUTPUTS_FOLDER, outputAttributeFile, outputFolderPath,
  outputAreasFile, perMaterialAttributeFile, outputPositionsFile, staticOutputFile,
} from '../../domain/outputLayout.ts';
import type { OutputAttribute, OutputDataset, OutputMeta, OutputObject, OutputPose } from '../../domain/output.ts';
import { resultAttributes, type ResultAttributeKey } from '../../domain/resultAttributes.ts';
import type { Material } from '../../domain/material.ts';
import { ParticleKind } from '../particles.ts';
import type { BodyInfo } from '../discretizer.ts';
import type { EngineSnapshot } from '../engine.ts';
import type { OutputSink } from './sink.ts';
import type { WallLoads } from '../physics/wallLoads.ts';

/** Attributes of the fluid's loads on a wall (physics/wallLoads.ts): written at every output, never static. */
export const WALL_LOAD_ATTRIBUTES = ['pressure', 'normal_stress', 'shear_stress', 'total_stress', 'wetting'] as const satisfies readonly ResultAttributeKey[];

interface ObjectSelection {
  id: string;
  kind: OutputObject['kind'];
  name: string;
  partId: string | null;
  materialId: number | null;
  /** Body index of a wall or open-boundary object. */
  body: number | null;
  indices: Uint32Array;
  /** Files may come from the static folder (walls of parts that do not move). */
  staticCandidate: boolean;
}

function selectObjects(
  snap: EngineSnapshot, bodies: readonly BodyInfo[], fluids: Material | readonly Material[], perOutputBodies: ReadonlySet<number>,
): ObjectSelection[] {
  const perBody = new Map<number, number[]>();
  // One fluid object per material: several fluids (multiphase) by the material of each particle's part.
  const materials = Array.isArray(fluids) ? fluids as readonly Material[] : [fluids as Material];
  const fluidOf = new Map<number, number[]>();
  for (const m of materials) fluidOf.set(m.id, []);
  const first = fluidOf.get(materials[0].id) as number[];
  for (let i = 0; i < snap.count; i++) {
    const k = snap.kind[i];
    if (k === ParticleKind.fluid) {
      const id = materials.length > 1 ? bodies[snap.body[i]]?.materialId : null;
      (id === null || id === undefined ? first : fluidOf.get(id) ?? first).push(i);
    } else if (k === ParticleKind.wall || k === ParticleKind.buffer) {
      const list = perBody.get(snap.body[i]);
      if (list === undefined) perBody.set(snap.body[i], [i]);
      else list.push(i);
    }
  }
  const objects: ObjectSelection[] = materials.map((material) => ({
    id: `fluid_${material.id}`, kind: 'fluid', name: material.name, partId: null, materialId: material.id, body: null,
    indices: Uint32Array.from(fluidOf.get(material.id) as number[]), staticCandidate: false,
  }));
  for (const b of bodies) {
    if (b.kind !== 'wall_boundary' && b.kind !== 'open_boundary') continue;
    const staticCandidate = b.kind === 'wall_boundary' && !perOutputBodies.has(b.index);
    const indices = Uint32Array.from(perBody.get(b.index) ?? []);
    // Particle id order, whatever order the backend keeps its particles in, so that the files of one
    // output line up with the static files of another, and a moving wall's files from output to output.
    if (b.kind === 'wall_boundary') indices.sort((i, j) => snap.id[i] - snap.id[j]);
    objects.push({
      id: `${b.kind === 'wall_boundary' ? 'wall' : 'open'}_${b.index}`, kind: b.kind, name: b.name, partId: b.partId,
      materialId: b.materialId, body: b.index, indices, staticCandidate,
    });
  }
  return objects;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The static folder of a run's outputs, as the writer uses it: a file of a static candidate (a wall of a
 * part that does not move) is written there the first time, and an output whose values are byte for byte
 * those of the static file names that file instead of writing its own. Whatever differs (the wall
 * pressure and density where the solver mirrors them from the fluid) is written per output. Deciding by
 * content keeps the outputs exact whatever the physics does to wall values. The static files are read
 * back from the sink for the comparison rather than kept in memory, so the walls cost the solver no
 * resident memory between outputs, and a resumed run compares with what the first session wrote.
 */
export class StaticOutputFiles {
  private readonly sink: OutputSink;
  /** Bodies (part indices) whose walls are written in full at every output: parts that move. */
  readonly perOutputBodies: ReadonlySet<number>;

  constructor(sink: OutputSink, options: { perOutputBodies?: ReadonlySet<number> } = {}) {
    this.sink = sink;
    this.perOutputBodies = options.perOutputBodies ?? new Set();
  }

  private static path(name: string): string {
    return `${OUTPUTS_FOLDER}/${STATIC_OUTPUTS_FOLDER}/${name}`;
  }

  /**
   * The static file for `name` with exactly these bytes: meta.json's reference to it, and the bytes
   * written now (the file is new) or 0; null when the static file holds other values (it is never
   * replaced: earlier outputs name it).
   */
  async reference(name: string, bytes: Uint8Array): Promise<{ file: string; written: number } | null> {
    const path = StaticOutputFiles.path(name);
    const existing = await this.sink.readFile(path);
    if (existing === null) {
      // Whole or absent: a crash while writing never leaves a short static file behind.
      const temporary = `${path}.tmp`;
      await this.sink.writeFile(temporary, bytes);
      await this.sink.rename(temporary, path);
      return { file: staticOutputFile(name), written: bytes.length };
    }
    return sameBytes(existing, bytes) ? { file: staticOutputFile(name), written: 0 } : null;
  }
}

function vectorFile(idx: Uint32Array, ax: Float64Array, ay: Float64Array, az: Float64Array): { data: Float32Array; range: [number, number] | null } {
  const data = new Float32Array(idx.length * 3);
  let lo = Infinity, hi = -Infinity;
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k];
    data[3 * k] = ax[i];
    data[3 * k + 1] = ay[i];
    data[3 * k + 2] = az[i];
    const m = Math.hypot(data[3 * k], data[3 * k + 1], data[3 * k + 2]);
    if (m < lo) lo = m;
    if (m > hi) hi = m;
  }
  return { data, range: idx.length > 0 ? [lo, hi] : null };
}

function scalarFile(idx: Uint32Array, value: (i: number) => number): { data: Float32Array; range: [number, number] | null } {
  const data = new Float32Array(idx.length);
  let lo = Infinity, hi = -Infinity;
  for (let k = 0; k < idx.length; k++) {
    const v = Math.fround(value(idx[k]));
    data[k] = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return { data, range: idx.length > 0 ? [lo, hi] : null };
}

function tripleFile(idx: Uint32Array, src: Float64Array): { data: Float32Array; range: [number, number] | null } {
  const data = new Float32Array(idx.length * 3);
  let lo = Infinity, hi = -Infinity;
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k];
    data[3 * k] = src[3 * i];
    data[3 * k + 1] = src[3 * i + 1];
    data[3 * k + 2] = src[3 * i + 2];
    const m = Math.hypot(data[3 * k], data[3 * k + 1], data[3 * k + 2]);
    if (m < lo) lo = m;
    if (m > hi) hi = m;
  }
  return { data, range: idx.length > 0 ? [lo, hi] : null };
}

function uintFile(idx: Uint32Array, src: Uint32Array): { data: Uint32Array; range: [number, number] | null } {
  const data = new Uint32Array(idx.length);
  let lo = Infinity, hi = -Infinity;
  for (let k = 0; k < idx.length; k++) {
    const v = src[idx[k]];
    data[k] = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return { data, range: idx.length > 0 ? [lo, hi] : null };
}

/** Little-endian bytes of a typed array (copies on big-endian hosts). */
export function littleEndianBytes(a: Float32Array | Uint32Array | Float64Array): Uint8Array {
  const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) return bytes;
  const out = new Uint8Array(bytes.length);
  const w = a.BYTES_PER_ELEMENT;
  for (let i = 0; i < bytes.length; i += w) for (let b = 0; b < w; b++) out[i + b] = bytes[i + w - 1 - b];
  return out;
}

/**
 * Checks an output's meta.json before it is written, throwing where a reader would refuse it: the domain's
 * checkOutputMeta (output.ts). Injected, so that this module loads none of the domain's schemas.
 */
export type OutputMetaCheck = (meta: OutputMeta) => void;

export interface WrittenOutput {
  meta: OutputMeta;
  /** Bytes written, meta.json included. */
  bytes: number;
}

/**
 * Writes output `outputNo`. `statics` says which wall parts opt into full files at every output (parts
 * that move); without it every wall part's files may come from the static folder. `poses` gives the pose
 * of each moving part (by body index) at the output's time, written into its wall object. `loads` (the
 * fluid's loads on the walls, physics/wallLoads.ts) gives the walls their pressure, stresses, wetting and
 * surface areas; they change at every output, so they are never taken from the static folder. `checkMeta`
 * checks meta.json before it is written (null: the process that records the output checks it).
 */
export async function writeOutput(
  sink: OutputSink, outputNo: number, snap: EngineSnapshot, bodies: readonly BodyInfo[], material: Material | readonly Material[],
  statics: StaticOutputFiles = new StaticOutputFiles(sink), poses: ReadonlyMap<number, OutputPose> = new Map(),
  loads: WallLoads | null = null, checkMeta: OutputMetaCheck | null = null,
): Promise<WrittenOutput> {
  const folder = outputFolderPath(outputNo);
  const objects: OutputObject[] = [];
  let bytes = 0;
  /** Writes the file (or finds it in the static folder) and returns the name meta.json gives it. */
  const write = async (file: string, data: Float32Array | Uint32Array, staticCandidate: boolean): Promise<string> => {
    const b = littleEndianBytes(data);
    if (staticCandidate) {
      const shared = await statics.reference(file, b);
      if (shared !== null) {
        bytes += shared.written;
        return shared.file;
      }
    }
    bytes += b.length;
    await sink.writeFile(`${folder}/${file}`, b);
    return file;
  };
  for (const obj of selectObjects(snap, bodies, material, statics.perOutputBodies)) {
    const idx = obj.indices;
    const attributes: OutputAttribute[] = [];
    const add = async (
      name: ResultAttributeKey, file: { data: Float32Array | Uint32Array; range: [number, number] | null }, staticCandidate = obj.staticCandidate,
    ) => {
      const def = resultAttributes[name];
      const fileName = await write(outputAttributeFile(obj.id, 'full', name), file.data, staticCandidate);
      attributes.push({
        file: fileName, dtype: def.integer ? 'uint32' : 'float32', components: def.components, name, unit: def.unit,
        range: file.range,
      });
    };
    const positions = vectorFile(idx, snap.x, snap.y, snap.z);
    const positionsFile = await write(outputPositionsFile(obj.id, 'full'), positions.data, obj.staticCandidate);
    await add('velocity', vectorFile(idx, snap.vx, snap.vy, snap.vz));
    const wallLoads = obj.kind === 'wall_boundary' ? loads : null;
    if (wallLoads !== null) await add('pressure', scalarFile(idx, (i) => wallLoads.pressure[i]), false);
    else await add('pressure', scalarFile(idx, (i) => snap.p[i]));
    await add('density', scalarFile(idx, (i) => snap.rho[i]));
    await add('mass', scalarFile(idx, (i) => snap.mass[i]));
    await add('volume', scalarFile(idx, (i) => snap.mass[i] / snap.rho[i]));
    await add('particle_id', uintFile(idx, snap.id));
    await add('body_id', uintFile(idx, snap.body));
    if (obj.kind === 'fluid') {
      await add('acceleration', vectorFile(idx, snap.ax, snap.ay, snap.az));
      await add('shear_rate', scalarFile(idx, (i) => snap.shearRate[i]));
      const nu = snap.kinematicViscosity;
      if (nu !== undefined) await add('kinematic_viscosity', scalarFile(idx, (i) => nu[i]));
    }
    // Heat transfer: temperature everywhere, heat flux of the fluid (|k ∇T|) and of the walls (into the fluid).
    const temp = snap.temp;
    if (temp !== undefined) await add('temperature', scalarFile(idx, (i) => temp[i]));
    const heatFlux = snap.heatFlux;
    if (heatFlux !== undefined && obj.kind !== 'open_boundary') await add('heat_flux', scalarFile(idx, (i) => heatFlux[i]));
    let areas: OutputDataset['areas'];
    if (wallLoads !== null) {
      await add('normal_stress', scalarFile(idx, (i) => wallLoads.normalStress[i]), false);
      await add('shear_stress', tripleFile(idx, wallLoads.shearStress), false);
      await add('total_stress', tripleFile(idx, wallLoads.totalStress), false);
      await add('wetting', scalarFile(idx, (i) => wallLoads.wetting[i]), false);
      // Several fluids: the wetting by each material (phase k is the k-th material of the case).
      const byPhase = wallLoads.wettingByPhase;
      if (byPhase !== null && Array.isArray(material)) {
        for (const [k, m] of (material as readonly Material[]).entries()) {
          const values = byPhase[k];
          if (values === undefined) continue;
          const file = scalarFile(idx, (i) => values[i]);
          const def = resultAttributes.wetting_by_material;
          attributes.push({
            file: await write(perMaterialAttributeFile(obj.id, 'full', def.key, m.id), file.data, false),
            dtype: 'float32', components: 1, name: def.key, unit: def.unit, range: file.range, materialId: m.id,
          });
        }
      }
      const area = scalarFile(idx, (i) => wallLoads.area[i]);
      areas = { file: await write(outputAreasFile(obj.id, 'full'), area.data, obj.staticCandidate), dtype: 'float32', components: 1 };
    }
    const full: OutputDataset = {
      name: 'full', count: idx.length,
      positions: { file: positionsFile, dtype: 'float32', components: 3 },
      indices: null, attributes, ...(areas !== undefined ? { areas } : {}),
    };
    const pose = obj.kind === 'wall_boundary' && obj.body !== null ? poses.get(obj.body) : undefined;
    objects.push({
      id: obj.id, kind: obj.kind, name: obj.name, partId: obj.partId, materialId: obj.materialId,
      datasets: [full, { ...full, name: 'raw' }], ...(pose !== undefined ? { pose } : {}),
    });
  }
  const meta: OutputMeta = { version: OUTPUT_META_VERSION, outputNo, time: snap.time, objects, sensors: [] };
  checkMeta?.(meta);
  const json = JSON.stringify(meta, null, 1);
  bytes += json.length;
  await sink.writeFile(`${folder}/meta.json`, json);
  return { meta, bytes };
}
