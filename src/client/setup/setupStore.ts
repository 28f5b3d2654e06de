// The Setup screen's working copy of the setup document, what is selected, and how far saving has got.
// Forms write here only values that add no new validation error; useSetupSession sends the document. A value
// a form holds back, or one the server refused, is kept as "refused" so that the screen never says saved for it.
import { create } from 'zustand';
import type { FieldError } from '../../domain/errors.ts';
import type { Part } from '../../domain/part.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import type { Sensor } from '../../domain/sensor.ts';
import type { VolumeClip } from '../../domain/volumeClip.ts';
import { sameSelection, type SetupSelection } from './setupSelection.ts';

export interface SetupNotice {
  title: string;
  details: string[];
}

export type DraftMeasure = { sensor: Sensor } | { volumeClip: VolumeClip };

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'refused';

interface SetupStoreState {
  simulationId: string | null;
  document: SetupDocument | null;
  /** Increments on every local change; `savedRevision` is the one the server has. */
  revision: number;
  savedRevision: number;
  saving: boolean;
  saveError: string | null;
  /** The revision whose save failed: not retried automatically until the next change or a retry. */
  failedRevision: number | null;
  /** The field messages of the last refused save, by document path (`materials.0.density`). */
  serverFieldErrors: FieldError[];
  /** Values an open form shows but did not write because they break a rule: form key -> the rule's message. */
  refused: Record<string, string>;
  locked: boolean;
  selection: SetupSelection | null;
  /** A notice the open form shows until dismissed, e.g. 'Advanced Settings Were Adjusted' and what changed. */
  notice: SetupNotice | null;
  /** Seed points drawn in the viewport (the Geometry tab's Show action). */
  shownSeedPoints: string[];
  /** The part an add form is about to create, previewed in the viewport. */
  draft: Part | null;
  /** The sensor or volume clip an add form is about to create, previewed in the viewport. */
  draftMeasure: DraftMeasure | null;
  /** Incremented when the camera should fit the whole case (a part or the boundary was added). */
  fitRequest: number;

  load: (simulationId: string, document: SetupDocument, locked: boolean) => void;
  setLocked: (locked: boolean) => void;
  /** Applies a change to the document; ignored while the setup is locked. Returns whether it applied. */
  update: (recipe: (document: SetupDocument) => SetupDocument) => boolean;
  select: (selection: SetupSelection | null) => void;
  setNotice: (notice: SetupNotice | null) => void;
  toggleSeedPoint: (partId: string) => void;
  setDraft: (draft: Part | null) => void;
  setDraftMeasure: (draft: DraftMeasure | null) => void;
  requestFit: () => void;
  saveStarted: () => number;
  saveSucceeded: (revision: number) => void;
  saveFailed: (message: string, revision: number, fieldErrors?: FieldError[]) => void;
  /** Records (message) or clears (null) the value form `key` holds back. */
  setRefused: (key: string, message: string | null) => void;
  retrySave: () => void;
  reset: () => void;
}

const initial = {
  simulationId: null,
  document: null,
  revision: 0,
  savedRevision: 0,
  saving: false,
  saveError: null,
  failedRevision: null,
  serverFieldErrors: [] as FieldError[],
  refused: {} as Record<string, string>,
  locked: false,
  selection: null,
  notice: null,
  shownSeedPoints: [],
  draft: null,
  draftMeasure: null,
  fitRequest: 0,
};

export const useSetupStore = create<SetupStoreState>((set, get) => ({
  ...initial,
  load: (simulationId, document, locked) =>
    set({
      ...initial,
      simulationId,
      document,
      locked,
      selection: get().simulationId === simulationId ? get().selection : null,
      // Open forms keep what they show across a reload of the same setup, and so does what they hold back.
      refused: get().simulationId === simulationId ? get().refused : {},
    }),
  setLocked: (locked) => set({ locked }),
  update: (recipe) => {
    const { document, locked } = get();
    if (!document || locked) return false;
    const next = recipe(document);
    if (next === document) return false;
    set((s) => ({ document: next, revision: s.revision + 1 }));
    return true;
  },
  select: (selection) => {
    const current = get().selection;
    const sameTab = selection?.form !== 'part' || selection.tab === undefined || (current?.form === 'part' && current.tab === selection.tab);
    if (sameSelection(current, selection) && sameTab) return;
    set({ selection, notice: sameSelection(current, selection) ? get().notice : null });
  },
  setNotice: (notice) => set({ notice }),
  toggleSeedPoint: (partId) =>
    set((s) => ({
      shownSeedPoints: s.shownSeedPoints.includes(partId) ? s.shownSeedPoints.filter((id) => id !== partId) : [...s.shownSeedPoints, partId],
    })),
  setDraft: (draft) => set({ draft }),
  setDraftMeasure: (draftMeasure) => set({ draftMeasure }),
  requestFit: () => set((s) => ({ fitRequest: s.fitRequest + 1 })),
  saveStarted: () => {
    set({ saving: true });
    return get().revision;
  },
  saveSucceeded: (revision) =>
    set((s) => ({
      saving: false,
      saveError: null,
      failedRevision: null,
      serverFieldErrors: [],
      savedRevision: Math.max(s.savedRevision, revision),
    })),
  saveFailed: (message, revision, fieldErrors = []) =>
    set({ saving: false, saveError: message, failedRevision: revision, serverFieldErrors: fieldErrors }),
  setRefused: (key, message) => {
    const current = get().refused;
    if ((current[key] ?? null) === message) return;
    const next = { ...current };
    if (message === null) delete next[key];
    else next[key] = message;
    set({ refused: next });
  },
  retrySave: () => set({ failedRevision: null }),
  reset: () => set({ ...initial }),
}));

/** The state the save indicator shows: a value held back by a form is never "saved". */
export function saveStatusOf(s: Pick<SetupStoreState, 'revision' | 'savedRevision' | 'saving' | 'saveError' | 'refused'>): SaveStatus {
  if (s.saving) return 'saving';
  if (s.revision === s.savedRevision) return refusedMessage(s) === null ? 'saved' : 'refused';
  return s.saveError ? 'error' : 'pending';
}

/** The message of the first value a form holds back, or null when every value shown is written. */
export function refusedMessage(s: Pick<SetupStoreState, 'refused'>): string | null {
  return Object.values(s.refused)[0] ?? null;
}

/** The server's messages for the fields under `prefix` (`settings`, `materials.0`), by path below it. */
export function serverErrorsUnder(errors: readonly FieldError[], prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    if (!e.path.startsWith(`${prefix}.`)) continue;
    const rest = e.path.slice(prefix.length + 1);
    out[rest] ??= e.message;
  }
  return out;
}
