// What a run left behind, for readers with access to the simulation: the outputs list, the files of an
// output (meta.json and its typed arrays, located only through RunStorage), and the solver log's columns.
import { createReadStream, type ReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { outputMetaSchema, type OutputMeta } from '../../domain/output.ts';
import { logColumns, runLogEntrySchema, type LogColumns, type LogQuery, type OutputListEntry, type RunLogEntry } from '../../domain/runOutputs.ts';
import type { Executor } from '../platform/db/client.ts';
import { findOutput, outputsOfRun, type RunOutputRow } from './runOutputs.repository.ts';
import { findRun, findRunOfSimulation, type RunRow } from './runs.repository.ts';
import type { SimulationDetail } from '../simulations/simulations.repository.ts';
import { notFound } from '../platform/http/errors.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import type { RunStorage } from '../platform/storage/storage.ts';

export function toOutputEntry(row: RunOutputRow): OutputListEntry {
  return {
    runId: row.runId,
    outputNo: row.outputNo,
    time: row.time,
    states: { visualization: row.visualizationState, sensor: row.sensorState },
    wallSensorState: row.wallSensorState,
    bytes: row.bytes,
  };
}

/** The run asked for, or the simulation's active run; null when the simulation has none. */
export async function selectRun(db: Executor, simulation: Pick<SimulationDetail, 'id' | 'activeRunId'>, runId?: string): Promise<RunRow | null> {
  if (runId) {
    const run = await findRunOfSimulation(db, simulation.id, runId);
    if (!run) throw notFound('Run not found.');
    return run;
  }
  return simulation.activeRunId ? ((await findRun(db, simulation.activeRunId)) ?? null) : null;
}

export async function listOutputs(services: JobServices, auth: AuthContext, simulationId: string, runId?: string): Promise<OutputListEntry[]> {
  const simulation = await accessSimulation(services.db, auth, simulationId, 'read');
  const run = await selectRun(services.db, simulation, runId);
  if (!run) return [];
  return (await outputsOfRun(services.db, run.id)).map(toOutputEntry);
}

export type OutputFile = { path: string; size: number; contentType: string; stream(): ReadStream };

/** A file of a recorded output of a simulation the caller may read. */
export async function openOutputFile(
  services: JobServices,
  auth: AuthContext,
  simulationId: string,
  outputNo: number,
  file: string,
  runId?: string,
): Promise<OutputFile> {
  const simulation = await accessSimulation(services.db, auth, simulationId, 'read');
  return locateOutputFile(services.db, services.storage, simulation, outputNo, file, runId);
}

export async function locateOutputFile(
  db: Executor,
  storage: RunStorage,
  simulation: Pick<SimulationDetail, 'id' | 'activeRunId'>,
  outputNo: number,
  file: string,
  runId?: string,
): Promise<OutputFile> {
  const run = await selectRun(db, simulation, runId);
  if (!run || !(await findOutput(db, run.id, outputNo))) throw notFound('Output not found.');
  const path = storage.outputFile(simulation.id, run.id, outputNo, file);
  if (!path) throw notFound('File not found.');
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw notFound('File not found.');
  }
  const contentType = file.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream';
  return { path, size, contentType, stream: () => createReadStream(path) };
}

/** meta.json of a recorded output, or null when the output or its file is missing. */
export async function readOutputMeta(db: Executor, storage: RunStorage, simulation: Pick<SimulationDetail, 'id'>, run: RunRow, outputNo: number): Promise<OutputMeta | null> {
  if (!(await findOutput(db, run.id, outputNo))) return null;
  return readOutputFolder(storage, simulation.id, run.id, outputNo).then((found) => found?.meta ?? null);
}

async function folderBytes(folder: string): Promise<number> {
  let bytes = 0;
  for (const name of await readdir(folder)) bytes += (await stat(join(folder, name))).size;
  return bytes;
}

/** meta.json and the bytes of an output folder as written (meta.json is written last), or null. */
export async function readOutputFolder(storage: RunStorage, simulationId: string, runId: string, outputNo: number): Promise<{ meta: OutputMeta; bytes: number } | null> {
  const path = storage.outputFile(simulationId, runId, outputNo, 'meta.json');
  if (!path) return null;
  try {
    const meta = outputMetaSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    let bytes = await folderBytes(dirname(path));
    // The static folder is written with the first output: its bytes count there, once.
    if (outputNo === 0) bytes += await folderBytes(storage.staticOutputDir(simulationId, runId)).catch(() => 0);
    return { meta, bytes };
  } catch {
    return null;
  }
}

/** Entries of a run's log.jsonl; a line being written (incomplete) is skipped. */
export async function readRunLog(storage: RunStorage, run: Pick<RunRow, 'id' | 'simulationId'>): Promise<RunLogEntry[]> {
  let text: string;
  try {
    text = await readFile(storage.logFile(run.simulationId, run.id), 'utf8');
  } catch {
    return [];
  }
  const entries: RunLogEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = runLogEntrySchema.safeParse(JSON.parse(line));
      if (parsed.success) entries.push(parsed.data);
    } catch {
      // an incomplete last line
    }
  }
  return entries;
}

export async function logOfSimulation(services: JobServices, auth: AuthContext, simulationId: string, query: LogQuery): Promise<LogColumns> {
  const simulation = await accessSimulation(services.db, auth, simulationId, 'read');
  const run = await selectRun(services.db, simulation, query.runId);
  const keys = [...new Set(query.key)];
  if (!run) return Object.fromEntries(keys.map((k) => [k, []]));
  return logColumns(await readRunLog(services.storage, run), keys, run.creditsPerHour);
}
