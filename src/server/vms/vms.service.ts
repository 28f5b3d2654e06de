// Remote post-processing VMs. This deployment runs none: the list is empty, a simulation never has
// one, and launching one is refused with a reason instead of pretending.
import type { RemoteVm } from '../../domain/vm.ts';
import { HttpError, notFound } from '../platform/http/errors.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';

export const VMS_NOT_OFFERED = 'Remote virtual machines are not offered by this Surge deployment.';

export async function listRemoteVms(_ctx: ServiceContext, _auth: AuthContext): Promise<RemoteVm[]> {
  return [];
}

export async function simulationRemoteVm(ctx: ServiceContext, auth: AuthContext, simulationId: string): Promise<never> {
  await accessSimulation(ctx.db, auth, simulationId, 'read');
  throw notFound('The Virtual Machine was not found');
}

export async function launchRemoteVm(ctx: ServiceContext, auth: AuthContext, simulationId: string): Promise<never> {
  await accessSimulation(ctx.db, auth, simulationId, 'write');
  throw new HttpError('wrong_input', VMS_NOT_OFFERED);
}
