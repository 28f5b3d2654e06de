// Statistics computations of the realtime channel (spec 2 §4 'Statistics computation', §8 'Statistics'):
// stats.info lists the operations per attribute of a selection; stats.calc runs one computation in a
// worker thread and streams per-output values, progress (throttled), warnings about missing outputs, the
// values over all outputs and its final state; stats.cancel (or the socket closing) terminates it.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { attributeSubOptions, isVectorAttribute, resultAttributeKeySchema, type ResultAttributeKey, type VectorSubOption } from '../../../domain/attributes.ts';
import { STATISTICS_PROGRESS_THROTTLE_MS } from '../../../domain/constants.ts';
import { MESSAGES, templates } from '../../../domain/messages.ts';
import type { StatisticsState } from '../../../domain/jobs.ts';
import { offeredOperations, type StatisticsOperation } from '../../../domain/statistics.ts';
import type { StatsCalcCommand, StatsInfoCommand, StatsReply } from '../../../domain/statisticsMessages.ts';
import { emptySetup } from '../../../domain/setup.ts';
import { outputsByNumbers } from '../../runs/runOutputs.repository.ts';
import { findSetup } from '../../simulations/simulations.repository.ts';
import type { JobServices } from '../../platform/jobs/registry.ts';
import type { RealtimeSession } from '../../platform/realtime/router.ts';
import { accessSimulation } from '../../platform/access.ts';
import { selectRun } from '../../runs/outputs.service.ts';
import { float32Mesh, meshOfDefinition, uploadReader } from '../meshes.ts';
import { findDataset, findEntity, outputDir, tryReadMeta } from '../outputFolder.ts';
import { aggregateOverOutputs } from './operations.ts';
import type { ClipMesh, StatisticsEvent, StatisticsTask } from './compute.ts';

const WORKER = new URL('./statisticsWorker.ts', import.meta.url);
/** Computations one socket may run at the same time; a further one waits for its turn is not offered. */
const MAX_PER_SESSION = 4;

type Running = { simId: string; cancel(): void };

function send(session: RealtimeSession, reply: StatsReply): void {
  session.send(reply);
}

/** Attributes that every selected object has in the dataset, with the operations and sub-options offered. */
export function operationsOf(attributeSets: readonly (readonly string[])[]): Pick<Extract<StatsReply, { type: 'stats.info.resp' }>, 'operationsByAttribute' | 'subAttributes'> {
  const operationsByAttribute: Partial<Record<ResultAttributeKey, StatisticsOperation[]>> = {};
  const subAttributes: Partial<Record<ResultAttributeKey, VectorSubOption[]>> = {};
  if (attributeSets.length === 0) return { operationsByAttribute, subAttributes };
  for (const name of attributeSets[0]) {
    const key = resultAttributeKeySchema.safeParse(name);
    if (!key.success || !attributeSets.every((set) => set.includes(name))) continue;
    operationsByAttribute[key.data] = [...offeredOperations(key.data)];
    if (isVectorAttribute(key.data)) subAttributes[key.data] = [...attributeSubOptions(key.data)];
  }
  return { operationsByAttribute, subAttributes };
}

export class StatisticsComputations {
  private readonly services: JobServices;
  private readonly running = new Map<RealtimeSession, Map<string, Running>>();

  constructor(services: JobServices) {
    this.services = services;
  }

  async info(session: RealtimeSession, command: StatsInfoCommand): Promise<StatsReply> {
    const { db, storage } = this.services;
    const simulation = await accessSimulation(db, session.auth, command.simId, 'read');
    const run = await selectRun(db, simulation);
    const recorded = run ? await outputsByNumbers(db, run.id, [command.output]) : [];
    const meta = run && recorded.length > 0 ? await tryReadMeta(outputDir(storage, simulation.id, run.id, command.output)) : null;
    if (!meta) return { type: 'stats.info.missing_output', simId: command.simId, output: command.output };
    const sets = command.objIds.map((id) => {
      const entity = findEntity(meta, id);
      const dataset = entity ? (findDataset(entity, command.dataset) ?? (command.dataset === 'raw' ? findDataset(entity, 'full') : undefined)) : undefined;
      return dataset ? dataset.attributes.map((a) => a.name) : [];
    });
    return { type: 'stats.info.resp', simId: command.simId, output: command.output, dataset: command.dataset, ...operationsOf(sets) };
  }

