// Remote post-processing machines (spec 2 §7 'Remote VMs'): the organisation's list and VM hours, a
// simulation's machine (launch, read, auto shutdown, shut down), and the files of a running machine (list,
// a download link, upload with progress). The terminal runs over the realtime channel (vms.realtime.ts),
// file transfer also over SFTP (sftpServer.ts).
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../domain/api.ts';
import { apiErrorSchema } from '../../domain/errors.ts';
import {
  remoteVmListSchema,
  remoteVmSchema,
  VM_MESSAGES,
  vmDirectorySchema,
  vmDownloadLinkSchema,
  vmFileEntrySchema,
  vmHoursSchema,
  vmPathQuerySchema,
  vmShutdownTimeBodySchema,
} from '../../domain/vm.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { validationFailed } from '../platform/http/errors.ts';
import { bearer, errorResponses, type RouteOptions } from '../platform/http/routes.ts';
import type { RunsRuntime } from '../runs/runtime.ts';
import type { VmRuntime } from './runtime.ts';
import {
  launchRemoteVm,
  listRemoteVms,
  listVmFiles,
  openVmDownload,
  setRemoteVmShutdownTime,
  shutdownRemoteVm,
  simulationRemoteVm,
  uploadVmFile,
  vmDownloadLink,
  vmHours,
  type VmServices,
} from './vms.service.ts';

export type VmRoutes = FastifyPluginAsyncZod<RouteOptions & { runs: RunsRuntime; vms: VmRuntime }>;

const binary = { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } };

/** A file name for Content-Disposition: quoted ASCII, and the exact name in RFC 5987 form. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function sendFile(reply: FastifyReply, file: { stream: Readable; size: number; name: string }) {
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', String(file.size))
    .header('content-disposition', disposition(file.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

export const remoteVmRoutes: VmRoutes = async (app, { ctx, runs, vms }) => {
  const tags = ['remote_vms'];
  const services: VmServices = { ctx, jobs: runs.services, vms };
  await app.register(multipart, { limits: { fileSize: vms.config.uploadMaxBytes + 1, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/remote_vms',
    { schema: { tags, security: bearer, summary: "The newest machine of each simulation the caller may open: live ones and this month's", response: { 200: remoteVmListSchema, ...errorResponses } } },
    async (request) => listRemoteVms(services, authOf(request)),
  );

  app.get(
    '/remote_vms/hours',
    { schema: { tags, security: bearer, summary: "The organisation's VM hours this month (calendar month, UTC)", response: { 200: vmHoursSchema, ...errorResponses } } },
    async (request) => vmHours(services, authOf(request)),
  );

  app.get(
    '/simulations/:id/remote_vms',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The simulation's newest machine, in any state (404: none); the SFTP password only to those who may change the simulation",
        params: idParamsSchema,
        response: { 200: remoteVmSchema, ...errorResponses },
      },
    },
    async (request) => simulationRemoteVm(services, authOf(request), request.params.id),
  );

  app.post(
    '/simulations/:id/remote_vms',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Launch a machine for the simulation (auto shutdown 24 h ahead)',
        description: `Refused with wrong_input when the simulation has no outputs ('${VM_MESSAGES.noResults}'), the organisation has no VM hours left ('${VM_MESSAGES.noHoursLeft}', '${VM_MESSAGES.notEnoughHours}') or the simulation has a machine already; 503 while the job queue cannot be reached.`,
        params: idParamsSchema,
        response: { 201: remoteVmSchema, ...errorResponses, 503: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await launchRemoteVm(services, authOf(request), request.params.id)),
  );

  app.put(
    '/simulations/:id/remote_vms',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Auto shutdown: a shutdown time within the next 24 hours turns it on, null turns it off',
        params: idParamsSchema,
        body: vmShutdownTimeBodySchema,
        response: { 200: remoteVmSchema, ...errorResponses },
      },
    },
    async (request) => setRemoteVmShutdownTime(services, authOf(request), request.params.id, request.body.shutdownTime),
  );

  app.delete(
    '/simulations/:id/remote_vms',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Shut the machine down: it goes to stopping, then stopped; its home is deleted',
        params: idParamsSchema,
        response: { 200: remoteVmSchema, ...errorResponses },
      },
    },
    async (request) => shutdownRemoteVm(services, authOf(request), request.params.id),
  );

  app.get(
    '/simulations/:id/remote_vms/files',
    {
      schema: {
        tags,
        security: bearer,
        summary: "A folder of the running machine's workspace: / holds home (writable), outputs and exports (read-only)",
        params: idParamsSchema,
        querystring: vmPathQuerySchema,
        response: { 200: vmDirectorySchema, ...errorResponses },
      },
    },
    async (request) => listVmFiles(services, authOf(request), request.params.id, request.query.path),
  );

  app.get(
    '/simulations/:id/remote_vms/files/link',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'A link that downloads one file of the running machine for a few minutes, without an access token',
        params: idParamsSchema,
        querystring: vmPathQuerySchema,
        response: { 200: vmDownloadLinkSchema, ...errorResponses },
      },
    },
    async (request) => vmDownloadLink(services, authOf(request), request.params.id, request.query.path),
  );

  app.post(
    '/simulations/:id/remote_vms/files',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Upload a file (multipart field "file") into the folder `path` of the home',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        querystring: vmPathQuerySchema,
        response: { 201: vmFileEntrySchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw validationFailed(VM_MESSAGES.noFile, 'file');
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw validationFailed(VM_MESSAGES.noFile, 'file');
      }
      const entry = await uploadVmFile(services, authOf(request), request.params.id, request.query.path, part.filename, part.file).finally(() => part.file.resume());
      return reply.status(201).send(entry);
    },
  );

  app.get(
    '/remote_vm_files',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The file a download link names (the link is its own authorisation, valid for minutes, while the machine runs)',
        querystring: z.object({ token: z.string().min(1).max(4096) }),
        response: { 200: binary, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => sendFile(reply, await openVmDownload(services, request.query.token)),
  );
};
