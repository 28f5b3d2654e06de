// Results (spec 2 §2 postprocessor): the run's outputs in the 3D canvas through the viewer engine, with
// the colormap panel, the output loading chip, playback, the canvas actions (solid and fluid view mode,
// arrows, clip, Save Image, camera), the output's objects picked in the canvas (hover names them, click
// selects, Ctrl-click adds or removes, double click fits the camera) and the statistics panel below the
// canvas, which analyses that selection. Visible volume clips cut the particles (data-kept: how many
// the GPU keeps). The viewer's decoding workers fetch the output files with the token.
import { Alert, Box, Group, Loader, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { ResultsSelection } from './ResultsSelection.tsx';
import { DEFAULT_OUTPUT_ESTIMATE } from '../../domain/constants.ts';
import type { OutputListEntry } from '../../domain/runOutputs.ts';
import { outputCount } from '../../domain/settings.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { AssemblyImport } from '../assemblies/AssemblyImport.tsx';
import { MeshingToolsMenu } from '../assemblies/MeshingToolsMenu.tsx';
import { useSetupDocument } from '../monitor/useSetupDocument.ts';
import { ModeSwitch } from '../simulation/ModeSwitch.tsx';
import { ColormapPanel } from '../viewer/components/ColormapPanel.tsx';
import { OutputLoadingChip } from '../viewer/components/OutputLoadingChip.tsx';
import { ScaleBarOverlay } from '../viewer/components/ScaleBarOverlay.tsx';
import { useViewerState } from '../viewer/components/useViewerState.ts';
import { ViewerCanvas } from '../viewer/components/ViewerCanvas.tsx';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import { CanvasActions } from './CanvasActions.tsx';
import { MeasurePanel } from './measure/MeasurePanel.tsx';
import { HIDDEN_OBJECT_KINDS } from './outputFolderSource.ts';
import { viewableOutputs } from './outputList.ts';
import { ResultsTimeline } from './ResultsTimeline.tsx';
import { StatisticsPanel } from './statistics/StatisticsPanel.tsx';
import { useOutputs } from './useOutputs.ts';
import { useResultsViewer } from './useResultsViewer.ts';

const OVERLAY = { position: 'absolute', zIndex: 2 } as const;
const NO_OUTPUTS: readonly OutputListEntry[] = [];

export function ResultsScreen({ simulation }: { simulation: Simulation }) {
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [canvasError, setCanvasError] = useState<string | null>(null);
  const outputs = useOutputs(simulation.id, simulation.state);
  const { data: setup, isLoading: setupLoading } = useSetupDocument(simulation.id, simulation.activeRunId);
  const expectedTotal = setup ? outputCount(setup.settings) : Math.round(DEFAULT_OUTPUT_ESTIMATE);
  const { loadingFirst, error } = useResultsViewer(viewer, simulation.id, outputs.data, expectedTotal);
  const particleCount = useViewerState(viewer, (s) => s.particleCount);
  const keptCount = useViewerState(viewer, (s) => s.keptCount);
  const volumeCuts = useViewerState(viewer, (s) => s.volumeCuts.join(' '));
  const backend = useViewerState(viewer, (s) => s.backend);
  const viewable = viewableOutputs(outputs.data ?? []);
  const outputIndex = useViewerState(viewer, (s) => s.playback.outputIndex);
  const shownOutputNo = viewable[outputIndex]?.outputNo ?? null;
  const viewerSelection = useViewerState(viewer, (s) => s.selection);
  const hovered = useViewerState(viewer, (s) => s.hovered);
  const arrowCount = useViewerState(viewer, (s) => s.arrows.count);
  const objects = useViewerState(viewer, (s) => s.objects);
  const cameraTarget = useViewerState(viewer, (s) => s.camera?.target.map((v) => v.toPrecision(4)).join(' ') ?? '');
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const hoverLabel = hovered ? (objects.find((o) => o.id === hovered)?.name ?? null) : null;
  const problem = canvasError ?? error ?? (outputs.error && !outputs.data ? errorMessage(outputs.error) : null);

  return (
    <Box
      data-testid="simulation-page-results"
      data-particles={particleCount}
      data-kept={keptCount ?? ''}
      data-volume-cuts={volumeCuts}
      data-backend={backend ?? ''}
      data-outputs={viewable.length}
      data-selection={viewerSelection.join(' ')}
      data-hovered={hovered ?? ''}
      data-arrows={arrowCount}
      data-camera-target={cameraTarget}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 460 }}
    >
      <Group justify="space-between" wrap="nowrap" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}>
        <ModeSwitch simulation={simulation} current="results" />
        <Group gap="sm" wrap="nowrap">
          <OutputLoadingChip viewer={viewer} />
          <MeshingToolsMenu />
        </Group>
      </Group>
      <Box style={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          style={{ position: 'relative', flex: 1, minHeight: 0, overflow: 'hidden', background: 'linear-gradient(#f4f6f9, #dfe4ea)' }}
          onPointerMove={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            setPointer({ x: event.clientX - rect.left, y: event.clientY - rect.top });
          }}
          onPointerLeave={() => setPointer(null)}
        >
          <ViewerCanvas
            options={{ mode: 'postprocessor', cameraStorageKey: `results:${simulation.id}`, hiddenObjectKinds: HIDDEN_OBJECT_KINDS }}
            onViewer={setViewer}
            onError={(e) => setCanvasError(`The 3D view could not start: ${e.message}`)}
            style={{ position: 'absolute', inset: 0 }}
          />
          <ScaleBarOverlay viewer={viewer} />

          <Box style={{ ...OVERLAY, top: 12, left: 12, width: 272 }}>
            <ColormapPanel viewer={viewer} />
          </Box>

          <Box style={{ ...OVERLAY, top: 12, right: 12 }}>
            <CanvasActions viewer={viewer} simulation={simulation} outputNo={shownOutputNo} />
          </Box>

          <Box style={{ ...OVERLAY, top: 12, right: 144, width: 280 }}>
            <MeasurePanel simulationId={simulation.id} setup={setup} outputs={outputs.data ?? NO_OUTPUTS} currentOutput={shownOutputNo} viewer={viewer} />
          </Box>

          <Box style={{ ...OVERLAY, top: 12, left: '50%', transform: 'translateX(-50%)' }}>
            <ResultsSelection viewer={viewer} />
          </Box>

          {hoverLabel && pointer && (
            <Paper
              shadow="sm"
              px={8}
              py={2}
              radius="sm"
              data-testid="results-hover-label"
              style={{ ...OVERLAY, left: pointer.x + 14, top: pointer.y + 14, pointerEvents: 'none', background: 'rgba(33,37,41,0.9)', color: 'white', fontSize: 12 }}
            >
              {hoverLabel}
            </Paper>
          )}

          {(loadingFirst || problem || (outputs.data && viewable.length === 0)) && (
            <Box style={{ ...OVERLAY, top: '40%', left: '50%', transform: 'translate(-50%, -50%)' }}>
              {problem ? (
                <Alert color="red" variant="filled" title="The results could not be shown" maw={460} data-testid="results-error">
                  {problem}
                </Alert>
              ) : loadingFirst ? (
                <Paper withBorder p="sm" radius="md" shadow="sm" data-testid="results-loading">
                  <Group gap={8}>
                    <Loader size="xs" />
                    <Text size="sm">Loading the newest output…</Text>
                  </Group>
                </Paper>
              ) : (
                <Paper withBorder p="md" radius="md" shadow="sm" maw={380} data-testid="results-waiting">
                  <Text size="sm" fw={600}>
                    No outputs yet
                  </Text>
                  <Text size="xs" c="dimmed">
                    The solver writes an output every {setup ? `${setup.settings.outputTimeInterval} s` : 'output interval'} of simulated time. They appear here as
                    soon as they are ready.
                  </Text>
                </Paper>
              )}
            </Box>
          )}

          <Box style={{ ...OVERLAY, bottom: 14, left: '50%', transform: 'translateX(-50%)' }}>
            <ResultsTimeline viewer={viewer} outputs={viewable} />
          </Box>
        </Box>
        <AssemblyImport simulationId={simulation.id} setupLocked={simulation.setupLocked} />
        <StatisticsPanel
          simulationId={simulation.id}
          outputs={outputs.data ?? NO_OUTPUTS}
          setup={setup}
          setupLoading={setupLoading}
          currentOutput={shownOutputNo}
          viewerSelection={viewerSelection}
        />
      </Box>
    </Box>
  );
}
