// Test fixtures of the Setup e2e tests: a project and an empty simulation created over the API, a signed-in
// browser page opened on a path, and a small binary STL generated on the fly.
import type { Browser, Page } from 'playwright-core';
import type { StartedServer } from '../../support/server.ts';
import { loginWithPassword } from '../../support/login.ts';
import { openAppPage } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';

export interface CreatedSimulation {
  projectId: string;
  simulationId: string;
  token: string;
}

async function call<T>(server: StartedServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function createSimulation(server: StartedServer, name = 'Dam break'): Promise<CreatedSimulation> {
  const tokens = await loginWithPassword(server.url, server.adminEmail, server.adminPassword);
  const project = await call<{ id: string }>(server, tokens.accessToken, 'POST', '/projects', { name: `Setup tests ${Date.now()}` });
  const simulation = await call<{ id: string }>(server, tokens.accessToken, 'POST', `/projects/${project.id}/simulations`, { name });
  return { projectId: project.id, simulationId: simulation.id, token: tokens.accessToken };
}

export async function getSetupDocument(server: StartedServer, token: string, simulationId: string): Promise<Record<string, unknown>> {
  return call(server, token, 'GET', `/simulations/${simulationId}/setup`);
}

/** Opens `path` in a fresh context and signs in through the embedded provider's pages. */
export async function openSignedIn(browser: Browser, server: StartedServer, path: string): Promise<Page> {
  const { page } = await openAppPage(browser, { width: 1600, height: 950 });
  await page.goto(`${server.url}${path}`);
  await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
  await page.waitForURL((url) => url.pathname === path, { timeout: 60_000 });
  return page;
}

/** A closed axis-aligned box as a binary STL: 12 triangles, outward normals. */
export function boxStl(size: [number, number, number], center: [number, number, number] = [0, 0, 0], options: { withoutTop?: boolean } = {}): Buffer {
  const [hx, hy, hz] = size.map((s) => s / 2);
  const c = (i: number) => [center[0] + (i & 1 ? hx : -hx), center[1] + (i & 2 ? hy : -hy), center[2] + (i & 4 ? hz : -hz)];
  const all = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  // Face 1 is the top (+z): an open tank without it.
  const faces = options.withoutTop ? all.filter((_, i) => i !== 1) : all;
  const triangles = faces.flatMap(([a, b, d, e]) => [[a, b, d], [a, d, e]]);
  const buffer = Buffer.alloc(84 + triangles.length * 50);
  buffer.write('surge test box', 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => {
    const base = 84 + i * 50 + 12;
    t.forEach((corner, k) => c(corner).forEach((v, axis) => buffer.writeFloatLE(v, base + (k * 3 + axis) * 4)));
  });
  return buffer;
}
