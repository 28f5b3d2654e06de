// Things a contributor must not reach through side doors: the files and images of simulations they may not
// open, other users' dashboard templates, other users' credit history and the names of simulations they
// may not open in the credit transactions; and a dashboard tile shows only an image of its own simulation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '../../../src/domain/images.ts';
import { call, createOrganization, createUser, startRunsApp, tokenFor, type RunsTestApp } from '../runs/harness.ts';
import { createOwnedThings, multipartBody, saveImage, tinyPng, type OwnedThings } from './authorizationFixture.ts';

let t: RunsTestApp;
let owner: string;
let ownerId: string;
let contributor: string;
let contributorId: string;
let manager: string;
let outsider: string;
let owned: OwnedThings;

beforeAll(async () => {
  t = await startRunsApp();
  ownerId = (await createUser(t, t.organizationId, 'contributor')).id;
  owner = await tokenFor(t, ownerId, { expiresIn: '1h' });
  contributorId = (await createUser(t, t.organizationId, 'contributor')).id;
  contributor = await tokenFor(t, contributorId, { expiresIn: '1h' });
  manager = await tokenFor(t, (await createUser(t, t.organizationId, 'manager')).id, { expiresIn: '1h' });
  outsider = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Elsewhere'), 'manager')).id, { expiresIn: '1h' });
  owned = await createOwnedThings(t, owner, ownerId, 'Owner');
});
afterAll(async () => t?.close());

describe('files and images follow their simulation', () => {
  it('serves an uploaded file to those who may open its simulation only', async () => {
    const url = `/api/files/${owned.fileId}`;
    expect((await call(t, owner, 'GET', url)).status).toBe(200);
    expect((await call(t, manager, 'GET', url)).status).toBe(200);
    expect((await call(t, contributor, 'GET', url)).status).toBe(403);
    expect((await call(t, outsider, 'GET', url)).status).toBe(404);
  });

  it('serves an image to its creator and to those who may open a simulation showing it', async () => {
    const url = `/api/images/${owned.imageId}`;
    expect((await call(t, owner, 'GET', url)).status).toBe(200);
    expect((await call(t, manager, 'GET', url)).status).toBe(200);
    const refused = await call(t, contributor, 'GET', url);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('PNG');
    expect((await call(t, outsider, 'GET', url)).status).toBe(404);
  });

  it('does not let a contributor show an image they may not see on their own simulation to read it', async () => {
    const projects = await call(t, contributor, 'POST', '/api/projects', { name: 'Contributor project', description: '' });
    const own = await call(t, contributor, 'POST', `/api/projects/${projects.json().id}/simulations`, { name: 'Contributor simulation' });
    expect(own.status, own.text).toBe(201);
    const stolen = await call(t, contributor, 'PUT', `/api/simulations/${own.json().id}`, { postImageId: owned.imageId });
    expect(stolen.status).toBe(400);
    expect(stolen.json().description).toBe(IMAGE_MESSAGES.unknownPostImage);
    expect((await call(t, contributor, 'GET', `/api/images/${owned.imageId}`)).status).toBe(403);
  });
});

describe('dashboard templates', () => {
  it('lets only their author or a manager rename or delete them', async () => {
    const url = `/api/dashboard_templates/${owned.templateId}`;
    expect((await call(t, contributor, 'PUT', url, { name: 'Taken over' })).status).toBe(403);
    expect((await call(t, contributor, 'DELETE', url)).status).toBe(403);
    const listed = (await call(t, contributor, 'GET', '/api/dashboard_templates')).json() as { id: string; name: string }[];
    expect(listed.find((x) => x.id === owned.templateId)?.name).toBe('Owner template');
    expect((await call(t, owner, 'PUT', url, { name: 'Owner layout' })).status).toBe(200);
    expect((await call(t, manager, 'PUT', url, { name: 'Team layout' })).status).toBe(200);
    expect((await call(t, outsider, 'DELETE', url)).status).toBe(404);
  });
});

