// The caller's organisation: its subscription and credits, and the storage it uses.
import type { StorageConsumption } from '../../domain/budget.ts';
import type { Organization } from '../../domain/organization.ts';
import { RUNNING_GROUP } from '../../domain/simulationState.ts';
import { countSimulationsInStates, storageConsumed } from './organizations.repository.ts';
import { freeInstanceBusy } from '../runs/runs.repository.ts';
import type { AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { toOrganization } from '../platform/mappers.ts';

export async function currentOrganization(ctx: ServiceContext, auth: AuthContext): Promise<Organization> {
  const running = await countSimulationsInStates(ctx.db, auth.organization.id, RUNNING_GROUP);
  return toOrganization(auth.organization, running, await freeInstanceBusy(ctx.db, auth.organization.id));
}

export async function storageConsumption(ctx: ServiceContext, auth: AuthContext): Promise<StorageConsumption> {
  const consumedBytes = await storageConsumed(ctx.db, auth.organization.id);
  return {
    consumedBytes,
    availableBytes: auth.organization.subscription?.storageBytes ?? 0,
    lastUpdated: new Date().toISOString(),
  };
}
