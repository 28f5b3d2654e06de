// API load benchmark: 1,000 projects x 10 simulations, then GET /api/projects (page 1, with and without
// a search) on PGlite and on PostgreSQL: p50/p95 of sequential requests and 200 concurrent clients for
// 30 s with autocannon (errors and non-2xx counted). The server runs as its own process, as deployed.
// Targets: p95 <= 50 ms, zero errors. Prints the PGlite / PostgreSQL ratios.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { emptySetup } from '../../src/domain/setup.ts';
import { loadCookieKeys, loadSigningKeys, type SigningKeys } from '../../src/server/account/identity/keys.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from '../../src/server/platform/db/client.ts';
import { applyMigrations } from '../../src/server/platform/db/migrate.ts';
import { projectPageQuery, type ProjectListFilter } from '../../src/server/projects/projects.repository.ts';
import { projects, simulations, simulationSetups } from '../../src/server/platform/db/schema.ts';
import { seedOnFirstStart } from '../../src/server/account/seed.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1000);
const SIMULATIONS_PER_PROJECT = Number(process.env.BENCH_SIMULATIONS ?? 10);
const SEQUENTIAL_REQUESTS = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const POSTGRES_ADMIN_URL = process.env.SURGE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const P95_TARGET_MS = 50;
const ADMIN_EMAIL = 'bench@surge.local';
const SEARCH = 'tank';
/** BENCH_DRIVERS=pglite (or postgres) runs one database only; the ratio then needs both. */
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((d) => d.trim()) as Driver[];
/** BENCH_SERVER_LOG=<file prefix> keeps each server's info-level log (with response times) there. */
const SERVER_LOG = process.env.BENCH_SERVER_LOG;

type Driver = 'pglite' | 'postgres';
type Figures = {
  driver: Driver;
  seedSeconds: number;
  sequential: Record<'page1' | 'search', { p50: number; p95: number; mean: number }>;
  load: { requests: number; rps: number; p50: number; p97_5: number; p99: number; errors: number; timeouts: number; non2xx: number };
  plans: { page1: string; search: string };
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Names that a search for SEARCH matches in about one project in ten (by simulation name). */
function projectName(i: number): string {
  return `Project ${String(i).padStart(4, '0')} ${['Pump', 'Gearbox', 'Mixer', 'Nozzle', 'Bearing'][i % 5]}`;
}
function simulationName(i: number, j: number): string {
  return i % 10 === 3 && j === 0 ? `Tank sloshing ${i}` : `Run ${j + 1} of ${i}`;
}

async function seedData(handle: DatabaseHandle): Promise<SigningKeys> {
  await applyMigrations(handle);
  const seed = await seedOnFirstStart(handle.db, { adminEmail: ADMIN_EMAIL, adminPassword: 'bench-password-1', solverVersion: 'bench' });
  const [admin] = rowsOf<{ id: string }>(await handle.db.execute(sql`SELECT id FROM users WHERE email = ${ADMIN_EMAIL}`));
  const setup = emptySetup();
  const start = Date.UTC(2026, 0, 1);
  const BATCH = 100;
  for (let offset = 0; offset < PROJECTS; offset += BATCH) {
    const projectRows = Array.from({ length: Math.min(BATCH, PROJECTS - offset) }, (_, k) => {
      const i = offset + k;
      return {
        organizationId: seed.organizationId,
        creatorId: admin.id,
        name: projectName(i),
        description: `Benchmark project ${i}`,
        createdAt: new Date(start + i * 60_000),
        updatedAt: new Date(start + i * 60_000),
      };
    });
    const inserted = await handle.db.insert(projects).values(projectRows).returning({ id: projects.id });
    const simulationRows = inserted.flatMap((p, k) =>
      Array.from({ length: SIMULATIONS_PER_PROJECT }, (_, j) => ({
        organizationId: seed.organizationId,
        projectId: p.id,
        creatorId: admin.id,
        name: simulationName(offset + k, j),
        sizeBytes: ((offset + k) * 7919 + j * 104_729) % 5_000_000_000,
        creditsConsumed: j * 1.5,
        state: j % 3 === 0 ? ('completed' as const) : ('not_started' as const),
      })),
    );
    const sims = await handle.db.insert(simulations).values(simulationRows).returning({ id: simulations.id });
    await handle.db.insert(simulationSetups).values(sims.map((s) => ({ simulationId: s.id, document: setup })));
  }
  await handle.db.execute(sql`ANALYZE`);
  await loadCookieKeys(handle.db);
  return loadSigningKeys(handle.db);
}

/** The plans of the page query (own view, with and without search), to show what they walk. */
async function pagePlans(handle: DatabaseHandle): Promise<{ page1: string; search: string }> {
  const [admin] = rowsOf<{ id: string; organization_id: string }>(await handle.db.execute(sql`SELECT id, organization_id FROM users WHERE email = ${ADMIN_EMAIL}`));
  const filter: ProjectListFilter = { organizationId: admin.organization_id, creatorId: admin.id, orderBy: 'updatedAt', limit: 10, offset: 0 };
  const explain = async (f: ProjectListFilter) => {
    const query = projectPageQuery(handle.db, f).toSQL();
    const client = handle.driver === 'postgres' ? (handle.db as unknown as { $client: pg.Pool }).$client : undefined;
    const text = `EXPLAIN ${query.sql}`;
    const rows = client
      ? (await client.query<{ 'QUERY PLAN': string }>(text, query.params)).rows
      : rowsOf<{ 'QUERY PLAN': string }>(await (handle.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } }).$client.query(text, query.params));
    // Keep the node lines (what is scanned and how), not the filter details.
    return rows
      .map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, '').replace(/\s+\(cost=.*$/, ''))
      .filter((line) => !/^(Filter|Sort Key|Index Cond|Hash Cond|Join Filter|Group Key|Rows Removed|Inner Unique|SubPlan|Presorted Key|Sort Method)/.test(line))
      .join(' > ');
  };
  return { page1: await explain(filter), search: await explain({ ...filter, q: SEARCH }) };
}

