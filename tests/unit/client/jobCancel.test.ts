// Cancel calls of the Jobs panel (spec 2 §7 'Jobs and export'): discretization, sensor computation and
// tessellation runs by their own calls, an export and the other cancellable kinds by job id, solver runs
// not at all.
import { describe, expect, it } from 'vitest';
import { jobKinds, type JobKind } from '../../../src/domain/jobs.ts';
import type { ApiClient } from '../../../src/client/api/ApiClient.ts';
import { jobCancelCall } from '../../../src/client/run/runApi.ts';

function recordingApi() {
  const calls: string[] = [];
  const api = {
    delete: async (path: string) => {
      calls.push(`DELETE ${path}`);
    },
  } as unknown as ApiClient;
  return { api, calls };
}

async function cancelPath(kind: JobKind): Promise<string | null> {
  const { api, calls } = recordingApi();
  const cancel = jobCancelCall(api, 'sim-1', { id: 'job-9', kind });
  if (!cancel) return null;
  await cancel();
  return calls[0];
}

describe('Jobs panel cancel calls', () => {
  it('cancels each kind with the call the spec names, or by job id', async () => {
    const paths = Object.fromEntries(await Promise.all(jobKinds.map(async (kind) => [kind, await cancelPath(kind)] as const)));
    expect(paths).toEqual({
      discretization: 'DELETE /simulations/sim-1/discretizations',
      sensor_recomputation: 'DELETE /simulations/sim-1/sensor_outputs/recomputation',
      // By id: the export endpoint would delete the files of an export that has just finished.
      user_export: 'DELETE /jobs/job-9',
      tessellation: 'DELETE /tessellation_runs/job-9',
      statistics: 'DELETE /jobs/job-9',
      assembly: null,
      solver_run: null,
      // A machine is shut down from its VM screen.
      remote_vm: null,
    });
  });
});
