// The authorisation matrix: every route of /api/openapi.json is sent, with the real ids of things another
// user owns in the first organisation, by no one, a contributor, a manager, another organisation's manager,
// and Surge support without and with an access grant to the first organisation. Each answer is compared
// with the table below, derived from the domain's permission model (src/domain/permissions.ts: a
// contributor reaches their own projects only, a manager every project and the team, support reads an
// organisation only through an access grant). A route missing from the table fails, so a new route must be
// classified; nobody outside the first organisation ever gets its data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultUserExportState } from '../../../src/domain/userExport.ts';
import { organizations } from '../../../src/server/platform/db/schema.ts';
import { call, createOrganization, createSimulationWithSetup, createUser, smallDamBreak, solverId, startRunsApp, tokenFor, waitFor, waitForState, type RunsTestApp } from '../runs/harness.ts';
import { createOwnedThings, multipartBody, tinyPng, tetrahedronStl, type OwnedThings } from './authorizationFixture.ts';
import { BOGUS_ID, openApiSampler, type OpenApi, type Operation } from './openApiSamples.ts';
import { caxIf, ownedAssembly } from './assemblyFixture.ts';

const ROLES = ['none', 'contributor', 'manager', 'otherOrganization', 'support', 'supportWithGrant'] as const;
type RoleName = (typeof ROLES)[number];

/**
 * ok: the caller is allowed (any answer but 401, 403, 404 and 5xx: a refusal of the body or a conflict
 * still means the permission check was passed); forbidden: 403; hidden: 404 or 403, and the first
 * organisation's things do not exist for the caller; unauthenticated: 401.
 */
type Outcome = 'ok' | 'forbidden' | 'hidden' | 'unauthenticated';
type Policy = Record<RoleName, Outcome>;

const signedIn = (outcomes: Omit<Policy, 'none'>): Policy => ({ none: 'unauthenticated', ...outcomes });

/** The kinds of route, each a row of the permission model. */
const POLICIES = {
  /** Anyone, signed in or not. */
  public: { none: 'ok', contributor: 'ok', manager: 'ok', otherOrganization: 'ok', support: 'ok', supportWithGrant: 'ok' },
  /** The caller's own account, or lists of the caller's own organisation (another organisation sees its own). */
  own: signedIn({ contributor: 'ok', manager: 'ok', otherOrganization: 'ok', support: 'ok', supportWithGrant: 'ok' }),
  /** Creating something new in the caller's organisation: read-only under an access grant. */
  createInOwnOrganization: signedIn({ contributor: 'ok', manager: 'ok', otherOrganization: 'ok', support: 'ok', supportWithGrant: 'forbidden' }),
  /** Reading another user's project or simulation, or what belongs to it. */
  readOwned: signedIn({ contributor: 'forbidden', manager: 'ok', otherOrganization: 'hidden', support: 'hidden', supportWithGrant: 'ok' }),
  /** Changing another user's project or simulation, or what belongs to it. */
  writeOwned: signedIn({ contributor: 'forbidden', manager: 'ok', otherOrganization: 'hidden', support: 'hidden', supportWithGrant: 'forbidden' }),
  /** Another user's consumption: CREDITS_VIEW_SEQUENCE_USERS (another organisation's manager sees their own, empty). */
  creditsOfUser: signedIn({ contributor: 'forbidden', manager: 'ok', otherOrganization: 'ok', support: 'forbidden', supportWithGrant: 'forbidden' }),
  /** The team list: USERS_VIEW. */
  viewTeam: signedIn({ contributor: 'forbidden', manager: 'ok', otherOrganization: 'ok', support: 'ok', supportWithGrant: 'ok' }),
  /** Adding a member to the own team, and the team's access grants: USERS_MANAGE. */
  manageTeam: signedIn({ contributor: 'forbidden', manager: 'ok', otherOrganization: 'ok', support: 'forbidden', supportWithGrant: 'forbidden' }),
  /** Changing a member of the first organisation (the fixture's owner) or revoking a grant to it: USERS_MANAGE there. */
  manageMember: signedIn({ contributor: 'forbidden', manager: 'ok', otherOrganization: 'hidden', support: 'hidden', supportWithGrant: 'forbidden' }),
  /** Surge staff: ACCESS_GRANT_SELECTION. */
  staff: signedIn({ contributor: 'forbidden', manager: 'forbidden', otherOrganization: 'forbidden', support: 'ok', supportWithGrant: 'ok' }),
} satisfies Record<string, Policy>;
type PolicyName = keyof typeof POLICIES;

