// Post-processing machines as the API offers them: the organisation's list, a simulation's machine, launch
// (checked against results, VM hours and an existing machine, then handed to the job queue), auto
// shutdown, shutdown on demand, VM hours, and the files of a running machine (listing, download links,
// uploads). Reading needs read access to the simulation; launching, shutting down, uploads, the terminal
// and the SFTP password need write access.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { jwtVerify, SignJWT } from 'jose';
import { RUN_MESSAGES } from '../../domain/runs.ts';
import {
  autoShutdownTime,
  isVmLive,
  normalizeVmPath,
  shutdownTimeProblem,
  simulationHasResults,
  VM_DOWNLOAD_LINK_TTL_S,
  VM_MESSAGES,
  vmHoursPeriod,
  vmLaunchBlock,
  type RemoteVm,
  type VmDirectory,
  type VmDownloadLink,
  type VmFileEntry,
  type VmHours,
} from '../../domain/vm.ts';
import { openSecret, sealSecret } from '../account/identity/secretBox.ts';
import { generatePassword, hashPassword } from '../account/identity/passwordHashing.ts';
import { accessSimulation, allowed, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { getOrCreateSecret } from '../platform/db/secrets.repository.ts';
import { HttpError, notFound, validationFailed, wrongInput } from '../platform/http/errors.ts';
import { findJob, type JobRow } from '../platform/jobs/jobs.repository.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { outputsOfRun } from '../runs/runOutputs.repository.ts';
import type { SimulationDetail } from '../simulations/simulations.repository.ts';
import { organizationVmHours } from './hours.ts';
import { UploadTooLargeError } from './localAccess.ts';
import type { VmRuntime } from './runtime.ts';
import {
  insertMachine,
  latestMachineOfSimulation,
  liveMachineOfSimulation,
  machinesOfOrganization,
  markEnded,
  requestStop,
  setMachineJob,
  setShutdownTime,
  setSimulationVmState,
  findMachine,
  type MachineRow,
} from './vms.repository.ts';
import { WorkspaceError } from './workspace.ts';

export type VmServices = { ctx: ServiceContext; jobs: JobServices; vms: VmRuntime };

type SimulationRef = { id: string; name: string; project: { id: string; name: string } };

/** The workspace refusals as API errors. */
export function httpErrorOf(error: unknown): unknown {
  if (error instanceof UploadTooLargeError) return new HttpError('wrong_input', error.message, { status: 413 });
  if (!(error instanceof WorkspaceError)) return error;
  switch (error.code) {
    case 'not_found':
      return notFound(error.message);
    case 'invalid':
      return validationFailed(error.message, 'path');
    default:
      return wrongInput(error.message, 'path');
  }
}

async function mapped<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw httpErrorOf(error);
  }
}

function toRemoteVm(s: VmServices, row: MachineRow, simulation: SimulationRef, mayWrite: boolean, now = new Date()): RemoteVm {
  const running = row.state === 'running';
  const publicUrl = new URL(s.ctx.config.publicUrl);
  const sftpPort = s.vms.config.sftpPublicPort ?? s.vms.sftpPort();
  const sftp = running && sftpPort > 0 ? { host: s.vms.config.sftpPublicHost ?? publicUrl.hostname, port: sftpPort, username: row.username } : null;
  const hours =
    row.runningSince && isVmLive(row.state) ? Math.max(0, (now.getTime() - row.runningSince.getTime()) / 3_600_000) : row.hoursConsumed;
  const websocket = new URL('/ws', publicUrl);
  websocket.protocol = publicUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    hoursConsumed: hours,
    runningSince: row.runningSince?.toISOString() ?? null,
    shutdownTime: row.shutdownTime?.toISOString() ?? null,
    sftpUrl: sftp ? `sftp://${sftp.username}@${sftp.host}:${sftp.port}` : null,
    websocketUrl: running ? websocket.toString() : null,
    password: running && mayWrite ? openSecret(s.ctx.config, row.passwordSealed) : null,
    sftp,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    simulation: { id: simulation.id, name: simulation.name, project: { id: simulation.project.id, name: simulation.project.name } },
  };
}

export async function listRemoteVms(s: VmServices, auth: AuthContext): Promise<RemoteVm[]> {
  const now = new Date();
  const rows = await machinesOfOrganization(s.ctx.db, auth.organization.id, vmHoursPeriod(now).start);
  return rows
    .filter((row) => allowed(auth, row.simulation.project.creatorId, 'read'))
    .map((row) => toRemoteVm(s, row, row.simulation, allowed(auth, row.simulation.project.creatorId, 'write'), now));
}

