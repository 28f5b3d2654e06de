// Grid rules of the Monitor (Grafana's DashboardGrid): 12 columns, 150 px rows, 16 px margins, a tile's
// {x, y, w, h} in cells, kept inside the columns; narrow screens stack the tiles full width in reading
// order, each as tall as its content. Pure functions over tiles, shared by the grid component and its tests.
import { DASHBOARD_GRID_COLUMNS, DASHBOARD_MARGIN_PX, DASHBOARD_ROW_HEIGHT_PX } from '../../domain/constants.ts';
import { tileMinSize, type DashboardTile, type TileKind } from '../../domain/dashboard.ts';
import type { TilePlacement } from './monitorApi.ts';

export const GRID = {
  columns: DASHBOARD_GRID_COLUMNS,
  rowHeightPx: DASHBOARD_ROW_HEIGHT_PX,
  marginPx: DASHBOARD_MARGIN_PX,
} as const;

/** Below this container width tiles are stacked full width (no drag, no resize). */
export const NARROW_DASHBOARD_PX = 768;

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW: number;
  minH: number;
}

/** The grid items of tiles, clamped into the columns and to each kind's smallest size. */
export function gridItems(tiles: readonly DashboardTile[]): GridItem[] {
  return tiles.map((t) => {
    const min = tileMinSize[t.type];
    const w = Math.min(GRID.columns, Math.max(min.w, t.w));
    const x = Math.max(0, Math.min(t.x, GRID.columns - w));
    return { i: t.id, x, y: Math.max(0, t.y), w, h: Math.max(min.h, t.h), minW: min.w, minH: min.h };
  });
}

/** Tiles in reading order (row by row, left to right): the order of the stacked narrow layout. */
export function readingOrder<T extends Pick<DashboardTile, 'x' | 'y'>>(tiles: readonly T[]): T[] {
  return [...tiles].sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * Kinds whose content fills whatever area it is given (a chart, a picture, a text area) rather than
 * having a height of its own; stacked on a narrow screen they keep a fixed drawing height.
 */
const FILLING_KINDS: readonly TileKind[] = ['graph', 'image', 'note'];

/** Height of a filling tile stacked on a narrow screen: two grid rows. */
export const STACKED_FILL_HEIGHT_PX = 2 * GRID.rowHeightPx + GRID.marginPx;

/**
 * Height of a tile stacked on a narrow screen: its content's own height (null: as tall as it needs,
 * no grid-row gaps), or a fixed drawing height for kinds that fill their area.
 */
export function stackedTileHeight(kind: TileKind): number | null {
  return FILLING_KINDS.includes(kind) ? STACKED_FILL_HEIGHT_PX : null;
}

/** Pixel height of a tile of h rows: rows plus the margins between them. */
export function tileHeightPx(h: number): number {
  return h * GRID.rowHeightPx + (h - 1) * GRID.marginPx;
}

/** Placements from a grid layout that differ from the stored tiles (empty when nothing moved). */
export function changedPlacements(tiles: readonly DashboardTile[], layout: readonly Pick<GridItem, 'i' | 'x' | 'y' | 'w' | 'h'>[]): TilePlacement[] {
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const changed = layout.some((item) => {
    const t = byId.get(item.i);
    return t !== undefined && (t.x !== item.x || t.y !== item.y || t.w !== item.w || t.h !== item.h);
  });
  if (!changed) return [];
  return layout.filter((item) => byId.has(item.i)).map((item) => ({ id: item.i, x: item.x, y: item.y, w: item.w, h: item.h }));
}

export function applyPlacements(tiles: readonly DashboardTile[], placements: readonly TilePlacement[]): DashboardTile[] {
  const byId = new Map(placements.map((p) => [p.id, p]));
  return tiles.map((t) => {
    const p = byId.get(t.id);
    return p ? { ...t, x: p.x, y: p.y, w: p.w, h: p.h } : t;
  });
}

/** Where a new tile of size w x h goes: the first row below every existing tile, at the left. */
export function placeNewTile(tiles: readonly Pick<DashboardTile, 'y' | 'h'>[], size: { w: number; h: number }): { x: number; y: number; w: number; h: number } {
  const bottom = tiles.reduce((m, t) => Math.max(m, t.y + t.h), 0);
  return { x: 0, y: bottom, w: Math.min(GRID.columns, size.w), h: size.h };
}
