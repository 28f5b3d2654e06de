// The right side of the statistics panel: the table (gated by the selection status, spec 2 §4) and the
// chart windows, with the messages of §8: what to select, missing sensor or clip results, missing outputs,
// failed or cancelled computations, and the hint to press Load.
import { Alert, Button, Group, Loader, ScrollArea, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages.ts';
import { selectionStatusMessage, type SelectionStatus } from '../../../domain/statistics.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { useApi } from '../../app/services.ts';
import { showError, showSuccess } from '../../ui/toast.ts';
import { ChartWindowCard } from './ChartWindowCard.tsx';
import { resultMessage, tableRows } from './statisticsResult.ts';
import { startSensorComputation } from './statisticsApi.ts';
import { StatisticsTable } from './StatisticsTable.tsx';
import { useStatisticsStore, type StatisticsPanelMode } from './store.ts';
import type { StatisticsPanelModel } from './useStatisticsPanel.ts';

const LOADING_TEXT: Partial<Record<SelectionStatus, string>> = {
  statsLoading: 'Reading the objects of the shown output…',
  sensorsLoading: 'Sensor results are being computed…',
  masksLoading: 'Reading the volume clips…',
  operationsLoading: 'Reading what the selection offers…',
};

function Notice({ children, status }: { children: React.ReactNode; status?: string }) {
  return (
    <Stack align="center" justify="center" gap={8} h="100%" mih={120} data-testid="statistics-status" data-status={status ?? ''}>
      {children}
    </Stack>
  );
}

function ComputeSensorsButton({ simulationId }: { simulationId: string }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      data-testid="statistics-compute-sensors"
      onClick={() => {
        setBusy(true);
        startSensorComputation(api, simulationId)
          .then(() => showSuccess('Sensor computation started', 'Follow it in the Jobs Progress panel.'))
          .catch((error: unknown) => showError('Compute Sensors failed', errorMessage(error)))
          .finally(() => setBusy(false));
      }}
    >
      Compute Sensors
    </Button>
  );
}

function TableArea({ model, simulationId, outputTimeInterval }: { model: StatisticsPanelModel; simulationId: string; outputTimeInterval: number }) {
  const result = useStatisticsStore((s) => s.result);
  const blocking = selectionStatusMessage(model.status);
  if (blocking) {
    return (
      <Notice status={model.status}>
        <Text size="sm" c="dimmed" ta="center" data-testid="statistics-status-message">
          {blocking}
        </Text>
        {model.status === 'sensorResultsMissing' && <ComputeSensorsButton simulationId={simulationId} />}
        {model.status === 'masksMissing' && (
          <Button size="xs" variant="light" onClick={() => window.location.reload()} data-testid="statistics-reload">
            Reload
          </Button>
        )}
      </Notice>
    );
  }
  const loading = LOADING_TEXT[model.status];
  if (loading) {
    return (
      <Notice status={model.status}>
        <Group gap={8}>
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {loading}
          </Text>
        </Group>
      </Notice>
    );
  }
  if (model.infoError && !result) {
    return (
      <Notice status="info-error">
        <Text size="sm" c="red" data-testid="statistics-status-message">
          {model.infoError}
        </Text>
      </Notice>
    );
  }
  if (!result) {
    return (
      <Notice status="idle">
        <Text size="sm" c="dimmed" data-testid="statistics-status-message">
          {MESSAGES.statsClickLoad}
        </Text>
      </Notice>
    );
  }
  const message = resultMessage(result);
  const rows = tableRows(result, outputTimeInterval);
  return (
    <Stack gap={6} h="100%" style={{ minHeight: 0 }}>
      {result.warning && (
        <Alert color="yellow" py={4} data-testid="statistics-warning">
          <Text size="xs">{result.warning}</Text>
        </Alert>
      )}
      {message && (
        <Alert color={result.state === 'canceled' ? 'gray' : 'red'} py={4} data-testid="statistics-error" data-state={result.state}>
          <Text size="xs">{message}</Text>
        </Alert>
      )}
      {rows.length > 0 || result.state === 'running' ? (
        <div style={{ flex: 1, minHeight: 0 }}>
          <StatisticsTable result={result} outputTimeInterval={outputTimeInterval} />
        </div>
      ) : null}
    </Stack>
  );
}

function ChartsArea({ mode, outputTimeInterval, currentOutput }: { mode: StatisticsPanelMode; outputTimeInterval: number; currentOutput: number | null }) {
  const charts = useStatisticsStore((s) => s.charts);
  const { ref, width, height } = useElementSize();
  const columns = width > 1100 && charts.length > 1 ? 2 : 1;
  const chartHeight = mode === 'fullscreen' ? Math.max(300, Math.min(460, height / 2 - 12)) : Math.max(220, height - 8);
  return (
    <div ref={ref} style={{ height: '100%', minHeight: 0 }}>
      {charts.length === 0 ? (
        <Notice status="no-charts">
          <Text size="sm" c="dimmed" data-testid="statistics-charts-empty">
            {MESSAGES.statsClickLoad}
          </Text>
        </Notice>
      ) : (
        <ScrollArea h="100%" type="auto">
          <SimpleGrid cols={columns} spacing={8} data-testid="statistics-charts">
            {charts.map((w) => (
              <ChartWindowCard key={w.id} window={w} outputTimeInterval={outputTimeInterval} currentOutput={currentOutput} height={chartHeight} />
            ))}
          </SimpleGrid>
        </ScrollArea>
      )}
    </div>
  );
}

interface Props {
  model: StatisticsPanelModel;
  simulationId: string;
  mode: StatisticsPanelMode;
}

export function StatisticsResults({ model, simulationId, mode }: Props) {
  const view = useStatisticsStore((s) => s.view);
  const setView = useStatisticsStore((s) => s.setView);
  const chartCount = useStatisticsStore((s) => s.charts.length);
  const interval = model.ctx.outputTimeInterval;
  return (
    <Tabs value={view} onChange={(v) => setView(v === 'charts' ? 'charts' : 'table')} keepMounted={false} style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Tabs.List data-testid="statistics-view">
        <Tabs.Tab value="table" data-testid="statistics-tab-table">
          Table
        </Tabs.Tab>
        <Tabs.Tab value="charts" data-testid="statistics-tab-charts">
          Charts{chartCount > 0 ? ` (${chartCount})` : ''}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="table" pt={6} style={{ flex: 1, minHeight: 0 }}>
        <TableArea model={model} simulationId={simulationId} outputTimeInterval={interval} />
      </Tabs.Panel>
      <Tabs.Panel value="charts" pt={6} style={{ flex: 1, minHeight: 0 }}>
        <ChartsArea mode={mode} outputTimeInterval={interval} currentOutput={model.ctx.currentOutput} />
      </Tabs.Panel>
    </Tabs>
  );
}
