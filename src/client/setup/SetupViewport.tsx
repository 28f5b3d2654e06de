// The Setup viewport: draws the case through the viewer engine (parts with their appearance, the
// deletion boundary frame, shown seed points, the part an add form previews), keeps the engine's
// selection and the tree's in step (Ctrl-click selects several in the canvas, the last one's form open;
// double click fits the camera to the part), fits the camera on the first scene, names what the pointer is
// over ('Deletion Boundary' anywhere over the boundary's box where no part is), and plays the parts'
// movements on the global timeline.
import { Alert, Box, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SetupDocument } from '../../domain/setup.ts';
import { useServices } from '../app/services.ts';
import { CameraControls } from '../viewer/components/CameraControls.tsx';
import { useViewerState } from '../viewer/components/useViewerState.ts';
import { ViewerCanvas } from '../viewer/components/ViewerCanvas.tsx';
import type { MovementMode } from '../viewer/keyframes.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import {
  buildSceneMeshes, DELETION_BOUNDARY_MESH_ID, SEED_POINT_MESH_PREFIX, SENSOR_MESH_PREFIX, VOLUME_CLIP_MESH_PREFIX, sceneGeometryKey, setupMeasureMeshId,
} from './sceneMeshes.ts';
import { measureFileIds } from '../measure/measureObjects.ts';
import { previewDrawsFluid, usePreviewStore } from './preview/previewStore.ts';
import { isSubmitForm, sameSelection, type SetupSelection } from './setupSelection.ts';
import { useSetupStore } from './setupStore.ts';
import { useStlFileStore } from './stlFileStore.ts';
import { SetupTimeline } from './timeline/SetupTimeline.tsx';
import { hasMovingParts, useMovementLoading } from './timeline/useMovementLoading.ts';

interface Props {
  document: SetupDocument;
  viewer: Viewer | null;
  onViewer: (viewer: Viewer | null) => void;
}

/** Engine mesh ids that stand for the selection. */
function selectedMeshIds(selection: SetupSelection | null): string[] {
  if (selection?.form === 'part') return [selection.partId];
  if (selection?.form === 'calcDomain') return [DELETION_BOUNDARY_MESH_ID];
  if (selection?.form === 'sensor') return [setupMeasureMeshId('sensor', selection.sensorId)];
  if (selection?.form === 'volumeClip') return [setupMeasureMeshId('volumeClip', selection.volumeClipId)];
  return [];
}

/** The selection a canvas pick stands for; undefined when the pick does not change what is open. */
function selectionOfMesh(id: string | undefined, current: SetupSelection | null): SetupSelection | null | undefined {
  if (id === undefined) {
    const picked = current?.form === 'part' || current?.form === 'calcDomain' || current?.form === 'sensor' || current?.form === 'volumeClip';
    return picked ? null : undefined;
  }
  if (id === DELETION_BOUNDARY_MESH_ID) return { form: 'calcDomain' };
  if (id.startsWith(SENSOR_MESH_PREFIX)) return { form: 'sensor', sensorId: id.slice(SENSOR_MESH_PREFIX.length) };
  if (id.startsWith(VOLUME_CLIP_MESH_PREFIX)) return { form: 'volumeClip', volumeClipId: id.slice(VOLUME_CLIP_MESH_PREFIX.length) };
  const partId = id.startsWith(SEED_POINT_MESH_PREFIX) ? id.slice(SEED_POINT_MESH_PREFIX.length) : id;
  return { form: 'part', partId };
}

