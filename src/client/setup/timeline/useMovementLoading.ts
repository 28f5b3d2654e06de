// Loads the movements of the saved setup into the viewer (spec 2 §4 'Movement loading and playback'):
// the simulation's movements, then each moving part's keyframes from the server (interpolated or stepped),
// with the spec's status texts ('Loading movements...', 'Loading movements i/n...', 'Successfully loaded
// all movements'), the keyframe-cap warning per part and 'Movements could not be interpreted.' for a reply
// of another shape. It loads again whenever a save changed the movements, the parts' names or the times.
import { useEffect, useRef, useState } from 'react';
import { geometryMovementsOfPart } from '../../../domain/kinematics.ts';
import { MESSAGES, templates } from '../../../domain/messages.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { useApi } from '../../app/services.ts';
import type { MovementMode } from '../../viewer/keyframes.ts';
import type { Viewer } from '../../viewer/ViewerEngine.ts';
import { getPartKeyframes, getSimulationMovements, KeyframesShapeError } from '../setupApi.ts';
import { useSetupStore } from '../setupStore.ts';

export interface MovementLoading {
  /** The spec's status text while loading and once loaded; null before anything moves. */
  status: string | null;
  loading: boolean;
  /** One per part whose keyframes hit the cap. */
  warnings: string[];
  error: string | null;
  /** Parts with keyframes in the viewer. */
  partCount: number;
  endTime: number;
}

const IDLE: MovementLoading = { status: null, loading: false, warnings: [], error: null, partCount: 0, endTime: 0 };

/** What the keyframes depend on: a change of anything else (a colour, an offset) loads nothing again. */
export function movementKey(document: SetupDocument): string {
  return JSON.stringify({
    movements: document.movements,
    endTime: document.settings.endTime,
    outputTimeInterval: document.settings.outputTimeInterval,
    parts: document.parts.map((p) => [p.id, p.name]),
  });
}

/** Whether any part's geometry moves. */
export function hasMovingParts(document: SetupDocument): boolean {
  return document.parts.some((p) => geometryMovementsOfPart(document.movements, p.id).length > 0);
}

export function useMovementLoading(viewer: Viewer | null, document: SetupDocument, mode: MovementMode): MovementLoading {
  const api = useApi();
  const simulationId = useSetupStore((s) => s.simulationId);
  // Keyframes come from the stored setup: load once the server has what the screen shows.
  const saved = useSetupStore((s) => s.revision === s.savedRevision && !s.saving);
  const [state, setState] = useState<MovementLoading>(IDLE);
  const loadedFor = useRef<string | null>(null);
  const key = movementKey(document);
  const moving = hasMovingParts(document);

  useEffect(() => {
    if (!viewer || !simulationId || !saved) return;
    const wanted = `${simulationId}|${mode}|${key}`;
    if (loadedFor.current === wanted) return;
    if (!moving) {
      // Nothing moves (any more): every part back at rest.
      if (loadedFor.current !== null) viewer.setMovements([], mode);
      loadedFor.current = wanted;
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const show = (patch: Partial<MovementLoading>) => {
      if (!signal.aborted) setState((s) => ({ ...s, ...patch }));
    };
    void (async () => {
      show({ status: MESSAGES.loadingMovements, loading: true, warnings: [], error: null });
      try {
        const list = await getSimulationMovements(api, simulationId, signal);
        const parts = [];
        const warnings: string[] = [];
        for (const [i, part] of list.parts.entries()) {
          show({ status: templates.loadingMovementsProgress(i + 1, list.parts.length) });
          const reply = await getPartKeyframes(api, simulationId, part.partId, mode === 'interpolate', signal);
          if (reply.capped) warnings.push(templates.keyframeCap(reply.name));
          parts.push({ partId: reply.partId, name: reply.name, keyframes: reply.keyframes });
        }
        if (signal.aborted) return;
        viewer.setMovements(parts, mode);
        loadedFor.current = wanted;
        show({ status: MESSAGES.loadedAllMovements, loading: false, warnings, partCount: parts.length, endTime: list.endTime });
      } catch (error) {
        if (signal.aborted) return;
        loadedFor.current = wanted;
        const message = error instanceof KeyframesShapeError ? MESSAGES.movementsNotInterpreted : errorMessage(error);
        show({ status: null, loading: false, error: message });
      }
    })();
    return () => controller.abort();
  }, [viewer, api, simulationId, saved, key, mode, moving]);

  return state;
}