type Row = {
  policy: PolicyName;
  /** The allowed answer may be 404: what the route names does not exist for anyone (checked as allowed). */
  absent?: true;
  /** Removes or replaces the fixture: the allowed callers go last. */
  destructive?: number;
};

/** Every route of the API, classified. Keys are `METHOD /api/path` as in the OpenAPI document. */
const TABLE: Record<string, Row> = {
  'GET /api/config': { policy: 'public' },
  'GET /api/version': { policy: 'public' },

  'GET /api/users': { policy: 'own' },
  'PUT /api/users': { policy: 'own' },
  'POST /api/auth/password': { policy: 'own' },
  'GET /api/auth/authenticators': { policy: 'own' },
  'DELETE /api/auth/authenticators/{id}': { policy: 'own', absent: true },
  'POST /api/auth/mfa': { policy: 'own' },
  'POST /api/auth/mfa/verify': { policy: 'own' },
  'POST /api/fetch/auth': { policy: 'own' },
  'GET /api/organizations': { policy: 'own' },
  'GET /api/storage_consumption/organization': { policy: 'own' },
  'GET /api/solvers': { policy: 'own' },
  'GET /api/remote_vms': { policy: 'own' },
  'GET /api/remote_vms/hours': { policy: 'own' },
  // The link is its own authorisation; a forged one names nothing.
  'GET /api/remote_vm_files': { policy: 'public', absent: true },
  'GET /api/projects': { policy: 'own' },
  'GET /api/dashboard_templates': { policy: 'own' },
  'GET /api/credits/sequences': { policy: 'own' },
  'GET /api/credits/history': { policy: 'creditsOfUser' },

  'POST /api/projects': { policy: 'createInOwnOrganization' },
  'POST /api/client-upload/images': { policy: 'createInOwnOrganization' },

  'GET /api/mgmt/users': { policy: 'viewTeam' },
  'POST /api/mgmt/users': { policy: 'manageTeam' },
  'GET /api/mgmt/access_grants': { policy: 'manageTeam' },
  'PUT /api/mgmt/users/{id}': { policy: 'manageMember' },
  'DELETE /api/mgmt/users/{id}': { policy: 'manageMember', destructive: 9 },
  'POST /api/mgmt/users/{id}/invitation': { policy: 'manageMember' },
  'POST /api/mgmt/users/{id}/auth/password': { policy: 'manageMember' },
  'DELETE /api/mgmt/access_grants/{id}': { policy: 'manageMember', destructive: 1 },

  'GET /api/admin/access_grants': { policy: 'staff' },
  'POST /api/admin/access_grants': { policy: 'staff' },
  'GET /api/admin/organizations': { policy: 'staff' },
  'PUT /api/users/active_access_grant': { policy: 'staff' },

  'GET /api/projects/{id}': { policy: 'readOwned' },
  'PUT /api/projects/{id}': { policy: 'writeOwned' },
  'DELETE /api/projects/{id}': { policy: 'writeOwned', destructive: 8 },
  'POST /api/projects/{id}/simulations': { policy: 'writeOwned' },

  'GET /api/simulations/{id}': { policy: 'readOwned' },
  'PUT /api/simulations/{id}': { policy: 'writeOwned' },
  'DELETE /api/simulations/{id}': { policy: 'writeOwned', destructive: 7 },
  'POST /api/simulations/{id}/clone': { policy: 'writeOwned' },
  'GET /api/simulations/{id}/setup': { policy: 'readOwned' },
  'PUT /api/simulations/{id}/setup': { policy: 'writeOwned' },
  'POST /api/simulations/{id}/setup/unlock': { policy: 'writeOwned' },
  'GET /api/simulations/{id}/validation': { policy: 'readOwned' },
  'POST /api/simulations/{id}/uploaded_setup': { policy: 'writeOwned' },
  'GET /api/simulations/{id}/remote_vms': { policy: 'readOwned' },
  'POST /api/simulations/{id}/remote_vms': { policy: 'writeOwned' },
  'PUT /api/simulations/{id}/remote_vms': { policy: 'writeOwned', absent: true },
  'DELETE /api/simulations/{id}/remote_vms': { policy: 'writeOwned', absent: true, destructive: 0 },
  'GET /api/simulations/{id}/remote_vms/files': { policy: 'readOwned', absent: true },
  'GET /api/simulations/{id}/remote_vms/files/link': { policy: 'readOwned', absent: true },
  'POST /api/simulations/{id}/remote_vms/files': { policy: 'writeOwned', absent: true },

  // A new run becomes the simulation's active one, whose outputs do not exist yet: the output routes go first.
  'POST /api/simulations/{id}/runs': { policy: 'writeOwned', destructive: 0 },
  'GET /api/simulations/{id}/runs': { policy: 'readOwned' },
  'POST /api/simulations/{id}/stop': { policy: 'writeOwned' },
  'POST /api/simulations/{id}/unlock': { policy: 'writeOwned' },
  'GET /api/simulations/{id}/jobs': { policy: 'readOwned' },
  'GET /api/jobs/{id}': { policy: 'readOwned' },
  'DELETE /api/jobs/{id}': { policy: 'writeOwned', destructive: 2 },
  'POST /api/simulations/{id}/discretizations': { policy: 'writeOwned' },
  'DELETE /api/simulations/{id}/discretizations': { policy: 'writeOwned', destructive: 3 },

  'GET /api/simulations/{id}/outputs': { policy: 'readOwned' },
  'GET /api/simulations/{id}/outputs/{n}/meta.json': { policy: 'readOwned' },
  'GET /api/simulations/{id}/outputs/{n}/files/{file}': { policy: 'readOwned' },
  'GET /api/simulations/{id}/outputs/{n}/static/{file}': { policy: 'readOwned' },
  'GET /api/simulations/{id}/logs': { policy: 'readOwned' },
  'GET /api/simulations/{id}/custom_sensors': { policy: 'readOwned' },
  'PUT /api/simulations/{id}/sensors': { policy: 'writeOwned' },
  'PUT /api/simulations/{id}/volume_clips': { policy: 'writeOwned' },
  'POST /api/simulations/{id}/sensor_outputs/recomputation': { policy: 'writeOwned' },
  'DELETE /api/simulations/{id}/sensor_outputs/recomputation': { policy: 'writeOwned' },
  'POST /api/simulations/{id}/user_exports': { policy: 'writeOwned' },
  'GET /api/simulations/{id}/user_exports': { policy: 'readOwned' },
  'DELETE /api/simulations/{id}/user_exports': { policy: 'writeOwned', destructive: 4 },
  'GET /api/simulations/{id}/user_exports/{fileId}': { policy: 'readOwned', absent: true },

  'GET /api/simulations/{id}/alerts': { policy: 'readOwned' },
  'GET /api/simulations/{id}/history': { policy: 'readOwned' },

  'GET /api/simulations/{id}/movements': { policy: 'readOwned' },
  'GET /api/parts/{id}/movements/keyframes': { policy: 'readOwned' },
  'POST /api/simulations/{id}/acceleration_file': { policy: 'writeOwned' },

  'POST /api/simulations/{id}/files': { policy: 'writeOwned' },
  'GET /api/files/{id}': { policy: 'readOwned' },
  'POST /api/files/{id}/tessellation': { policy: 'writeOwned' },
  'GET /api/images/{id}': { policy: 'readOwned' },

  'POST /api/client-upload/simulations/{id}/assemblies': { policy: 'writeOwned' },
  'GET /api/simulations/{id}/assemblies': { policy: 'readOwned' },
  'GET /api/assemblies/{id}': { policy: 'readOwned' },
  'POST /api/assemblies/{id}': { policy: 'writeOwned' },
  'GET /api/assemblies/{id}/parts': { policy: 'readOwned' },
  'POST /api/assemblies/{id}/parts': { policy: 'writeOwned' },
  'PUT /api/assemblies/{id}/parts': { policy: 'writeOwned' },
  'DELETE /api/assemblies/{id}/parts': { policy: 'writeOwned' },
  'GET /api/simulations/{id}/tessellation_runs': { policy: 'readOwned' },
  'DELETE /api/tessellation_runs/{id}': { policy: 'writeOwned' },
  'DELETE /api/images/{id}': { policy: 'writeOwned', destructive: 5 },

  'GET /api/simulations/{id}/dashboards': { policy: 'readOwned' },
  'POST /api/simulations/{id}/dashboards': { policy: 'writeOwned' },
  'PUT /api/dashboards/{id}': { policy: 'writeOwned' },
  'DELETE /api/dashboards/{id}': { policy: 'writeOwned', destructive: 6 },
  'GET /api/dashboards/{id}/tiles': { policy: 'readOwned' },
  'POST /api/dashboards/{id}/tiles': { policy: 'writeOwned' },
  'PUT /api/dashboardtiles/{id}': { policy: 'writeOwned' },
  'DELETE /api/dashboardtiles/{id}': { policy: 'writeOwned', destructive: 5 },
  'POST /api/dashboard_templates': { policy: 'writeOwned' },
  'PUT /api/dashboard_templates/{id}': { policy: 'writeOwned' },
  'DELETE /api/dashboard_templates/{id}': { policy: 'writeOwned', destructive: 5 },
};

