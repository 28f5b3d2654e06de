// The Monitor (spec 1 §2): the simulation's dashboard views on a 12-column grid of tiles fed live by
// the realtime channel, with the view selector, Save layout, the graph unit switch and Add tile.
import { Alert, Badge, Box, Button, Group, Loader, Menu, SegmentedControl, Select, Text, Tooltip } from '@mantine/core';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { DashboardTile, DashboardView, GraphForm, GraphUnit, TileKind } from '../../domain/dashboard.ts';
import { tileKinds } from '../../domain/dashboard.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { RUNNING_GROUP } from '../../domain/simulationState.ts';
import { templateNameSchema, viewNameSchema } from '../../domain/validation/names.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useServices } from '../app/services.ts';
import { ModeSwitch } from '../simulation/ModeSwitch.tsx';
import { Icon } from '../ui/Icon.tsx';
import { DashboardGrid } from './DashboardGrid.tsx';
import { GraphFormModal } from './GraphFormModal.tsx';
import { useMonitorStore } from './monitorStore.ts';
import { NameModal } from './NameModal.tsx';
import { TemplatesModal } from './TemplatesModal.tsx';
import { useDashboardTemplates } from './useDashboardTemplates.ts';
import { TileFrame } from './TileFrame.tsx';
import { TILE_REGISTRY } from './tileRegistry.ts';
import { useDashboards } from './useDashboards.ts';
import { useLiveLog } from './useLiveLog.ts';

type GraphEditing = { tile: DashboardTile | null } | null;
type ViewDialog = 'save-view' | 'save-template' | 'load-template' | 'manage-templates' | null;

function useRealtimeStatus() {
  const { realtime } = useServices();
  return useSyncExternalStore(
    (notify) => realtime.onStatus(notify),
    () => realtime.getStatus(),
  );
}

/** The view to show: the one chosen, else the default view, else the first. */
export function currentView(views: readonly DashboardView[], chosen: string | undefined): DashboardView | null {
  return views.find((v) => v.id === chosen) ?? views.find((v) => v.default) ?? views[0] ?? null;
}

