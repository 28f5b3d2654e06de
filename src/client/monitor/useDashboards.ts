// The dashboard views of a simulation and the changes the Monitor makes to them. Every change shows at
// once (the cached views are updated first) and is undone with a message when the server refuses it.
import useSWR from 'swr';
import { createTile, type DashboardTile, type DashboardView, type GraphForm, type TileKind } from '../../domain/dashboard.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { showError } from '../ui/toast.ts';
import { applyPlacements, placeNewTile } from './dashboardLayout.ts';
import {
  addDashboardTile,
  createDashboardView,
  deleteDashboardTile,
  listDashboards,
  updateDashboardView,
  updateDashboardTile,
  type TilePlacement,
} from './monitorApi.ts';
import { TILE_REGISTRY } from './tileRegistry.ts';

export function dashboardsKey(simulationId: string) {
  return ['dashboards', simulationId] as const;
}

type TilePatch = Partial<Omit<DashboardTile, 'id' | 'type'>>;

export function useDashboards(simulationId: string) {
  const api = useApi();
  const query = useSWR(dashboardsKey(simulationId), ([, id]) => listDashboards(api, id), { revalidateOnFocus: false });
  const { mutate } = query;

  const updateView = (viewId: string, change: (view: DashboardView) => DashboardView) =>
    mutate((views) => views?.map((v) => (v.id === viewId ? change(v) : v)), { revalidate: false });

  /** Runs `action` after showing `optimistic`; reloads the views and reports when the server refuses. */
  const withRollback = async <T>(optimistic: () => Promise<unknown>, action: () => Promise<T>, failure: string): Promise<T> => {
    await optimistic();
    try {
      return await action();
    } catch (error) {
      void mutate();
      showError(failure, errorMessage(error));
      throw error;
    }
  };

  return {
    ...query,
    commitLayout: (viewId: string, placements: TilePlacement[]) =>
      withRollback(
        () => updateView(viewId, (v) => ({ ...v, tiles: applyPlacements(v.tiles, placements) })),
        () => updateDashboardView(api, viewId, { layout: placements }),
        'The layout was not saved',
      ).catch(() => undefined),

    updateTile: async (viewId: string, tileId: string, patch: TilePatch): Promise<void> => {
      const saved = await withRollback(
        () => updateView(viewId, (v) => ({ ...v, tiles: v.tiles.map((t) => (t.id === tileId ? { ...t, ...patch } : t)) })),
        () => updateDashboardTile(api, tileId, patch),
        'The tile was not saved',
      );
      await updateView(viewId, (v) => ({ ...v, tiles: v.tiles.map((t) => (t.id === tileId ? saved : t)) }));
    },

    addTile: async (view: DashboardView, kind: TileKind, graph?: GraphForm): Promise<void> => {
      const place = placeNewTile(view.tiles, TILE_REGISTRY[kind].size);
      const { id: _id, ...draft } = createTile({ type: kind, ...place, logValues: graph?.logValues });
      const tile = graph ? { ...draft, ...graph } : draft;
      try {
        const saved = await addDashboardTile(api, view.id, tile);
        await updateView(view.id, (v) => ({ ...v, tiles: [...v.tiles, saved] }));
      } catch (error) {
        showError('The tile was not added', errorMessage(error));
        throw error;
      }
    },

    removeTile: (viewId: string, tileId: string) =>
      withRollback(
        () => updateView(viewId, (v) => ({ ...v, tiles: v.tiles.filter((t) => t.id !== tileId) })),
        () => deleteDashboardTile(api, tileId),
        'The tile was not removed',
      ).catch(() => undefined),

    /** Save layout: keeps the current tiles as a new named view; Load template: a new view from a template. */
    createView: async (input: { name: string; tiles?: DashboardTile[]; templateId?: string }): Promise<DashboardView> => {
      const created = await createDashboardView(api, simulationId, input);
      await mutate((views) => [...(views ?? []), created], { revalidate: false });
      return created;
    },
  };
}
