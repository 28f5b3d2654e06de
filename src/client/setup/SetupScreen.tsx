// The Setup screen (preprocessor, spec 1 §2): object tree with the Add menu on the left, the form of the
// selected object beside it, the 3D viewport filling the rest, and a bar with the mode switch, the
// locked-setup badge, the meshing tools (Open CAD, Mesh Check Mode) and the save state.
import { Alert, Box, Button, Center, Group, Loader } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { Simulation } from '../../domain/simulation.ts';
import { validateSetup } from '../../domain/validation/validateSetup.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useServices } from '../app/services.ts';
import { ModeSwitch } from '../simulation/ModeSwitch.tsx';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import { AssemblyImport } from '../assemblies/AssemblyImport.tsx';
import { MeshingToolsMenu } from '../assemblies/MeshingToolsMenu.tsx';
import { AddObjectMenu } from './AddObjectMenu.tsx';
import { FormPanel } from './FormPanel.tsx';
import { MeshCheckPanel } from './MeshCheckPanel.tsx';
import { PreviewPanel } from './preview/PreviewPanel.tsx';
import { previewBusy, usePreviewStore } from './preview/previewStore.ts';
import { SetupPreview } from './preview/SetupPreview.ts';
import { ObjectTree } from './ObjectTree.tsx';
import { SaveStateIndicator } from './SaveStateIndicator.tsx';
import { addDeletionBoundary, togglePartVisibility } from './setupActions.ts';
import { SetupLockBadge } from './SetupLockBadge.tsx';
import { SETUP_VALIDATION_PROFILE } from './setupParts.ts';
import { useSetupStore } from './setupStore.ts';
import { SetupViewport } from './SetupViewport.tsx';
import { useSetupSession } from './useSetupSession.ts';
import { useStlFileStore } from './stlFileStore.ts';

const TREE_WIDTH_PX = 260;

export function SetupScreen({ simulation }: { simulation: Simulation }) {
  const { document, error, retry } = useSetupSession(simulation);
  const selection = useSetupStore((s) => s.selection);
  const select = useSetupStore((s) => s.select);
  const locked = useSetupStore((s) => s.locked);
  const files = useStlFileStore((s) => s.files);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [meshCheck, setMeshCheck] = useState(false);
  const { auth } = useServices();
  const [preview] = useState(() => new SetupPreview(auth));
  const previewStatus = usePreviewStore((s) => s.status);
  useEffect(() => () => preview.close(), [preview]);
  const validation = useMemo(() => (document ? validateSetup(document, { profile: SETUP_VALIDATION_PROFILE }) : null), [document]);

  if (error) {
    return (
      <Center h="100%" p="xl">
        <Alert color="red" title="The setup could not be loaded" data-testid="setup-load-error">
          {errorMessage(error)}
        </Alert>
      </Center>
    );
  }
  if (!document || !validation) {
    return (
      <Center h="100%" data-testid="setup-loading">
        <Loader />
      </Center>
    );
  }

  return (
    <Box style={{ display: 'flex', height: '100%', minHeight: 0 }} data-testid="setup-screen">
      <Box style={{ width: TREE_WIDTH_PX, flex: `0 0 ${TREE_WIDTH_PX}px`, borderRight: '1px solid var(--mantine-color-gray-3)', background: 'white', minHeight: 0 }}>
        <ObjectTree
          document={document}
          selection={selection}
          validation={validation}
          locked={locked}
          header={<AddObjectMenu document={document} locked={locked} onSelect={select} onAddDeletionBoundary={() => addDeletionBoundary(files)} />}
          onSelect={select}
          onFit={(partId) => viewer?.fitPart(partId)}
          onToggleVisibility={togglePartVisibility}
        />
      </Box>
      {selection && <FormPanel document={document} selection={selection} onClose={() => select(null)} />}
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Group justify="space-between" wrap="nowrap" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}>
          <ModeSwitch simulation={simulation} current="setup" />
          <Group gap="sm" wrap="nowrap">
            <Button
              size="compact-xs"
              variant={previewStatus === 'idle' ? 'light' : 'filled'}
              color="teal"
              disabled={!viewer || previewBusy(previewStatus)}
              onClick={() => {
                if (viewer) void preview.start(document, viewer);
              }}
              title="Run the first seconds of this setup, coarsened, on this device's GPU. Costs no credits."
              data-testid="preview-button"
            >
              Preview
            </Button>
            <MeshingToolsMenu meshCheck={{ active: meshCheck, toggle: () => setMeshCheck((on) => !on) }} />
            <Button
              size="compact-xs"
              variant={meshCheck ? 'filled' : 'light'}
              color="grape"
              onClick={() => setMeshCheck((on) => !on)}
              aria-pressed={meshCheck}
              data-testid="mesh-check-toggle"
            >
              Mesh Check Mode
            </Button>
            <SetupLockBadge simulation={simulation} />
            <SaveStateIndicator onRetry={retry} />
          </Group>
        </Group>
        <Box style={{ flex: 1, position: 'relative', minHeight: 0 }}>
          <SetupViewport document={document} viewer={viewer} onViewer={setViewer} />
          {meshCheck && <MeshCheckPanel document={document} viewer={viewer} onClose={() => setMeshCheck(false)} />}
          <PreviewPanel onStop={() => preview.stop()} onClose={() => preview.close()} />
        </Box>
        <AssemblyImport simulationId={simulation.id} setupLocked={locked} />
      </Box>
    </Box>
  );
}