export function MonitorScreen({ simulation }: { simulation: Simulation }) {
  const log = useLiveLog(simulation.id, simulation.state, simulation.activeRunId);
  const dashboards = useDashboards(simulation.id);
  const graphUnit = useMonitorStore((s) => s.graphUnit);
  const setGraphUnit = useMonitorStore((s) => s.setGraphUnit);
  const chosenView = useMonitorStore((s) => s.viewBySimulation[simulation.id]);
  const selectView = useMonitorStore((s) => s.selectView);
  const status = useRealtimeStatus();
  const [graphEditing, setGraphEditing] = useState<GraphEditing>(null);
  const [dialog, setDialog] = useState<ViewDialog>(null);
  const templates = useDashboardTemplates(dialog === 'save-template');

  const views = useMemo(() => dashboards.data ?? [], [dashboards.data]);
  const view = currentView(views, chosenView);
  const running = RUNNING_GROUP.includes(simulation.state);
  const live = status === 'connected';

  const submitGraph = async (values: GraphForm) => {
    if (!view) return;
    if (graphEditing?.tile) await dashboards.updateTile(view.id, graphEditing.tile.id, values);
    else await dashboards.addTile(view, 'graph', values);
  };

  const addTile = (kind: TileKind) => {
    if (!view) return;
    if (kind === 'graph') setGraphEditing({ tile: null });
    else void dashboards.addTile(view, kind).catch(() => undefined);
  };

  const renderTile = (tile: DashboardTile, draggable: boolean) => {
    const kind = TILE_REGISTRY[tile.type];
    const Tile = kind.component;
    return (
      <TileFrame
        tileId={tile.id}
        kind={tile.type}
        title={kind.title(tile)}
        draggable={draggable}
        onEdit={kind.editable ? () => setGraphEditing({ tile }) : undefined}
        onRemove={() => view && void dashboards.removeTile(view.id, tile.id)}
      >
        <Tile tile={tile} simulation={simulation} log={log} graphUnit={graphUnit} onUpdate={(patch) => (view ? dashboards.updateTile(view.id, tile.id, patch) : Promise.resolve())} />
      </TileFrame>
    );
  };

  return (
    <Box data-testid="simulation-page-monitor" data-log-rows={log.series.length} style={{ minHeight: '100%', background: 'var(--mantine-color-gray-0)' }}>
      <Group
        justify="space-between"
        px="md"
        py="xs"
        gap="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white', position: 'sticky', top: 0, zIndex: 3 }}
      >
        <Group gap="sm">
          <ModeSwitch simulation={simulation} current="monitor" />
          <Box w={1} h={24} bg="gray.3" />
          <Select
            aria-label="Dashboard view"
            size="xs"
            w={200}
            data={views.map((v) => ({ value: v.id, label: v.name }))}
            value={view?.id ?? null}
            onChange={(id) => id && selectView(simulation.id, id)}
            allowDeselect={false}
            disabled={views.length === 0}
            data-testid="view-select"
          />
          <Button size="xs" variant="default" onClick={() => setDialog('save-view')} disabled={!view} data-testid="save-layout">
            Save layout
          </Button>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" rightSection={<Icon name="chevronDown" size={12} />} data-testid="templates-menu">
                Templates
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setDialog('load-template')} data-testid="load-template">
                Load template
              </Menu.Item>
              <Menu.Item onClick={() => setDialog('save-template')} disabled={!view} data-testid="save-template">
                Save as template
              </Menu.Item>
              <Menu.Item onClick={() => setDialog('manage-templates')} data-testid="manage-templates">
                Manage templates
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<Icon name="plus" size={14} />} disabled={!view} data-testid="add-tile">
                Add tile
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {tileKinds.map((kind) => (
                <Menu.Item key={kind} onClick={() => addTile(kind)} data-testid={`add-tile-${kind}`}>
                  {TILE_REGISTRY[kind].label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Graphs over
          </Text>
          <SegmentedControl
            size="xs"
            value={graphUnit}
            onChange={(v) => setGraphUnit(v as GraphUnit)}
            data={[
              { value: 'time', label: 'Simulated time' },
              { value: 'runtime', label: 'Runtime' },
            ]}
            data-testid="graph-unit"
          />
          <Tooltip label={live ? 'Updates arrive as the solver writes them' : 'Waiting for the connection to the server'}>
            <Badge
              variant="dot"
              color={live ? (running ? 'teal' : 'gray') : 'orange'}
              data-testid="live-state"
              data-status={status}
            >
              {live ? (running ? 'Live' : 'Connected') : 'Offline'}
            </Badge>
          </Tooltip>
        </Group>
      </Group>

      {dashboards.error && !dashboards.data ? (
        <Alert m="md" color="red" variant="light" title="The dashboard could not be loaded" data-testid="dashboard-error">
          {errorMessage(dashboards.error)}
          <Button size="xs" variant="light" color="red" mt="sm" display="block" onClick={() => void dashboards.mutate()}>
            Try again
          </Button>
        </Alert>
      ) : !dashboards.data ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : !view ? (
        <Text c="dimmed" p="xl" ta="center" data-testid="dashboard-empty">
          This simulation has no dashboard view.
        </Text>
      ) : view.tiles.length === 0 ? (
        <Text c="dimmed" p="xl" ta="center" data-testid="dashboard-empty">
          This view has no tiles. Add one with Add tile.
        </Text>
      ) : (
        <DashboardGrid tiles={view.tiles} renderTile={renderTile} onLayoutCommit={(placements) => void dashboards.commitLayout(view.id, placements)} />
      )}

      {graphEditing && (
        <GraphFormModal tile={graphEditing.tile} series={log.series} graphUnit={graphUnit} onClose={() => setGraphEditing(null)} onSubmit={submitGraph} />
      )}
      {dialog === 'save-view' && view && (
        <NameModal
          title="Save layout"
          label="View name"
          description="The tiles and their places are kept as a new view of this simulation."
          submitLabel="Save view"
          nameSchema={viewNameSchema(views.map((v) => v.name))}
          testId="save-view"
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            const created = await dashboards.createView({ name, tiles: view.tiles });
            selectView(simulation.id, created.id);
          }}
        />
      )}
      {dialog === 'save-template' && view && (
        <NameModal
          title="Save as template"
          label="Template name"
          description={`The layout of the view ${view.name} becomes a template for every simulation.`}
          submitLabel="Save template"
          nameSchema={templateNameSchema((templates.data ?? []).map((t) => t.name))}
          testId="save-template"
          onClose={() => setDialog(null)}
          onSave={(name) => templates.create(name, view.id)}
        />
      )}
      {(dialog === 'load-template' || dialog === 'manage-templates') && (
        <TemplatesModal
          mode={dialog === 'load-template' ? 'load' : 'manage'}
          viewNames={views.map((v) => v.name)}
          onClose={() => setDialog(null)}
          onLoad={async (templateId, name) => {
            const created = await dashboards.createView({ name, templateId });
            selectView(simulation.id, created.id);
          }}
        />
      )}
    </Box>
  );
}
