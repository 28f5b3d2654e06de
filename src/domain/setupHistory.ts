// What changed between two saves of a setup, in a compact form the History panel shows (spec 1 §2 right
// sidebar 'History'): per collection of the setup document the entities added, removed or changed (with
// the top-level fields that changed), and the settings that changed. Successive saves by one user are
// folded into one entry, so that a session of edits reads as one line of history, not hundreds.
import { z } from 'zod';
import type { SetupDocument } from './setup.ts';

/** Collections and single objects of the setup document, in the order the History panel lists them. */
export const setupAreas = [
  'settings', 'parts', 'materials', 'movements', 'refinements', 'sensors', 'volumeClips', 'periodicBoundary', 'airDragDomain',
  'conditions', 'dataTables',
] as const;
export const setupAreaSchema = z.enum(setupAreas);
export type SetupArea = z.infer<typeof setupAreaSchema>;

export const setupChangeActions = ['added', 'removed', 'changed'] as const;
export type SetupChangeAction = (typeof setupChangeActions)[number];

export const setupChangeSchema = z
  .object({
    area: setupAreaSchema,
    action: z.enum(setupChangeActions),
    /** The entity's id in its collection; null for the settings and the single objects. */
    id: z.string().nullable(),
    /** The entity's name when it has one (as it was last seen). */
    name: z.string().nullable(),
    /** Top-level fields that changed ('changed' only), in the document's order. */
    fields: z.array(z.string()),
  })
  .meta({ id: 'SetupChange' });
export type SetupChange = z.infer<typeof setupChangeSchema>;

/** Saves by the same user closer together than this become one history entry. */
export const SETUP_HISTORY_MERGE_MS = 10 * 60_000;
/** Changes kept per history entry; further ones are only counted (a 500-part assembly import). */
export const SETUP_CHANGES_MAX = 60;

export const SETUP_AREA_LABEL: Readonly<Record<SetupArea, { one: string; many: string }>> = {
  settings: { one: 'Settings', many: 'Settings' },
  parts: { one: 'Part', many: 'Parts' },
  materials: { one: 'Material', many: 'Materials' },
  movements: { one: 'Movement', many: 'Movements' },
  refinements: { one: 'Refinement zone', many: 'Refinement zones' },
  sensors: { one: 'Sensor', many: 'Sensors' },
  volumeClips: { one: 'Volume clip', many: 'Volume clips' },
  periodicBoundary: { one: 'Periodic boundary', many: 'Periodic boundary' },
  airDragDomain: { one: 'Air drag domain', many: 'Air drag domain' },
  conditions: { one: 'Condition', many: 'Conditions' },
  dataTables: { one: 'Data table', many: 'Data tables' },
};

/** Field names the History panel says in other words than the document's key. */
const FIELD_LABEL: Readonly<Record<string, string>> = {
  calcDomainMin: 'deletion boundary min',
  calcDomainMax: 'deletion boundary max',
  calcDomainActive: 'deletion boundary',
  particleDiameter: 'particle size',
  noRiemannWall: 'improved wall pressure',
  sigma: 'surface tension coefficient',
  densityThreshold: 'density threshold',
  shape: 'geometry',
  component: 'boundary and initial conditions',
  materialId: 'material',
  type: 'kind and values',
  parents: 'leaders',
};

