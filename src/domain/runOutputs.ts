// What a run leaves behind, as the API lists it: outputs with their states (spec 2 §3 'Output'), the solver
// log's columns for dashboard graphs (GET /api/simulations/:id/logs) and the names of output files.
import { z } from 'zod';
import { logValueKeySchema, type LogValueKey } from './dashboard.ts';
import { outputStateSchema, resolveOutputFile, wallSensorStates } from './output.ts';
import { queryListSchema } from './api.ts';

/** One entry of GET /api/simulations/:id/outputs. `time` is simulated seconds. */
export const outputListEntrySchema = z
  .object({
    runId: z.string(),
    outputNo: z.number().int().nonnegative(),
    time: z.number(),
    states: z.object({ visualization: outputStateSchema, sensor: outputStateSchema }),
    wallSensorState: z.enum(wallSensorStates),
    bytes: z.number().int().nonnegative(),
  })
  .meta({ id: 'OutputListEntry' });
export type OutputListEntry = z.infer<typeof outputListEntrySchema>;

/** Which run to read; the simulation's active run when absent. */
export const runSelectQuerySchema = z.object({ runId: z.uuid('Not a valid run id').optional() });

/** GET /api/simulations/:id/logs?key=time&key=dt (repeated or comma separated). */
export const logQuerySchema = runSelectQuerySchema.extend({ key: queryListSchema(logValueKeySchema) });
export type LogQuery = z.infer<typeof logQuerySchema>;

/** Column per requested key, one value per log entry; null where an entry has no value (runtimeLeft early on). */
export const logColumnsSchema = z.record(z.string(), z.array(z.number().nullable())).meta({ id: 'LogColumns' });
export type LogColumns = Partial<Record<LogValueKey, (number | null)[]>>;

/** A file of an output folder: meta.json or one of the typed-array files it lists. */
export const OUTPUT_FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export const outputFileParamsSchema = z.object({
  id: z.uuid('Not a valid id'),
  n: z.coerce.number().int().nonnegative(),
  file: z.string().regex(OUTPUT_FILE_NAME_PATTERN, 'Not a valid file name'),
});

/**
 * The API path of a file that output n's meta.json names: `/api/simulations/<id>/outputs/<n>/files/<name>`,
 * or `…/outputs/<n>/static/<name>` for a file of the run's static folder (`../static/<name>` resolved
 * against the files folder, as the viewer resolves it).
 */
export function outputFileApiPath(simulationId: string, outputNo: number, file: string): string {
  return resolveOutputFile(`/api/simulations/${simulationId}/outputs/${outputNo}/files`, file);
}

export const runLogEvents = ['start', 'resume', 'progress', 'output', 'warning', 'stop', 'complete'] as const;

/** One line of the solver log (log.jsonl of a run), as log.append events carry it. Times in seconds. */
export const runLogEntrySchema = z
  .object({
    event: z.enum(runLogEvents),
    time: z.number(),
    runtime: z.number(),
    dt: z.number(),
    step: z.number(),
    particles: z.number(),
    progress: z.number(),
    runtimeLeft: z.number().nullable(),
    output: z.number(),
    message: z.string().optional(),
  })
  .meta({ id: 'RunLogEntry' });
export type RunLogEntry = z.infer<typeof runLogEntrySchema>;

/** Columns of the log as graphs read them: runtimePerS is wall seconds per simulated second, credits the run's cost so far. */
export function logColumns(entries: readonly RunLogEntry[], keys: readonly LogValueKey[], creditsPerHour: number): LogColumns {
  const columns: LogColumns = {};
  for (const key of keys) {
    columns[key] = entries.map((e, i) => {
      switch (key) {
        case 'runtimePerS': {
          const previous = entries[i - 1];
          if (previous === undefined || !(e.time > previous.time)) return null;
          return (e.runtime - previous.runtime) / (e.time - previous.time);
        }
        case 'credits':
          return (creditsPerHour * e.runtime) / 3600;
        default:
          return e[key];
      }
    });
  }
  return columns;
}
