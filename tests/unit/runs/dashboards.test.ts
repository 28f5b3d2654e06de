// Dashboards and the budget calls: the default view with the domain's default tiles created once, views
// and templates named uniquely with the spec's messages, tiles and layouts saved; credit transactions
// as pages and as credit_transactions.csv, and the consumption history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDashboardTiles } from '../../../src/domain/dashboard.ts';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { adminToken, call, createSimulationWithSetup, createUser, smallDamBreak, solverId, startRunsApp, tokenFor, waitForState, type RunsTestApp } from './harness.ts';

let t: RunsTestApp;
let token: string;
let simId: string;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  simId = await createSimulationWithSetup(t, token, smallDamBreak(), 'Dashboard case');
});
afterAll(async () => t?.close());

describe('dashboards', () => {
  it('creates the default view with the default tiles once', async () => {
    const [first, second] = await Promise.all([call(t, token, 'GET', `/api/simulations/${simId}/dashboards`), call(t, token, 'GET', `/api/simulations/${simId}/dashboards`)]);
    expect(first.status).toBe(200);
    const views = first.json();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ name: 'Default', default: true });
    const expected = defaultDashboardTiles().map((tile) => `${tile.type}@${tile.x},${tile.y}:${tile.logValues.join('+')}`).sort();
    expect(views[0].tiles.map((tile: { type: string; x: number; y: number; logValues: string[] }) => `${tile.type}@${tile.x},${tile.y}:${tile.logValues.join('+')}`).sort()).toEqual(expected);
    expect(second.json()[0].id).toBe(views[0].id);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/dashboards`)).json()).toHaveLength(1);
  });

  it('keeps view names unique, saves layouts and tiles, and makes another view the default', async () => {
    const [main] = (await call(t, token, 'GET', `/api/simulations/${simId}/dashboards`)).json();
    const duplicate = await call(t, token, 'POST', `/api/simulations/${simId}/dashboards`, { name: 'Default' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json().description).toBe(MESSAGES.viewNameExists);
    const empty = await call(t, token, 'POST', `/api/simulations/${simId}/dashboards`, { name: '  ' });
    expect(empty.status).toBe(400);

    const created = await call(t, token, 'POST', `/api/simulations/${simId}/dashboards`, { name: 'Pressure' });
    expect(created.status, created.text).toBe(201);
    const view = created.json();
    const tile = await call(t, token, 'POST', `/api/dashboards/${view.id}/tiles`, { type: 'graph', x: 0, y: 0, w: 6, h: 2, logValues: ['dt', 'particles'] });
    expect(tile.status, tile.text).toBe(201);
    expect(tile.json()).toMatchObject({ type: 'graph', logValues: ['dt', 'particles'], xAuto: true, yAuto: true });
    const tooSmall = await call(t, token, 'POST', `/api/dashboards/${view.id}/tiles`, { type: 'graph', x: 0, y: 0, w: 1, h: 1 });
    expect(tooSmall.status).toBe(400);
    const outside = await call(t, token, 'POST', `/api/dashboards/${view.id}/tiles`, { type: 'note', x: 10, y: 0, w: 4, h: 1 });
    expect(outside.status).toBe(400);

    const changed = await call(t, token, 'PUT', `/api/dashboardtiles/${tile.json().id}`, { xAuto: false, xMin: 0, xMax: 1, w: 12 });
    expect(changed.json()).toMatchObject({ xAuto: false, xMin: 0, xMax: 1, w: 12 });
    const moved = await call(t, token, 'PUT', `/api/dashboards/${view.id}`, { layout: [{ id: tile.json().id, x: 0, y: 3, w: 6, h: 3 }], default: true });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json()).toMatchObject({ default: true, tiles: [{ y: 3, h: 3, w: 6 }] });
    const renamed = await call(t, token, 'PUT', `/api/dashboards/${main.id}`, { name: 'Pressure' });
    expect(renamed.status).toBe(409);
    expect(renamed.json().description).toBe(MESSAGES.viewNameExists);

    const views = (await call(t, token, 'GET', `/api/simulations/${simId}/dashboards`)).json();
    expect(views.filter((v: { default: boolean }) => v.default).map((v: { id: string }) => v.id)).toEqual([view.id]);
    expect((await call(t, token, 'DELETE', `/api/dashboards/${view.id}`)).status).toBe(409);
    expect((await call(t, token, 'DELETE', `/api/dashboardtiles/${tile.json().id}`)).status).toBe(200);
    expect((await call(t, token, 'GET', `/api/dashboards/${view.id}/tiles`)).json()).toEqual([]);
    expect((await call(t, token, 'PUT', `/api/dashboards/${main.id}`, { default: true })).json().default).toBe(true);
    expect((await call(t, token, 'DELETE', `/api/dashboards/${view.id}`)).status).toBe(200);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/dashboards`)).json().map((v: { id: string }) => v.id)).toEqual([main.id]);
  });

  it('saves templates with unique names and loads them into new views', async () => {
    const [view] = (await call(t, token, 'GET', `/api/simulations/${simId}/dashboards`)).json();
    const template = await call(t, token, 'POST', '/api/dashboard_templates', { name: 'Team layout', viewId: view.id });
    expect(template.status, template.text).toBe(201);
    const again = await call(t, token, 'POST', '/api/dashboard_templates', { name: 'Team layout', viewId: view.id });
    expect(again.status).toBe(409);
    expect(again.json().description).toBe(MESSAGES.templateNameExists);
    const loaded = await call(t, token, 'POST', `/api/simulations/${simId}/dashboards`, { name: 'From template', templateId: template.json().id });
    expect(loaded.status, loaded.text).toBe(201);
    expect(view.tiles.length).toBe(defaultDashboardTiles().length);
    expect(loaded.json().tiles.map((x: { type: string }) => x.type).sort()).toEqual(view.tiles.map((x: { type: string }) => x.type).sort());
    expect((await call(t, token, 'GET', '/api/dashboard_templates')).json().map((x: { name: string }) => x.name)).toEqual(['Team layout']);
    expect((await call(t, token, 'DELETE', `/api/dashboard_templates/${template.json().id}`)).status).toBe(200);
  });

  it('lets a contributor without access neither read nor change views', async () => {
    const contributor = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id);
    const view = (await call(t, token, 'GET', `/api/simulations/${simId}/dashboards`)).json().find((v: { tiles: unknown[] }) => v.tiles.length > 0);
    expect((await call(t, contributor, 'GET', `/api/simulations/${simId}/dashboards`)).status).toBe(403);
    expect((await call(t, contributor, 'POST', `/api/dashboards/${view.id}/tiles`, { type: 'note', x: 0, y: 0, w: 2, h: 1 })).status).toBe(403);
    expect((await call(t, contributor, 'PUT', `/api/dashboardtiles/${view.tiles[0].id}`, { x: 1 })).status).toBe(403);
  });
});

