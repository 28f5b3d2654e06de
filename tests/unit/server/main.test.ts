// The server as deployed: `node src/server/main.ts` started by the test helper, first start printing
// the admin's sign-in, the SURGE_READY line, and a restart on the same data keeping everything.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loginWithPassword } from '../../support/login.ts';
import { startServer, type StartedServer } from '../../support/server.ts';

const started: StartedServer[] = [];
afterAll(async () => {
  for (const server of started) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

describe('node src/server/main.ts', () => {
  it('generates and prints the first admin password, which signs in; a restart keeps the data', async () => {
    const server = await startServer({ env: { SURGE_ADMIN_PASSWORD: undefined }, keepDataDir: true });
    started.push(server);
    expect(server.output()).toMatch(/Surge \S+ is running at http:\/\/localhost:\d+/);
    expect(server.output()).toContain(`Sign in as admin@surge.test with the password ${server.adminPassword}`);
    const tokens = await loginWithPassword(server.url, server.adminEmail, server.adminPassword);
    const created = await fetch(`${server.url}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives restarts' }),
    });
    expect(created.status).toBe(201);
    await server.stop();

    const again = await startServer({ env: { DATA_DIR: server.dataDir, SURGE_ADMIN_PASSWORD: undefined } });
    started.push(again);
    expect(again.output()).not.toContain('with the password');
    const second = await loginWithPassword(again.url, again.adminEmail, server.adminPassword);
    const list = (await (await fetch(`${again.url}/api/projects`, { headers: { authorization: `Bearer ${second.accessToken}` } })).json()) as {
      results: { name: string }[];
    };
    expect(list.results.map((p) => p.name)).toEqual(['Survives restarts']);
  });
});
