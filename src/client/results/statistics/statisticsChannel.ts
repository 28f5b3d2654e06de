// The statistics commands on the realtime channel (spec 2 §7): stats.info, stats.calc with its stream of
// replies, and stats.cancel. No React here; the panel's hooks use it.
import { outputMetaSchema, type OutputMeta } from '../../../domain/output.ts';
import type { StatsCalcCommand, StatsInfoReply } from '../../../domain/statisticsMessages.ts';
import type { RealtimeCommandInput, RealtimeServerMessage } from '../../../domain/realtimeMessages.ts';
import type { RequestOptions } from '../../realtime/RealtimeChannel.ts';
import type { StatisticsReplyMessage } from './statisticsResult.ts';

/** The part of the realtime channel statistics uses (tests give a channel of their own). */
export interface StatisticsTransport {
  request(message: RealtimeCommandInput, options: RequestOptions): Promise<RealtimeServerMessage[]>;
}

export type StatsInfoAnswer = StatsInfoReply | { type: 'stats.info.missing_output'; simId: string; output: number };

const CALC_REPLIES = ['stats.started', 'stats.progress', 'output_statistic', 'all_output_statistic', 'stats.warning', 'stats.state', 'masking_error'] as const;

/** A computation that says nothing for this long (no progress, no value) is given up. */
export const STATISTICS_SILENCE_TIMEOUT_MS = 60_000;

export class StatisticsChannel {
  private readonly transport: StatisticsTransport;
  private readonly simId: string;
  /**
   * stats.info replies do not name the objects they describe, so one request at a time: each waits for
   * the one before it, and its reply is certainly its own.
   */
  private infoQueue: Promise<unknown> = Promise.resolve();

  constructor(transport: StatisticsTransport, simId: string) {
    this.transport = transport;
    this.simId = simId;
  }

  /** meta.json of an output (fetch.info): its objects and the sensors computed for it; null when missing. */
  async outputMeta(outputNo: number): Promise<OutputMeta | null> {
    const replies = await this.transport.request(
      { type: 'fetch.info', simId: this.simId, outputs: [outputNo] },
      { replies: ['fetch.info.resp', 'fetch.info.missing_output'], matches: (r) => (r.type === 'fetch.info.resp' || r.type === 'fetch.info.missing_output') && r.simId === this.simId && r.outputNo === outputNo },
    );
    const reply = replies[0];
    if (reply?.type !== 'fetch.info.resp') return null;
    const meta = outputMetaSchema.safeParse(reply.meta);
    return meta.success ? meta.data : null;
  }

  /** Operations per attribute that the objects offer in an output's raw dataset. */
  info(output: number, objIds: readonly string[]): Promise<StatsInfoAnswer> {
    const run = async () => {
      const replies = await this.transport.request(
        { type: 'stats.info', simId: this.simId, output, objIds: [...objIds], dataset: 'raw' },
        { replies: ['stats.info.resp', 'stats.info.missing_output'], matches: (r) => (r.type === 'stats.info.resp' || r.type === 'stats.info.missing_output') && r.simId === this.simId && r.output === output },
      );
      return replies[0] as StatsInfoAnswer;
    };
    const answer = this.infoQueue.then(run, run);
    this.infoQueue = answer.catch(() => undefined);
    return answer;
  }

  /**
   * Starts a computation and hands each of its replies to `onReply` as it comes; resolves once its final
   * state arrived, rejects when the server refuses the command or falls silent.
   */
  async calc(command: StatsCalcCommand, onReply: (reply: StatisticsReplyMessage) => void): Promise<void> {
    const calcId = command.calcId;
    if (!calcId) throw new Error('stats.calc needs a calcId to match its replies');
    await this.transport.request(command, {
      replies: CALC_REPLIES,
      matches: (r) => 'calcId' in r && r.simId === this.simId && r.calcId === calcId,
      onReply: (r) => onReply(r as StatisticsReplyMessage),
      done: (r) => r.type === 'stats.state',
      timeoutMs: STATISTICS_SILENCE_TIMEOUT_MS,
    });
  }

  /** Asks the server to stop a computation; its stats.state 'canceled' follows on the calc's stream. */
  async cancel(calcId: string): Promise<void> {
    await this.transport.request(
      { type: 'stats.cancel', simId: this.simId, calcId },
      { replies: ['stats.cancel.resp'], matches: (r) => r.type === 'stats.cancel.resp' && r.simId === this.simId && (r.calcId === calcId || r.calcId === null) },
    );
  }
}
