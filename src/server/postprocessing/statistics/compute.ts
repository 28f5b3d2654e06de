// One statistics computation over output folders: per output, the requested spatial operations over an
// attribute of the selected objects (masked by volume clips), reported as each output is done; outputs
// whose data is missing are reported as such and left out. Runs in a worker thread (statisticsWorker.ts).
import type { VectorSubOption, ResultAttributeKey } from '../../../domain/attributes.ts';
import type { StatisticsOperation } from '../../../domain/statistics.ts';
import { SurgeGeometry } from '../../../../wasm/surgeGeometry.ts';
import { findDataset, findEntity, readArray, readFloatArray, tryReadMeta } from '../outputFolder.ts';
import { spatialStatistics } from './operations.ts';
import { attributeValues, concat, particleAreas, surfaceAreas } from './values.ts';

/** A volume clip as triangles: particles inside count (outside when inverted); materialId null: every fluid. */
export interface ClipMesh {
  id: string;
  positions: Float32Array;
  indices: Uint32Array;
  inverted: boolean;
  materialId: number | null;
}

export interface StatisticsTask {
  /** Folder of each requested output; null where the output was not recorded. */
  folders: { outputNo: number; folder: string | null }[];
  objIds: string[];
  attribute: ResultAttributeKey;
  subAttribute: VectorSubOption | null;
  operations: StatisticsOperation[];
  clips: ClipMesh[];
}

export type StatisticsEvent =
  | { type: 'output'; outputNo: number; values: Partial<Record<StatisticsOperation, number | null>> }
  | { type: 'missing'; outputNo: number; reason: string }
  | { type: 'progress'; done: number; total: number };

class MissingData extends Error {}

async function outputValues(task: StatisticsTask, folder: string, geometry: () => Promise<SurgeGeometry>) {
  const meta = await tryReadMeta(folder);
  if (!meta) throw new MissingData('no meta.json');
  const valueParts: Float64Array[] = [];
  const areaParts: Float64Array[] = [];
  let areasComplete = true;
  for (const objId of task.objIds) {
    const entity = findEntity(meta, objId);
    if (!entity) throw new MissingData(`no object ${objId}`);
    const dataset = findDataset(entity, 'raw') ?? findDataset(entity, 'full');
    if (!dataset) throw new MissingData(`no raw dataset of ${objId}`);
    const attribute = dataset.attributes.find((a) => a.name === task.attribute);
    if (!attribute) throw new MissingData(`no ${task.attribute} of ${objId}`);
    const values = await readArray(folder, attribute, dataset.count);
    let keep: Uint8Array | null = null;
    const materialId = 'materialId' in entity ? (entity.materialId as number | null) : null;
    const clips = entity.kind === 'fluid' ? task.clips.filter((c) => c.materialId === null || c.materialId === materialId) : [];
    if (clips.length > 0) {
      const positions = await readFloatArray(folder, dataset.positions, dataset.count);
      const g = await geometry();
      keep = new Uint8Array(dataset.count).fill(1);
      for (const clip of clips) {
        const inside = g.pointsInMesh({ positions: clip.positions, indices: clip.indices }, positions);
        for (let i = 0; i < keep.length; i++) if ((inside[i] === 1) === clip.inverted) keep[i] = 0;
      }
    }
    valueParts.push(attributeValues(values, attribute.components, task.subAttribute, keep));
    if (task.operations.includes('integral')) {
      // A wall's surface areas where the output has them (only the layer facing the fluid carries area),
      // otherwise V^(2/3) of each particle's volume.
      const volume = dataset.attributes.find((a) => a.name === 'volume');
      if (dataset.areas) areaParts.push(surfaceAreas(await readFloatArray(folder, dataset.areas, dataset.count), values, attribute.components, keep));
      else if (volume) areaParts.push(particleAreas(await readFloatArray(folder, volume, dataset.count), values, attribute.components, keep));
      else areasComplete = false;
    }
  }
  return { values: concat(valueParts), areas: task.operations.includes('integral') && areasComplete ? concat(areaParts) : null };
}

export async function computeStatistics(task: StatisticsTask, report: (event: StatisticsEvent) => void): Promise<void> {
  let geometry: Promise<SurgeGeometry> | null = null;
  const loadGeometry = () => (geometry ??= SurgeGeometry.load());
  const total = task.folders.length;
  let done = 0;
  for (const { outputNo, folder } of task.folders) {
    if (folder === null) report({ type: 'missing', outputNo, reason: 'output not recorded' });
    else {
      try {
        const { values, areas } = await outputValues(task, folder, loadGeometry);
        report({ type: 'output', outputNo, values: spatialStatistics(values, task.operations, areas) });
      } catch (error) {
        if (!(error instanceof MissingData) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        report({ type: 'missing', outputNo, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    done += 1;
    report({ type: 'progress', done, total });
  }
}
