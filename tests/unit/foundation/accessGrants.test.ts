// Access grants over the API: only support staff request them, for 24 hours; a selected active grant
// lets a support user read the granted organisation and change nothing there; team admins of that
// organisation (and nobody else) list and revoke them; revoked and expired grants stop working at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_GRANT_DURATION_MS } from '../../../src/domain/constants.ts';
import { PERMISSIONS } from '../../../src/domain/permissions.ts';
import { accessGrants } from '../../../src/server/platform/db/schema.ts';
import { findUserWithOrganization } from '../../../src/server/account/users.repository.ts';
import { authScope, grantStillInForce } from '../../../src/server/account/accessGrants.service.ts';
import { call, createOrganization, createUser, startTestApp, tokenFor, type TestApp } from '../server/harness.ts';

let t: TestApp;
let manager: string;
let contributor: string;
let otherManager: string;
let support: string;
let supportId: string;
let secondSupport: string;
let internalAdmin: string;
let otherOrganizationId: string;
let internalOrganizationId: string;
let projectId: string;
let simulationId: string;

beforeAll(async () => {
  t = await startTestApp();
  manager = await tokenFor(t, t.admin.id);
  const contributorUser = await createUser(t, t.organizationId, 'contributor');
  contributor = await tokenFor(t, contributorUser.id);
  otherOrganizationId = await createOrganization(t, 'Other Org');
  otherManager = await tokenFor(t, (await createUser(t, otherOrganizationId, 'manager')).id);
  internalOrganizationId = await createOrganization(t, 'Surge Internal');
  const supportUser = await createUser(t, internalOrganizationId, 'support');
  supportId = supportUser.id;
  support = await tokenFor(t, supportId);
  secondSupport = await tokenFor(t, (await createUser(t, internalOrganizationId, 'support')).id);
  internalAdmin = await tokenFor(t, (await createUser(t, internalOrganizationId, 'admin')).id);
  projectId = (await call(t, contributor, 'POST', '/api/projects', { name: 'Customer tank' })).json().id;
  simulationId = (await call(t, contributor, 'POST', `/api/projects/${projectId}/simulations`, { name: 'Sloshing' })).json().id;
});
afterAll(async () => t?.close());

async function requestGrant(token: string, organizationId = t.organizationId, reason = 'support') {
  return call(t, token, 'POST', '/api/admin/access_grants', { organizationId, reason });
}

async function select(token: string, accessGrantId: string | null) {
  return call(t, token, 'PUT', '/api/users/active_access_grant', { accessGrantId });
}

