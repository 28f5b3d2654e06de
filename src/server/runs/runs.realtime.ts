// The run backend on the realtime channel: subscriptions to a simulation's events (delivered from the
// event bus to the sockets of this process), sync, and the result fetch commands, which answer with the
// URLs of the output files to download. Subscribing and fetching need read access to the simulation,
// the same check as the REST API.
import type {
  BundleFile,
  DataRequest,
  FetchDataReply,
  FetchInfoReply,
  OutputStateUpdates,
  RealtimeCommandError,
  RealtimeServerMessage,
  SyncReply,
  SyncRunIds,
} from '../../domain/realtimeMessages.ts';
import type { OutputMeta } from '../../domain/output.ts';
import { outputFileApiPath } from '../../domain/runOutputs.ts';
import { outputsOfRun } from './runOutputs.repository.ts';
import { findSimulationRow } from './runs.repository.ts';
import type { SimulationDetail } from '../simulations/simulations.repository.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { BusEvent, EventBus } from '../platform/jobs/events.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import type { CommandRouter, RealtimeSession } from '../platform/realtime/router.ts';
import { accessSimulation } from '../platform/access.ts';
import { readOutputMeta, selectRun, toOutputEntry } from './outputs.service.ts';
import { simulationUpdate } from '../simulations/simulationState.ts';

/** Which sockets of this process follow which simulation. */
export class RealtimeHub {
  private readonly bySimulation = new Map<string, Set<RealtimeSession>>();
  private readonly bySession = new Map<RealtimeSession, Set<string>>();
  /** Subscribes of a session still checking access: commands that read its subscriptions wait for them. */
  private readonly pending = new Map<RealtimeSession, Set<Promise<void>>>();
  private readonly off: () => void;

  constructor(bus: EventBus) {
    this.off = bus.onEvent((event) => this.deliver(event));
  }

  subscribe(session: RealtimeSession, simulationId: string): void {
    let sims = this.bySession.get(session);
    if (!sims) {
      sims = new Set();
      this.bySession.set(session, sims);
      session.onClose(() => this.drop(session));
    }
    sims.add(simulationId);
    let sessions = this.bySimulation.get(simulationId);
    if (!sessions) {
      sessions = new Set();
      this.bySimulation.set(simulationId, sessions);
    }
    sessions.add(session);
  }

  unsubscribe(session: RealtimeSession, simulationId: string): void {
    this.bySession.get(session)?.delete(simulationId);
    const sessions = this.bySimulation.get(simulationId);
    sessions?.delete(session);
    if (sessions?.size === 0) this.bySimulation.delete(simulationId);
  }

  subscriptions(session: RealtimeSession): string[] {
    return [...(this.bySession.get(session) ?? [])];
  }

  /**
   * Runs a subscribe of `session`. The socket hands commands over as they arrive, without waiting for the
   * one before; a client that reconnects sends subscribe and sync together, and its sync must see the
   * subscription (see settled()).
   */
  track<T>(session: RealtimeSession, work: Promise<T>): Promise<T> {
    let inFlight = this.pending.get(session);
    if (!inFlight) {
      inFlight = new Set();
      this.pending.set(session, inFlight);
    }
    const set = inFlight;
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    set.add(done);
    void done.then(() => {
      set.delete(done);
      if (set.size === 0 && this.pending.get(session) === set) this.pending.delete(session);
    });
    return work;
  }

  /** Resolves once the subscribes the session sent before now have taken effect (or were refused). */
  async settled(session: RealtimeSession): Promise<void> {
    const inFlight = this.pending.get(session);
    if (inFlight) await Promise.all([...inFlight]);
  }

  /** Sockets of this process subscribed to `simulationId`. */
  subscriberCount(simulationId: string): number {
    return this.bySimulation.get(simulationId)?.size ?? 0;
  }

  private drop(session: RealtimeSession): void {
    for (const simulationId of this.bySession.get(session) ?? []) this.unsubscribe(session, simulationId);
    this.bySession.delete(session);
    this.pending.delete(session);
  }

  private deliver(event: BusEvent): void {
    for (const session of this.bySimulation.get(event.simId) ?? []) session.send(event.message);
  }

  close(): void {
    this.off();
    this.bySimulation.clear();
    this.bySession.clear();
  }
}

function commandError(command: string, error: unknown, simId?: string): RealtimeCommandError {
  if (error instanceof HttpError && (error.status === 403 || error.status === 404)) {
    return { type: 'error', error: error.status === 403 ? 'forbidden' : 'not_found', command, ...(simId ? { simId } : {}), description: error.message };
  }
  throw error;
}

function fileUrl(simId: string, runId: string, outputNo: number, file: string): string {
  return `${outputFileApiPath(simId, outputNo, file)}?runId=${runId}`;
}

