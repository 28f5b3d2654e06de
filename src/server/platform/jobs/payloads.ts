// What each job kind carries in its `payload` column, one schema per kind: the dispatcher checks a new
// job's payload against its kind before the row is written, and handlers read it back through
// `jobPayload`, so a payload is typed by its kind at both ends and a malformed row fails loudly.
import { z } from 'zod';
import type { JobKind } from '../../../domain/jobs.ts';
import { userExportStateSchema } from '../../../domain/userExport.ts';
import { assemblyComponentTypeSchema } from '../../../domain/assembly.ts';
import { meshingParametersSchema } from '../../../domain/meshing.ts';

const noPayload = z.object({}).strict();

export const jobPayloadSchemas = {
  discretization: noPayload,
  /** Reading the structure tree of an uploaded STEP assembly. */
  assembly: z.object({ assemblyId: z.string() }),
  /** The parts to tessellate, each as it was when the run was asked for (later edits wait for the next run). */
  tessellation: z.object({
    assemblyId: z.string(),
    parts: z.array(
      z.object({ id: z.string(), name: z.string(), assemblyNodeIds: z.array(z.string()), componentType: assemblyComponentTypeSchema, meshingParameters: meshingParametersSchema }),
    ),
  }),
  sensor_recomputation: noPayload,
  statistics: noPayload,
  /** The export's Select Data state at the time it was asked for. */
  user_export: z.object({ request: userExportStateSchema }),
  solver_run: z.object({
    mode: z.enum(['start', 'resume']),
    /** Set on sessions that continue a run after its worker was lost. */
    recovery: z.boolean().default(false),
  }),
  /** A post-processing machine: the job lives as long as the machine runs on the worker that took it. */
  remote_vm: z.object({ vmId: z.uuid() }).strict(),
} as const satisfies Record<JobKind, z.ZodType>;

export type JobPayload<K extends JobKind> = z.output<(typeof jobPayloadSchemas)[K]>;
export type JobPayloadInput<K extends JobKind> = z.input<(typeof jobPayloadSchemas)[K]>;

/** A payload as stored: checked against its kind's schema. */
export function checkedJobPayload<K extends JobKind>(kind: K, payload: JobPayloadInput<K> | undefined): Record<string, unknown> {
  return jobPayloadSchemas[kind].parse(payload ?? {}) as Record<string, unknown>;
}

/** The payload of a job row, typed by the kind the caller handles; a row of another kind is an error. */
export function jobPayload<K extends JobKind>(job: { kind: JobKind; payload: unknown }, kind: K): JobPayload<K> {
  if (job.kind !== kind) throw new Error(`a ${job.kind} job was read as a ${kind} job`);
  return jobPayloadSchemas[kind].parse(job.payload) as JobPayload<K>;
}
