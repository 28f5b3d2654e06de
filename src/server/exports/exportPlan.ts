// What a user export writes (spec 2 §3 'User export state'): from the selection and the outputs at hand,
// the list of files (particles of fluids, boundaries and sensors as .vtu per output, reconstructed fluid
// surfaces as .vtp, a .pvd collection per object, boundaries as STL when chosen, the solver log as CSV,
// the setup as JSON) and the step that makes each. Pure: the job executes the plan.
import { randomUUID } from 'node:crypto';
import type { OutputMeta, OutputPose } from '../../domain/output.ts';
import { exportOutputs, type UserExportState } from '../../domain/userExport.ts';
import type { SetupDocument } from '../../domain/setup.ts';

export type PlannedFile = { id: string; filename: string };

/** One member of a .pvd: the data set of an output and its time. */
export type CollectionMember = { time: number; filename: string };

export type ExportStep =
  | { kind: 'particles'; file: PlannedFile; outputNo: number; entityId: string; entity: 'object' | 'sensor'; dataset: 'full' | 'fast' }
  | { kind: 'surface'; file: PlannedFile; outputNo: number; entityId: string }
  | { kind: 'collection'; file: PlannedFile; members: CollectionMember[] }
  /** A part's setup geometry; with `pose`, placed where a moving part was at one output. */
  | { kind: 'stl'; file: PlannedFile; partId: string; pose?: OutputPose }
  | { kind: 'logs'; file: PlannedFile }
  | { kind: 'setup'; file: PlannedFile };

export interface ExportPlan {
  steps: ExportStep[];
  /** Selected outputs that are not available (warned about, left out). */
  missingOutputs: number[];
  /** Outputs exported. */
  outputs: number[];
}

/** A file name part from a display name: letters, digits, dot, dash and underscore only. */
export function safeName(name: string): string {
  const cleaned = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|_+$/g, '');
  return cleaned.slice(0, 80) || 'object';
}

const padded = (outputNo: number) => String(outputNo).padStart(6, '0');

/** Unique names per id: the first object named X keeps X, later ones get their id appended. */
class Names {
  private readonly byId = new Map<string, string>();
  private readonly used = new Set<string>();
  of(id: string, display: string): string {
    const known = this.byId.get(id);
    if (known) return known;
    let name = safeName(display);
    if (this.used.has(name.toLowerCase())) name = `${name}_${safeName(id)}`;
    this.used.add(name.toLowerCase());
    this.byId.set(id, name);
    return name;
  }
}

function selectedObject(state: UserExportState, object: OutputMeta['objects'][number]): boolean {
  if (state.allObjects) return true;
  if (object.kind === 'fluid' || object.kind === 'material') return object.materialId !== null && state.materials.includes(object.materialId);
  return object.partId !== null && state.boundaries.includes(object.partId);
}

function selectedSurface(state: UserExportState, object: OutputMeta['objects'][number]): boolean {
  if (object.kind !== 'fluid' && object.kind !== 'material') return false;
  if (state.allObjects) return true;
  return object.materialId !== null && state.surfaceReconstructions.includes(object.materialId);
}

/**
 * The plan of an export: `metas` are the outputs available (by number); outputs the selection names
 * but that are not there are listed as missing. Boundaries as STL come from the setup's parts: one file
 * for a part that stays put, one per output (at its pose there) for a part that moves.
 */
export function planExport(state: UserExportState, metas: ReadonlyMap<number, OutputMeta>, setup: SetupDocument | null, hasLog: boolean): ExportPlan {
  const wanted = exportOutputs(state);
  const outputs = wanted.filter((o) => metas.has(o));
  const missingOutputs = wanted.filter((o) => !metas.has(o));
  const steps: ExportStep[] = [];
  const names = new Names();
  const collections = new Map<string, { file: string; members: CollectionMember[] }>();
  const member = (key: string, collection: string, time: number, filename: string) => {
    const entry = collections.get(key) ?? { file: collection, members: [] };
    entry.members.push({ time, filename });
    collections.set(key, entry);
  };
  const file = (filename: string): PlannedFile => ({ id: randomUUID(), filename });
  const stlBoundaries = state.boundariesType === 'stl';

  /** Poses of moving parts by part id, per exported output. */
  const poses = new Map<string, { outputNo: number; pose: OutputPose }[]>();

  for (const outputNo of outputs) {
    const meta = metas.get(outputNo) as OutputMeta;
    for (const object of meta.objects) {
      if (object.pose && object.partId !== null) {
        const list = poses.get(object.partId) ?? [];
        if (!list.some((p) => p.outputNo === outputNo)) list.push({ outputNo, pose: object.pose });
        poses.set(object.partId, list);
      }
      const boundary = object.kind === 'wall_boundary' || object.kind === 'open_boundary';
      if (selectedObject(state, object) && !(boundary && stlBoundaries)) {
        const name = names.of(object.id, object.name);
        const dataset = boundary && state.boundariesMode === 'reduced' && object.datasets.some((d) => d.name === 'fast') ? 'fast' : 'full';
        const filename = `${name}/${name}_${padded(outputNo)}.vtu`;
        steps.push({ kind: 'particles', file: file(filename), outputNo, entityId: object.id, entity: 'object', dataset });
        member(object.id, `${name}.pvd`, meta.time, filename);
      }
      if (selectedSurface(state, object) && object.datasets.some((d) => d.name === 'surface')) {
        const name = `${names.of(object.id, object.name)}_surface`;
        const filename = `${name}/${name}_${padded(outputNo)}.vtp`;
        steps.push({ kind: 'surface', file: file(filename), outputNo, entityId: object.id });
        member(`${object.id}:surface`, `${name}.pvd`, meta.time, filename);
      }
    }
    for (const sensor of meta.sensors) {
      if (!state.allObjects && !state.sensors.includes(sensor.id)) continue;
      const name = names.of(`sensor:${sensor.id}`, sensor.name);
      const filename = `sensors/${name}/${name}_${padded(outputNo)}.vtu`;
      steps.push({ kind: 'particles', file: file(filename), outputNo, entityId: sensor.id, entity: 'sensor', dataset: 'full' });
      member(`sensor:${sensor.id}`, `sensors/${name}.pvd`, meta.time, filename);
    }
  }
  for (const { file: name, members } of collections.values()) {
    // Members are relative to the .pvd, which sits one folder up from them (sensors/ included).
    const base = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : '';
    steps.push({ kind: 'collection', file: file(name), members: members.map((m) => ({ time: m.time, filename: m.filename.slice(base.length) })) });
  }
  if (stlBoundaries && setup) {
    for (const part of setup.parts) {
      const boundary = part.component.type === 'rigid' || part.component.type === 'openboundary';
      if (!boundary || (!state.allObjects && !state.boundaries.includes(part.id))) continue;
      const name = names.of(`part:${part.id}`, part.name);
      const moved = poses.get(part.id);
      if (!moved) {
        steps.push({ kind: 'stl', file: file(`${name}.stl`), partId: part.id });
        continue;
      }
      for (const { outputNo, pose } of moved) steps.push({ kind: 'stl', file: file(`${name}/${name}_${padded(outputNo)}.stl`), partId: part.id, pose });
    }
  }
  if (state.logs && hasLog) steps.push({ kind: 'logs', file: file('logs.csv') });
  if (state.setup && setup) steps.push({ kind: 'setup', file: file('setup.json') });
  return { steps, missingOutputs, outputs };
}