async function startServer(env: Record<string, string>, logFile?: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: logFile ? 'info' : 'warn', SURGE_ADMIN_EMAIL: ADMIN_EMAIL, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (logFile) child.stdout.pipe(createWriteStream(logFile));
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^SURGE_READY (.+)$/m.exec(output);
      if (match) resolveUrl((JSON.parse(match[1]) as { url: string }).url);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

async function accessToken(keys: SigningKeys, url: string, userId: string): Promise<string> {
  const jwk = keys.keys[0];
  return new SignJWT({ client_id: 'surge-web' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject(userId)
    .setIssuer(`${url}/oidc`)
    .setAudience(`${url}/api`)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(await importJWK(jwk, 'RS256'));
}

async function sequential(url: string, token: string, path: string): Promise<{ p50: number; p95: number; mean: number }> {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS + 20; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { results?: unknown[] };
    const elapsed = performance.now() - t0;
    if (response.status !== 200 || !Array.isArray(body.results)) throw new Error(`GET ${path} answered ${response.status}`);
    if (i >= 20) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), mean: times.reduce((s, x) => s + x, 0) / times.length };
}

async function run(driver: Driver): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), `surge-bench-${driver}-`));
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  if (driver === 'postgres') {
    databaseName = `surge_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const u = new URL(POSTGRES_ADMIN_URL);
    u.pathname = `/${databaseName}`;
    databaseUrl = u.href;
  }
  try {
    const t0 = performance.now();
    const handle = await openDatabase(driver === 'postgres' ? { driver, url: databaseUrl as string } : { driver, dataDir: join(dataDir, 'db') });
    const keys = await seedData(handle);
    const seedSeconds = (performance.now() - t0) / 1000;
    const plans = await pagePlans(handle);
    const [admin] = rowsOf<{ id: string }>(await handle.db.execute(sql`SELECT id FROM users WHERE email = ${ADMIN_EMAIL}`));
    await handle.close();

    const server = await startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, SERVER_LOG ? `${SERVER_LOG}-${driver}.log` : undefined);
    try {
      const token = await accessToken(keys, server.url, admin.id);
      const page1 = await sequential(server.url, token, '/api/projects?pageLimit=10&pageNumber=1');
      const search = await sequential(server.url, token, `/api/projects?pageLimit=10&pageNumber=1&q=${SEARCH}`);
      const result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        timeout: 30,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ path: '/api/projects?pageLimit=10&pageNumber=1' }, { path: `/api/projects?pageLimit=10&pageNumber=1&q=${SEARCH}` }],
      });
      return {
        driver,
        seedSeconds,
        sequential: { page1, search },
        load: {
          requests: result.requests.total,
          rps: result.requests.average,
          p50: result.latency.p50,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
        },
        plans,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) {
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

function print(f: Figures): void {
  console.log(`\n${f.driver}: seeded ${PROJECTS} projects x ${SIMULATIONS_PER_PROJECT} simulations in ${f.seedSeconds.toFixed(1)} s`);
  console.log(`  plan, page 1:   ${f.plans.page1}`);
  console.log(`  plan, q=${SEARCH}: ${f.plans.search}`);
  for (const [label, s] of Object.entries(f.sequential)) {
    const verdict = s.p95 <= P95_TARGET_MS ? 'ok' : `OVER the ${P95_TARGET_MS} ms target`;
    console.log(`  sequential GET /api/projects ${label === 'page1' ? 'page 1      ' : `page 1 q=${SEARCH}`}: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, mean ${ms(s.mean)} (${verdict})`);
  }
  const l = f.load;
  console.log(
    `  ${CONNECTIONS} clients for ${DURATION_S} s: ${l.requests} requests, ${l.rps.toFixed(0)} req/s, latency p50 ${l.p50} ms, p97.5 ${l.p97_5} ms, p99 ${l.p99} ms; errors ${l.errors}, timeouts ${l.timeouts}, non-2xx ${l.non2xx}${l.errors + l.non2xx === 0 ? ' (ok)' : ' (FAILED: errors)'}`,
  );
}

const results: Figures[] = [];
for (const driver of DRIVERS) {
  const figures = await run(driver);
  print(figures);
  results.push(figures);
}
const lite = results.find((r) => r.driver === 'pglite');
const postgres = results.find((r) => r.driver === 'postgres');
if (lite && postgres) {
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  console.log('\nPGlite / PostgreSQL (baseline):');
  console.log(`  sequential p95 page 1: ${ratio(lite.sequential.page1.p95, postgres.sequential.page1.p95)}x`);
  console.log(`  sequential p95 search: ${ratio(lite.sequential.search.p95, postgres.sequential.search.p95)}x`);
  console.log(`  throughput under load: ${ratio(lite.load.rps, postgres.load.rps)}x, p50 latency under load ${ratio(lite.load.p50, postgres.load.p50)}x`);
}
const failed = results.some((r) => r.load.errors + r.load.non2xx > 0);
process.exit(failed ? 1 : 0);
