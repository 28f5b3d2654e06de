// The assembly import modal (spec 1 §2, spec 2 §2): step '1. Organizing parts' (the structure tree of the
// imported STEP file and the part list) and step '2. Tessellation' (parts to tessellate and their meshing
// parameters). The footer reads Cancel and Next (once the import completed and a part exists), then Back and
// Import, or Re-Tessellate once a tessellation run exists. Starting one shows 'Tessellation started.' with a
// link to the Jobs Progress panel; the run is followed from there (tessellationTracking.ts).
import { Alert, Anchor, Box, Button, Group, Loader, Modal, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import useSWR, { mutate as mutateCache } from 'swr';
import {
  ASSEMBLY_MESSAGES,
  assemblyNextEnabled,
  indexAssembly,
  parseConfigurationFile,
  partsFromSelection,
  tessellateButton,
  type Assembly,
  type AssemblyComponentType,
  type AssemblyPart,
  type AssemblyPartUpdate,
} from '../../domain/assembly.ts';
import { POLL_INTERVAL_MS, TOAST_AUTO_CLOSE_MS } from '../../domain/constants.ts';
import { assemblyImporting, isJobActive } from '../../domain/jobs.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useServices } from '../app/services.ts';
import { jobsKey } from '../run/useSimulationJobs.ts';
import { useSidebarStore } from '../simulation/sidebarStore.ts';
import { toastTitle } from '../ui/toast.ts';
import { addAssemblyParts, deleteAssemblyParts, listTessellationRuns, startTessellation, updateAssemblyParts } from './assembliesApi.ts';
import { useAssemblyImportStore } from './assemblyImportStore.ts';
import { AssemblySource } from './AssemblySource.tsx';
import { DragOverlay } from './DragOverlay.tsx';
import { useDragSource, type DragPayload, type DropTarget } from './dragParts.ts';
import { PartList, TAB_OF, TYPE_OF } from './PartList.tsx';
import { StructureTree } from './StructureTree.tsx';
import { TessellationStep } from './TessellationStep.tsx';
import { tessellationRunsKey } from './tessellationTracking.ts';
import { assembliesKey, assemblyPartsKey, useAssemblies, useAssemblyParts } from './useAssemblyData.ts';

const BODY_HEIGHT = 'min(560px, calc(100vh - 260px))';

function showTessellationStarted(openJobs: () => void): void {
  notifications.show({
    title: toastTitle(MESSAGES.tessellationStarted),
    color: 'teal',
    autoClose: TOAST_AUTO_CLOSE_MS,
    'data-testid': 'toast-success',
    message: (
      <Anchor component="button" type="button" size="sm" onClick={openJobs} data-testid="toast-jobs-link">
        Follow it in Jobs Progress
      </Anchor>
    ),
  });
}

export function AssemblyImportModal({ simulationId, setupLocked }: { simulationId: string; setupLocked: boolean }) {
  const { api } = useServices();
  const { opened, step, assemblyId, close, setStep, chooseAssembly, track } = useAssemblyImportStore();
  const showPanel = useSidebarStore((s) => s.show);
  const { data: assemblies, error: listError } = useAssemblies(simulationId, opened);
  const assembly: Assembly | null = assemblies?.find((a) => a.id === assemblyId) ?? assemblies?.[0] ?? null;
  const completed = assembly?.state === 'completed';
  const { data: parts, mutate: setParts } = useAssemblyParts(completed ? assembly.id : null);
  const { data: runs } = useSWR(opened && assembly?.latestTessellationRunId ? tessellationRunsKey(simulationId) : null, ([, id]) => listTessellationRuns(api, id), {
    refreshInterval: (list) => (list?.some((r) => isJobActive(r.state)) ? POLL_INTERVAL_MS.tessellations : 0),
  });
  const run = runs?.find((r) => r.id === assembly?.latestTessellationRunId) ?? null;
  const running = run !== null && isJobActive(run.state);
  const [tab, setTab] = useState<DropTarget>('solids');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [formValid, setFormValid] = useState(true);
  const tree = useMemo(() => assembly?.assemblyMetadata ?? [], [assembly]);
  const index = useMemo(() => indexAssembly(tree), [tree]);
  const list = useMemo(() => parts ?? [], [parts]);
  const used = useMemo(() => new Set(list.flatMap((p) => p.assemblyNodeIds)), [list]);

  /** Runs a part list call: its answer is the new list; a refusal shows above the lists. */
  const change = useCallback(
    async (call: () => Promise<AssemblyPart[]>) => {
      setBusy(true);
      setFailure(null);
      try {
        await setParts(await call(), { revalidate: false });
      } catch (error) {
        setFailure(errorMessage(error));
        throw error;
      } finally {
        setBusy(false);
      }
    },
    [setParts],
  );

  const importNodes = (nodeIds: string[], merge: boolean, componentType: AssemblyComponentType = TYPE_OF[tab]) => {
    if (!assembly || nodeIds.length === 0) return;
    setTab(TAB_OF[componentType]);
    void change(() => addAssemblyParts(api, assembly.id, partsFromSelection(index, nodeIds, merge, componentType))).catch(() => undefined);
  };

  const onDrop = (payload: DragPayload, target: DropTarget) => {
    if (!assembly) return;
    if (payload.kind === 'nodes') {
      importNodes(payload.ids, false, TYPE_OF[target]);
      return;
    }
    const moving = list.filter((p) => payload.ids.includes(p.id) && TAB_OF[p.componentType] !== target);
    if (moving.length === 0) return;
    void change(() => updateAssemblyParts(api, assembly.id, moving.map((p) => ({ id: p.id, componentType: TYPE_OF[target] })))).catch(() => undefined);
  };
  const drag = useDragSource(onDrop);

  const uploadConfiguration = async (file: File) => {
    if (!assembly) return;
    const entries = parseConfigurationFile(await file.text());
    if (!entries) {
      // The spec keeps a parse failure to the log; the hint says what a configuration file holds.
      console.warn(`${file.name}: ${ASSEMBLY_MESSAGES.invalidConfiguration}`);
      return;
    }
    if (entries.length === 0) return;
    await change(() => addAssemblyParts(api, assembly.id, entries)).catch(() => undefined);
  };

  const updateParameters = useCallback(
    async (changes: AssemblyPartUpdate[]) => {
      if (!assembly || changes.length === 0) return;
      await change(() => updateAssemblyParts(api, assembly.id, changes)).catch(() => undefined);
    },
    [api, assembly, change],
  );

  const tessellate = async () => {
    if (!assembly) return;
    setBusy(true);
    setFailure(null);
    try {
      const started = await startTessellation(api, assembly.id);
      track(started.id);
      await Promise.all([mutateCache(assembliesKey(simulationId)), mutateCache(tessellationRunsKey(simulationId)), mutateCache(jobsKey(simulationId)), mutateCache(assemblyPartsKey(assembly.id))]);
      showTessellationStarted(() => showPanel('jobs'));
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const button = assembly ? tessellateButton(assembly, list, formValid) : { label: 'Import' as const, disabled: true };
  const importing = assembly !== null && assemblyImporting(assembly.state);

  return (
    <Modal
      opened={opened}
      onClose={close}
      size={1120}
      title={<Text fw={600}>Import CAD assembly</Text>}
      closeOnClickOutside={false}
      data-testid="assembly-modal"
      styles={{ body: { paddingBottom: 12 } }}
    >
      <Stack gap="sm">
        <Stepper active={step === 'organize' ? 0 : 1} size="xs" allowNextStepsSelect={false} data-testid="assembly-stepper">
          <Stepper.Step label="1. Organizing parts" />
          <Stepper.Step label="2. Tessellation" />
        </Stepper>
        <AssemblySource simulationId={simulationId} assemblies={assemblies ?? []} current={assembly} onChoose={chooseAssembly} disabled={busy} />
        {(failure || listError) && (
          <Alert color="red" variant="light" p="xs" withCloseButton onClose={() => setFailure(null)} data-testid="assembly-error">
            {failure ?? errorMessage(listError)}
          </Alert>
        )}
        <Box style={{ height: BODY_HEIGHT, minHeight: 0 }} data-testid={`assembly-step-${step}`}>
          {!assemblies ? (
            <Group justify="center" h="100%">
              <Loader size="sm" />
            </Group>
          ) : !assembly ? (
            <Group justify="center" h="100%">
              <Text c="dimmed" size="sm" data-testid="assembly-none">
                Upload a STEP file to organise its parts.
              </Text>
            </Group>
          ) : importing ? (
            <Group justify="center" h="100%" gap="xs" data-testid="assembly-importing">
              <Loader size="sm" />
              <Text size="sm">Importing {assembly.filename}…</Text>
            </Group>
          ) : assembly.state !== 'completed' ? (
            <Alert color="red" title={`${assembly.filename} could not be imported`} data-testid="assembly-import-failed">
              {assembly.tessellationErrors.map((e) => e.message).join(' ') || ASSEMBLY_MESSAGES.importFailed}
            </Alert>
          ) : step === 'organize' ? (
            <Box style={{ display: 'flex', gap: 16, height: '100%' }}>
              <Box style={{ flex: '1 1 50%', minWidth: 0 }}>
                <StructureTree tree={tree} used={used} busy={busy} onImport={(ids, merge) => importNodes(ids, merge)} onDragStart={drag.onPointerDown} consumeDragClick={drag.consumeDragClick} />
              </Box>
              <Box style={{ flex: '1 1 50%', minWidth: 0 }}>
                <PartList
                  tree={tree}
                  parts={list}
                  busy={busy}
                  tab={tab}
                  onTab={setTab}
                  onDelete={(ids) => assembly && void change(() => deleteAssemblyParts(api, assembly.id, ids)).catch(() => undefined)}
                  onUploadConfiguration={(file) => void uploadConfiguration(file)}
                  onDragStart={drag.onPointerDown}
                  consumeDragClick={drag.consumeDragClick}
                />
              </Box>
            </Box>
          ) : (
            <Stack gap="xs" h="100%">
              {setupLocked && (
                <Alert color="yellow" variant="light" p="xs" data-testid="assembly-setup-locked">
                  {MESSAGES.setupLocked}
                </Alert>
              )}
              <Box style={{ flex: 1, minHeight: 0 }}>
                <TessellationStep filename={assembly.filename} warnings={assembly.tessellationWarnings} errors={assembly.tessellationErrors} parts={list} run={run} disabled={busy} onChange={updateParameters} onValidity={setFormValid} />
              </Box>
            </Stack>
          )}
        </Box>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {assembly && completed ? `${list.length} part${list.length === 1 ? '' : 's'} from ${assembly.filename}` : ''}
          </Text>
          {step === 'organize' ? (
            <Group gap="xs">
              <Button variant="default" onClick={close} data-testid="assembly-cancel">
                Cancel
              </Button>
              <Button disabled={!assembly || !assemblyNextEnabled(assembly.state, list.length)} onClick={() => setStep('tessellate')} data-testid="assembly-next">
                Next
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button variant="default" onClick={() => setStep('organize')} data-testid="assembly-back">
                Back
              </Button>
              <Button loading={busy} disabled={button.disabled || setupLocked || running} onClick={() => void tessellate()} data-testid="assembly-tessellate">
                {button.label}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
      <DragOverlay />
    </Modal>
  );
}
