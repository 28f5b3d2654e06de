// The permission matrix over the API: no token or a bad one is 401; a contributor cannot reach another
// user's project or simulation (403); another organisation's resources do not exist (404); team
// management and the all-projects view need their permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptySetup } from '../../../src/domain/setup.ts';
import { call, createOrganization, createUser, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let manager: string;
let alice: string;
let bob: string;
let stranger: string;
let strangerManager: string;
let bobProject: string;
let bobSimulation: string;

beforeAll(async () => {
  t = await startTestApp();
  manager = await tokenFor(t, t.admin.id);
  alice = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id);
  const bobUser = await createUser(t, t.organizationId, 'contributor');
  bob = await tokenFor(t, bobUser.id);
  const otherOrg = await createOrganization(t, 'Other Org');
  stranger = await tokenFor(t, (await createUser(t, otherOrg, 'contributor')).id);
  strangerManager = await tokenFor(t, (await createUser(t, otherOrg, 'manager')).id);
  bobProject = (await call(t, bob, 'POST', '/api/projects', { name: "Bob's project" })).json().id;
  bobSimulation = (await call(t, bob, 'POST', `/api/projects/${bobProject}/simulations`, { name: "Bob's run" })).json().id;
});
afterAll(async () => t?.close());

describe('authentication', () => {
  it('answers 401 without a token, with a malformed, foreign or expired one', async () => {
    expect((await call(t, null, 'GET', '/api/projects')).json()).toMatchObject({ status: 401, title: 'authentication_failed' });
    expect((await call(t, 'not.a.jwt', 'GET', '/api/users')).status).toBe(401);
    const wrongAudience = await tokenFor(t, t.admin.id, { audience: 'http://elsewhere/api' });
    expect((await call(t, wrongAudience, 'GET', '/api/users')).status).toBe(401);
    const expired = await tokenFor(t, t.admin.id, { expiresIn: '-1m' });
    expect((await call(t, expired, 'GET', '/api/users')).status).toBe(401);
    const unknownUser = await tokenFor(t, '00000000-0000-4000-8000-000000000000');
    expect((await call(t, unknownUser, 'GET', '/api/users')).json()).toMatchObject({ status: 401, title: 'unauthorized' });
  });

  it('keeps public routes public', async () => {
    expect((await call(t, null, 'GET', '/api/config')).status).toBe(200);
    expect((await call(t, null, 'GET', '/api/version')).text).toBe('0.1.0+test');
  });
});

describe('projects of another user in the same organisation', () => {
  it('are forbidden to a contributor for every operation', async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/projects/${bobProject}`],
      ['PUT', `/api/projects/${bobProject}`, { name: 'Mine now' }],
      ['DELETE', `/api/projects/${bobProject}`],
      ['POST', `/api/projects/${bobProject}/simulations`, { name: 'Intruder' }],
      ['GET', `/api/simulations/${bobSimulation}`],
      ['PUT', `/api/simulations/${bobSimulation}`, { name: 'Renamed' }],
      ['DELETE', `/api/simulations/${bobSimulation}`],
      ['POST', `/api/simulations/${bobSimulation}/clone`, {}],
      ['GET', `/api/simulations/${bobSimulation}/setup`],
      ['PUT', `/api/simulations/${bobSimulation}/setup`, emptySetup()],
      ['POST', `/api/simulations/${bobSimulation}/setup/unlock`],
    ];
    for (const [method, url, body] of attempts) {
      const r = await call(t, alice, method as 'GET', url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.json().title).toBe('forbidden');
    }
    const own = (await call(t, bob, 'GET', `/api/projects/${bobProject}`)).json();
    expect(own).toMatchObject({ name: "Bob's project", simulations: [{ name: "Bob's run" }] });
  });

  it('are not listed for a contributor, who may not ask for all projects', async () => {
    expect((await call(t, alice, 'GET', '/api/projects')).json().resultCount).toBe(0);
    expect((await call(t, alice, 'GET', `/api/projects?projectIds=${bobProject}`)).json().resultCount).toBe(0);
    expect((await call(t, alice, 'GET', '/api/projects?view=all')).status).toBe(403);
  });

  it('cannot receive a moved simulation from a contributor', async () => {
    const aliceProject = (await call(t, alice, 'POST', '/api/projects', { name: "Alice's project" })).json().id;
    const aliceSim = (await call(t, alice, 'POST', `/api/projects/${aliceProject}/simulations`, { name: 'Mine' })).json().id;
    expect((await call(t, alice, 'PUT', `/api/simulations/${aliceSim}`, { projectId: bobProject })).status).toBe(403);
    expect((await call(t, alice, 'GET', `/api/simulations/${aliceSim}`)).json().projectId).toBe(aliceProject);
  });

  it('are visible and editable for a manager', async () => {
    const all = (await call(t, manager, 'GET', '/api/projects?view=all')).json();
    expect(all.results.map((p: { id: string }) => p.id)).toContain(bobProject);
    expect((await call(t, manager, 'PUT', `/api/simulations/${bobSimulation}`, { description: 'Reviewed' })).status).toBe(200);
  });
});

describe('another organisation', () => {
  it('cannot see, change or list anything of this one (404)', async () => {
    for (const token of [stranger, strangerManager]) {
      expect((await call(t, token, 'GET', `/api/projects/${bobProject}`)).status).toBe(404);
      expect((await call(t, token, 'PUT', `/api/projects/${bobProject}`, { name: 'x' })).status).toBe(404);
      expect((await call(t, token, 'DELETE', `/api/simulations/${bobSimulation}`)).status).toBe(404);
      expect((await call(t, token, 'GET', `/api/simulations/${bobSimulation}/setup`)).json().title).toBe('resource_not_found');
      expect((await call(t, token, 'PUT', `/api/mgmt/users/${t.admin.id}`, { firstName: 'x' })).status).toBe(token === strangerManager ? 404 : 403);
    }
    expect((await call(t, strangerManager, 'GET', '/api/projects?view=all')).json().resultCount).toBe(0);
    const team = (await call(t, strangerManager, 'GET', '/api/mgmt/users')).json() as { id: string }[];
    expect(team.some((u) => u.id === t.admin.id)).toBe(false);
    // Same project name in another organisation is fine.
    expect((await call(t, stranger, 'POST', '/api/projects', { name: "Bob's project" })).status).toBe(201);
  });
});

describe('team management', () => {
  it('is for managers only', async () => {
    expect((await call(t, alice, 'GET', '/api/mgmt/users')).status).toBe(403);
    expect((await call(t, alice, 'POST', '/api/mgmt/users', { email: 'x@surge.test', firstName: 'X', lastName: 'Y', role: 'manager' })).status).toBe(403);
    expect((await call(t, alice, 'POST', `/api/mgmt/users/${t.admin.id}/auth/password`, { password: 'another-password' })).status).toBe(403);
    expect((await call(t, manager, 'GET', '/api/mgmt/users')).status).toBe(200);
  });

  it('gives each role its permission keys', async () => {
    expect((await call(t, alice, 'GET', '/api/users')).json().permissions).toEqual([]);
    expect((await call(t, manager, 'GET', '/api/users')).json().permissions).toEqual(
      expect.arrayContaining(['USERS_VIEW', 'SUBSCRIPTION_VIEW', 'CREDITS_VIEW_SEQUENCE_USERS', 'PROJECTS_VIEW_ALL', 'OVERVIEW_ADMIN_MESSAGE']),
    );
  });
});
