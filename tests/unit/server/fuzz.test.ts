// Schema-driven fuzzing of the REST API: for every route and method of /api/openapi.json, a bounded set of
// malformed path parameters, query strings and bodies derived from the route's own schemas (wrong types,
// missing required fields, NUL characters, huge and negative numbers, over-long strings, empty objects,
// arrays for objects, bogus ids). No answer may be a 5xx, and every error answers {title, description,
// status}. The caller is a signed-in manager who owns a project and a simulation, so that requests with
// real ids reach the services and not only the id check.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, startRunsApp, type RunsTestApp } from '../runs/harness.ts';
import { ownedAssembly } from './assemblyFixture.ts';
import { BOGUS_ID, openApiSampler, type Json, type OpenApi, type Parameter, type Schema } from './openApiSamples.ts';

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(20_000);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Bodies sent per route at most: the mutations of the first properties, then the generic ones. */
const MAX_BODIES = 40;

let t: RunsTestApp;
let token: string;
let ids: { project: string; simulation: string; user: string; view: string; tile: string; template: string; solver: string; assembly: string };
let doc: OpenApi;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  const project = await call(t, token, 'POST', '/api/projects', { name: 'Fuzz project', description: '' });
  expect(project.status, project.text).toBe(201);
  const simulation = await call(t, token, 'POST', `/api/projects/${project.json().id}/simulations`, { name: 'Fuzz simulation' });
  expect(simulation.status, simulation.text).toBe(201);
  const simulationId = simulation.json().id as string;
  const views = await call(t, token, 'GET', `/api/simulations/${simulationId}/dashboards`);
  expect(views.status, views.text).toBe(200);
  const view = views.json()[0] as { id: string; tiles: { id: string }[] };
  expect(view.tiles.length).toBeGreaterThan(0);
  const template = await call(t, token, 'POST', '/api/dashboard_templates', { name: 'Fuzz template', viewId: view.id });
  expect(template.status, template.text).toBe(201);
  const solvers = await call(t, token, 'GET', '/api/solvers');
  const assembly = await ownedAssembly(t, token, simulationId);
  ids = {
    project: project.json().id,
    simulation: simulationId,
    user: t.admin.id,
    view: view.id,
    tile: view.tiles[0].id,
    template: template.json().id,
    solver: solvers.json()[0].id,
    assembly: assembly.id,
  };
  doc = (await call(t, null, 'GET', '/api/openapi.json')).json() as OpenApi;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Fields that refer to the fixture get its real ids, so that mutations of the other fields get past the lookups. */
function realIdFor(key: string | undefined): string | undefined {
  switch (key) {
    case 'projectId':
      return ids.project;
    case 'simulationId':
      return ids.simulation;
    case 'viewId':
      return ids.view;
    case 'templateId':
      return ids.template;
    case 'solverId':
      return ids.solver;
    default:
      return undefined;
  }
}

/** Plausible values of the schemas: the mutations start from something the route might accept. */
const sampler = openApiSampler(() => doc, { realId: realIdFor, label: 'Fuzz', requiredOnly: false, boolean: true });

/** Values that break a field of the given schema. */
function badValues(raw: Schema): Json[] {
  const schema = sampler.resolve(raw);
  const type = sampler.typeOf(schema);
  const values: Json[] = [NUL, LONG, -1, 1e308, -1e308, {}, [], null];
  if (type === 'string') values.push(12345, true);
  if (type === 'number' || type === 'integer') values.push('12', 0.5, 2 ** 53 + 1);
  if (type === 'object') values.push([{}], 'object');
  if (type === 'array') values.push({ 0: 1 }, [NUL], [LONG], Array.from({ length: 2000 }, () => 1));
  return values;
}

/** The object alternative of an optional body (`object | null`), or the schema itself. */
function objectSchema(raw: Schema | undefined): Schema {
  const schema = sampler.resolve(raw);
  const choice = schema.anyOf ?? schema.oneOf;
  const object = choice?.map((s) => sampler.resolve(s)).find((s) => sampler.typeOf(s) === 'object');
  return object ?? schema;
}

