// Messages of the realtime channel (/ws, spec 2 §7 'Realtime results channel'): the commands a client sends
// about simulations and results, and the events and replies the server pushes.
import { z } from 'zod';
import { datasetNameSchema, type OutputMeta } from './output.ts';
import type { JobRecord } from './jobRecords.ts';
import type { OutputListEntry, RunLogEntry } from './runOutputs.ts';
import type { SimulationCondition } from './condition.ts';
import type { SimulationState } from './simulationState.ts';
import { statsCalcCommandSchema, statsCancelCommandSchema, statsInfoCommandSchema, type StatsReply } from './statisticsMessages.ts';
import { VM_TERMINAL_INPUT_MAX, VM_TERMINAL_MAX_COLS, VM_TERMINAL_MAX_ROWS } from './vm.ts';

/** POST /fetch/auth: a short-lived ticket that opens one realtime socket (`/ws?ticket=`); ttl in seconds. */
export const realtimeTicketSchema = z.object({ token: z.string(), ttl: z.number().int().positive() });
export type RealtimeTicket = z.infer<typeof realtimeTicketSchema>;

const simId = z.uuid();
const outputNumbers = z.array(z.number().int().nonnegative()).min(1).max(10_000);

export const pingCommandSchema = z.object({ type: z.literal('ping') });
export const syncCommandSchema = z.object({ type: z.literal('sync') });
export const subscribeCommandSchema = z.object({ type: z.literal('subscribe'), simId });
export const unsubscribeCommandSchema = z.object({ type: z.literal('unsubscribe'), simId });
export const availableOutputsCommandSchema = z.object({ type: z.literal('fetch.available_outputs'), simId });
export const fetchInfoCommandSchema = z.object({ type: z.literal('fetch.info'), simId, outputs: outputNumbers });

/** The terminal of a simulation's virtual machine: attach (the shell starts on first use), type, resize, detach. */
const terminalCols = z.number().int().min(1).max(VM_TERMINAL_MAX_COLS);
const terminalRows = z.number().int().min(1).max(VM_TERMINAL_MAX_ROWS);
export const vmTerminalOpenCommandSchema = z.object({ type: z.literal('vm.terminal.open'), simId, cols: terminalCols, rows: terminalRows });
export const vmTerminalInputCommandSchema = z.object({ type: z.literal('vm.terminal.input'), simId, data: z.string().min(1).max(VM_TERMINAL_INPUT_MAX) });
export const vmTerminalResizeCommandSchema = z.object({ type: z.literal('vm.terminal.resize'), simId, cols: terminalCols, rows: terminalRows });
export const vmTerminalCloseCommandSchema = z.object({ type: z.literal('vm.terminal.close'), simId });

