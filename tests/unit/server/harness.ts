// Test harness for the server: databases (PGlite in memory, or a fresh PostgreSQL database per test file),
// an app built on them, users in organisations, and access tokens signed with the app's own key.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { buildApp } from '../../../src/server/app.ts';
import { loadSigningKeys } from '../../../src/server/account/identity/keys.ts';
import { hashPassword } from '../../../src/server/account/identity/passwordHashing.ts';
import { loadConfig, type ServerConfig } from '../../../src/server/platform/config.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/platform/db/client.ts';
import { applyMigrations } from '../../../src/server/platform/db/migrate.ts';
import { upsertPayload } from '../../../src/server/account/oidcPayloads.repository.ts';
import { insertOrganization } from '../../../src/server/account/organizations.repository.ts';
import { findUserByEmail, insertUser, type UserRow } from '../../../src/server/account/users.repository.ts';
import type { Role } from '../../../src/domain/permissions.ts';
import type { VmConfig } from '../../../src/server/vms/config.ts';

export const POSTGRES_ADMIN_URL = process.env.SURGE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = DatabaseHandle & { name: string; drop(): Promise<void> };

/** PGlite in memory, or a new PostgreSQL database `surge_test_<random>` (dropped by drop()). */
export async function createTestDatabase(driver: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const handle = await openDatabase({ driver: 'pglite' });
    return { ...handle, name: 'pglite', drop: () => handle.close() };
  }
  const name = `surge_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.href, poolSize: 5 });
  return {
    ...handle,
    name,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function migratedDatabase(driver: 'pglite' | 'postgres'): Promise<TestDatabase> {
  const db = await createTestDatabase(driver);
  await applyMigrations(db);
  return db;
}

export const ADMIN_EMAIL = 'admin@surge.test';
export const ADMIN_PASSWORD = 'Admin-password-1';

export function testConfig(overrides: Partial<ServerConfig> = {}, env: NodeJS.ProcessEnv = {}): ServerConfig & { cleanup(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'surge-unit-'));
  const port = overrides.port ?? 3999;
  const config = loadConfig(
    { DATA_DIR: dataDir, SURGE_ADMIN_EMAIL: ADMIN_EMAIL, SURGE_ADMIN_PASSWORD: ADMIN_PASSWORD, SURGE_BUILD_ID: 'test', ...env },
    port,
  );
  return {
    ...config,
    clientDir: join(dataDir, 'no-client'),
    ...overrides,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Machines' servers on free ports, so that test apps side by side do not compete for the defaults. */
export const TEST_VMS: Partial<VmConfig> = { sftpPort: 0, agentPort: 0, agentUrl: null };

export type TestApp = {
  app: FastifyInstance;
  config: ServerConfig;
  db: TestDatabase;
  organizationId: string;
  admin: UserRow;
  close(): Promise<void>;
};

/** An app on a PGlite (default) or PostgreSQL database, seeded like a first start. */
export async function startTestApp(options: { driver?: 'pglite' | 'postgres'; config?: Partial<ServerConfig>; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const db = await createTestDatabase(options.driver ?? 'pglite');
  const config = testConfig(options.config, options.env);
  const app = await buildApp(config, { database: db, logger: false, vms: TEST_VMS });
  const { seed } = app.surge;
  const admin = await findUserByEmail(db.db, seed.adminEmail);
  if (!admin) throw new Error('seed did not create the admin');
  return {
    app,
    config,
    db,
    organizationId: seed.organizationId,
    admin,
    async close() {
      await app.close();
      await db.drop();
      config.cleanup();
    },
  };
}

let counter = 0;
export async function createUser(
  t: Pick<TestApp, 'db'>,
  organizationId: string,
  role: Role,
  extra: { password?: string; ssoConnection?: string; email?: string } = {},
): Promise<UserRow> {
  counter += 1;
  return insertUser(t.db.db, {
    organizationId,
    email: extra.email ?? `${role}-${counter}-${randomBytes(3).toString('hex')}@surge.test`,
    firstName: role[0].toUpperCase() + role.slice(1),
    lastName: `Number${counter}`,
    role,
    ssoConnection: extra.ssoConnection ?? null,
    passwordHash: extra.password ? await hashPassword(extra.password) : null,
  });
}

export async function createOrganization(t: Pick<TestApp, 'db'>, name: string): Promise<string> {
  const row = await insertOrganization(t.db.db, { name, features: [] });
  return row.id;
}

/**
 * An access token as the embedded provider issues it (same key, issuer, audience and type), under a
 * grant of its own that the API checks on every request (sign-out and revocation delete it).
 */
export async function tokenFor(t: Pick<TestApp, 'db' | 'config'>, userId: string, options: { expiresIn?: string; audience?: string } = {}): Promise<string> {
  const keys = await loadSigningKeys(t.db.db);
  const jwk = keys.keys[0];
  const key = await importJWK(jwk, 'RS256');
  const grantId = randomBytes(12).toString('base64url');
  await upsertPayload(t.db.db, 'Grant', grantId, { kind: 'Grant', jti: grantId, accountId: userId, clientId: 'surge-web' }, 24 * 60 * 60);
  return new SignJWT({ client_id: 'surge-web', gid: grantId })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject(userId)
    .setIssuer(t.config.identity.issuer)
    .setAudience(options.audience ?? t.config.identity.audience)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .setJti(randomBytes(8).toString('hex'))
    .sign(key);
}

/** app.inject with a bearer token and a JSON body. */
export async function call(
  t: Pick<TestApp, 'app'>,
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field by the tests
): Promise<{ status: number; json: () => any; text: string; headers: Record<string, unknown> }> {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.statusCode, json: () => response.json(), text: response.body, headers: response.headers };
}

/** A port that was free a moment ago on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The app listening on a real port, its public URL that port, for the tests that sign in through the
 * embedded provider's pages with a cookie-keeping client.
 */
export async function startListeningApp(options: { env?: NodeJS.ProcessEnv } = {}): Promise<{ t: TestApp; url: string }> {
  const port = await freePort();
  const t = await startTestApp({ config: { port }, env: options.env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, url: t.config.publicUrl };
}
