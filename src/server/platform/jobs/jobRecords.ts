// Job rows to the API's job records, and the job.update event that carries one.
import type { JobRecord } from '../../../domain/jobRecords.ts';
import type { JobRow } from './jobs.repository.ts';
import type { EventBus } from './events.ts';

export function toJobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    simulationId: row.simulationId,
    runId: row.runId,
    state: row.state,
    progress: row.progress === null ? null : Math.min(100, Math.max(0, row.progress)),
    errors: row.errors,
    warnings: row.warnings,
    attempt: row.attempt,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function publishJob(bus: EventBus, row: JobRow): void {
  bus.publish({ simId: row.simulationId, message: { type: 'job.update', simId: row.simulationId, job: toJobRecord(row) } });
}
