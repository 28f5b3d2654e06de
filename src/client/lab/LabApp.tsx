// The viewer lab: the product's viewer canvas and panels around generated dam-break particles or a real
// output folder, plus the renderer switch, frame timing and the benchmark hook.
import { Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { ViewerCanvas } from '../viewer/components/ViewerCanvas.tsx';
import { ColormapPanel } from '../viewer/components/ColormapPanel.tsx';
import { ClipDialog } from '../viewer/components/ClipDialog.tsx';
import { ViewModeControls } from '../viewer/components/ViewModeControls.tsx';
import { CameraControls } from '../viewer/components/CameraControls.tsx';
import { PlaybackControls } from '../viewer/components/PlaybackControls.tsx';
import { ScaleBarOverlay } from '../viewer/components/ScaleBarOverlay.tsx';
import { OutputLoadingChip } from '../viewer/components/OutputLoadingChip.tsx';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import { directoryOutputSource, outputSourceFromUrl, type OutputSource } from '../viewer/loading/outputSource.ts';
import { RendererSettingSelect } from '../viewer/components/RendererSettingSelect.tsx';
import { generateParticlesInWorker } from './generateParticles.ts';
import { damBreakParts, obstacleMovement } from './damBreak.ts';
import { installViewerHook } from './labHook.ts';
import { LabDataPanel } from './LabDataPanel.tsx';
import { LabPartsPanel } from './LabPartsPanel.tsx';
import { FrameTimeBadge } from './FrameTimeBadge.tsx';
import { viewModeOf, type LabParams } from './labParams.ts';

export function LabApp({ params }: { params: LabParams }) {
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [status, setStatus] = useState('Starting renderer…');
  const [count, setCount] = useState(params.count);

  const showGenerated = useCallback(
    async (v: Viewer, n: number) => {
      setStatus(`Generating ${n.toLocaleString('en')} particles…`);
      const data = await generateParticlesInWorker(n);
      v.setParticles({
        id: 'water',
        name: 'Water',
        spacing: data.spacing,
        fluid: true,
        arrays: {
          positions: data.positions,
          attributes: {
            velocity: { array: data.velocity, components: 3, unit: 'm/s' },
            pressure: { array: data.pressure, components: 1, unit: 'Pa' },
            density: { array: data.density, components: 1, unit: 'kg/m³' },
          },
        },
      });
      setCount(n);
      setStatus(`${n.toLocaleString('en')} generated particles`);
    },
    [],
  );

  /** Loads the first of one or more output folders; playback steps through all of them. */
  const showOutput = useCallback(async (v: Viewer, sources: OutputSource[], label: string) => {
    setStatus(`Loading ${label}…`);
    const loaded = await v.loadOutput(sources[0]);
    // The lab knows output numbers only once loaded; playback order is the URL order.
    v.setOutputs(
      sources.map((source, i) => ({ outputNo: i, source })),
      sources.length,
    );
    const n = loaded.objects.reduce((a, o) => a + o.count, 0);
    setCount(n);
    setStatus(`Output ${loaded.meta.outputNo}: ${n.toLocaleString('en')} particles`);
  }, []);

  useEffect(() => {
    if (!viewer) return;
    let cancelled = false;
    const hook = installViewerHook(viewer, params.mode, params.count);
    const run = async () => {
      if (params.parts) {
        viewer.setMeshes(
          damBreakParts().map((p) => ({
            id: p.id,
            name: p.name,
            positions: p.mesh.positions,
            indices: p.mesh.indices,
            appearance: p.id === 'tank' ? { opacity: 0.25, color: '#8fa3b8' } : { color: '#e15759', opacity: 0.9 },
          })),
        );
      }
      viewer.setMovements(obstacleMovement(), 'interpolate');
      if (params.outputs.length > 0) await showOutput(viewer, params.outputs.map((url) => outputSourceFromUrl(url)), params.outputs.join(', '));
      else await showGenerated(viewer, params.count);
      if (cancelled) return;
      viewer.setViewMode(viewModeOf(params.mode));
      await viewer.setColormap({ attribute: params.attribute });
      if (params.projection === 'orthographic') viewer.setProjection('orthographic');
      if (params.view) viewer.snapView(params.view, false);
      viewer.fitAll(false);
      await viewer.measureFrame();
      hook.count = viewer.getState().particleCount;
      hook.ready = true;
    };
    run().catch((error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      hook.error = text;
      setStatus(text);
    });
    return () => {
      cancelled = true;
    };
  }, [viewer, params, showGenerated, showOutput]);

  const canvas = (
    <div style={{ position: 'relative', flex: 1, minWidth: 0, height: '100%' }}>
      <ViewerCanvas
        options={{ renderer: params.renderer, mode: 'postprocessor', hiddenObjectKinds: params.hiddenKinds, pickParticles: params.pickParticles }}
        onViewer={setViewer}
        onError={(e) => setStatus(e.message)}
        style={{ position: 'absolute', inset: 0 }}
      />
      <ScaleBarOverlay viewer={viewer} />
      {!params.bare && (
        <Group gap={6} style={{ position: 'absolute', top: 10, left: 10 }}>
          {params.outputs.length > 0 && <OutputLoadingChip viewer={viewer} />}
          <FrameTimeBadge viewer={viewer} />
        </Group>
      )}
    </div>
  );

  if (params.bare) return <div style={{ display: 'flex', height: '100%' }}>{canvas}</div>;

  return (
    <div style={{ display: 'flex', height: '100%' }}>
      <Paper w={330} radius={0} style={{ borderRight: '1px solid #dde2e8', height: '100%' }}>
        <ScrollArea h="100%" p="xs">
          <Stack gap={8}>
            <Title order={5}>Surge viewer lab</Title>
            <RendererSettingSelect reloadOnChange />
            <LabDataPanel
              count={count}
              status={status}
              onGenerate={(n) => viewer && void showGenerated(viewer, n)}
              onOpenUrl={(url) => viewer && void showOutput(viewer, [outputSourceFromUrl(url)], url)}
              onOpenDirectory={(handle) => viewer && void directoryOutputSource(handle).then((source) => showOutput(viewer, [source], handle.name), (error: unknown) => setStatus(error instanceof Error ? error.message : String(error)))}
            />
            <ViewModeControls viewer={viewer} />
            <ColormapPanel viewer={viewer} />
            <ClipDialog viewer={viewer} />
            <CameraControls viewer={viewer} />
            <PlaybackControls viewer={viewer} />
            <LabPartsPanel viewer={viewer} />
            <Text size="xs" c="dimmed">
              Space plays, t/r switch the clip gizmo, double click fits a part.
            </Text>
          </Stack>
        </ScrollArea>
      </Paper>
      {canvas}
    </div>
  );
}
