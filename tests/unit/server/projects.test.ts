// Projects and simulations over the API (app.inject on PGlite): create, list with search, filters,
// order and pages, edit, delete, clone, move, the setup document, and validation that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptySetup } from '../../../src/domain/setup.ts';
import { call, createUser, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
let contributor: string;
let contributorId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenFor(t, t.admin.id);
  const user = await createUser(t, t.organizationId, 'contributor');
  contributorId = user.id;
  contributor = await tokenFor(t, user.id);
});
afterAll(async () => t?.close());

async function newProject(token: string, name: string, description = '') {
  const r = await call(t, token, 'POST', '/api/projects', { name, description });
  expect(r.status).toBe(201);
  return r.json() as { id: string; name: string };
}

async function newSimulation(token: string, projectId: string, name: string) {
  const r = await call(t, token, 'POST', `/api/projects/${projectId}/simulations`, { name });
  expect(r.status).toBe(201);
  return r.json() as { id: string; name: string; projectId: string };
}

describe('projects', () => {
  it('creates a project with trimmed name, reads, edits and deletes it', async () => {
    const created = await call(t, admin, 'POST', '/api/projects', { name: '  Tank sloshing  ', description: 'Baffles' });
    expect(created.status).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({ name: 'Tank sloshing', description: 'Baffles', size: 0, simulations: [] });
    expect(project.creator).toMatchObject({ id: t.admin.id, fullName: 'Surge Admin' });

    const read = await call(t, admin, 'GET', `/api/projects/${project.id}`);
    expect(read.json().name).toBe('Tank sloshing');

    const edited = await call(t, admin, 'PUT', `/api/projects/${project.id}`, { name: 'Tank sloshing v2' });
    expect(edited.status).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Tank sloshing v2', description: 'Baffles' });

    const deleted = await call(t, admin, 'DELETE', `/api/projects/${project.id}`);
    expect(deleted.status).toBe(200);
    expect((await call(t, admin, 'GET', `/api/projects/${project.id}`)).status).toBe(404);
  });

  it('refuses invalid names with validation_error and changes nothing', async () => {
    const project = await newProject(admin, 'Valid name');
    for (const body of [{ name: '   ' }, { name: 'x'.repeat(101) }, { name: 'ok', description: 'd'.repeat(501) }, { name: 42 }]) {
      const r = await call(t, admin, 'POST', '/api/projects', body);
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ title: 'validation_error', status: 400 });
      expect(typeof r.json().description).toBe('string');
    }
    const bad = await call(t, admin, 'PUT', `/api/projects/${project.id}`, { name: '', description: 'changed' });
    expect(bad.json().title).toBe('validation_error');
    expect((await call(t, admin, 'GET', `/api/projects/${project.id}`)).json()).toMatchObject({ name: 'Valid name', description: '' });
    const missingBody = await call(t, admin, 'POST', '/api/projects');
    expect(missingBody.json().title).toBe('body_keys_missing');
  });

  it('keeps project names unique within the organisation', async () => {
    await newProject(admin, 'Unique');
    const again = await call(t, contributor, 'POST', '/api/projects', { name: 'Unique ' });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ title: 'duplicate_key', description: 'Name is already used' });
    const other = await newProject(admin, 'Other');
    const rename = await call(t, admin, 'PUT', `/api/projects/${other.id}`, { name: 'Unique' });
    expect(rename.json().description).toBe('Name is already used');
    expect((await call(t, admin, 'GET', `/api/projects/${other.id}`)).json().name).toBe('Other');
  });
});

