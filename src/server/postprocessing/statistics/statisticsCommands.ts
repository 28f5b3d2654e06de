// The statistics commands of the realtime channel: stats.info, stats.calc and stats.cancel, with read
// access to the simulation checked as for every results command.
import type { z } from 'zod';
import { statsCalcCommandSchema, statsCancelCommandSchema, statsInfoCommandSchema } from '../../../domain/statisticsMessages.ts';
import { HttpError } from '../../http/errors.ts';
import type { JobServices } from '../../jobs/registry.ts';
import type { CommandRouter, RealtimeMessage } from '../../realtime/router.ts';
import { StatisticsComputations } from './statisticsService.ts';

function invalid(command: string, error: z.ZodError): RealtimeMessage {
  const first = error.issues[0];
  return { type: 'error', error: 'invalid_command', command, description: `${first.path.join('.') || 'message'}: ${first.message}` };
}

function accessError(command: string, simId: string, error: unknown): RealtimeMessage {
  if (error instanceof HttpError && (error.status === 403 || error.status === 404)) {
    return { type: 'error', error: error.status === 403 ? 'forbidden' : 'not_found', command, simId, description: error.message };
  }
  throw error;
}

export function registerStatisticsCommands(router: CommandRouter, services: JobServices): StatisticsComputations {
  const computations = new StatisticsComputations(services);

  router.register('stats.info', async (session, message) => {
    const parsed = statsInfoCommandSchema.safeParse(message);
    if (!parsed.success) return invalid('stats.info', parsed.error);
    try {
      return (await computations.info(session, parsed.data)) as unknown as RealtimeMessage;
    } catch (error) {
      return accessError('stats.info', parsed.data.simId, error);
    }
  });

  router.register('stats.calc', async (session, message) => {
    const parsed = statsCalcCommandSchema.safeParse(message);
    if (!parsed.success) return invalid('stats.calc', parsed.error);
    try {
      await computations.start(session, parsed.data);
    } catch (error) {
      return accessError('stats.calc', parsed.data.simId, error);
    }
  });

  router.register('stats.cancel', (session, message) => {
    const parsed = statsCancelCommandSchema.safeParse(message);
    if (!parsed.success) return invalid('stats.cancel', parsed.error);
    const canceled = computations.cancel(session, parsed.data.simId, parsed.data.calcId);
    return { type: 'stats.cancel.resp', simId: parsed.data.simId, calcId: parsed.data.calcId ?? null, canceled };
  });

  return computations;
}