/** What to fetch of each output: objects, their attributes, the geometry (positions, indices) of a dataset. */
export const dataRequestSchema = z.object({
  objIds: z.array(z.string().max(100)).max(1000),
  attributes: z.array(z.string().max(100)).max(100).default([]),
  geometry: z.boolean().default(true),
  dataset: datasetNameSchema.default('full'),
  masks: z.array(z.string().max(100)).max(100).default([]),
  bundle: z.boolean().default(true),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;
/** A data request as a client writes it (defaults may be left out). */
export type DataRequestInput = z.input<typeof dataRequestSchema>;
export const fetchDataCommandSchema = z.object({
  type: z.literal('fetch.data'),
  simId,
  outputs: outputNumbers,
  requests: z.array(dataRequestSchema).min(1).max(100),
});

/** One downloadable file of a bundle: little-endian typed array, `count` items of `components` values. */
export interface BundleFile {
  objId: string;
  dataset: string;
  /** positions, indices, or attribute (then `attribute` names it). */
  role: 'positions' | 'indices' | 'attribute';
  attribute: string | null;
  dtype: 'float32' | 'uint32';
  components: 1 | 3;
  count: number;
  url: string;
}

export type SimulationUpdateEvent = {
  type: 'simulation.update';
  simId: string;
  state: SimulationState;
  setupLocked: boolean;
  resumable: boolean;
  activeRunId: string | null;
  startedAt: string | null;
  log: { progress: number; time: number; runtime: number; runtimeLeft: number | null; particles: number; output: number } | null;
  creditsConsumed: number;
  simulationHoursConsumed: number;
  lastStopCondition: { valueType: SimulationCondition['valueType']; threshold: number } | null;
  size: number;
};
export type JobUpdateEvent = { type: 'job.update'; simId: string; job: JobRecord };
export type LogAppendEvent = { type: 'log.append'; simId: string; runId: string; entries: RunLogEntry[] };
export type OutputsAvailableEvent = { type: 'outputs.available'; simId: string; runId: string; outputs: OutputListEntry[] };
export type ConditionTriggeredEvent = { type: 'condition.triggered'; simId: string; runId: string; condition: SimulationCondition; message: string };

/** Events pushed to the sockets subscribed to a simulation. */
export type SimulationEvent = SimulationUpdateEvent | JobUpdateEvent | LogAppendEvent | OutputsAvailableEvent | ConditionTriggeredEvent;

export type FetchInfoReply =
  | { type: 'fetch.info.resp'; simId: string; runId: string; outputNo: number; meta: OutputMeta }
  | { type: 'fetch.info.missing_output'; simId: string; outputNo: number };

export type FetchDataReply =
  | { type: 'fetch.data.bundle'; simId: string; runId: string; outputNo: number; files: BundleFile[] }
  | { type: 'missing_output'; simId: string; outputNo: number }
  | { type: 'missing_object'; simId: string; outputNo: number; objId: string }
  | { type: 'missing_dataset'; simId: string; outputNo: number; objId: string; dataset: string }
  | { type: 'missing_attribute'; simId: string; outputNo: number; objId: string; dataset: string; attribute: string }
  | { type: 'missing_mask'; simId: string; outputNo: number; mask: string };

/** Per-output state changes in sys.sync.resp, per simulation id. */
export type OutputStateUpdates = Record<string, { outputNo: number; state: string }[]>;

/** The run whose outputs sys.sync.resp lists, per subscribed simulation (null before its first run). */
export type SyncRunIds = Record<string, string | null>;

/**
 * The answer to sync, after a simulation.update snapshot of each subscribed simulation: the states of
 * every output of each one's active run (all of them, not only changes), and which run that is.
 */
export type SyncReply = { type: 'sys.sync.resp'; vizUpdates: OutputStateUpdates; sensorUpdates: OutputStateUpdates; runIds: SyncRunIds };

/** Error replies name the command; `error` is forbidden, not_found or invalid_command. */
export type RealtimeCommandError = { type: 'error'; error: 'forbidden' | 'not_found' | 'invalid_command'; command: string; simId?: string; description: string };

/**
 * Every command a client may send, told apart by `type`; the server checks each incoming frame against
 * this before a handler sees it. `requestId`, when given, is echoed by nothing but lets a client pair
 * its own replies.
 */
export const realtimeCommandSchema = z.discriminatedUnion('type', [
  pingCommandSchema,
  syncCommandSchema,
  subscribeCommandSchema,
  unsubscribeCommandSchema,
  availableOutputsCommandSchema,
  fetchInfoCommandSchema,
  fetchDataCommandSchema,
  statsInfoCommandSchema,
  statsCalcCommandSchema,
  statsCancelCommandSchema,
  vmTerminalOpenCommandSchema,
  vmTerminalInputCommandSchema,
  vmTerminalResizeCommandSchema,
  vmTerminalCloseCommandSchema,
]);
/** A command as the server's handlers receive it (defaults applied). */
export type RealtimeCommand = z.output<typeof realtimeCommandSchema>;
/** A command as a client writes it (defaults may be left out). */
export type RealtimeCommandInput = z.input<typeof realtimeCommandSchema> & { requestId?: string };
export type RealtimeCommandType = RealtimeCommand['type'];
export type RealtimeCommandOf<T extends RealtimeCommandType> = Extract<RealtimeCommand, { type: T }>;

export type AvailableOutputsReply = { type: 'fetch.available_outputs.resp'; simId: string; runId: string | null; outputs: OutputListEntry[] };
export type SubscriptionReply = { type: 'subscribed'; simId: string } | { type: 'unsubscribed'; simId: string };
/** `canceled`: how many computations were stopped. */
export type StatsCancelReply = { type: 'stats.cancel.resp'; simId: string; calcId: string | null; canceled: number };
/** A frame that is not a command the server knows: not JSON, no type, an unknown type, or a failed handler. */
export type RealtimeChannelError = { type: 'error'; error: 'malformed_message' | 'unknown_command' | 'command_failed'; command?: string; description: string };

/**
 * The terminal of a simulation's machine: attached (with the recent output to draw again), its output,
 * the shell ended (the next attach starts a new one), or the terminal went away with the machine.
 */
export type VmTerminalMessage =
  | { type: 'vm.terminal.opened'; simId: string; replay: string }
  | { type: 'vm.terminal.output'; simId: string; data: string }
  | { type: 'vm.terminal.exit'; simId: string; exitCode: number }
  | { type: 'vm.terminal.closed'; simId: string; description: string };

/** Every message the server sends on the channel, told apart by `type`. */
export type RealtimeServerMessage =
  | { type: 'pong' }
  | SubscriptionReply
  | SimulationEvent
  | AvailableOutputsReply
  | FetchInfoReply
  | FetchDataReply
  | SyncReply
  | StatsReply
  | StatsCancelReply
  | VmTerminalMessage
  | RealtimeCommandError
  | RealtimeChannelError;
export type RealtimeServerMessageType = RealtimeServerMessage['type'];
export type RealtimeServerMessageOf<T extends RealtimeServerMessageType> = Extract<RealtimeServerMessage, { type: T }>;