describe('credit transactions and history', () => {
  it('lists, searches, downloads and charts what runs consumed', async () => {
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 4, mode: 'start' });
    expect(started.status).toBe(201);
    expect(await waitForState(t.db.db, simId, ['completed', 'failed'])).toBe('completed');

    const page = await call(t, token, 'GET', '/api/credits/sequences?pageLimit=10&pageNumber=1&orderBy=date&asc=false');
    expect(page.status, page.text).toBe(200);
    const body = page.json();
    expect(body.resultCount).toBe(2);
    expect(body.pageCount).toBe(1);
    expect(body.results[0]).toMatchObject({ kind: 'simulation', simulationName: 'Dashboard case', note: 'Run 1' });
    expect(body.results[0].credits).toBeLessThan(0);
    expect(body.results[0].simulationHours).toBeGreaterThan(0);
    expect(body.results[0].issuer).toMatchObject({ id: t.admin.id });
    expect(body.results[1]).toMatchObject({ kind: 'credits_bought', credits: 1000 });

    const search = (await call(t, token, 'GET', '/api/credits/sequences?q=dashboard')).json();
    expect(search.results.map((s: { kind: string }) => s.kind)).toEqual(['simulation']);
    const byCredits = (await call(t, token, 'GET', '/api/credits/sequences?orderBy=credits&asc=true')).json();
    expect(byCredits.results[0].kind).toBe('simulation');
    const future = (await call(t, token, 'GET', `/api/credits/sequences?startDate=${new Date(Date.now() + 86_400_000).toISOString()}`)).json();
    expect(future).toEqual({ results: [], resultCount: 0, pageCount: 0 });

    const csv = await t.app.inject({ method: 'GET', url: '/api/credits/sequences', headers: { authorization: `Bearer ${token}`, accept: 'text/csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="credit_transactions.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Transaction,Simulation,Credits,Simulation hours,Note,Issued by');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Simulation,Dashboard case,-');

    const contributor = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id);
    const hidden = (await call(t, contributor, 'GET', '/api/credits/sequences')).json();
    expect(hidden.results[0].issuer).toBeNull();

    const history = await call(t, token, 'GET', '/api/credits/history?groupBy=day');
    expect(history.status, history.text).toBe(200);
    const entries = history.json().results;
    expect(entries).toHaveLength(1);
    expect(entries[0].sequenceId).toBe(body.results[0].id);
    expect(entries[0].credits).toBeCloseTo(-body.results[0].credits, 9);
    expect(entries[0].date).toBe(new Date().toISOString().slice(0, 10));
    const monthly = (await call(t, token, 'GET', '/api/credits/history?groupBy=month')).json().results;
    expect(monthly[0].date).toBe(`${new Date().toISOString().slice(0, 7)}-01`);
    expect((await call(t, token, 'GET', `/api/credits/history?userId=${t.admin.id}`)).json().results).toHaveLength(1);
    expect((await call(t, token, 'GET', '/api/credits/history?endDate=2000-01-01')).json().results).toEqual([]);
  });
});
