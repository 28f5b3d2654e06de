// What the environment asks of every start, after the first-start seed: the first organisation's
// feature flags (SURGE_FEATURES) and a Surge support account in the internal organisation
// (SURGE_SUPPORT_USER_EMAIL). Nothing is created unless it is configured.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { hashPassword } from './identity/passwordHashing.ts';
import type { ServerConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/client.ts';
import { findInternalOrganization, insertOrganization, setOrganizationFeatures } from './organizations.repository.ts';
import type { SubscriptionRecord } from '../platform/db/schema.ts';
import { findUserByEmail, insertUser } from './users.repository.ts';

const PROVISION_LOCK_KEY = 7_310_444;
export const INTERNAL_ORGANIZATION_NAME = 'Surge Internal';

function internalSubscription(now: Date): SubscriptionRecord {
  return {
    kind: 'internal',
    startDate: now.toISOString(),
    endDate: null,
    coreHours: 0,
    oneOffCoreHours: 0,
    vmHoursPerMonth: 0,
    maxCores: 0,
    freeInstance: false,
    storageBytes: 0,
  };
}

export async function provisionOnStart(
  db: Database,
  config: Pick<ServerConfig, 'features' | 'supportUser'>,
  firstOrganizationId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.features) await setOrganizationFeatures(db, firstOrganizationId, config.features);
  if (config.supportUser) await ensureSupportUser(db, config.supportUser, log);
}

/**
 * The support account exists once: created with the internal organisation on the first start that names
 * it. An existing account with that email is never promoted, so a customer's address cannot become staff.
 */
export async function ensureSupportUser(db: Database, account: { email: string; password?: string }, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PROVISION_LOCK_KEY})`);
    const existing = await findUserByEmail(tx, account.email);
    if (existing) {
      if (existing.role !== 'support') log.warn({ email: account.email }, 'SURGE_SUPPORT_USER_EMAIL names an existing account that is not a support account; left unchanged');
      return;
    }
    const now = new Date();
    const organization =
      (await findInternalOrganization(tx)) ??
      (await insertOrganization(tx, { name: INTERNAL_ORGANIZATION_NAME, features: [], subscription: internalSubscription(now), credits: 0 }));
    await insertUser(tx, {
      organizationId: organization.id,
      email: account.email,
      firstName: 'Surge',
      lastName: 'Support',
      role: 'support',
      avatarId: 'octopus',
      passwordHash: account.password ? await hashPassword(account.password) : null,
    });
    log.info({ email: account.email }, 'support account created');
  });
}
