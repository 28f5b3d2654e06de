// The dashboard grid: react-grid-layout with the spec's 12 columns, 150 px rows and 16 px margins,
// dragged by the tile header only, resized from the corner, the layout handed up when a drag or resize
// stops; below 768 px the tiles stack full width in reading order, each sized to its content (charts,
// pictures and notes keep a drawing height) instead of its grid rows.
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { Stack } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import type { DashboardTile } from '../../domain/dashboard.ts';
import { GRID, NARROW_DASHBOARD_PX, changedPlacements, gridItems, readingOrder, stackedTileHeight } from './dashboardLayout.ts';
import type { TilePlacement } from './monitorApi.ts';
import { TILE_DRAG_HANDLE_CLASS } from './TileFrame.tsx';

interface Props {
  tiles: DashboardTile[];
  renderTile: (tile: DashboardTile, draggable: boolean) => ReactNode;
  onLayoutCommit: (placements: TilePlacement[]) => void;
}

export function DashboardGrid({ tiles, renderTile, onLayoutCommit }: Props) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const items = useMemo(() => gridItems(tiles), [tiles]);
  // The grid's own layout while the user drags; replaced whenever the stored tiles change.
  const [live, setLive] = useState<{ source: DashboardTile[]; layout: Layout } | null>(null);
  const layout = live && live.source === tiles ? live.layout : items;
  const narrow = mounted && width < NARROW_DASHBOARD_PX;

  const commit = (next: Layout) => {
    const placements = changedPlacements(tiles, next);
    if (placements.length > 0) onLayoutCommit(placements);
  };

  return (
    <div ref={containerRef} data-testid="dashboard-grid" data-layout={narrow ? 'stacked' : 'grid'}>
      {mounted &&
        (narrow ? (
          <Stack gap={GRID.marginPx} p={GRID.marginPx}>
            {readingOrder(items).map((item) => {
              const tile = tiles.find((t) => t.id === item.i);
              const height = tile ? stackedTileHeight(tile.type) : null;
              return tile ? (
                <div key={tile.id} style={{ height: height ?? 'auto' }} data-stacked-height={height === null ? 'content' : height}>
                  {renderTile(tile, false)}
                </div>
              ) : null;
            })}
          </Stack>
        ) : (
          <ReactGridLayout
            width={width}
            layout={layout}
            gridConfig={{ cols: GRID.columns, rowHeight: GRID.rowHeightPx, margin: [GRID.marginPx, GRID.marginPx] }}
            dragConfig={{ enabled: true, handle: `.${TILE_DRAG_HANDLE_CLASS}`, cancel: 'button, input, textarea, a' }}
            resizeConfig={{ enabled: true, handles: ['se'] }}
            onLayoutChange={(next) => setLive({ source: tiles, layout: next })}
            onDragStop={(next) => commit(next)}
            onResizeStop={(next) => commit(next)}
          >
            {tiles.map((tile) => (
              <div key={tile.id}>{renderTile(tile, true)}</div>
            ))}
          </ReactGridLayout>
        ))}
    </div>
  );
}
