// Repositories against both databases the server supports: PGlite and PostgreSQL (a fresh database
// per run on 127.0.0.1:5432; an unreachable server fails the test). Same migrations, same results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptySetup } from '../../../src/domain/setup.ts';
import { applyMigrations } from '../../../src/server/platform/db/migrate.ts';
import {
  consumePayload,
  deleteExpiredPayloads,
  findPayload,
  findPayloadByUid,
  revokeByAccount,
  revokeByGrantId,
  upsertPayload,
} from '../../../src/server/account/oidcPayloads.repository.ts';
import { insertImage } from '../../../src/server/dashboards/images.repository.ts';
import { findOrganization, solversFor, storageConsumed } from '../../../src/server/account/organizations.repository.ts';
import { findUsablePasswordToken, insertPasswordToken, usePasswordToken } from '../../../src/server/account/passwordTokens.repository.ts';
import {
  containsPattern,
  countProjects,
  findProject,
  insertProject,
  pageOfProjects,
  projectsWithCreators,
  type ProjectListFilter,
} from '../../../src/server/projects/projects.repository.ts';
import { getOrCreateSecret } from '../../../src/server/platform/db/secrets.repository.ts';
import { deleteSimulation, findSetup, findSimulation, insertSimulation, saveSetup, simulationsOfProjects } from '../../../src/server/simulations/simulations.repository.ts';
import { insertUploadedFile } from '../../../src/server/uploads/uploadedFiles.repository.ts';
import { findUserByEmail, insertUser } from '../../../src/server/account/users.repository.ts';
import { seedOnFirstStart } from '../../../src/server/account/seed.ts';
import { migratedDatabase, type TestDatabase } from './harness.ts';

