// Sensors of a simulation in results: start and cancel of the recomputation job, the sensors with their
// computed values per output (GET custom_sensors), replacing the sensors of the setup (also while a run
// locks the rest of it), and the rule that sensors cannot change while their computation is scheduled or
// running (spec 1 §4), which the setup endpoint enforces too.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobRecord } from '../../../domain/jobRecords.ts';
import { OUTPUT_SENSOR_RESULTS_FILE, SENSOR_MESSAGES, outputSensorResultsSchema, type CustomSensors, type OutputSensorResults } from '../../../domain/postprocessing.ts';
import type { Sensor } from '../../../domain/sensor.ts';
import { emptySetup } from '../../../domain/setup.ts';
import { setupWriteErrors } from '../../../domain/validation/writeRules.ts';
import type { Executor } from '../../platform/db/client.ts';
import { activeJobsOfSimulation } from '../../platform/jobs/jobs.repository.ts';
import { lockSimulation } from '../../runs/runs.repository.ts';
import { outputsOfRun } from '../../runs/runOutputs.repository.ts';
import { findSetup, saveSetup, updateSimulation } from '../../simulations/simulations.repository.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { toJobRecord } from '../../platform/jobs/jobRecords.ts';
import type { JobServices } from '../../platform/jobs/registry.ts';
import { selectRun } from '../../runs/outputs.service.ts';
import { accessSimulation, type AuthContext } from '../../platform/access.ts';
import { outputDir } from '../outputFolder.ts';
import { recordSetupEdit } from '../../activity/activity.service.ts';

/** sensors.json files read at once when listing results. */
const READ_CONCURRENCY = 16;

/** JSON with object keys in sorted order: stored documents do not keep the order they were sent in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What counts as editing a sensor: anything but its appearance and the outputs computed so far. */
function sensorDefinition(sensor: Sensor): string {
  const { appearance: _appearance, outputs: _outputs, ...definition } = sensor;
  return canonical(definition);
}

export function sensorsChanged(before: readonly Sensor[], after: readonly Sensor[]): boolean {
  if (before.length !== after.length) return true;
  const previous = new Map(before.map((s) => [s.id, sensorDefinition(s)]));
  return after.some((s) => previous.get(s.id) !== sensorDefinition(s));
}

/**
 * Refuses a change of the sensors while their computation is scheduled or running. Call inside the
 * transaction that saves the setup; the simulation row is locked so that a computation cannot start
 * in between.
 */
export async function assertSensorsEditable(tx: Executor, simulationId: string, before: readonly Sensor[], after: readonly Sensor[]): Promise<void> {
  if (!sensorsChanged(before, after)) return;
  await lockSimulation(tx, simulationId);
  if ((await activeJobsOfSimulation(tx, simulationId, ['sensor_recomputation'])).length > 0) {
    throw new HttpError('wrong_input', SENSOR_MESSAGES.editingBlocked, { status: 409 });
  }
}

export async function replaceSensors(services: JobServices, auth: AuthContext, simulationId: string, sensors: Sensor[]): Promise<Sensor[]> {
  return services.db.transaction(async (tx) => {
    const simulation = await accessSimulation(tx, auth, simulationId, 'write');
    if (simulation.uploadedSetup) throw new HttpError('wrong_input', 'An uploaded setup cannot be edited.', { status: 409 });
    const setup = (await findSetup(tx, simulationId))?.document ?? emptySetup();
    const ids = new Set<string>();
    for (const s of sensors) {
      if (ids.has(s.id)) throw new HttpError('validation_error', `duplicate id ${s.id}`, { fieldErrors: [{ path: 'sensors', message: `duplicate id ${s.id}` }] });
      ids.add(s.id);
    }
    // The same rules as a save of the whole setup, for the sensors only (the rest is not written here).
    const refusals = setupWriteErrors({ ...setup, sensors }).filter((e) => e.path === 'sensors' || e.path.startsWith('sensors.'));
    if (refusals.length > 0) throw new HttpError('validation_error', refusals[0].message, { fieldErrors: refusals });
    await assertSensorsEditable(tx, simulationId, setup.sensors, sensors);
    // Sensors only read results: a run that locks the setup is not affected by them.
    await saveSetup(tx, simulationId, { ...setup, sensors });
    await recordSetupEdit(tx, { simulationId, userId: auth.user.id, before: setup, after: { ...setup, sensors } });
    await updateSimulation(tx, simulationId, {});
    return sensors;
  });
}

