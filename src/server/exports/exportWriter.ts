// Executes the steps of an export plan into a folder: particles and sensors as .vtu and fluid surfaces as
// .vtp streamed from the output files, .pvd collections, boundary STL, the solver log as CSV and the setup
// as JSON. Attributes are those chosen (all when allAttributes), under their result attribute names. Output
// files are found through arrayPath, so walls kept once in the run's static folder export like any other.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { toCsv } from '../../domain/csv.ts';
import type { OutputDataset, OutputMeta, OutputPose } from '../../domain/output.ts';
import type { RunLogEntry } from '../../domain/runOutputs.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import type { UserExportState } from '../../domain/userExport.ts';
import type { MeshData } from '../../solver/geometry/mesh.ts';
import { writeBinaryStl } from '../../solver/geometry/stl.ts';
import { arrayPath, findDataset, findEntity } from '../postprocessing/outputFolder.ts';
import type { ExportStep } from './exportPlan.ts';
import { pvdCollection, writeParticlesVtu, writeSurfaceVtp, type VtkArray } from './vtk.ts';

export interface ExportSources {
  /** Folder and meta.json of each exported output. */
  outputs: ReadonlyMap<number, { folder: string; meta: OutputMeta }>;
  setup: SetupDocument | null;
  log: readonly RunLogEntry[];
  /** Placed part meshes by part id, read when an STL step needs them. */
  partMeshes: () => Promise<ReadonlyMap<string, MeshData>>;
  attributes: Pick<UserExportState, 'allAttributes' | 'attributes'>;
}

export const LOG_COLUMNS = ['event', 'time', 'runtime', 'dt', 'step', 'particles', 'progress', 'runtimeLeft', 'output', 'message'] as const;

/** The solver log as CSV: one row per entry, times in seconds. */
export function logCsv(entries: readonly RunLogEntry[]): string {
  return toCsv([LOG_COLUMNS, ...entries.map((e) => LOG_COLUMNS.map((c) => e[c]))]);
}

function pointData(folder: string, dataset: OutputDataset, chosen: ExportSources['attributes']): VtkArray[] {
  const arrays: VtkArray[] = dataset.attributes
    .filter((a) => chosen.allAttributes || chosen.attributes.includes(a.name))
    // A per-material attribute is one array per material: wetting_by_material_<materialId>.
    .map((a) => ({ name: a.materialId === undefined ? a.name : `${a.name}_${a.materialId}`, type: a.dtype === 'uint32' ? 'UInt32' : 'Float32', components: a.components, tuples: dataset.count, source: { kind: 'file', path: arrayPath(folder, a.file) } }));
  // A wall's surface areas go with its stresses and wetting: integrating them in ParaView needs them.
  const surfaceAttribute = arrays.some((a) => a.name === 'normal_stress' || a.name === 'shear_stress' || a.name === 'total_stress' || a.name === 'wetting');
  if (dataset.areas && surfaceAttribute) {
    arrays.push({ name: 'surface_area', type: 'Float32', components: 1, tuples: dataset.count, source: { kind: 'file', path: arrayPath(folder, dataset.areas.file) } });
  }
  return arrays;
}

/** Writes the file of one step under `root`; returns its size in bytes. */
export async function executeStep(step: ExportStep, root: string, sources: ExportSources, signal?: AbortSignal): Promise<number> {
  const path = join(root, step.file.filename);
  await mkdir(dirname(path), { recursive: true });
  switch (step.kind) {
    case 'particles':
    case 'surface': {
      const output = sources.outputs.get(step.outputNo);
      if (!output) throw new Error(`output ${step.outputNo} is not available`);
      const entity = findEntity(output.meta, step.entityId);
      const dataset = entity ? findDataset(entity, step.kind === 'surface' ? 'surface' : step.dataset) : undefined;
      if (!dataset) throw new Error(`output ${step.outputNo} has no ${step.kind === 'surface' ? 'surface' : step.dataset} dataset of ${step.entityId}`);
      const positions = { kind: 'file' as const, path: arrayPath(output.folder, dataset.positions.file) };
      const data = pointData(output.folder, dataset, sources.attributes);
      if (step.kind === 'particles') return writeParticlesVtu(path, dataset.count, positions, data, signal);
      if (!dataset.indices) throw new Error(`the surface of ${step.entityId} in output ${step.outputNo} has no triangles`);
      const indices = arrayPath(output.folder, dataset.indices.file);
      const triangles = (await stat(indices)).size / 12;
      return writeSurfaceVtp(path, dataset.count, triangles, positions, { kind: 'file', path: indices }, data, signal);
    }
    case 'collection': {
      const text = pvdCollection(step.members.map((m) => ({ time: m.time, file: m.filename })));
      await writeFile(path, text);
      return Buffer.byteLength(text);
    }
    case 'stl': {
      const mesh = (await sources.partMeshes()).get(step.partId);
      if (!mesh) throw new Error(`the geometry of part ${step.partId} is not available`);
      const bytes = writeBinaryStl(step.pose ? posedMesh(mesh, step.pose) : mesh);
      await writeFile(path, bytes);
      return bytes.byteLength;
    }
    case 'logs': {
      const text = logCsv(sources.log);
      await writeFile(path, text);
      return Buffer.byteLength(text);
    }
    case 'setup': {
      const text = JSON.stringify(sources.setup, null, 2) + '\n';
      await writeFile(path, text);
      return Buffer.byteLength(text);
    }
  }
}

/** A part's setup mesh where a pose puts it: every vertex x0 to R x0 + t. */
export function posedMesh(mesh: MeshData, pose: OutputPose): MeshData {
  const [r00, r01, r02, r10, r11, r12, r20, r21, r22] = pose.rotation;
  const [tx, ty, tz] = pose.translation;
  const source = mesh.positions;
  const positions = new Float64Array(source.length);
  for (let i = 0; i < source.length; i += 3) {
    const x = source[i];
    const y = source[i + 1];
    const z = source[i + 2];
    positions[i] = r00 * x + r01 * y + r02 * z + tx;
    positions[i + 1] = r10 * x + r11 * y + r12 * z + ty;
    positions[i + 2] = r20 * x + r21 * y + r22 * z + tz;
  }
  return { ...mesh, positions };
}