  /** Starts a computation; its replies go to the session as they come. Errors of access are thrown. */
  async start(session: RealtimeSession, command: StatsCalcCommand): Promise<string> {
    const { db, storage } = this.services;
    const simulation = await accessSimulation(db, session.auth, command.simId, 'read');
    const calcId = command.calcId ?? randomUUID();
    const simId = command.simId;
    let sessionRuns = this.running.get(session);
    if (!sessionRuns) {
      sessionRuns = new Map();
      this.running.set(session, sessionRuns);
      session.onClose(() => this.cancelAll(session));
    }
    // The same id again replaces the earlier computation (the user pressed Load again).
    sessionRuns.get(calcId)?.cancel();
    const outputs = [...new Set(command.outputs)].sort((a, b) => a - b);
    const finish = (state: StatisticsState, progress: number, error: string | null, extra: { outputs?: number[] } = {}) => {
      sessionRuns.delete(calcId);
      send(session, { type: 'stats.state', simId, calcId, state, progress, error, ...extra });
    };
    if (sessionRuns.size >= MAX_PER_SESSION) {
      send(session, { type: 'stats.started', simId, calcId, outputs });
      finish('failed', 0, MESSAGES.statsFailed);
      return calcId;
    }

    const run = await selectRun(db, simulation);
    const recorded = new Set(run ? (await outputsByNumbers(db, run.id, outputs)).map((o) => o.outputNo) : []);
    const clips: ClipMesh[] = [];
    if (command.masks.length > 0) {
      const setup = (await findSetup(db, simId))?.document ?? emptySetup();
      const read = uploadReader(db, storage, simulation.organizationId);
      for (const maskId of command.masks) {
        const clip = setup.volumeClips.find((c) => c.id === maskId);
        const mesh = clip ? await meshOfDefinition(clip.mesh, read) : null;
        if (!clip || !mesh) {
          session.send({ type: 'masking_error', simId, calcId, mask: maskId, description: `Volume clip ${maskId} cannot be used as a mask.` });
          send(session, { type: 'stats.started', simId, calcId, outputs });
          finish('failed', 0, MESSAGES.statsFailed);
          return calcId;
        }
        clips.push({ id: clip.id, ...float32Mesh(mesh), inverted: clip.inverted, materialId: clip.materialId });
      }
    }

    const operations = Object.keys(command.operations) as StatisticsOperation[];
    const task: StatisticsTask = {
      folders: outputs.map((outputNo) => ({ outputNo, folder: run && recorded.has(outputNo) ? outputDir(storage, simId, run.id, outputNo) : null })),
      objIds: command.objIds,
      attribute: command.attribute,
      subAttribute: isVectorAttribute(command.attribute) ? (command.subAttribute ?? 'magnitude') : null,
      operations,
      clips,
    };

    send(session, { type: 'stats.started', simId, calcId, outputs });
    const worker = new Worker(WORKER, { workerData: task, execArgv: ['--disable-warning=ExperimentalWarning'] });
    const perOutput = new Map<StatisticsOperation, (number | null)[]>(operations.map((op) => [op, []]));
    const missing: number[] = [];
    let lastProgress = 0;
    let progress = 0;
    let ended = false;
    const end = (state: StatisticsState, error: string | null) => {
      if (ended) return;
      ended = true;
      void worker.terminate();
      finish(state, progress, error, missing.length > 0 ? { outputs: missing } : {});
    };
    sessionRuns.set(calcId, { simId, cancel: () => end('canceled', MESSAGES.statsCancelled) });

    worker.on('message', (event: StatisticsEvent | { type: 'done' } | { type: 'failed'; message: string }) => {
      if (ended) return;
      switch (event.type) {
        case 'output':
          for (const op of operations) {
            const value = event.values[op] ?? null;
            perOutput.get(op)?.push(value);
            send(session, { type: 'output_statistic', simId, calcId, outputNo: event.outputNo, statistic: op, value });
          }
          break;
        case 'missing':
          missing.push(event.outputNo);
          break;
        case 'progress': {
          progress = (100 * event.done) / Math.max(1, event.total);
          const now = performance.now();
          if (now - lastProgress >= STATISTICS_PROGRESS_THROTTLE_MS || event.done === event.total) {
            lastProgress = now;
            send(session, { type: 'stats.progress', simId, calcId, progress });
          }
          break;
        }
        case 'done': {
          if (missing.length === outputs.length) {
            end('failed', MESSAGES.statsMissingData);
            return;
          }
          if (missing.length > 0) send(session, { type: 'stats.warning', simId, calcId, message: templates.statsMissingOutputs(missing), outputs: missing });
          if (command.mode === 'both') {
            for (const op of operations) {
              const aggregator = command.operations[op]?.[0] ?? op;
              send(session, { type: 'all_output_statistic', simId, calcId, statistic: op, aggregator, value: aggregateOverOutputs(perOutput.get(op) ?? [], aggregator) });
            }
          }
          end('completed', null);
          break;
        }
        case 'failed':
          this.services.log.error({ simId, calcId, message: event.message }, 'statistics computation failed');
          end('failed', MESSAGES.statsFailed);
          break;
      }
    });
    worker.on('error', (error) => {
      this.services.log.error({ err: error, simId, calcId }, 'statistics worker failed');
      end('failed', MESSAGES.statsFailed);
    });
    worker.on('exit', () => end('failed', MESSAGES.statsFailed));
    return calcId;
  }

  /** Cancels the session's computation `calcId`, or all of its computations of the simulation. */
  cancel(session: RealtimeSession, simId: string, calcId?: string): number {
    const sessionRuns = this.running.get(session);
    if (!sessionRuns) return 0;
    const targets = [...sessionRuns.entries()].filter(([id, r]) => r.simId === simId && (calcId === undefined || id === calcId));
    for (const [, r] of targets) r.cancel();
    return targets.length;
  }

  private cancelAll(session: RealtimeSession): void {
    for (const r of this.running.get(session)?.values() ?? []) r.cancel();
    this.running.delete(session);
  }
}