describe('requesting', () => {
  it('is for support staff only, to another organisation, for 24 hours', async () => {
    for (const token of [manager, contributor, otherManager, internalAdmin]) {
      expect((await requestGrant(token)).status).toBe(403);
    }
    expect((await requestGrant(support, internalOrganizationId)).json()).toMatchObject({ status: 400, description: 'You already belong to this organisation.' });
    expect((await requestGrant(support, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await requestGrant(support, t.organizationId, 'curiosity')).json().title).toBe('validation_error');

    const created = await requestGrant(support, t.organizationId, 'onboarding');
    expect(created.status).toBe(201);
    const grant = created.json();
    expect(grant).toMatchObject({ organizationId: t.organizationId, organizationName: 'Surge', reason: 'onboarding', state: 'active', requesterId: supportId });
    expect(Date.parse(grant.expiry) - Date.parse(grant.createdAt)).toBe(ACCESS_GRANT_DURATION_MS);
    await call(t, manager, 'DELETE', `/api/mgmt/access_grants/${grant.id}`);
  });
});

describe('acting under a grant', () => {
  it('gives no access without a grant', async () => {
    expect((await call(t, support, 'GET', `/api/projects/${projectId}`)).status).toBe(404);
    expect((await call(t, support, 'GET', `/api/simulations/${simulationId}`)).status).toBe(404);
    const all = (await call(t, support, 'GET', '/api/projects?view=all')).json();
    expect(all.results).toEqual([]);
    expect((await call(t, support, 'GET', '/api/users')).json().organization.id).toBe(internalOrganizationId);
  });

  it('reads the granted organisation and changes nothing there', async () => {
    const grant = (await requestGrant(support)).json();
    // Someone else's grant cannot be selected, and a contributor has no selection at all.
    expect((await select(secondSupport, grant.id)).status).toBe(400);
    expect((await select(contributor, grant.id)).status).toBe(403);

    const selected = await select(support, grant.id);
    expect(selected.status).toBe(200);
    expect(selected.json()).toMatchObject({ activeAccessGrantId: grant.id, organization: { id: t.organizationId, name: 'Surge' } });
    expect(selected.json().permissions.sort()).toEqual([PERMISSIONS.ACCESS_GRANT_SELECTION, PERMISSIONS.PROJECTS_VIEW_ALL, PERMISSIONS.USERS_VIEW].sort());

    expect((await call(t, support, 'GET', `/api/projects/${projectId}`)).json().name).toBe('Customer tank');
    expect((await call(t, support, 'GET', `/api/simulations/${simulationId}`)).json().name).toBe('Sloshing');
    expect((await call(t, support, 'GET', `/api/simulations/${simulationId}/setup`)).status).toBe(200);
    expect((await call(t, support, 'GET', '/api/projects?view=all')).json().results.map((p: { name: string }) => p.name)).toEqual(['Customer tank']);
    expect((await call(t, support, 'GET', '/api/mgmt/users')).status).toBe(200);

    const readOnly = { status: 403, description: 'Access through an access grant is read-only.' };
    expect((await call(t, support, 'PUT', `/api/projects/${projectId}`, { name: 'Renamed' })).json()).toMatchObject(readOnly);
    expect((await call(t, support, 'POST', '/api/projects', { name: 'Planted' })).json()).toMatchObject(readOnly);
    expect((await call(t, support, 'DELETE', `/api/simulations/${simulationId}`)).json()).toMatchObject(readOnly);
    expect((await call(t, support, 'POST', `/api/simulations/${simulationId}/clone`, {})).json()).toMatchObject(readOnly);
    expect((await call(t, support, 'POST', '/api/mgmt/users', { email: 'x@surge.test', firstName: 'X', lastName: 'Y', role: 'manager' })).status).toBe(403);
    expect((await call(t, support, 'GET', `/api/mgmt/access_grants`)).status).toBe(403);
    // Their own account stays theirs.
    expect((await call(t, support, 'PUT', '/api/users', { firstName: 'Sam', lastName: 'Support' })).status).toBe(200);
    expect((await call(t, contributor, 'GET', `/api/projects/${projectId}`)).json().name).toBe('Customer tank');

    // Back to the own organisation.
    expect((await select(support, null)).json()).toMatchObject({ activeAccessGrantId: null, organization: { id: internalOrganizationId } });
    expect((await call(t, support, 'GET', `/api/projects/${projectId}`)).status).toBe(404);
  });
});

describe('team admins', () => {
  it('of the granted organisation alone see and revoke grants, which stop working at once', async () => {
    const grant = (await requestGrant(support, t.organizationId, 'workshop')).json();
    await select(support, grant.id);
    expect((await call(t, support, 'GET', `/api/projects/${projectId}`)).status).toBe(200);

    const listed = (await call(t, manager, 'GET', '/api/mgmt/access_grants')).json();
    expect(listed.results.map((g: { id: string }) => g.id)).toContain(grant.id);
    expect(listed.results.find((g: { id: string }) => g.id === grant.id)).toMatchObject({ reason: 'workshop', state: 'active', requester: { fullName: expect.stringMatching(/Support/) } });
    expect((await call(t, otherManager, 'GET', '/api/mgmt/access_grants')).json().results).toEqual([]);
    expect((await call(t, otherManager, 'GET', `/api/mgmt/access_grants?organizationId=${t.organizationId}`)).json().results).toEqual([]);
    expect((await call(t, contributor, 'GET', '/api/mgmt/access_grants')).status).toBe(403);
    expect((await call(t, otherManager, 'DELETE', `/api/mgmt/access_grants/${grant.id}`)).status).toBe(404);
    expect((await call(t, contributor, 'DELETE', `/api/mgmt/access_grants/${grant.id}`)).status).toBe(403);

    const revoked = await call(t, manager, 'DELETE', `/api/mgmt/access_grants/${grant.id}`);
    expect(revoked.json()).toMatchObject({ id: grant.id, state: 'revoked' });
    expect((await call(t, support, 'GET', `/api/projects/${projectId}`)).status).toBe(404);
    expect((await call(t, support, 'GET', '/api/users')).json()).toMatchObject({ activeAccessGrantId: null, organization: { id: internalOrganizationId } });
    expect((await select(support, grant.id)).status).toBe(400);
    expect((await call(t, manager, 'DELETE', `/api/mgmt/access_grants/${grant.id}`)).json()).toMatchObject({ status: 409, description: 'This access grant is no longer active.' });
  });
});

describe('expiry', () => {
  it('ends a grant after 24 hours, even while it is selected', async () => {
    const grant = (await requestGrant(support)).json();
    await select(support, grant.id);
    const found = await findUserWithOrganization(t.db.db, supportId);
    if (!found) throw new Error('support user missing');
    const created = new Date(grant.createdAt).getTime();
    const justBefore = await authScope(t.db.db, found.user, found.organization, new Date(created + ACCESS_GRANT_DURATION_MS - 1));
    expect(justBefore.organization.id).toBe(t.organizationId);
    expect(await grantStillInForce(t.db.db, justBefore, new Date(created + ACCESS_GRANT_DURATION_MS - 1))).toBe(true);
    const after = await authScope(t.db.db, found.user, found.organization, new Date(created + ACCESS_GRANT_DURATION_MS));
    expect(after.organization.id).toBe(internalOrganizationId);
    expect(after.accessGrant).toBeUndefined();
    expect(await grantStillInForce(t.db.db, justBefore, new Date(created + ACCESS_GRANT_DURATION_MS))).toBe(false);

    // The clock of the database moves on: the very next request is back in the own organisation.
    await t.db.db.update(accessGrants).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accessGrants.id, grant.id));
    expect((await call(t, support, 'GET', `/api/projects/${projectId}`)).status).toBe(404);
    const listed = (await call(t, manager, 'GET', '/api/mgmt/access_grants')).json();
    expect(listed.results.map((g: { id: string }) => g.id)).not.toContain(grant.id);
    const withExpired = (await call(t, manager, 'GET', '/api/mgmt/access_grants?includeExpired=true')).json();
    expect(withExpired.results.find((g: { id: string }) => g.id === grant.id)?.state).toBe('expired');
    expect((await call(t, manager, 'GET', '/api/mgmt/access_grants?state=expired')).json().results.map((g: { id: string }) => g.id)).toEqual([grant.id]);
  });
});