function bodiesFor(raw: Schema | undefined): Json[] {
  const schema = objectSchema(raw);
  const valid = sampler.sample(schema);
  const bodies: Json[] = [{}, [], 'text', 42, { unexpected: NUL }, valid];
  if (valid && typeof valid === 'object' && !Array.isArray(valid)) {
    const props = Object.entries(sampler.resolve(schema).properties ?? {});
    for (const [key] of props) {
      const without = { ...valid };
      delete without[key];
      bodies.push(without);
    }
    for (const [key, propSchema] of props) {
      for (const bad of badValues(propSchema)) bodies.push({ ...valid, [key]: bad });
      // One level down: the first properties of a nested object (setup settings, tile layout, ...).
      const nested = valid[key];
      if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
        for (const [inner, innerSchema] of Object.entries(sampler.resolve(propSchema).properties ?? {}).slice(0, 6)) {
          for (const bad of [NUL, -1, 1e308, '12', null]) bodies.push({ ...valid, [key]: { ...nested, [inner]: bad } });
          void innerSchema;
        }
      }
    }
  }
  // The generic malformed bodies always; then as many property mutations as the bound allows.
  return [...bodies.slice(0, 6), ...bodies.slice(6, MAX_BODIES)];
}

function queriesFor(parameters: Parameter[]): string[] {
  const query = parameters.filter((p) => p.in === 'query');
  const out = ['', `?${'z'.repeat(10_000)}=1`];
  for (const p of query) {
    for (const bad of [NUL, LONG, '-1', '1e308', 'abc', '']) out.push(`?${p.name}=${encodeURIComponent(bad)}`);
    out.push(`?${p.name}=1&${p.name}=2`);
  }
  return out;
}

/** Path parameter values: the fixture's real id where the path names its kind, then malformed ones. */
function pathValues(path: string, method: string): string[] {
  const bad = [BOGUS_ID, 'not-an-id', encodeURIComponent(NUL), 'y'.repeat(5_000), '-1', '1e308'];
  // Real ids are not used with DELETE: the fixture must live for the rest of the run.
  if (method === 'delete') return bad;
  if (path.startsWith('/api/simulations/{id}')) return [ids.simulation, ...bad];
  if (path.startsWith('/api/projects/{id}')) return [ids.project, ...bad];
  if (path.startsWith('/api/mgmt/users/{id}')) return [ids.user, ...bad];
  if (path.startsWith('/api/dashboards/{id}')) return [ids.view, ...bad];
  if (path.startsWith('/api/dashboardtiles/{id}')) return [ids.tile, ...bad];
  if (path.startsWith('/api/dashboard_templates/{id}')) return [ids.template, ...bad];
  if (path.startsWith('/api/assemblies/{id}')) return [ids.assembly, ...bad];
  return bad;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, value);
}