describe('project list', () => {
  let alpha: { id: string };
  let beta: { id: string };
  beforeAll(async () => {
    alpha = await newProject(contributor, 'List Alpha');
    beta = await newProject(contributor, 'List Beta');
    await newSimulation(contributor, alpha.id, 'Wave tank');
    await newSimulation(contributor, alpha.id, 'Gearbox');
    await newSimulation(contributor, beta.id, 'Pump intake');
  });

  it('lists own projects with simulations, newest first', async () => {
    const r = await call(t, contributor, 'GET', '/api/projects');
    expect(r.status).toBe(200);
    const body = r.json();
    expect(body.resultCount).toBe(2);
    expect(body.pageCount).toBe(1);
    expect(body.results.map((p: { name: string }) => p.name)).toEqual(['List Beta', 'List Alpha']);
    const a = body.results[1];
    expect(a.simulations.map((s: { name: string }) => s.name)).toEqual(['Wave tank', 'Gearbox']);
    expect(a.simulations[0]).toMatchObject({ state: 'not_started', creditsConsumed: 0, size: 0, uploadedSetup: false, creator: { id: contributorId } });
  });

  it('searches project and simulation names', async () => {
    const bySimulation = (await call(t, contributor, 'GET', '/api/projects?q=gear')).json();
    expect(bySimulation.results.map((p: { name: string }) => p.name)).toEqual(['List Alpha']);
    expect(bySimulation.results[0].simulations.map((s: { name: string }) => s.name)).toEqual(['Gearbox']);
    const byProject = (await call(t, contributor, 'GET', '/api/projects?q=beta')).json();
    expect(byProject.results[0].simulations).toHaveLength(1);
    const literal = (await call(t, contributor, 'GET', `/api/projects?q=${encodeURIComponent('%')}`)).json();
    expect(literal.resultCount).toBe(0);
  });

  it('filters by project ids, orders by name, pages and slims', async () => {
    const ids = (await call(t, contributor, 'GET', `/api/projects?projectIds=${beta.id}`)).json();
    expect(ids.results.map((p: { id: string }) => p.id)).toEqual([beta.id]);
    const both = (await call(t, contributor, 'GET', `/api/projects?projectIds=${alpha.id},${beta.id}&orderBy=name`)).json();
    expect(both.results.map((p: { name: string }) => p.name)).toEqual(['List Alpha', 'List Beta']);
    const page2 = (await call(t, admin, 'GET', '/api/projects?view=all&pageLimit=10&pageNumber=2')).json();
    expect(page2.results.length).toBe(Math.max(0, page2.resultCount - 10));
    const slim = (await call(t, contributor, 'GET', '/api/projects?slim=true')).json();
    expect(slim.results.every((p: { simulations: unknown[] }) => p.simulations.length === 0)).toBe(true);
  });

  it('shows all projects of the organisation to a manager, filtered by creator', async () => {
    const all = (await call(t, admin, 'GET', `/api/projects?view=all&createdBy=${contributorId}`)).json();
    expect(all.resultCount).toBe(2);
    const own = (await call(t, admin, 'GET', '/api/projects?q=List')).json();
    expect(own.resultCount).toBe(0);
  });

  it('refuses bad query parameters with validation_error', async () => {
    for (const query of ['pageLimit=11', 'pageNumber=0', 'orderBy=credits', 'view=everything', 'projectIds=not-a-uuid']) {
      const r = await call(t, contributor, 'GET', `/api/projects?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.json().title).toBe('validation_error');
    }
  });
});

describe('simulations', () => {
  it('creates a simulation with an empty setup and unique names per project', async () => {
    const project = await newProject(admin, 'Sim project');
    const sim = await newSimulation(admin, project.id, 'Run 1');
    const read = (await call(t, admin, 'GET', `/api/simulations/${sim.id}`)).json();
    expect(read).toMatchObject({ name: 'Run 1', state: 'not_started', setupLocked: false, project: { id: project.id, name: 'Sim project' }, activeRunId: null });
    expect((await call(t, admin, 'GET', `/api/simulations/${sim.id}/setup`)).json()).toEqual(emptySetup());
    const dup = await call(t, admin, 'POST', `/api/projects/${project.id}/simulations`, { name: 'Run 1' });
    expect(dup.json()).toMatchObject({ title: 'duplicate_key', description: 'Name is already used' });
    const empty = await call(t, admin, 'POST', `/api/projects/${project.id}/simulations`, { name: ' ' });
    expect(empty.json()).toMatchObject({ title: 'validation_error', description: 'Simulation name cannot be empty.' });
  });

  it('renames, moves, clones and deletes', async () => {
    const source = await newProject(admin, 'Move source');
    const target = await newProject(admin, 'Move target');
    const sim = await newSimulation(admin, source.id, 'Movable');
    await newSimulation(admin, target.id, 'Taken');

    const clash = await call(t, admin, 'PUT', `/api/simulations/${sim.id}`, { projectId: target.id, name: 'Taken' });
    expect(clash.status).toBe(409);
    const moved = await call(t, admin, 'PUT', `/api/simulations/${sim.id}`, { projectId: target.id, name: 'Moved', description: 'now here' });
    expect(moved.json()).toMatchObject({ name: 'Moved', description: 'now here', projectId: target.id, project: { name: 'Move target' } });

    const setup = emptySetup();
    setup.settings.endTime = 3;
    expect((await call(t, admin, 'PUT', `/api/simulations/${sim.id}/setup`, setup)).status).toBe(200);
    const clone1 = (await call(t, admin, 'POST', `/api/simulations/${sim.id}/clone`)).json();
    const clone2 = (await call(t, admin, 'POST', `/api/simulations/${sim.id}/clone`, {})).json();
    expect(clone1).toMatchObject({ name: 'Moved (copy)', state: 'not_started', projectId: target.id });
    expect(clone2.name).toBe('Moved (copy) (2)');
    expect((await call(t, admin, 'GET', `/api/simulations/${clone1.id}/setup`)).json().settings.endTime).toBe(3);

    // The copy is deep: changing the original does not change it.
    setup.settings.endTime = 5;
    await call(t, admin, 'PUT', `/api/simulations/${sim.id}/setup`, setup);
    expect((await call(t, admin, 'GET', `/api/simulations/${clone1.id}/setup`)).json().settings.endTime).toBe(3);

    expect((await call(t, admin, 'DELETE', `/api/simulations/${sim.id}`)).status).toBe(200);
    expect((await call(t, admin, 'GET', `/api/simulations/${sim.id}`)).status).toBe(404);
  });

  it('validates setup documents and refuses them while the setup is locked', async () => {
    const project = await newProject(admin, 'Setup project');
    const sim = await newSimulation(admin, project.id, 'Locked');
    const invalid = await call(t, admin, 'PUT', `/api/simulations/${sim.id}/setup`, { ...emptySetup(), materials: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.json().title).toBe('validation_error');
    const { updateSimulation } = await import('../../../src/server/simulations/simulations.repository.ts');
    await updateSimulation(t.db.db, sim.id, { setupLocked: true, resumable: true, state: 'stopped' });
    const changed = emptySetup();
    changed.settings.endTime = 9;
    const locked = await call(t, admin, 'PUT', `/api/simulations/${sim.id}/setup`, changed);
    expect(locked.status).toBe(409);
    expect((await call(t, admin, 'GET', `/api/simulations/${sim.id}/setup`)).json().settings.endTime).toBe(emptySetup().settings.endTime);
    const unlocked = (await call(t, admin, 'POST', `/api/simulations/${sim.id}/setup/unlock`)).json();
    expect(unlocked).toMatchObject({ setupLocked: false, resumable: false });
    expect((await call(t, admin, 'PUT', `/api/simulations/${sim.id}/setup`, changed)).status).toBe(200);
  });

  it('answers a malformed id as not found', async () => {
    const r = await call(t, admin, 'GET', '/api/simulations/not-an-id');
    expect(r.status).toBe(404);
    expect(r.json().title).toBe('resource_not_found');
  });
});
