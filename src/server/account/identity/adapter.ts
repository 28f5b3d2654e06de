// The embedded provider's storage adapter over the oidc_payloads table (one instance per model kind).
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../platform/db/client.ts';
import {
  consumePayload,
  destroyPayload,
  findPayload,
  findPayloadByUid,
  findPayloadByUserCode,
  revokeByGrantId,
  upsertPayload,
} from '../oidcPayloads.repository.ts';

export function createAdapterFactory(db: Database): (kind: string) => Adapter {
  return (kind: string): Adapter => ({
    upsert: (id, payload, expiresIn) => upsertPayload(db, kind, id, payload as Record<string, unknown>, expiresIn),
    find: async (id) => (await findPayload(db, kind, id)) as AdapterPayload | undefined,
    findByUid: async (uid) => (await findPayloadByUid(db, kind, uid)) as AdapterPayload | undefined,
    findByUserCode: async (userCode) => (await findPayloadByUserCode(db, kind, userCode)) as AdapterPayload | undefined,
    consume: (id) => consumePayload(db, kind, id),
    destroy: (id) => destroyPayload(db, kind, id),
    revokeByGrantId: (grantId) => revokeByGrantId(db, grantId),
  });
}