describe.each(['pglite', 'postgres'] as const)('repositories on %s', (driver) => {
  let db: TestDatabase;
  let organizationId: string;
  let adminId: string;
  let otherUserId: string;

  beforeAll(async () => {
    db = await migratedDatabase(driver);
    const seed = await seedOnFirstStart(db.db, { adminEmail: 'admin@surge.test', adminPassword: 'Admin-password-1', solverVersion: '1.0.0' });
    organizationId = seed.organizationId;
    adminId = (await findUserByEmail(db.db, 'admin@surge.test'))?.id as string;
    otherUserId = (await insertUser(db.db, { organizationId, email: 'other@surge.test', firstName: 'Other', lastName: 'User', role: 'contributor' })).id;
  });
  afterAll(async () => db?.drop());

  it('applies migrations idempotently and seeds only once', async () => {
    await applyMigrations(db);
    const again = await seedOnFirstStart(db.db, { adminEmail: 'admin@surge.test', solverVersion: '1.0.0' });
    expect(again).toMatchObject({ seeded: false, organizationId });
    expect(again.generatedPassword).toBeUndefined();
    const organization = await findOrganization(db.db, organizationId);
    expect(organization).toMatchObject({ name: 'Surge', credits: 1000 });
    expect(organization?.subscription).toMatchObject({ kind: 'engineering', maxCores: 120 });
    expect((await solversFor(db.db, organizationId)).map((s) => s.name)).toEqual(['Surge SPH']);
    expect((await findUserByEmail(db.db, 'ADMIN@surge.test '))?.role).toBe('manager');
  });

  it('lists projects with filters, search, order and pages in bounded queries', async () => {
    const pageOfProjectIds = async (filter: ProjectListFilter) => (await pageOfProjects(db.db, filter)).rows.map((r) => r.id);
    const names = ['Pump', 'Axle 100%', 'Gearbox', 'Mixer'];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const project = await insertProject(db.db, { organizationId, creatorId: i % 2 === 0 ? adminId : otherUserId, name, updatedAt: new Date(Date.UTC(2026, 0, 1 + i)) });
      ids.push(project.id);
      await insertSimulation(db.db, { organizationId, projectId: project.id, creatorId: adminId, name: `${name} run`, sizeBytes: (i + 1) * 1000 });
    }
    await insertSimulation(db.db, { organizationId, projectId: ids[0], creatorId: adminId, name: 'Free surface', sizeBytes: 10_000 });

    const base: ProjectListFilter = { organizationId, orderBy: 'updatedAt', limit: 10, offset: 0 };
    expect(await countProjects(db.db, base)).toBe(4);
    expect(await pageOfProjectIds(base)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(await pageOfProjectIds({ ...base, orderBy: 'name' })).toEqual([ids[1], ids[2], ids[3], ids[0]]);
    expect((await pageOfProjectIds({ ...base, orderBy: 'size' }))[0]).toBe(ids[0]);
    expect(await pageOfProjectIds({ ...base, limit: 2, offset: 2 })).toEqual([ids[1], ids[0]]);
    expect(await countProjects(db.db, { ...base, creatorId: otherUserId })).toBe(2);
    expect(await countProjects(db.db, { ...base, createdBy: [adminId] })).toBe(2);
    expect(await pageOfProjectIds({ ...base, projectIds: [ids[2]] })).toEqual([ids[2]]);
    expect(await pageOfProjectIds({ ...base, q: 'free SURFACE' })).toEqual([ids[0]]);
    expect(await pageOfProjectIds({ ...base, q: 'gear' })).toEqual([ids[2]]);
    expect(await pageOfProjectIds({ ...base, q: '100%' })).toEqual([ids[1]]);
    expect(await countProjects(db.db, { ...base, q: '_' })).toBe(0);
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');

    const page = await pageOfProjects(db.db, { ...base, limit: 3 });
    expect(page.total).toBe(4);
    expect(page.rows).toHaveLength(3);
    expect((await pageOfProjects(db.db, { ...base, offset: 10 })).total).toBe(4);
    const rows = await projectsWithCreators(db.db, [ids[0], ids[1]]);
    expect(rows.find((r) => r.id === ids[1])?.creator).toMatchObject({ id: otherUserId, firstName: 'Other' });
    const simulations = await simulationsOfProjects(db.db, [ids[0]]);
    expect(simulations.map((s) => s.name)).toEqual(['Pump run', 'Free surface']);
    expect(simulations[0]).toMatchObject({ sizeBytes: 1000, state: 'not_started', setupLocked: false, activeRunId: null, startedAt: null, creator: { id: adminId } });
    expect(simulations[0].createdAt).toBeInstanceOf(Date);
    expect(Math.abs(simulations[0].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await storageConsumed(db.db, organizationId)).toBe(1000 + 2000 + 3000 + 4000 + 10_000);
    // Saved images count, and so do uploaded files no simulation holds; a simulation's own uploads are in its size.
    await insertImage(db.db, { organizationId, name: 'view.png', contentType: 'image/png', size: 500, sha256: 'a'.repeat(64) });
    const file = { organizationId, name: 'tank.stl', extension: 'stl', kind: 'stl' as const, sha256: 'b'.repeat(64) };
    await insertUploadedFile(db.db, { ...file, size: 70 });
    await insertUploadedFile(db.db, { ...file, size: 9, simulationId: simulations[0].id });
    expect(await storageConsumed(db.db, organizationId)).toBe(1000 + 2000 + 3000 + 4000 + 10_000 + 500 + 70);
  });

  it('enforces unique names in the database too', async () => {
    await insertProject(db.db, { organizationId, creatorId: adminId, name: 'Twice' });
    await expect(insertProject(db.db, { organizationId, creatorId: adminId, name: 'Twice' })).rejects.toThrow();
  });

  it('stores setup documents and removes them with their simulation', async () => {
    const project = await insertProject(db.db, { organizationId, creatorId: adminId, name: 'Setups' });
    const simulation = await insertSimulation(db.db, { organizationId, projectId: project.id, creatorId: adminId, name: 'With setup' });
    const setup = emptySetup();
    setup.settings.endTime = 7.5;
    await saveSetup(db.db, simulation.id, setup);
    setup.settings.endTime = 8;
    await saveSetup(db.db, simulation.id, setup);
    expect((await findSetup(db.db, simulation.id))?.document.settings.endTime).toBe(8);
    expect((await findSimulation(db.db, organizationId, simulation.id))?.project).toMatchObject({ id: project.id, name: 'Setups' });
    expect(await findSimulation(db.db, '00000000-0000-4000-8000-000000000000', simulation.id)).toBeUndefined();
    expect(await findProject(db.db, '00000000-0000-4000-8000-000000000000', project.id)).toBeUndefined();
    await deleteSimulation(db.db, simulation.id);
    expect(await findSetup(db.db, simulation.id)).toBeUndefined();
  });

  it('keeps the sign-in provider records with expiry, consumption and revocation', async () => {
    await upsertPayload(db.db, 'AuthorizationCode', 'code-1', { grantId: 'grant-1', accountId: adminId }, 60);
    await upsertPayload(db.db, 'Interaction', 'int-1', { uid: 'uid-1', accountId: adminId }, 60);
    await upsertPayload(db.db, 'Session', 'old', { accountId: otherUserId }, 1);
    expect(await findPayload(db.db, 'AuthorizationCode', 'code-1')).toMatchObject({ grantId: 'grant-1' });
    expect(await findPayload(db.db, 'Session', 'code-1')).toBeUndefined();
    expect(await findPayloadByUid(db.db, 'Interaction', 'uid-1')).toMatchObject({ accountId: adminId });
    await consumePayload(db.db, 'AuthorizationCode', 'code-1');
    expect((await findPayload(db.db, 'AuthorizationCode', 'code-1'))?.consumed).toEqual(expect.any(Number));
    await revokeByGrantId(db.db, 'grant-1');
    expect(await findPayload(db.db, 'AuthorizationCode', 'code-1')).toBeUndefined();
    await revokeByAccount(db.db, adminId);
    expect(await findPayloadByUid(db.db, 'Interaction', 'uid-1')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await findPayload(db.db, 'Session', 'old')).toBeUndefined();
    expect(await deleteExpiredPayloads(db.db)).toBeGreaterThanOrEqual(1);
  });

  it('creates secrets once', async () => {
    const first = await getOrCreateSecret(db.db, 'test.secret', () => ({ value: 1 }));
    const second = await getOrCreateSecret(db.db, 'test.secret', () => ({ value: 2 }));
    expect(second).toEqual(first);
  });

  it('uses password tokens once and only before they expire', async () => {
    await insertPasswordToken(db.db, { userId: otherUserId, tokenHash: 'hash-live', purpose: 'reset', expiresAt: new Date(Date.now() + 60_000) });
    await insertPasswordToken(db.db, { userId: otherUserId, tokenHash: 'hash-old', purpose: 'reset', expiresAt: new Date(Date.now() - 1000) });
    expect(await findUsablePasswordToken(db.db, 'hash-old')).toBeUndefined();
    const live = await findUsablePasswordToken(db.db, 'hash-live');
    expect(live).toBeDefined();
    expect(await usePasswordToken(db.db, live?.id as string)).toBe(true);
    expect(await usePasswordToken(db.db, live?.id as string)).toBe(false);
    expect(await findUsablePasswordToken(db.db, 'hash-live')).toBeUndefined();
  });
});
