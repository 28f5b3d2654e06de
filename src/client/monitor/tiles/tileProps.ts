// The props every dashboard tile gets (Grafana's panel contract): its stored record, the simulation, the
// live solver log, the dashboard's graph unit, and a way to save changes of its own record.
import type { DashboardTile, GraphUnit } from '../../../domain/dashboard.ts';
import type { Simulation } from '../../../domain/simulation.ts';
import type { LiveLog } from '../useLiveLog.ts';

export interface TileProps {
  tile: DashboardTile;
  simulation: Simulation;
  log: LiveLog;
  graphUnit: GraphUnit;
  /** Saves a change of this tile (note text, graph settings) and resolves once the server has it. */
  onUpdate: (patch: Partial<Omit<DashboardTile, 'id' | 'type'>>) => Promise<void>;
}