describe('API fuzzing', () => {
  it('answers malformed input on every route without a 5xx, in the standard error shape', async () => {
    const started = performance.now();
    let sent = 0;
    const serverErrors: string[] = [];
    const badShapes: string[] = [];
    const statuses = new Map<number, number>();
    const send = async (method: string, url: string, body?: Json) => {
      sent += 1;
      const response = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const label = `${method.toUpperCase()} ${url.slice(0, 120)}${body !== undefined ? ` ${JSON.stringify(body).slice(0, 120)}` : ''}`;
      if (response.statusCode >= 500) serverErrors.push(`${response.statusCode} ${label}: ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400) {
        const p = parseJson(response.body) as { title?: unknown; description?: unknown; status?: unknown } | null;
        if (!p || typeof p.title !== 'string' || typeof p.description !== 'string' || p.status !== response.statusCode) {
          badShapes.push(`${response.statusCode} ${label}: ${response.body.slice(0, 200)}`);
        }
      }
    };

    const routes = Object.entries(doc.paths);
    expect(routes.length).toBeGreaterThan(50);
    for (const [path, operations] of routes) {
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        const parameters = operation.parameters ?? [];
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const takesBody = method !== 'get' && method !== 'delete';
        const values = path.includes('{') ? pathValues(path, method) : [''];
        for (const [index, value] of values.entries()) {
          const url = fill(path, value);
          // Every malformed body and query against the first (real, where there is one) path value;
          // the malformed path values get one request each.
          if (index > 0) {
            await send(method, url, takesBody ? {} : undefined);
            continue;
          }
          for (const query of queriesFor(parameters)) await send(method, `${url}${query}`);
          if (takesBody) for (const body of bodiesFor(schema)) await send(method, url, body);
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`API fuzzing: ${sent} requests over ${routes.length} paths in ${seconds.toFixed(1)} s, ${serverErrors.length} answered 5xx, ${badShapes.length} not in the error shape`);
    console.log(`answers by status: ${[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(', ')}`);
    if (process.env.SURGE_FUZZ_REPORT) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.SURGE_FUZZ_REPORT, [...serverErrors, '----', ...badShapes].join('\n'));
    }
    expect(serverErrors, serverErrors.slice(0, 30).join('\n')).toEqual([]);
    expect(badShapes, badShapes.slice(0, 30).join('\n')).toEqual([]);
  }, 180_000);

  it('answers URLs over the HTTP parser limit in the standard error shape', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of [`/api/simulations/${'y'.repeat(20_000)}`, `/api/projects?q=${'z'.repeat(20_000)}`, `/api/projects/${'w'.repeat(500)}`]) {
      const answer = await get(path);
      expect(answer.status, path.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.parse(answer.body)).toMatchObject({ title: expect.any(String), description: expect.any(String), status: answer.status });
    }
  });

  it('refuses a NUL character in every text field that used to reach the database', async () => {
    const nul = 'Bad\u0000name';
    const cases: [string, string, unknown][] = [
      ['GET', `/api/projects?q=${encodeURIComponent(nul)}`, undefined],
      ['GET', `/api/credits/sequences?q=${encodeURIComponent(nul)}`, undefined],
      ['POST', '/api/projects', { name: nul, description: '' }],
      ['PUT', `/api/projects/${ids.project}`, { name: 'Fine', description: nul }],
      ['POST', `/api/projects/${ids.project}/simulations`, { name: nul }],
      ['PUT', `/api/simulations/${ids.simulation}`, { name: nul }],
      ['POST', `/api/simulations/${ids.simulation}/clone`, { name: nul }],
      ['POST', `/api/simulations/${ids.simulation}/dashboards`, { name: nul }],
      ['PUT', `/api/dashboards/${ids.view}`, { name: nul }],
      ['PUT', `/api/dashboardtiles/${ids.tile}`, { text: nul }],
      ['POST', '/api/dashboard_templates', { name: nul, viewId: ids.view }],
      ['PUT', `/api/dashboard_templates/${ids.template}`, { name: nul }],
      ['PUT', '/api/users', { firstName: nul, lastName: 'Admin' }],
      ['POST', '/api/mgmt/users', { email: 'nul@surge.test', firstName: nul, lastName: 'User', role: 'contributor' }],
      ['PUT', `/api/mgmt/users/${ids.user}`, { location: nul }],
      ['POST', `/api/simulations/${ids.simulation}/runs`, { solverId: nul, cores: 1, gpu: false, mode: 'start' }],
    ];
    for (const [method, url, body] of cases) {
      const answer = await call(t, token, method as 'GET', url, body);
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(400);
      expect(answer.json()).toMatchObject({ title: 'validation_error', status: 400 });
      expect(answer.json().description).toContain('NUL');
    }
  });

  it('treats an empty tile update as no change', async () => {
    const answer = await call(t, token, 'PUT', `/api/dashboardtiles/${ids.tile}`, {});
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json().id).toBe(ids.tile);
  });
});