export async function startSensorRecomputation(services: JobServices, auth: AuthContext, simulationId: string): Promise<JobRecord> {
  const { db, dispatcher } = services;
  const job = await db.transaction(async (tx) => {
    const simulation = await accessSimulation(tx, auth, simulationId, 'write');
    await lockSimulation(tx, simulationId);
    if ((await activeJobsOfSimulation(tx, simulationId, ['sensor_recomputation'])).length > 0) {
      throw new HttpError('wrong_input', SENSOR_MESSAGES.computationActive, { status: 409 });
    }
    const setup = (await findSetup(tx, simulationId))?.document ?? emptySetup();
    if (setup.sensors.length === 0) throw new HttpError('wrong_input', SENSOR_MESSAGES.noSensors, { status: 409 });
    const run = await selectRun(tx, simulation);
    if (!run || (await outputsOfRun(tx, run.id)).length === 0) throw new HttpError('wrong_input', SENSOR_MESSAGES.noOutputs, { status: 409 });
    return dispatcher.create(tx, { kind: 'sensor_recomputation', organizationId: auth.organization.id, simulationId, runId: run.id, createdBy: auth.user.id });
  });
  await dispatcher.dispatch(job);
  return toJobRecord(job);
}

/** Cancels the scheduled or running sensor computation; returns how many were asked to stop. */
export async function cancelSensorRecomputation(services: JobServices, auth: AuthContext, simulationId: string): Promise<number> {
  await accessSimulation(services.db, auth, simulationId, 'write');
  const active = await activeJobsOfSimulation(services.db, simulationId, ['sensor_recomputation']);
  for (const job of active) await services.dispatcher.cancel(job);
  return active.length;
}

async function readResults(folder: string): Promise<OutputSensorResults | null> {
  try {
    return outputSensorResultsSchema.parse(JSON.parse(await readFile(join(folder, OUTPUT_SENSOR_RESULTS_FILE), 'utf8')));
  } catch {
    return null;
  }
}

export async function customSensors(services: JobServices, auth: AuthContext, simulationId: string): Promise<CustomSensors> {
  const { db, storage } = services;
  const simulation = await accessSimulation(db, auth, simulationId, 'read');
  const setup = (await findSetup(db, simulationId))?.document ?? emptySetup();
  const computing = (await activeJobsOfSimulation(db, simulationId, ['sensor_recomputation'])).length > 0;
  const run = await selectRun(db, simulation);
  const rows = run ? await outputsOfRun(db, run.id) : [];
  const ready = rows.filter((r) => r.sensorState === 'ready');
  const results: (OutputSensorResults | null)[] = new Array<OutputSensorResults | null>(ready.length).fill(null);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(READ_CONCURRENCY, ready.length) }, async () => {
      for (let i = next++; i < ready.length; i = next++) {
        results[i] = run ? await readResults(outputDir(storage, simulationId, run.id, ready[i].outputNo)) : null;
      }
    }),
  );
  const sensors = setup.sensors.map((sensor) => {
    const series = results.flatMap((output) => {
      const found = output?.sensors.find((s) => s.sensorId === sensor.id);
      return output && found ? [{ outputNo: output.outputNo, time: output.time, values: found.values, integrals: found.integrals, area: found.area }] : [];
    });
    return { sensor: { ...sensor, outputs: series.map((r) => r.outputNo) }, results: series };
  });
  return { computing, outputs: rows.map((r) => ({ outputNo: r.outputNo, state: r.sensorState })), sensors };
}