/** A document key in words: its own label, else the camelCase split ('outputTimeInterval' -> 'output time interval'). */
export function setupFieldLabel(key: string): string {
  return FIELD_LABEL[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

type Entity = { id: string | number; name?: string };

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Top-level keys whose values differ, in `after`'s key order, then keys only `before` had. */
function changedFields(before: object, after: object, ignore: readonly string[] = []): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
  return keys.filter((k) => !ignore.includes(k) && !sameValue(a[k], b[k]));
}

function nameOf(entity: Entity, area: SetupArea): string | null {
  if (typeof entity.name === 'string' && entity.name.length > 0) return entity.name;
  if (area === 'conditions') {
    const c = entity as unknown as { valueType?: string; action?: string; threshold?: number };
    return `${c.action ?? ''} at ${c.valueType ?? ''} ${c.threshold ?? ''}`.trim();
  }
  return null;
}

function collectionChanges(area: SetupArea, before: readonly Entity[], after: readonly Entity[]): SetupChange[] {
  const previous = new Map(before.map((e) => [String(e.id), e]));
  const next = new Map(after.map((e) => [String(e.id), e]));
  const changes: SetupChange[] = [];
  for (const [id, entity] of next) {
    const old = previous.get(id);
    if (!old) {
      changes.push({ area, action: 'added', id, name: nameOf(entity, area), fields: [] });
      continue;
    }
    // Timestamps and the triggered flag change without the user changing the case.
    const fields = changedFields(old, entity, ['updatedAt', 'createdAt', 'triggered']);
    if (fields.length > 0) changes.push({ area, action: 'changed', id, name: nameOf(entity, area), fields });
  }
  for (const [id, entity] of previous) {
    if (!next.has(id)) changes.push({ area, action: 'removed', id, name: nameOf(entity, area), fields: [] });
  }
  return changes;
}

function singleChanges(area: SetupArea, before: object | null, after: object | null): SetupChange[] {
  if (before === null && after === null) return [];
  if (before === null) return [{ area, action: 'added', id: null, name: null, fields: [] }];
  if (after === null) return [{ area, action: 'removed', id: null, name: null, fields: [] }];
  const fields = changedFields(before, after);
  return fields.length > 0 ? [{ area, action: 'changed', id: null, name: null, fields }] : [];
}

/** Everything a save changed, area by area in `setupAreas` order; empty when the documents are the same. */
export function setupChanges(before: SetupDocument, after: SetupDocument): SetupChange[] {
  const changes: SetupChange[] = [];
  for (const area of setupAreas) {
    if (area === 'settings') changes.push(...singleChanges(area, before.settings, after.settings));
    else if (area === 'periodicBoundary' || area === 'airDragDomain') changes.push(...singleChanges(area, before[area], after[area]));
    else changes.push(...collectionChanges(area, before[area] as readonly Entity[], after[area] as readonly Entity[]));
  }
  return changes;
}

const key = (c: SetupChange) => `${c.area}|${c.id ?? ''}`;

/** One change that stands for `earlier` followed by `later` (same area and entity), or null when nothing is left. */
function foldChange(earlier: SetupChange, later: SetupChange): SetupChange | null {
  if (earlier.action === 'added') {
    // Added and removed again within one entry: as if it never was.
    if (later.action === 'removed') return null;
    return { ...earlier, name: later.name ?? earlier.name };
  }
  if (later.action === 'changed' && earlier.action === 'changed') {
    return { ...later, fields: [...earlier.fields, ...later.fields.filter((f) => !earlier.fields.includes(f))] };
  }
  // changed then removed: removed; removed then added again (the same id): changed as a whole.
  if (earlier.action === 'removed' && later.action === 'added') return { ...later, action: 'changed', fields: [] };
  return later;
}

/** The changes of two successive saves as one list: each entity once, in the order it was first touched. */
export function mergeSetupChanges(earlier: readonly SetupChange[], later: readonly SetupChange[]): SetupChange[] {
  const merged = new Map<string, SetupChange | null>();
  for (const c of earlier) merged.set(key(c), c);
  for (const c of later) {
    const previous = merged.get(key(c));
    merged.set(key(c), previous ? foldChange(previous, c) : c);
  }
  return [...merged.values()].filter((c): c is SetupChange => c !== null);
}

/** The first SETUP_CHANGES_MAX changes and how many more there were. */
export function capSetupChanges(changes: readonly SetupChange[], omitted = 0): { changes: SetupChange[]; omitted: number } {
  if (changes.length <= SETUP_CHANGES_MAX) return { changes: [...changes], omitted };
  return { changes: changes.slice(0, SETUP_CHANGES_MAX), omitted: omitted + changes.length - SETUP_CHANGES_MAX };
}

/** One change in words: "Part 'Tank' added", "Settings changed: end time, output time interval". */
export function describeSetupChange(change: SetupChange): string {
  const label = SETUP_AREA_LABEL[change.area].one;
  const subject = change.name ? `${label} '${change.name}'` : label;
  if (change.action !== 'changed') return `${subject} ${change.action}`;
  if (change.fields.length === 0) return `${subject} replaced`;
  return `${subject} changed: ${change.fields.map(setupFieldLabel).join(', ')}`;
}
