// The statistics commands of the realtime channel: stats.info, stats.calc and stats.cancel, with read
// access to the simulation checked as for every results command. The router has checked each command
// against the domain's schema already.
import type { RealtimeCommandError } from '../../../domain/realtimeMessages.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { JobServices } from '../../platform/jobs/registry.ts';
import type { CommandRouter } from '../../platform/realtime/router.ts';
import { StatisticsComputations } from './statisticsService.ts';

function accessError(command: string, simId: string, error: unknown): RealtimeCommandError {
  if (error instanceof HttpError && (error.status === 403 || error.status === 404)) {
    return { type: 'error', error: error.status === 403 ? 'forbidden' : 'not_found', command, simId, description: error.message };
  }
  throw error;
}

export function registerStatisticsCommands(router: CommandRouter, services: JobServices): StatisticsComputations {
  const computations = new StatisticsComputations(services);

  router.register('stats.info', async (session, command) => {
    try {
      return await computations.info(session, command);
    } catch (error) {
      return accessError('stats.info', command.simId, error);
    }
  });

  router.register('stats.calc', async (session, command) => {
    try {
      await computations.start(session, command);
    } catch (error) {
      return accessError('stats.calc', command.simId, error);
    }
  });

  router.register('stats.cancel', (session, command) => {
    const canceled = computations.cancel(session, command.simId, command.calcId);
    return { type: 'stats.cancel.resp', simId: command.simId, calcId: command.calcId ?? null, canceled };
  });

  return computations;
}
