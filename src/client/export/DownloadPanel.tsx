// The Download panel of the right sidebar: the Export screen (spec 2 §2) with tab 1 'Select Data' and tab
// 2 'Download Files', which is disabled once the export has expired. Starting an export switches to it.
import { Alert, Loader, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import type { Simulation } from '../../domain/simulation.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { downloadTabEnabled } from '../../domain/userExport.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { getSetup } from '../setup/setupApi.ts';
import { getOutputMeta, listExportableOutputs } from './exportApi.ts';
import { exportChoices } from './exportModel.ts';
import { ExportFilesTab } from './ExportFilesTab.tsx';
import { ExportSelectForm } from './ExportSelectForm.tsx';
import { useUserExport } from './useUserExport.ts';

type Tab = 'select' | 'files';

export function DownloadPanel({ simulation }: { simulation: Simulation }) {
  const api = useApi();
  const id = simulation.id;
  const latest = useUserExport(id);
  const outputs = useSWR(['export-outputs', id, simulation.activeRunId], ([, sim]) => listExportableOutputs(api, sim), { refreshInterval: 10_000 });
  const setup = useSWR(['export-setup', id], ([, sim]) => getSetup(api, sim), { revalidateOnFocus: false });
  const available = (outputs.data ?? []).map((o) => o.outputNo);
  const lastOutput = available.length > 0 ? Math.max(...available) : 0;
  const meta = useSWR(available.length > 0 ? ['export-meta', id, lastOutput] : null, ([, sim, n]) => getOutputMeta(api, sim as string, n as number), { revalidateOnFocus: false });
  const record = latest.data ?? null;
  const [tab, setTab] = useState<Tab>(record && record.state !== 'expired' ? 'files' : 'select');
  const filesEnabled = downloadTabEnabled(record?.state ?? null);
  const shown: Tab = tab === 'files' && !filesEnabled ? 'select' : tab;

  const failure = latest.error ?? outputs.error ?? setup.error;
  if (failure) return <Alert color="red" title="The export could not be loaded">{errorMessage(failure)}</Alert>;
  if (latest.data === undefined || !outputs.data || !setup.data) return <Loader size="sm" />;

  return (
    <Tabs value={shown} onChange={(v) => setTab((v as Tab | null) ?? 'select')} data-testid="download-panel">
      <Tabs.List grow>
        <Tabs.Tab value="select" data-testid="export-tab-select">
          Select Data
        </Tabs.Tab>
        <Tabs.Tab value="files" disabled={!filesEnabled} data-testid="export-tab-files">
          Download Files
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="select" pt="sm">
        <Stack gap="sm">
          {record?.state === 'expired' && (
            <Alert color="orange" variant="light" data-testid="export-expired">
              {MESSAGES.exportExpired}
            </Alert>
          )}
          {available.length === 0 && <Alert color="gray" variant="light">{MESSAGES.exportMissingOutput}</Alert>}
          <ExportSelectForm
            key={record?.id ?? 'new'}
            simulationId={id}
            choices={exportChoices(setup.data, meta.data)}
            availableOutputs={available}
            lastOutput={lastOutput}
            previous={record}
            onStarted={(started) => {
              void latest.mutate(started, { revalidate: true });
              setTab('files');
            }}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="files" pt="sm">
        {record && <ExportFilesTab simulationId={id} record={record} onChanged={() => void latest.mutate()} />}
      </Tabs.Panel>
    </Tabs>
  );
}