export async function vmHours(s: VmServices, auth: AuthContext): Promise<VmHours> {
  return organizationVmHours(s.ctx.db, auth.organization.id);
}

/** The simulation (access checked) and its newest machine, or 404. */
async function machineOf(s: VmServices, auth: AuthContext, simulationId: string, mode: 'read' | 'write'): Promise<{ simulation: SimulationDetail; row: MachineRow }> {
  const simulation = await accessSimulation(s.ctx.db, auth, simulationId, mode);
  const row = await latestMachineOfSimulation(s.ctx.db, simulationId);
  if (!row) throw notFound(VM_MESSAGES.notFound);
  return { simulation, row };
}

export async function simulationRemoteVm(s: VmServices, auth: AuthContext, simulationId: string): Promise<RemoteVm> {
  const { simulation, row } = await machineOf(s, auth, simulationId, 'read');
  return toRemoteVm(s, row, simulation, allowed(auth, simulation.project.creatorId, 'write'));
}

export async function launchRemoteVm(s: VmServices, auth: AuthContext, simulationId: string): Promise<RemoteVm> {
  const { db } = s.ctx;
  const simulation = await accessSimulation(db, auth, simulationId, 'write');
  const hasResults = simulationHasResults({ state: simulation.state, activeRunId: simulation.activeRunId }) && simulation.activeRunId !== null && (await outputsOfRun(db, simulation.activeRunId)).length > 0;
  const hours = await organizationVmHours(db, auth.organization.id);
  const block = vmLaunchBlock({ hasResults, hoursLeft: hours.hoursLeft });
  if (block) throw wrongInput(block);
  if (await liveMachineOfSimulation(db, simulationId)) throw wrongInput(VM_MESSAGES.alreadyLaunched);
  const { dispatcher } = s.jobs;
  if (!(await dispatcher.available())) throw new HttpError('service_unavailable', RUN_MESSAGES.queueUnavailable);

  const name = `vm-${randomBytes(4).toString('hex')}`;
  const password = generatePassword();
  const now = new Date();
  let created: { row: MachineRow; job: JobRow };
  try {
    created = await db.transaction(async (tx) => {
      const row = await insertMachine(tx, {
        organizationId: auth.organization.id,
        simulationId,
        name,
        username: name,
        passwordHash: await hashPassword(password),
        passwordSealed: sealSecret(s.ctx.config, password),
        shutdownTime: autoShutdownTime(now),
        createdBy: auth.user.id,
      });
      await setSimulationVmState(tx, simulationId, 'launching');
      const job = await dispatcher.create(tx, { kind: 'remote_vm', organizationId: auth.organization.id, simulationId, payload: { vmId: row.id }, createdBy: auth.user.id });
      await setMachineJob(tx, row.id, job.id);
      return { row: { ...row, jobId: job.id }, job };
    });
  } catch (error) {
    // Two launches at once: the one-live-machine index lets one through.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505') throw wrongInput(VM_MESSAGES.alreadyLaunched);
    throw error;
  }
  if (!(await dispatcher.dispatch(created.job))) await markEnded(db, created.row.id, { state: 'failed', reason: null, message: RUN_MESSAGES.enqueueFailed, now: new Date(), bookUntilNow: false });
  const row = (await findMachine(db, created.row.id)) ?? created.row;
  return toRemoteVm(s, row, simulation, true);
}

export async function setRemoteVmShutdownTime(s: VmServices, auth: AuthContext, simulationId: string, shutdownTime: string | null): Promise<RemoteVm> {
  const simulation = await accessSimulation(s.ctx.db, auth, simulationId, 'write');
  const live = await liveMachineOfSimulation(s.ctx.db, simulationId);
  if (!live || live.state === 'stopping') throw notFound(VM_MESSAGES.notFound);
  const at = shutdownTime === null ? null : new Date(shutdownTime);
  const problem = shutdownTimeProblem(at, new Date());
  if (problem) throw validationFailed(problem, 'shutdownTime');
  const row = await setShutdownTime(s.ctx.db, live.id, at);
  if (!row) throw notFound(VM_MESSAGES.notFound);
  return toRemoteVm(s, row, simulation, true);
}

