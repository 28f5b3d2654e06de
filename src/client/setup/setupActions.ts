// Changes the tree, the Add menu and the forms make to the whole document (beyond one form's fields):
// adding and removing the deletion boundary, adding, deleting and hiding parts, sensors and volume clips,
// saving and deleting movements (with what refers to them).
import type { Movement } from '../../domain/movement.ts';
import { withMovement, withMovingWall, withoutMovement, withoutPart } from '../../domain/movementEdits.ts';
import type { Part } from '../../domain/part.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import type { Sensor } from '../../domain/sensor.ts';
import type { VolumeClip } from '../../domain/volumeClip.ts';
import type { DataTable } from '../../domain/dataTable.ts';
import { buildSceneMeshes, defaultDeletionBoundary, type StlFiles } from './sceneMeshes.ts';
import { useSetupStore } from './setupStore.ts';

/** The deletion boundary as it starts: around all parts with a 10 % margin. */
export function withDeletionBoundary(document: SetupDocument, files: StlFiles): SetupDocument {
  const partsOnly: SetupDocument = { ...document, sensors: [], volumeClips: [], settings: { ...document.settings, calcDomainActive: false } };
  const box = defaultDeletionBoundary(buildSceneMeshes(partsOnly, { files, shownSeedPoints: [] }));
  return { ...document, settings: { ...document.settings, calcDomainActive: true, calcDomainMin: box.min, calcDomainMax: box.max } };
}

export function addDeletionBoundary(files: StlFiles): void {
  const store = useSetupStore.getState();
  if (!store.update((doc) => withDeletionBoundary(doc, files))) return;
  store.select({ form: 'calcDomain' });
  store.requestFit();
}

export function removeDeletionBoundary(): void {
  const store = useSetupStore.getState();
  if (store.update((doc) => ({ ...doc, settings: { ...doc.settings, calcDomainActive: false } }))) store.select(null);
}

export function addPart(part: Part): void {
  const store = useSetupStore.getState();
  if (!store.update((doc) => ({ ...doc, parts: [...doc.parts, part] }))) return;
  store.select({ form: 'part', partId: part.id });
  store.requestFit();
}

/** Adds several parts in one change (one save); the last is selected and the camera frames the case. */
export function addParts(parts: readonly Part[]): void {
  if (parts.length === 0) return;
  const store = useSetupStore.getState();
  if (!store.update((doc) => ({ ...doc, parts: [...doc.parts, ...parts] }))) return;
  store.select({ form: 'part', partId: parts[parts.length - 1].id });
  store.requestFit();
}

/** Removes the part with its movements; leaders and moving walls lose what referred to them. */
export function deletePart(partId: string): void {
  const store = useSetupStore.getState();
  if (store.update((doc) => withoutPart(doc, partId))) store.select(null);
}

/**
 * Adds or replaces a movement in one change; with `movingWallOf` the rigid part's wall velocity follows
 * it from then on (the moving boundary condition form). Returns whether it applied (not while locked).
 */
export function saveMovement(movement: Movement, options: { movingWallOf?: string } = {}): boolean {
  return useSetupStore.getState().update((doc) => {
    const next = withMovement(doc, movement);
    return options.movingWallOf ? withMovingWall(next, options.movingWallOf, movement.id) : next;
  });
}

/** Removes a movement; its followers lose it as a leader and walls moving with it become no-slip walls. */
export function deleteMovement(movementId: string): boolean {
  return useSetupStore.getState().update((doc) => withoutMovement(doc, movementId));
}

export function replacePart(part: Part): void {
  useSetupStore.getState().update((doc) => ({ ...doc, parts: doc.parts.map((p) => (p.id === part.id ? part : p)) }));
}

export function togglePartVisibility(partId: string): void {
  useSetupStore.getState().update((doc) => ({
    ...doc,
    parts: doc.parts.map((p) => (p.id === partId ? { ...p, appearance: { ...p.appearance, visibility: !p.appearance.visibility } } : p)),
  }));
}

export function addSensor(sensor: Sensor): void {
  const store = useSetupStore.getState();
  if (store.update((doc) => ({ ...doc, sensors: [...doc.sensors, sensor] }))) store.select({ form: 'sensor', sensorId: sensor.id });
}

export function replaceSensor(sensor: Sensor): void {
  useSetupStore.getState().update((doc) => ({ ...doc, sensors: doc.sensors.map((s) => (s.id === sensor.id ? sensor : s)) }));
}

export function deleteSensor(sensorId: string): void {
  const store = useSetupStore.getState();
  if (store.update((doc) => ({ ...doc, sensors: doc.sensors.filter((s) => s.id !== sensorId) }))) store.select(null);
}

export function addVolumeClip(clip: VolumeClip): void {
  const store = useSetupStore.getState();
  if (store.update((doc) => ({ ...doc, volumeClips: [...doc.volumeClips, clip] }))) store.select({ form: 'volumeClip', volumeClipId: clip.id });
}

export function replaceVolumeClip(clip: VolumeClip): void {
  useSetupStore.getState().update((doc) => ({ ...doc, volumeClips: doc.volumeClips.map((c) => (c.id === clip.id ? clip : c)) }));
}

export function deleteVolumeClip(clipId: string): void {
  const store = useSetupStore.getState();
  if (store.update((doc) => ({ ...doc, volumeClips: doc.volumeClips.filter((c) => c.id !== clipId) }))) store.select(null);
}

/** Shows or hides a sensor or volume clip in the viewport. */
export function toggleMeasureVisibility(kind: 'sensor' | 'volumeClip', id: string): void {
  useSetupStore.getState().update((doc) =>
    kind === 'sensor'
      ? { ...doc, sensors: doc.sensors.map((s) => (s.id === id ? { ...s, appearance: { ...s.appearance, visibility: !s.appearance.visibility } } : s)) }
      : { ...doc, volumeClips: doc.volumeClips.map((c) => (c.id === id ? { ...c, appearance: { ...c.appearance, visibility: !c.appearance.visibility } } : c)) },
  );
}

/**
 * Saves the profile table of an inlet/outlet and makes it the part's field profile, in one change: the
 * part's form validates the reference against the tables of the same document.
 */
export function saveProfileTable(partId: string, table: DataTable): boolean {
  return useSetupStore.getState().update((doc) => {
    const dataTables = doc.dataTables.some((t) => t.id === table.id) ? doc.dataTables.map((t) => (t.id === table.id ? table : t)) : [...doc.dataTables, table];
    const parts = doc.parts.map((p) =>
      p.id === partId && p.component.type === 'openboundary' ? { ...p, component: { ...p.component, ioProfileKind: 'field' as const, ioTableId: table.id } } : p,
    );
    return { ...doc, dataTables, parts };
  });
}

/**
 * Stores a material's viscosity table (over shear rate or temperature) and points the material at it with
 * that viscosity kind.
 */
export function saveViscosityTable(materialId: number, kind: 'shear_rate' | 'temperature', table: DataTable): boolean {
  return useSetupStore.getState().update((doc) => {
    const dataTables = doc.dataTables.some((t) => t.id === table.id) ? doc.dataTables.map((t) => (t.id === table.id ? table : t)) : [...doc.dataTables, table];
    const materials = doc.materials.map((m) => {
      if (m.id !== materialId) return m;
      return kind === 'shear_rate'
        ? { ...m, viscosityKind: kind, viscosityShearRateTableId: table.id }
        : { ...m, viscosityKind: kind, viscosityTemperatureTableId: table.id };
    });
    return { ...doc, dataTables, materials };
  });
}