/** The downloads one request asks for in one output, or what is missing. */
function bundleOf(
  meta: OutputMeta,
  simId: string,
  runId: string,
  request: DataRequest,
): { files: BundleFile[]; missing: FetchDataReply[] } {
  const files: BundleFile[] = [];
  const missing: FetchDataReply[] = [];
  const outputNo = meta.outputNo;
  const objects = [...meta.objects, ...meta.sensors];
  for (const objId of request.objIds) {
    const object = objects.find((o) => o.id === objId);
    if (!object) {
      missing.push({ type: 'missing_object', simId, outputNo, objId });
      continue;
    }
    const dataset = object.datasets.find((d) => d.name === request.dataset);
    if (!dataset) {
      missing.push({ type: 'missing_dataset', simId, outputNo, objId, dataset: request.dataset });
      continue;
    }
    const base = { objId, dataset: dataset.name, count: dataset.count };
    if (request.geometry) {
      files.push({ ...base, role: 'positions', attribute: null, dtype: dataset.positions.dtype, components: dataset.positions.components, url: fileUrl(simId, runId, outputNo, dataset.positions.file) });
      if (dataset.indices) {
        files.push({ ...base, role: 'indices', attribute: null, dtype: dataset.indices.dtype, components: dataset.indices.components, url: fileUrl(simId, runId, outputNo, dataset.indices.file) });
      }
    }
    for (const name of request.attributes) {
      const attribute = dataset.attributes.find((a) => a.name === name);
      if (!attribute) {
        missing.push({ type: 'missing_attribute', simId, outputNo, objId, dataset: dataset.name, attribute: name });
        continue;
      }
      files.push({ ...base, role: 'attribute', attribute: name, dtype: attribute.dtype, components: attribute.components, url: fileUrl(simId, runId, outputNo, attribute.file) });
    }
  }
  for (const mask of request.masks) missing.push({ type: 'missing_mask', simId, outputNo, mask });
  return { files, missing };
}

export function registerRunCommands(router: CommandRouter, services: JobServices, hub: RealtimeHub): void {
  const { db, storage } = services;

  const readable = async (session: RealtimeSession, simId: string): Promise<SimulationDetail> => accessSimulation(db, session.auth, simId, 'read');

  router.register('subscribe', (session, command) => {
    return hub.track(
      session,
      (async (): Promise<RealtimeServerMessage | RealtimeServerMessage[]> => {
        try {
          await readable(session, command.simId);
        } catch (error) {
          return commandError('subscribe', error, command.simId);
        }
        hub.subscribe(session, command.simId);
        const current = await findSimulationRow(db, command.simId);
        const replies: RealtimeServerMessage[] = [{ type: 'subscribed', simId: command.simId }];
        if (current) replies.push(simulationUpdate(current));
        return replies;
      })(),
    );
  });

  router.register('unsubscribe', async (session, command) => {
    await hub.settled(session);
    hub.unsubscribe(session, command.simId);
    return { type: 'unsubscribed', simId: command.simId };
  });

  // A client that was away (events are at most once) catches up on its subscribed simulations: a
  // simulation.update snapshot of each, then the run whose outputs count (runIds) and the state of every
  // output of that run (empty lists for a run without outputs yet). Logs and jobs are re-read over REST.
  router.register('sync', async (session) => {
    await hub.settled(session);
    const snapshots: RealtimeServerMessage[] = [];
    const vizUpdates: OutputStateUpdates = {};
    const sensorUpdates: OutputStateUpdates = {};
    const runIds: SyncRunIds = {};
    for (const simId of hub.subscriptions(session)) {
      let simulation: SimulationDetail;
      try {
        simulation = await readable(session, simId);
      } catch {
        hub.unsubscribe(session, simId);
        continue;
      }
      const current = await findSimulationRow(db, simId);
      if (current) snapshots.push(simulationUpdate(current));
      const run = await selectRun(db, simulation);
      runIds[simId] = run?.id ?? null;
      if (!run) continue;
      const rows = await outputsOfRun(db, run.id);
      vizUpdates[simId] = rows.map((r) => ({ outputNo: r.outputNo, state: r.visualizationState }));
      sensorUpdates[simId] = rows.map((r) => ({ outputNo: r.outputNo, state: r.sensorState }));
    }
    const reply: SyncReply = { type: 'sys.sync.resp', vizUpdates, sensorUpdates, runIds };
    return [...snapshots, reply];
  });

  router.register('fetch.available_outputs', async (session, command) => {
    let simulation: SimulationDetail;
    try {
      simulation = await readable(session, command.simId);
    } catch (error) {
      return commandError('fetch.available_outputs', error, command.simId);
    }
    const run = await selectRun(db, simulation);
    const outputs = run ? (await outputsOfRun(db, run.id)).map(toOutputEntry) : [];
    return { type: 'fetch.available_outputs.resp', simId: command.simId, runId: run?.id ?? null, outputs };
  });

  router.register('fetch.info', async (session, command) => {
    let simulation: SimulationDetail;
    try {
      simulation = await readable(session, command.simId);
    } catch (error) {
      return commandError('fetch.info', error, command.simId);
    }
    const run = await selectRun(db, simulation);
    const replies: FetchInfoReply[] = [];
    for (const outputNo of command.outputs) {
      const meta = run ? await readOutputMeta(db, storage, simulation, run, outputNo) : null;
      if (!run || !meta) replies.push({ type: 'fetch.info.missing_output', simId: command.simId, outputNo });
      else replies.push({ type: 'fetch.info.resp', simId: command.simId, runId: run.id, outputNo, meta });
    }
    return replies;
  });

  router.register('fetch.data', async (session, command) => {
    let simulation: SimulationDetail;
    try {
      simulation = await readable(session, command.simId);
    } catch (error) {
      return commandError('fetch.data', error, command.simId);
    }
    const run = await selectRun(db, simulation);
    const replies: FetchDataReply[] = [];
    for (const outputNo of command.outputs) {
      const meta = run ? await readOutputMeta(db, storage, simulation, run, outputNo) : null;
      if (!run || !meta) {
        replies.push({ type: 'missing_output', simId: command.simId, outputNo });
        continue;
      }
      const files: BundleFile[] = [];
      for (const request of command.requests) {
        const bundle = bundleOf(meta, command.simId, run.id, request);
        files.push(...bundle.files);
        replies.push(...bundle.missing);
      }
      replies.push({ type: 'fetch.data.bundle', simId: command.simId, runId: run.id, outputNo, files });
    }
    return replies;
  });
}
