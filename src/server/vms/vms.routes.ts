// Remote VMs: the organisation's list and the VM of a simulation (none are offered by this deployment).
import { idParamsSchema } from '../../domain/api.ts';
import { remoteVmListSchema, remoteVmSchema } from '../../domain/vm.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { launchRemoteVm, listRemoteVms, simulationRemoteVm } from './vms.service.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';

export const remoteVmRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['remote_vms'];

  app.get(
    '/remote_vms',
    { schema: { tags, security: bearer, summary: 'Remote post-processing VMs (none in this deployment)', response: { 200: remoteVmListSchema, ...errorResponses } } },
    async (request) => listRemoteVms(ctx, authOf(request)),
  );

  app.get(
    '/simulations/:id/remote_vms',
    { schema: { tags, security: bearer, summary: "The simulation's VM (404: none)", params: idParamsSchema, response: { 200: remoteVmSchema, ...errorResponses } } },
    async (request) => simulationRemoteVm(ctx, authOf(request), request.params.id),
  );

  app.post(
    '/simulations/:id/remote_vms',
    { schema: { tags, security: bearer, summary: 'Launch a VM (refused: not offered by this deployment)', params: idParamsSchema, response: { 201: remoteVmSchema, ...errorResponses } } },
    async (request) => launchRemoteVm(ctx, authOf(request), request.params.id),
  );
};
