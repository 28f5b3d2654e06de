// The registry of dashboard tile kinds (Grafana's panel plugins): each kind's component (all take the
// same TileProps), its title and whether it has settings to edit.
import type { ComponentType } from 'react';
import type { DashboardTile, TileKind } from '../../domain/dashboard.ts';
import { BudgetTile } from './tiles/BudgetTile.tsx';
import { DetailsTile } from './tiles/DetailsTile.tsx';
import { GraphTile } from './tiles/GraphTile.tsx';
import { ImageTile } from './tiles/ImageTile.tsx';
import { JobTile } from './tiles/JobTile.tsx';
import { NoteTile } from './tiles/NoteTile.tsx';
import { ProgressTile } from './tiles/ProgressTile.tsx';
import { VariablesTile } from './tiles/VariablesTile.tsx';
import type { TileProps } from './tiles/tileProps.ts';
import { logValueTitle } from './logValues.ts';

export interface TileKindDefinition {
  component: ComponentType<TileProps>;
  /** Title in the tile's header. */
  title: (tile: DashboardTile) => string;
  /** Name in the Add tile menu. */
  label: string;
  /** Graph tiles open the graph form to edit their log value and axes. */
  editable: boolean;
  /** Size of a newly added tile, in grid cells. */
  size: { w: number; h: number };
}

export const TILE_REGISTRY: Readonly<Record<TileKind, TileKindDefinition>> = {
  details: { component: DetailsTile, title: () => 'Details', label: 'Details', editable: false, size: { w: 4, h: 2 } },
  progress: { component: ProgressTile, title: () => 'Progress', label: 'Progress', editable: false, size: { w: 4, h: 1 } },
  budget: { component: BudgetTile, title: () => 'Budget', label: 'Budget', editable: false, size: { w: 4, h: 1 } },
  variables: { component: VariablesTile, title: () => 'Variables', label: 'Variables', editable: false, size: { w: 3, h: 2 } },
  job: { component: JobTile, title: () => 'Jobs', label: 'Jobs', editable: false, size: { w: 8, h: 1 } },
  graph: {
    component: GraphTile,
    title: (tile) => tile.logValues.map((k) => logValueTitle(k)).join(', ') || 'Graph',
    label: 'Graph',
    editable: true,
    size: { w: 4, h: 2 },
  },
  note: { component: NoteTile, title: () => 'Note', label: 'Note', editable: false, size: { w: 4, h: 2 } },
  image: { component: ImageTile, title: () => 'Image', label: 'Image', editable: false, size: { w: 4, h: 2 } },
};