let t: RunsTestApp;
let doc: OpenApi;
let owned: OwnedThings;
let ownerId: string;
let grantId: string;
let jobId: string;
let output: { n: string; file: string; staticFile: string };
let solver: string;
const tokens = {} as Record<Exclude<RoleName, 'none'>, string>;
let images = 0;
let assembly: { id: string; runId: string; nodeId: string };

beforeAll(async () => {
  t = await startRunsApp();
  // The first organisation may upload preprocessed setups, so that route's answer is about permissions.
  await t.db.db.update(organizations).set({ features: ['upload_preprocessing'] }).where(eq(organizations.id, t.organizationId));
  ownerId = (await createUser(t, t.organizationId, 'contributor')).id;
  const owner = await tokenFor(t, ownerId, { expiresIn: '1h' });
  owned = await createOwnedThings(t, owner, ownerId, 'Matrix');
  solver = await solverId(t, owner);
  const started = await call(t, owner, 'POST', `/api/simulations/${owned.simulationId}/runs`, { solverId: solver, cores: 1, mode: 'start' });
  expect(started.status, started.text).toBe(201);
  expect(await waitForState(t.db.db, owned.simulationId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
  const jobs = await call(t, owner, 'GET', `/api/simulations/${owned.simulationId}/jobs`);
  jobId = (jobs.json() as { id: string }[])[0].id;
  // The owner's simulation has a running machine, so that its routes answer about it.
  const launched = await call(t, owner, 'POST', `/api/simulations/${owned.simulationId}/remote_vms`);
  expect(launched.status, launched.text).toBe(201);
  await waitFor('the machine up', async () => {
    const state = (await call(t, owner, 'GET', `/api/simulations/${owned.simulationId}/remote_vms`)).json().state as string;
    return state === 'running' || state === 'failed';
  });
  const outputs = await call(t, owner, 'GET', `/api/simulations/${owned.simulationId}/outputs`);
  output = outputFiles(outputs.json());
  const meta = await call(t, owner, 'GET', `/api/simulations/${owned.simulationId}/outputs/${output.n}/meta.json`);
  expect(meta.status, meta.text).toBe(200);
  output = { ...output, ...filesOfMeta(meta.json()) };

  // The assembly lives in a second simulation of the owner, whose setup no run has locked.
  assembly = await ownedAssembly(t, owner, await createSimulationWithSetup(t, owner, smallDamBreak(), 'Matrix assembly simulation'));

  const use = async (role: Exclude<RoleName, 'none'>, userId: string) => (tokens[role] = await tokenFor(t, userId, { expiresIn: '1h' }));
  await use('contributor', (await createUser(t, t.organizationId, 'contributor')).id);
  await use('manager', (await createUser(t, t.organizationId, 'manager')).id);
  await use('otherOrganization', (await createUser(t, await createOrganization(t, 'Other organisation'), 'manager')).id);
  const internal = await createOrganization(t, 'Surge Internal');
  await use('support', (await createUser(t, internal, 'support')).id);
  await use('supportWithGrant', (await createUser(t, internal, 'support')).id);
  const grant = await call(t, tokens.supportWithGrant, 'POST', '/api/admin/access_grants', { organizationId: t.organizationId, reason: 'support' });
  expect(grant.status, grant.text).toBe(201);
  grantId = (grant.json() as { id: string }).id;
  const selected = await call(t, tokens.supportWithGrant, 'PUT', '/api/users/active_access_grant', { accessGrantId: grantId });
  expect(selected.status, selected.text).toBe(200);
  doc = (await call(t, null, 'GET', '/api/openapi.json')).json() as OpenApi;
}, 120_000);
afterAll(async () => t?.close());

/** The first output's number from the outputs list (whatever its exact shape), and placeholders for its files. */
function outputFiles(list: unknown): { n: string; file: string; staticFile: string } {
  const text = JSON.stringify(list);
  const n = /"(?:n|number|index)":(\d+)/.exec(text)?.[1] ?? '0';
  return { n, file: 'fluid.bin', staticFile: 'walls.bin' };
}

/** A per-output and a static file named by the output's meta.json. */
function filesOfMeta(meta: unknown): { file?: string; staticFile?: string } {
  const names = [...JSON.stringify(meta).matchAll(/"([\w.-]+\.(?:bin|json|f32|u32|dat))"/g)].map((m) => m[1]);
  const staticRef = [...JSON.stringify(meta).matchAll(/"(?:\.\.\/)?static\/([\w.-]+)"/g)].map((m) => m[1]);
  const file = names.find((x) => x !== 'meta.json' && !x.includes('/'));
  return { ...(file ? { file } : {}), ...(staticRef[0] ? { staticFile: staticRef[0] } : {}) };
}

/** The fixture's ids for the fields that name something. */
function realId(key: string | undefined): string | undefined {
  switch (key) {
    case 'projectId':
      return owned.projectId;
    case 'simulationId':
      return owned.simulationId;
    case 'viewId':
      return owned.viewId;
    case 'solverId':
      return solver;
    case 'imageId':
    case 'postImageId':
      return owned.imageId;
    case 'organizationId':
      return t.organizationId;
    case 'accessGrantId':
      return grantId;
    default:
      return undefined;
  }
}

/** Plausible bodies from the routes' schemas, so that requests get past validation to the permission check. */
const sampler = openApiSampler(() => doc, { realId, label: 'Matrix', requiredOnly: true, boolean: false });

/** Bodies the schemas cannot suggest: a complete setup, a run start, multipart uploads. */
function bodyFor(key: string, operation: Operation): { payload?: Buffer | string; headers: Record<string, string> } {
  const json = (value: unknown) => ({ payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
  switch (key) {
    case 'PUT /api/simulations/{id}/setup':
      return json(smallDamBreak());
    case 'POST /api/simulations/{id}/user_exports':
      return json(defaultUserExportState(owned.simulationId, 0));
    case 'POST /api/dashboards/{id}/tiles':
      return json({ type: 'note', x: 0, y: 6, w: 4, h: 3 });
    case 'POST /api/simulations/{id}/runs':
      return json({ solverId: solver, cores: 1, mode: 'start' });
    case 'POST /api/simulations/{id}/files':
      return multipartBody({}, { name: 'part.stl', bytes: tetrahedronStl() });
    case 'POST /api/simulations/{id}/acceleration_file':
      return multipartBody({}, { name: 'shake.csv', bytes: Buffer.from('time,ax,ay,az\n0,0,0,0\n1,0.5,0,0\n') });
    case 'POST /api/simulations/{id}/remote_vms/files':
      return multipartBody({}, { name: 'matrix.txt', bytes: Buffer.from('uploaded by the matrix') });
    case 'POST /api/client-upload/images':
      return multipartBody({ name: `Matrix image ${(images += 1)}` }, { name: 'view.png', bytes: tinyPng() });
    case 'POST /api/simulations/{id}/uploaded_setup':
      return multipartBody({ jobFilename: 'setup.json' }, { name: 'setup.zip', bytes: Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'latin1') });
    case 'GET /api/credits/history':
      return { headers: {} };
    case 'POST /api/client-upload/simulations/{id}/assemblies':
      return multipartBody({}, { name: 'io1-cm-214.stp', bytes: caxIf('io1-cm-214.stp') });
    case 'POST /api/assemblies/{id}/parts':
      return json([{ name: 'Matrix part', assemblyNodeIds: [assembly.nodeId], componentType: 'rigid' }]);
    case 'PUT /api/assemblies/{id}/parts':
      return json([{ id: BOGUS_ID, name: 'Matrix part' }]);
    case 'DELETE /api/assemblies/{id}/parts':
      return json({ partIds: [BOGUS_ID] });
    default: {
      const content = operation.requestBody?.content?.['application/json'];
      if (!content) return { headers: {} };
      return json(sampler.sample(content.schema));
    }
  }
}

function urlFor(key: string): string {
  const path = key.split(' ')[1];
  const first = (/^\/api\/(\w+)/.exec(path)?.[1] ?? '') as string;
  const idOf: Record<string, string> = {
    projects: owned.projectId,
    simulations: owned.simulationId,
    files: owned.fileId,
    images: owned.imageId,
    dashboards: owned.viewId,
    dashboardtiles: owned.tileId,
    dashboard_templates: owned.templateId,
    jobs: jobId,
    mgmt: path.startsWith('/api/mgmt/access_grants') ? grantId : ownerId,
    auth: '00000000-0000-4000-8000-000000000000',
    // A part of the owner's setup; the simulation is named, since clones made here hold the same part.
    parts: 'tank',
    client: owned.simulationId,
    assemblies: assembly.id,
    tessellation_runs: assembly.runId,
  };
  let url = path
    .replace('{id}', idOf[first] ?? 'missing')
    .replace('{n}', output.n)
    .replace('{fileId}', '00000000-0000-4000-8000-000000000000')
    .replace('{file}', path.includes('/static/') ? output.staticFile : output.file);
  if (key === 'GET /api/credits/history') url += `?userId=${ownerId}`;
  if (key === 'GET /api/simulations/{id}/remote_vms/files/link') url += '?path=/home/README.txt';
  if (key === 'GET /api/remote_vm_files') url += '?token=forged.link.token';
  if (key === 'GET /api/parts/{id}/movements/keyframes') url += `?simulationId=${owned.simulationId}`;
  return url;
}

/** What must never appear in an answer to someone outside the first organisation. */
function secrets(): string[] {
  return [owned.simulationName, 'Matrix view', 'Matrix template', owned.projectId, owned.simulationId, owned.fileId, owned.imageId, owned.viewId, owned.tileId, owned.templateId, ownerId, assembly.id, assembly.runId];
}

function judge(outcome: Outcome, status: number, row: Row): boolean {
  switch (outcome) {
    case 'ok':
      return status < 500 && status !== 401 && status !== 403 && (status !== 404 || row.absent === true);
    case 'forbidden':
      return status === 403;
    case 'hidden':
      return status === 404 || status === 403;
    case 'unauthenticated':
      return status === 401;
  }
}

describe('authorisation matrix', () => {
  it('classifies every route of the API document', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.filter((key) => !TABLE[key]), 'routes missing from the table').toEqual([]);
    expect(Object.keys(TABLE).filter((key) => !documented.includes(key)), 'table rows of routes that no longer exist').toEqual([]);
  });

  it('answers every route × role as the permission model says, and never with the first organisation\'s data outside it', async () => {
    type Cell = { key: string; role: RoleName };
    const keys = Object.keys(TABLE).filter((key) => {
      const [method, path] = key.split(' ');
      return doc.paths[path]?.[method.toLowerCase()];
    });
    // Everyone but the allowed callers of destructive routes first; those last, in the table's order.
    const cells: Cell[] = [];
    const late: (Cell & { order: number })[] = [];
    for (const key of keys) {
      for (const role of ROLES) {
        const row = TABLE[key];
        if (row.destructive !== undefined && POLICIES[row.policy][role] === 'ok') late.push({ key, role, order: row.destructive });
        else cells.push({ key, role });
      }
    }
    cells.push(...late.sort((a, b) => a.order - b.order));
    const mismatches: string[] = [];
    for (const { key, role } of cells) {
      const [method, path] = key.split(' ');
      const row = TABLE[key];
      const expected = POLICIES[row.policy][role];
      const { payload, headers } = bodyFor(key, doc.paths[path][method.toLowerCase()]);
      const response = await t.app.inject({
        method: method as 'GET',
        url: urlFor(key),
        headers: { ...headers, ...(role === 'none' ? {} : { authorization: `Bearer ${tokens[role]}` }) },
        ...(payload !== undefined ? { payload } : {}),
      });
      const status = response.statusCode;
      if (!judge(expected, status, row)) mismatches.push(`${key} as ${role}: expected ${expected}, got ${status} ${response.body.slice(0, 160)}`);
      if (role === 'otherOrganization' || role === 'support' || role === 'none') {
        const leaked = secrets().filter((secret) => response.body.includes(secret));
        if (leaked.length > 0) mismatches.push(`${key} as ${role}: the answer contains ${leaked.join(', ')}`);
      }
    }
    console.log(`authorisation matrix: ${cells.length} route × role cells checked (${keys.length} routes × ${ROLES.length} roles)`);
    expect(mismatches).toEqual([]);
  }, 120_000);
});
