// Calls of the virtual machine screens (spec 2 §7 'Remote VMs'): the list (an empty list when it cannot be
// read), a simulation's machine, launch, auto shutdown, shutdown, VM hours, and the files of a running
// machine: listing, a download link, and upload with progress and abort through XMLHttpRequest.
import { xhrUpload, XhrUploadNetworkError, type XhrUploadAnswer } from '../api/xhrUpload.ts';
import { API_PREFIX } from '../../domain/api.ts';
import { apiErrorFromResponse } from '../../domain/errors.ts';
import type { Project } from '../../domain/project.ts';
import {
  remoteVmListSchema,
  remoteVmSchema,
  VM_MESSAGES,
  vmDirectorySchema,
  vmDownloadLinkSchema,
  vmFileEntrySchema,
  vmHoursSchema,
  type RemoteVm,
  type VmDirectory,
  type VmDownloadLink,
  type VmFileEntry,
  type VmHours,
} from '../../domain/vm.ts';
import type { ApiClient, TokenSource } from '../api/ApiClient.ts';
import { listProjects } from '../api/projectsApi.ts';

const machinePath = (simulationId: string) => `/simulations/${encodeURIComponent(simulationId)}/remote_vms`;

/** The spec: GET /remote_vms answers an empty list on failure. */
export async function listRemoteVms(api: ApiClient): Promise<RemoteVm[]> {
  return api.get('/remote_vms', remoteVmListSchema).catch(() => []);
}

export function getSimulationVm(api: ApiClient, simulationId: string): Promise<RemoteVm> {
  return api.get(machinePath(simulationId), remoteVmSchema);
}

export function launchVm(api: ApiClient, simulationId: string): Promise<RemoteVm> {
  return api.post(machinePath(simulationId), undefined, remoteVmSchema, 201);
}

/** Auto shutdown on (a time within 24 h) or off (null). */
export function setVmShutdownTime(api: ApiClient, simulationId: string, shutdownTime: string | null): Promise<RemoteVm> {
  return api.put(machinePath(simulationId), { shutdownTime }, remoteVmSchema);
}

export function shutdownVm(api: ApiClient, simulationId: string): Promise<RemoteVm> {
  return api.delete(machinePath(simulationId), remoteVmSchema, 200);
}

export function getVmHours(api: ApiClient): Promise<VmHours> {
  return api.get('/remote_vms/hours', vmHoursSchema);
}

export function listVmFiles(api: ApiClient, simulationId: string, path: string): Promise<VmDirectory> {
  return api.get(`${machinePath(simulationId)}/files`, vmDirectorySchema, { path });
}

export function vmDownloadLink(api: ApiClient, simulationId: string, path: string): Promise<VmDownloadLink> {
  return api.get(`${machinePath(simulationId)}/files/link`, vmDownloadLinkSchema, { path });
}

/** Every project the user sees with its simulations (the Launch VM dialog). */
export async function listProjectsWithSimulations(api: ApiClient, view: 'own' | 'all'): Promise<Project[]> {
  const pageLimit = 30;
  const first = await listProjects(api, { view, pageLimit, pageNumber: 1, orderBy: 'name' });
  const pages = [first];
  for (let page = 2; page <= first.pageCount; page += 1) pages.push(await listProjects(api, { view, pageLimit, pageNumber: page, orderBy: 'name' }));
  return pages.flatMap((p) => p.results);
}

export class VmUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VmUploadError';
  }
}

/** Uploads `file` into `folder` of the machine's home; `onProgress` gets the fraction sent. */
export async function uploadVmFile(request: {
  tokens: TokenSource;
  simulationId: string;
  folder: string;
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}): Promise<VmFileEntry> {
  const token = await request.tokens.getAccessToken();
  if (!token) throw new VmUploadError('You need to sign in to use Surge.');
  const form = new FormData();
  form.append('file', request.file, request.file.name);
  const url = `${API_PREFIX}${machinePath(request.simulationId)}/files?path=${encodeURIComponent(request.folder)}`;
  let answer: XhrUploadAnswer;
  try {
    answer = await xhrUpload(url, token, form, request);
  } catch (error) {
    if (error instanceof XhrUploadNetworkError) throw new VmUploadError(VM_MESSAGES.uploadFailed);
    throw error;
  }
  if (answer.status === 201) {
    const parsed = vmFileEntrySchema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    throw new VmUploadError(VM_MESSAGES.uploadFailed);
  }
  throw new VmUploadError(apiErrorFromResponse(answer.status, answer.body, 201)?.message ?? VM_MESSAGES.uploadFailed);
}
