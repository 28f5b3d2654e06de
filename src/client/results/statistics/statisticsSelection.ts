// What the statistics panel can analyse and whether the chosen objects can be analysed together (spec 2
// §4 'Statistics computation' selection status, §5 'Statistics with Volume Clip needs a fluid', §8): the
// particle objects of the shown output, the sensors and volume clips of the setup, the status that gates
// the table and the Load button, and the objects and masks a stats.calc names for a selection.
import type { OutputObject, OutputState } from '../../../domain/output.ts';
import type { SelectionStatus } from '../../../domain/statistics.ts';
import type { SensorKind } from '../../../domain/sensor.ts';

/** Objects of one type can be aggregated together; each type is one group of the object list. */
export const statisticsObjectTypes = ['fluid', 'wall_boundary', 'open_boundary', 'point_sensor', 'surface_sensor', 'volume_clip'] as const;
export type StatisticsObjectType = (typeof statisticsObjectTypes)[number];

export const statisticsObjectTypeLabels: Readonly<Record<StatisticsObjectType, string>> = {
  fluid: 'Fluids',
  wall_boundary: 'Solids',
  open_boundary: 'Inlets/Outlets',
  point_sensor: 'Point sensors',
  surface_sensor: 'Surface sensors',
  volume_clip: 'Volume clips',
};

export interface StatisticsObject {
  id: string;
  name: string;
  type: StatisticsObjectType;
  /** Material of a fluid; the fluid a volume clip applies to (null: every fluid). */
  materialId: number | null;
}

/** The parts of the setup the panel lists besides the output's objects. */
export interface StatisticsSetupObjects {
  sensors: readonly { id: string; name: string; kind: SensorKind }[];
  volumeClips: readonly { id: string; name: string; materialId: number | null }[];
}

/**
 * Objects offered for statistics: the particle objects of the output (fluids, solids' wall particles,
 * inlets and outlets), then the setup's sensors and volume clips, in that order.
 */
export function statisticsObjects(
  meta: { objects: readonly Pick<OutputObject, 'id' | 'kind' | 'name' | 'materialId'>[] } | null,
  setup: StatisticsSetupObjects | null,
): StatisticsObject[] {
  const objects: StatisticsObject[] = [];
  for (const o of meta?.objects ?? []) {
    const type: StatisticsObjectType = o.kind === 'fluid' || o.kind === 'material' ? 'fluid' : o.kind;
    objects.push({ id: o.id, name: o.name, type, materialId: o.materialId });
  }
  for (const s of setup?.sensors ?? []) {
    objects.push({ id: s.id, name: s.name, type: s.kind === 'point' ? 'point_sensor' : 'surface_sensor', materialId: null });
  }
  for (const c of setup?.volumeClips ?? []) objects.push({ id: c.id, name: c.name, type: 'volume_clip', materialId: c.materialId });
  return objects;
}

/** The objects a selection names, in the list's order; ids no longer offered are dropped. */
export function selectedObjects(selection: readonly string[], objects: readonly StatisticsObject[]): StatisticsObject[] {
  const chosen = new Set(selection);
  return objects.filter((o) => chosen.has(o.id));
}

/**
 * The selection the panel analyses: the viewer's selection when it names objects the panel offers,
 * otherwise the objects ticked in the panel.
 */
export function effectiveSelection(viewerSelection: readonly string[], panelSelection: readonly string[], objects: readonly StatisticsObject[]): string[] {
  const fromViewer = selectedObjects(viewerSelection, objects);
  if (fromViewer.length > 0) return fromViewer.map((o) => o.id);
  return selectedObjects(panelSelection, objects).map((o) => o.id);
}

/** The fluid objects of the output a volume clip masks: those of its fluid, or every fluid without one. */
export function clipFluids(clip: Pick<StatisticsObject, 'materialId'>, objects: readonly StatisticsObject[]): StatisticsObject[] {
  return objects.filter((o) => o.type === 'fluid' && (clip.materialId === null || o.materialId === clip.materialId));
}

export interface SelectionContext {
  objects: readonly StatisticsObject[];
  /** The shown output's meta.json; null while it is read or when it cannot be. */
  meta: { sensors: readonly { id: string }[] } | null;
  metaLoading: boolean;
  /** The setup (sensors, volume clips) is still being read. */
  setupLoading: boolean;
  /** Sensor state of the shown output (pending while sensors are computed). */
  sensorState: OutputState | null;
  /** stats.info for this selection has not answered yet. */
  operationsLoading: boolean;
  /** Volume clips the server could not use as masks. */
  failedMasks: ReadonlySet<string>;
}

/**
 * The selection status (spec 2 §4), checked in this order: nothing chosen, objects of different types,
 * sensors without results, volume clips without a mesh or a fluid, then the loading states.
 */
export function selectionStatus(selection: readonly string[], ctx: SelectionContext): SelectionStatus {
  const chosen = selectedObjects(selection, ctx.objects);
  if (chosen.length === 0) return ctx.metaLoading ? 'statsLoading' : 'empty';
  const type = chosen[0].type;
  if (chosen.some((o) => o.type !== type)) return 'differentObjects';
  if (type === 'point_sensor' || type === 'surface_sensor') {
    if (ctx.metaLoading) return 'sensorsLoading';
    const computed = new Set((ctx.meta?.sensors ?? []).map((s) => s.id));
    if (chosen.some((o) => !computed.has(o.id))) return ctx.sensorState === 'pending' ? 'sensorsLoading' : 'sensorResultsMissing';
  }
  if (type === 'volume_clip') {
    if (ctx.setupLoading) return 'masksLoading';
    if (chosen.some((o) => ctx.failedMasks.has(o.id))) return 'masksMissing';
    if (chosen.some((o) => clipFluids(o, ctx.objects).length === 0)) return 'incompleteSetup';
  }
  if (ctx.metaLoading) return 'statsLoading';
  if (ctx.operationsLoading) return 'operationsLoading';
  return 'valid';
}

/** What a stats.calc (and stats.info) names for a selection: the objects, and the clips that mask them. */
export function statisticsTargets(selection: readonly string[], objects: readonly StatisticsObject[]): { objIds: string[]; masks: string[] } {
  const chosen = selectedObjects(selection, objects);
  const clips = chosen.filter((o) => o.type === 'volume_clip');
  if (clips.length === 0) return { objIds: chosen.map((o) => o.id), masks: [] };
  const fluids = new Set(clips.flatMap((c) => clipFluids(c, objects).map((f) => f.id)));
  return { objIds: objects.filter((o) => fluids.has(o.id)).map((o) => o.id), masks: clips.map((c) => c.id) };
}

/** Names of the chosen objects as a label ('Water', 'Tank, Lid'). */
export function selectionLabel(selection: readonly string[], objects: readonly StatisticsObject[]): string {
  return selectedObjects(selection, objects).map((o) => o.name).join(', ');
}