describe('lists', () => {
  it('page with pageNumber and pageLimit (-1 for all) and let support staff list their own', async () => {
    const own = [];
    for (let i = 0; i < 3; i += 1) own.push((await requestGrant(support, otherOrganizationId, 'other')).json().id);
    const mine = (await call(t, support, 'GET', '/api/admin/access_grants?onlySelf=true&pageLimit=-1&state=active')).json();
    expect(mine.results.length).toBe(mine.resultCount);
    expect(mine.results.every((g: { requesterId: string; state: string }) => g.requesterId === supportId && g.state === 'active')).toBe(true);
    expect(mine.results.slice(0, 3).map((g: { id: string }) => g.id)).toEqual([...own].reverse());

    const first = (await call(t, otherManager, 'GET', '/api/mgmt/access_grants?pageLimit=2')).json();
    expect(first).toMatchObject({ resultCount: 3, pageCount: 2 });
    expect(first.results.length).toBe(2);
    const second = (await call(t, otherManager, 'GET', '/api/mgmt/access_grants?pageLimit=2&pageNumber=2')).json();
    expect(second.results.map((g: { id: string }) => g.id)).toEqual([own[0]]);
    expect((await call(t, otherManager, 'GET', '/api/mgmt/access_grants?pageLimit=0')).status).toBe(400);

    expect((await call(t, secondSupport, 'GET', '/api/admin/access_grants?onlySelf=true')).json().results).toEqual([]);
    expect((await call(t, secondSupport, 'GET', `/api/admin/access_grants?organizationId=${otherOrganizationId}`)).json().resultCount).toBe(3);
    expect((await call(t, manager, 'GET', '/api/admin/access_grants')).status).toBe(403);
    const organizations = (await call(t, support, 'GET', '/api/admin/organizations')).json();
    expect(organizations.map((o: { name: string }) => o.name).sort()).toEqual(['Other Org', 'Surge']);
    expect((await call(t, contributor, 'GET', '/api/admin/organizations')).status).toBe(403);
  });
});

describe('internal staff in a team', () => {
  it('cannot be edited, deleted or have their role changed, and nobody deletes themselves', async () => {
    const member = await createUser(t, t.organizationId, 'support');
    const admin = await createUser(t, t.organizationId, 'admin');
    for (const id of [member.id, admin.id]) {
      expect((await call(t, manager, 'PUT', `/api/mgmt/users/${id}`, { role: 'contributor' })).status).toBe(403);
      expect((await call(t, manager, 'PUT', `/api/mgmt/users/${id}`, { lastName: 'Renamed' })).status).toBe(403);
      expect((await call(t, manager, 'DELETE', `/api/mgmt/users/${id}`)).json()).toMatchObject({ status: 403, description: 'Internal users cannot be edited, deleted or have their role changed.' });
    }
    expect((await call(t, manager, 'DELETE', `/api/mgmt/users/${t.admin.id}`)).json()).toMatchObject({ status: 403, description: 'You cannot delete yourself.' });
    const adminToken = await tokenFor(t, admin.id);
    expect((await call(t, adminToken, 'DELETE', `/api/mgmt/users/${admin.id}`)).json().description).toBe('You cannot delete yourself.');
  });
});
