// Channel upkeep: the heartbeat (ping -> pong). Sync and the simulation commands are registered by the
// run backend (src/server/runs/runs.realtime.ts).
import type { CommandRouter } from './router.ts';

export function registerSystemCommands(router: CommandRouter): void {
  router.register('ping', () => ({ type: 'pong' }));
}