export function SetupViewport({ document, viewer, onViewer }: Props) {
  const { auth } = useServices();
  const files = useStlFileStore((s) => s.files);
  const failures = useStlFileStore((s) => s.failures);
  const ensureFiles = useStlFileStore((s) => s.ensure);
  const shownSeedPoints = useSetupStore((s) => s.shownSeedPoints);
  const draft = useSetupStore((s) => s.draft);
  const draftMeasure = useSetupStore((s) => s.draftMeasure);
  const selection = useSetupStore((s) => s.selection);
  const fitRequest = useSetupStore((s) => s.fitRequest);
  const previewing = usePreviewStore((s) => previewDrawsFluid(s.status));
  const [error, setError] = useState<string | null>(null);
  const [movementMode, setMovementMode] = useState<MovementMode>('interpolate');
  const movementLoading = useMovementLoading(viewer, document, movementMode);
  const showTimeline = hasMovingParts(document) || movementLoading.error !== null;
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const fitted = useRef(false);
  const fittedRequest = useRef(0);
  const hovered = useViewerState(viewer, (s) => s.hovered);
  const engineSelection = useViewerState(viewer, (s) => s.selection);
  const meshCount = useViewerState(viewer, (s) => s.parts.length);
  const particleCount = useViewerState(viewer, (s) => s.particleCount);
  const cameraTarget = useViewerState(viewer, (s) => s.camera?.target.map((v) => v.toPrecision(4)).join(' ') ?? '');

  const scene = useMemo(() => {
    const withPart = draft && !document.parts.some((p) => p.id === draft.id) ? { ...document, parts: [...document.parts, draft] } : document;
    if (draftMeasure && 'sensor' in draftMeasure) return { ...withPart, sensors: [...withPart.sensors, draftMeasure.sensor] };
    if (draftMeasure && 'volumeClip' in draftMeasure) return { ...withPart, volumeClips: [...withPart.volumeClips, draftMeasure.volumeClip] };
    return withPart;
  }, [document, draft, draftMeasure]);
  const partFileIds = useMemo(
    () => scene.parts.flatMap((p) => (p.shape.type === 'stl' && p.shape.fileId ? [p.shape.fileId] : [])),
    [scene.parts],
  );
  const fileIds = useMemo(() => [...partFileIds, ...measureFileIds(scene)], [partFileIds, scene]);
  useEffect(() => ensureFiles(auth, fileIds), [auth, ensureFiles, fileIds]);

  const geometryKey = useMemo(() => sceneGeometryKey(scene, { files, shownSeedPoints }), [scene, files, shownSeedPoints]);
  // The first framing waits for uploaded geometry to arrive, so that it frames the whole case.
  const hasParts = document.parts.length > 0 && partFileIds.every((id) => files.has(id) || failures.has(id));
  const latest = useRef({ scene, files, shownSeedPoints, selection, fitRequest, hasParts });
  useEffect(() => {
    latest.current = { scene, files, shownSeedPoints, selection, fitRequest, hasParts };
  });

  // Geometry: rebuilt only when shapes, placement, the boundary or shown seed points change.
  useEffect(() => {
    if (!viewer) return;
    const { scene: current, files: loaded, shownSeedPoints: seeds, selection: selected, hasParts } = latest.current;
    const meshes = buildSceneMeshes(current, { files: loaded, shownSeedPoints: seeds });
    try {
      viewer.setMeshes(meshes);
      // New meshes start at rest: put the moving ones where the timeline has them.
      viewer.setMovementProgress(viewer.getState().movement.progress);
      viewer.setSelection(selectedMeshIds(selected));
      // The case as it opens is framed once; an add form's preview alone does not count.
      if (!fitted.current && hasParts && meshes.length > 0) {
        fitted.current = true;
        fittedRequest.current = latest.current.fitRequest;
        viewer.fitAll(false);
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [viewer, geometryKey]);

  // After adding a part or the boundary the camera frames the whole case again.
  useEffect(() => {
    if (!viewer || fitRequest === fittedRequest.current) return;
    fittedRequest.current = fitRequest;
    fitted.current = true;
    viewer.fitAll(true);
  }, [viewer, fitRequest, geometryKey]);

  // Appearance: applied to the existing meshes. While a preview shows, its particles stand in for the
  // fluid parts, whose meshes would otherwise hide them.
  const appearanceKey = JSON.stringify(scene.parts.map((p) => [p.id, p.appearance]));
  useEffect(() => {
    if (!viewer) return;
    for (const part of latest.current.scene.parts) {
      const { visibility, color, opacity, translucent, wireframe } = part.appearance;
      const fluid = part.component.type === 'flow' || part.component.type === 'filling';
      viewer.setMeshAppearance(part.id, { visibility: visibility && !(previewing && fluid), color, opacity, translucent, wireframe });
    }
  }, [viewer, appearanceKey, previewing]);

  // Tree -> canvas. A change the canvas made itself (a Ctrl-click keeps several objects selected, the
  // last one's form open) is left as the canvas has it.
  const canvasDriven = useRef(false);
  useEffect(() => {
    if (!viewer) return;
    if (canvasDriven.current) {
      canvasDriven.current = false;
      return;
    }
    const ids = selectedMeshIds(selection);
    if (JSON.stringify(viewer.getState().selection) !== JSON.stringify(ids)) viewer.setSelection(ids);
  }, [viewer, selection]);

  // Canvas -> tree and forms: the object clicked last opens its form.
  useEffect(() => {
    if (!viewer) return;
    return viewer.subscribe((state, previous) => {
      if (state.selection === previous.selection) return;
      const store = useSetupStore.getState();
      const next = selectionOfMesh(state.selection[state.selection.length - 1], store.selection);
      if (next !== undefined && !sameSelection(next, store.selection)) {
        canvasDriven.current = true;
        store.select(next);
      }
    });
  }, [viewer]);

  // Hover and selection are ignored while an add form is open.
  useEffect(() => {
    viewer?.setFormOpen(isSubmitForm(selection));
  }, [viewer, selection]);

  const hoverLabel =
    hovered === DELETION_BOUNDARY_MESH_ID
      ? 'Deletion Boundary'
      : hovered
        ? (scene.parts.find((p) => p.id === hovered || `${SEED_POINT_MESH_PREFIX}${p.id}` === hovered)?.name ??
          scene.sensors.find((s) => setupMeasureMeshId('sensor', s.id) === hovered)?.name ??
          scene.volumeClips.find((c) => setupMeasureMeshId('volumeClip', c.id) === hovered)?.name ??
          null)
        : null;

  return (
    <Box
      style={{ position: 'absolute', inset: 0 }}
      data-testid="setup-viewport"
      data-mesh-count={meshCount}
      data-particle-count={particleCount}
      data-camera-target={cameraTarget}
      data-selection={engineSelection.join(' ')}
      data-hovered={hovered ?? ''}
      onPointerMove={(event) => {
        const rect = event.currentTarget.getBoundingClientRect();
        setPointer({ x: event.clientX - rect.left, y: event.clientY - rect.top });
      }}
      onPointerLeave={() => setPointer(null)}
    >
      <ViewerCanvas
        options={{ mode: 'preprocessor' }}
        onViewer={onViewer}
        onError={(e) => setError(e.message)}
        style={{ width: '100%', height: '100%', background: 'linear-gradient(#f4f6f9, #dfe4ea)' }}
      />
      {hoverLabel && pointer && (
        <Paper
          shadow="sm"
          px={8}
          py={2}
          radius="sm"
          data-testid="viewport-tooltip"
          style={{ position: 'absolute', left: pointer.x + 14, top: pointer.y + 14, pointerEvents: 'none', background: 'rgba(33,37,41,0.9)', color: 'white', fontSize: 12 }}
        >
          {hoverLabel}
        </Paper>
      )}
      {document.parts.length === 0 && !draft && (
        <Stack align="center" justify="center" gap={4} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} data-testid="viewport-empty">
          <Text fw={600} c="dimmed">
            Nothing to show yet
          </Text>
          <Text size="sm" c="dimmed">
            Add a solid and a fluid from the Add menu to build the case.
          </Text>
        </Stack>
      )}
      <Box style={{ position: 'absolute', right: 12, bottom: 12, width: 230 }}>
        <CameraControls viewer={viewer} />
      </Box>
      {showTimeline && (
        <Box style={{ position: 'absolute', left: 12, bottom: 12, width: 'min(460px, calc(100% - 266px))' }}>
          <SetupTimeline viewer={viewer} loading={movementLoading} mode={movementMode} onMode={setMovementMode} />
        </Box>
      )}
      {error && (
        <Alert color="red" variant="light" title="The 3D view could not start" style={{ position: 'absolute', left: 12, right: 12, top: 12 }} data-testid="viewport-error">
          {error}
        </Alert>
      )}
    </Box>
  );
}
