// What the Select Data tab offers, from the setup and the last output's meta.json: fluids (by material),
// boundaries (rigid and open-boundary parts), sensors and the attributes the outputs hold; and the
// domain's export issues grouped by the field they belong to.
import { attributeLabelWithUnit, resultAttributeKeys, type ResultAttributeKey } from '../../domain/attributes.ts';
import type { OutputMeta } from '../../domain/output.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import type { FieldIssue } from '../../domain/validation/issues.ts';

export interface ExportChoices {
  fluids: { materialId: number; name: string }[];
  boundaries: { partId: string; name: string }[];
  sensors: { id: string; name: string }[];
  attributes: { key: ResultAttributeKey; label: string }[];
}

export function exportChoices(setup: SetupDocument | undefined, meta: OutputMeta | undefined): ExportChoices {
  const fluidMaterials = new Set<number>();
  for (const part of setup?.parts ?? []) {
    if ((part.component.type === 'filling' || part.component.type === 'flow') && part.materialId !== null) fluidMaterials.add(part.materialId);
  }
  for (const object of meta?.objects ?? []) if (object.kind === 'fluid' && object.materialId !== null) fluidMaterials.add(object.materialId);
  const fluids = [...fluidMaterials].sort((a, b) => a - b).map((id) => ({ materialId: id, name: setup?.materials.find((m) => m.id === id)?.name ?? `Fluid ${id + 1}` }));
  const boundaries = (setup?.parts ?? [])
    .filter((p) => p.component.type === 'rigid' || p.component.type === 'openboundary')
    .map((p) => ({ partId: p.id, name: p.name }));
  const sensors = (setup?.sensors ?? []).map((s) => ({ id: s.id, name: s.name }));
  const present = new Set<string>();
  for (const entity of [...(meta?.objects ?? []), ...(meta?.sensors ?? [])]) {
    for (const dataset of entity.datasets) for (const a of dataset.attributes) present.add(a.name);
  }
  const attributes = resultAttributeKeys.filter((k) => present.has(k)).map((key) => ({ key, label: attributeLabelWithUnit(key) }));
  return { fluids, boundaries, sensors, attributes };
}

/** Issues whose field starts with `prefix` ('' for the issues about the whole selection). */
export function issuesOf(issues: readonly FieldIssue[], prefix: string): FieldIssue[] {
  return issues.filter((i) => (prefix === '' ? i.field === '' : i.field.startsWith(prefix)));
}

/** Flips `value` in or out of a list. */
export function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
}
