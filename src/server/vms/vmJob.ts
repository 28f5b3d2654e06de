// The remote_vm job: a machine lives as long as its job runs on the process that took it. The job launches
// the sandbox, marks the machine running with this host's address, then books its running hours at least
// every accounting interval and stops it when shutdown is asked for (cancel), its shutdown time comes,
// its organisation's VM hours run out, or this process shuts down. A worker that disappears leaves the
// job to the sweeper, which marks the machine stopped (onWorkerLost).
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { OUTPUTS_FOLDER } from '../../domain/output.ts';
import { isVmLive, VM_MESSAGES, type VmStopReason } from '../../domain/vm.ts';
import { simulations } from '../platform/db/schema.ts';
import type { Executor } from '../platform/db/client.ts';
import { jobPayload } from '../platform/jobs/payloads.ts';
import type { AbortReason, JobContext, JobHandler, JobOutcome, JobServices } from '../platform/jobs/registry.ts';
import type { RunStorage } from '../platform/storage/storage.ts';
import { msUntilHoursRunOut, organizationVmHours } from './hours.ts';
import type { VmHost } from './host.ts';
import { VmLaunchError } from './provider.ts';
import { bookHours, countRunningMachines, findMachine, markEnded, markRunning } from './vms.repository.ts';

const STOP_MESSAGES: Partial<Record<VmStopReason, string>> = {
  simulation_deleted: VM_MESSAGES.stoppedSimulationDeleted,
  out_of_hours: VM_MESSAGES.stoppedOutOfHours,
  auto_shutdown: VM_MESSAGES.stoppedAutomatically,
  host_lost: VM_MESSAGES.stoppedHostLost,
  server_shutdown: VM_MESSAGES.stoppedServerShutdown,
};

/** Shortest wait between two bookings (ms). */
const MIN_TICK_MS = 50;

const ABORT_REASONS: Record<AbortReason, VmStopReason> = { cancel: 'user', shutdown: 'server_shutdown', lost: 'host_lost' };

/** The folders a machine of `simulationId` mounts read-only: the active run's outputs and the exports. */
async function machineFolders(db: Executor, storage: RunStorage, simulationId: string | null): Promise<{ outputs: string | null; exports: string | null }> {
  if (!simulationId) return { outputs: null, exports: null };
  const [simulation] = await db.select({ activeRunId: simulations.activeRunId }).from(simulations).where(eq(simulations.id, simulationId)).limit(1);
  const exports = join(storage.simulationDir(simulationId), 'exports');
  await mkdir(exports, { recursive: true });
  let outputs: string | null = null;
  if (simulation?.activeRunId) {
    const dir = join(storage.runDir(simulationId, simulation.activeRunId), OUTPUTS_FOLDER);
    outputs = (await stat(dir).catch(() => null))?.isDirectory() ? dir : null;
  }
  return { outputs, exports };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

async function runMachine(host: VmHost, context: JobContext): Promise<JobOutcome> {
  const { db, storage, log } = context.services;
  const { vmId } = jobPayload(context.job, 'remote_vm');
  const machine = await findMachine(db, vmId);
  if (!machine || machine.state !== 'launching') {
    // Shut down before it came up.
    if (machine && isVmLive(machine.state)) await markEnded(db, vmId, { state: 'stopped', reason: 'user', message: null, now: new Date(), bookUntilNow: false });
    return { state: 'completed' };
  }

  try {
    const folders = await machineFolders(db, storage, machine.simulationId);
    await host.provider.launch({ id: vmId, name: machine.name, ...folders });
  } catch (error) {
    const message = error instanceof VmLaunchError ? error.message : 'The Virtual Machine could not be started on this server.';
    if (!(error instanceof VmLaunchError)) log.error({ err: error, vmId }, 'virtual machine launch failed');
    await markEnded(db, vmId, { state: 'failed', reason: null, message, now: new Date(), bookUntilNow: false });
    return { state: 'failed', errors: [{ message }] };
  }

  // Why it stops: the first of shutdown asked for, the provider stopping it (its shutdown time), hours gone.
  const end: { reason: VmStopReason | null; failure: unknown } = { reason: null, failure: null };
  try {
    const running = await markRunning(db, vmId, host.address(), new Date());
    if (!running) end.reason = 'user';
    else host.provider.setShutdownTime(vmId, running.shutdownTime);
    const stopped = host.provider.whenStopped(vmId);
    void stopped?.then((why) => (end.reason ??= why));

    while (end.reason === null && !context.signal.aborted) {
      const now = new Date();
      const row = await bookHours(db, vmId, now);
      if (!row || !isVmLive(row.state) || row.state === 'stopping') {
        end.reason = row?.stopReason ?? 'user';
        break;
      }
      if (row.simulationId === null) {
        end.reason = 'simulation_deleted';
        break;
      }
      host.provider.setShutdownTime(vmId, row.shutdownTime);
      const hours = await organizationVmHours(db, row.organizationId, now);
      // Less than a tick left counts as none (waits shorter than a tick would spin).
      if (hours.hoursLeft * 3_600_000 < MIN_TICK_MS) {
        end.reason = 'out_of_hours';
        break;
      }
      const wait = Math.min(host.config.accountingMs, Math.max(MIN_TICK_MS, msUntilHoursRunOut(hours, now, await countRunningMachines(db, row.organizationId))));
      await Promise.race([sleep(wait, context.signal), stopped]);
    }
  } catch (error) {
    // A machine whose hours cannot be booked does not run on unbooked.
    end.failure = error;
  }
  const abort = context.abortReason();
  let reason: VmStopReason = end.reason ?? (abort ? ABORT_REASONS[abort] : end.failure ? 'host_lost' : 'user');
  // The job row goes with a deleted simulation, which reads as a lost job.
  if (reason === 'host_lost' && (await findMachine(db, vmId).catch(() => undefined))?.simulationId === null) reason = 'simulation_deleted';

  await host.stop(vmId, reason);
  await markEnded(db, vmId, { state: 'stopped', reason, message: STOP_MESSAGES[reason] ?? null, now: new Date(), bookUntilNow: true }).catch((error: unknown) =>
    log.error({ err: error, vmId }, 'could not record that a virtual machine stopped'),
  );
  if (end.failure) throw end.failure;
  return { state: 'completed' };
}

/** Marks the machine of a job stopped (its worker was lost, or it was shut down before any worker took it). */
async function endMachineOfJob(services: JobServices, job: JobContext['job'], reason: VmStopReason): Promise<void> {
  const { vmId } = jobPayload(job, 'remote_vm');
  await markEnded(services.db, vmId, { state: 'stopped', reason, message: STOP_MESSAGES[reason] ?? null, now: new Date(), bookUntilNow: false });
}

/** `host`: this process's machines; null in processes that run none (their sweeper still cleans up). */
export function remoteVmHandler(host: VmHost | null): JobHandler {
  return {
    kind: 'remote_vm',
    concurrency: host ? host.config.maxMachines : 0,
    run: async (context) => {
      if (!host) throw new Error('This process runs no Virtual Machines.');
      return runMachine(host, context);
    },
    onWorkerLost: (services, job) => endMachineOfJob(services, job, 'host_lost'),
    onCanceledBeforeStart: (services, job) => endMachineOfJob(services, job, 'user'),
  };
}