describe('credits', () => {
  it('answers the own credit history and refuses another user\'s to a contributor', async () => {
    expect((await call(t, contributor, 'GET', `/api/credits/history?userId=${ownerId}`)).status).toBe(403);
    expect((await call(t, contributor, 'GET', `/api/credits/history?userId=${contributorId}`)).status).toBe(200);
    expect((await call(t, contributor, 'GET', '/api/credits/history')).status).toBe(200);
    expect((await call(t, manager, 'GET', `/api/credits/history?userId=${ownerId}`)).status).toBe(200);
  });

  it('hides the names of simulations a contributor may not open, in pages, search, order and the CSV', async () => {
    type Page = { results: { id: string; simulationName: string | null }[] };
    const seen = (await call(t, contributor, 'GET', '/api/credits/sequences?pageLimit=-1')).json() as Page;
    const sequence = seen.results.find((s) => s.id === owned.sequenceId);
    expect(sequence).toBeDefined();
    expect(sequence?.simulationName).toBeNull();
    const searched = (await call(t, contributor, 'GET', `/api/credits/sequences?q=${encodeURIComponent('secret simulation')}`)).json() as Page;
    expect(searched.results).toEqual([]);
    const ordered = await call(t, contributor, 'GET', '/api/credits/sequences?orderBy=simulationName&pageLimit=-1');
    expect(ordered.text).not.toContain(owned.simulationName);
    const csv = await t.app.inject({ method: 'GET', url: '/api/credits/sequences', headers: { authorization: `Bearer ${contributor}`, accept: 'text/csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(owned.simulationName);
    // Those who may open the simulation see its name.
    for (const reader of [owner, manager]) {
      const page = (await call(t, reader, 'GET', `/api/credits/sequences?q=${encodeURIComponent('secret simulation')}`)).json() as Page;
      expect(page.results.map((s) => s.simulationName)).toEqual([owned.simulationName]);
    }
  });
});

describe('image tiles', () => {
  it('accept only an image of their own simulation', async () => {
    const other = await createOwnedThings(t, owner, ownerId, 'Second');
    const tileUrl = `/api/dashboardtiles/${owned.tileId}`;
    // The other simulation's post image is not this simulation's.
    const foreign = await call(t, owner, 'PUT', tileUrl, { imageId: other.imageId });
    expect(foreign.status).toBe(400);
    expect(foreign.json().description).toBe(IMAGE_MESSAGES.notOfSimulation);
    expect((await call(t, owner, 'POST', `/api/dashboards/${owned.viewId}/tiles`, { type: 'image', x: 0, y: 3, w: 4, h: 3, imageId: other.imageId })).status).toBe(400);
    expect((await call(t, owner, 'POST', `/api/simulations/${owned.simulationId}/dashboards`, { name: 'Borrowed', tiles: [{ type: 'image', x: 0, y: 0, w: 4, h: 3, imageId: other.imageId }] })).status).toBe(400);
    expect((await call(t, owner, 'PUT', tileUrl, { imageId: 'not-an-image' })).status).toBe(400);
    // Its own post image, or an image just saved that no simulation shows yet, is accepted.
    expect((await call(t, owner, 'PUT', tileUrl, { imageId: owned.imageId })).status).toBe(200);
    const fresh = await saveImage(t, owner, 'Fresh');
    expect((await call(t, owner, 'PUT', tileUrl, { imageId: fresh })).status).toBe(200);
    // Once shown here it is this simulation's: the other one cannot take it.
    expect((await call(t, owner, 'PUT', `/api/dashboardtiles/${other.tileId}`, { imageId: fresh })).status).toBe(400);
    // A template from the other simulation brings its layout but not its image.
    // An image saved from a simulation belongs to it from the start, shown anywhere or not.
    const savedThere = await saveImage(t, owner, 'Saved from the second', other.simulationId);
    expect((await call(t, owner, 'PUT', tileUrl, { imageId: savedThere })).status).toBe(400);
    expect((await call(t, owner, 'PUT', `/api/dashboardtiles/${other.tileId}`, { imageId: savedThere })).status).toBe(200);
    const savedHere = await saveImage(t, owner, 'Saved from the first', owned.simulationId);
    expect((await call(t, owner, 'PUT', tileUrl, { imageId: savedHere })).status).toBe(200);
    // Saving for a simulation one may not open, or none at all, is refused and stores nothing.
    const { payload, headers } = multipartBody({ name: 'x', simulationId: owned.simulationId }, { name: 'x.png', bytes: tinyPng() });
    const refused = await t.app.inject({ method: 'POST', url: '/api/client-upload/images', payload, headers: { ...headers, authorization: `Bearer ${contributor}` } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toBe(IMAGE_MESSAGES.unknownSimulation);
    const bogus = multipartBody({ name: 'x', simulationId: 'nope' }, { name: 'x.png', bytes: tinyPng() });
    expect((await t.app.inject({ method: 'POST', url: '/api/client-upload/images', payload: bogus.payload, headers: { ...bogus.headers, authorization: `Bearer ${owner}` } })).statusCode).toBe(400);
    // Whoever may open the simulation sees an image saved from it.
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${savedHere}`, headers: { authorization: `Bearer ${manager}` } })).statusCode).toBe(200);
    const loaded = await call(t, owner, 'POST', `/api/simulations/${owned.simulationId}/dashboards`, { name: 'From the second', templateId: other.templateId });
    expect(loaded.status, loaded.text).toBe(201);
    expect((loaded.json() as { tiles: { type: string; imageId: string | null }[] }).tiles.filter((x) => x.type === 'image').map((x) => x.imageId)).toEqual([null]);
  });
});
