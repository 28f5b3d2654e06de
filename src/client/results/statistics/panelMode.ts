// The statistics panel's modes (spec 2 §2): minimized, half-screen and fullscreen, with fullscreen
// forced below the small-screen width (spec 2 §9: 1700 px).
import { STATISTICS_SMALL_SCREEN_PX } from '../../../domain/constants.ts';
import type { StatisticsPanelMode } from './store.ts';

/** Half-screen is offered only on screens at least as wide as the small-screen threshold. */
export function halfScreenOffered(viewportWidth: number): boolean {
  return viewportWidth >= STATISTICS_SMALL_SCREEN_PX;
}

/** The mode the panel shows in: half-screen becomes fullscreen on a small screen. */
export function effectivePanelMode(mode: StatisticsPanelMode, viewportWidth: number): StatisticsPanelMode {
  return mode === 'half' && !halfScreenOffered(viewportWidth) ? 'fullscreen' : mode;
}

/** Opening the panel from its minimized bar: half-screen where offered, fullscreen otherwise. */
export function openedPanelMode(viewportWidth: number): StatisticsPanelMode {
  return halfScreenOffered(viewportWidth) ? 'half' : 'fullscreen';
}