export async function shutdownRemoteVm(s: VmServices, auth: AuthContext, simulationId: string): Promise<RemoteVm> {
  const { db } = s.ctx;
  const simulation = await accessSimulation(db, auth, simulationId, 'write');
  const live = await liveMachineOfSimulation(db, simulationId);
  if (!live) throw notFound(VM_MESSAGES.notFound);
  const row = live.state === 'stopping' ? live : ((await requestStop(db, live.id)) ?? live);
  if (row.jobId) {
    const job = await findJob(db, row.jobId);
    if (job && (job.state === 'scheduled' || job.state === 'running')) await s.jobs.dispatcher.cancel(job);
  }
  return toRemoteVm(s, (await findMachine(db, row.id)) ?? row, simulation, true);
}

/** The simulation's running machine (access checked), or why there is none. */
async function runningMachine(s: VmServices, auth: AuthContext, simulationId: string, mode: 'read' | 'write'): Promise<MachineRow> {
  const { row } = await machineOf(s, auth, simulationId, mode);
  if (!isVmLive(row.state)) throw notFound(VM_MESSAGES.notFound);
  if (row.state !== 'running') throw wrongInput(VM_MESSAGES.notRunning);
  return row;
}

export async function listVmFiles(s: VmServices, auth: AuthContext, simulationId: string, path: string): Promise<VmDirectory> {
  const row = await runningMachine(s, auth, simulationId, 'read');
  return mapped(() => s.vms.access(row).list(path));
}

const DOWNLOAD_AUDIENCE = 'surge-vm-download';

async function downloadKey(s: VmServices): Promise<Uint8Array> {
  const key = await getOrCreateSecret(s.ctx.db, 'vm.download_key', () => randomBytes(32).toString('base64url'));
  return new Uint8Array(Buffer.from(key, 'base64url'));
}

/** A link that downloads one file of the running machine for a few minutes, without a token. */
export async function vmDownloadLink(s: VmServices, auth: AuthContext, simulationId: string, path: string): Promise<VmDownloadLink> {
  const row = await runningMachine(s, auth, simulationId, 'read');
  const normalized = normalizeVmPath(path);
  if (!normalized) throw validationFailed(VM_MESSAGES.pathInvalid, 'path');
  const listing = await mapped(() => s.vms.access(row).list(normalized.slice(0, normalized.lastIndexOf('/')) || '/'));
  const entry = listing.entries.find((e) => e.path === normalized);
  if (!entry) throw notFound(VM_MESSAGES.fileMissing);
  if (entry.type !== 'file') throw wrongInput(VM_MESSAGES.notAFile, 'path');
  const seconds = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ path: normalized })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(row.id)
    .setAudience(DOWNLOAD_AUDIENCE)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + VM_DOWNLOAD_LINK_TTL_S)
    .sign(await downloadKey(s));
  return { url: `${s.ctx.config.publicUrl}/api/remote_vm_files?token=${token}`, expiresAt: new Date((seconds + VM_DOWNLOAD_LINK_TTL_S) * 1000).toISOString() };
}

/** The file a download link names, while its machine runs. */
export async function openVmDownload(s: VmServices, token: string): Promise<{ stream: Readable; size: number; name: string }> {
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(token, await downloadKey(s), { audience: DOWNLOAD_AUDIENCE, algorithms: ['HS256'] }));
  } catch {
    throw notFound(VM_MESSAGES.linkExpired);
  }
  const vmId = claims.sub;
  const path = typeof claims.path === 'string' ? claims.path : null;
  if (!vmId || !path) throw notFound(VM_MESSAGES.linkExpired);
  const row = await findMachine(s.ctx.db, vmId);
  if (!row || row.state !== 'running') throw notFound(VM_MESSAGES.notFound);
  return mapped(() => s.vms.access(row).read(path));
}

/** Uploads `filename` into the folder `path` of the home. */
export async function uploadVmFile(s: VmServices, auth: AuthContext, simulationId: string, folder: string, filename: string, source: Readable): Promise<VmFileEntry> {
  const row = await runningMachine(s, auth, simulationId, 'write');
  const name = filename.split(/[\\/]/).pop() ?? '';
  if (name === '' || name === '.' || name === '..' || name.length > 255 || name.includes('\0')) throw validationFailed(VM_MESSAGES.noFile, 'file');
  const target = normalizeVmPath(`${folder}/${name}`);
  if (!target) throw validationFailed(VM_MESSAGES.pathInvalid, 'path');
  return mapped(() => s.vms.access(row).write(target, source, s.vms.config.uploadMaxBytes));
}
