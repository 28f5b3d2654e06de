// Run pipeline benchmark: a 100k-particle dam break (Δx = 6.5 mm: 99,800 particles) started by POST runs
// on the embedded server (PGlite on disk, in-process queue, solver process) against the same case on the
// SPH engine alone in this process, with the same threads and output folder layout.
// Figures: time from pressing Run to the first output (and the engine's own time to output 0), and the
// wall time between consecutive outputs; the job system's overhead per output is the ratio of their
// medians minus one (target < 5 %), measured with the solver-run handler alone (recording, events,
// charging). The product's pipeline also post-processes every output (reduced and surface datasets) in a
// child process on the other core: that figure is printed beside it. The solver gets one core less than
// the machine has: BENCH_THREADS (cores - 1), BENCH_REPEAT (2),
// BENCH_OUTPUTS (6). The load average is printed: on a busy machine the wall-clock figures are noise, so
// the CPU time the server process spends between outputs (database, events, charging; the solver and the
// post-processing run in their own processes) is also given against the engine's CPU time between outputs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { SetupDocument } from '../../src/domain/setup.ts';
import { buildApp } from '../../src/server/app.ts';
import { JobHandlerRegistry } from '../../src/server/platform/jobs/registry.ts';
import { solverRunHandler } from '../../src/server/runs/solverRunHandler.ts';
import { loadSigningKeys } from '../../src/server/account/identity/keys.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { findUserByEmail } from '../../src/server/account/users.repository.ts';
import { createNodeSolverRun } from '../../src/solver/nodePlatform.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const THREADS = Number(process.env.BENCH_THREADS ?? Math.max(1, availableParallelism() - 1));
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const OUTPUTS = Number(process.env.BENCH_OUTPUTS ?? 6);
const PARTICLE_DIAMETER = 0.0065;
const OUTPUT_INTERVAL = 0.0005;
const OVERHEAD_TARGET = 0.05;

/** Wall seconds, and CPU seconds of this process, between consecutive outputs. */
type Sample = { firstOutputS: number; intervalsS: number[]; cpuIntervalsS: number[]; particles: number };

function damBreak(): SetupDocument {
  const setup = JSON.parse(readFileSync(join(ROOT, 'src/solver/cases/dam-break.json'), 'utf8')) as SetupDocument;
  setup.settings = { ...setup.settings, particleDiameter: PARTICLE_DIAMETER, outputTimeInterval: OUTPUT_INTERVAL, endTime: OUTPUT_INTERVAL * OUTPUTS };
  return setup;
}

function intervals(stamps: number[]): number[] {
  return stamps.slice(1).map((s, i) => (s - stamps[i]) / 1000);
}

/** CPU milliseconds this process (all its threads) has used. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function engineAlone(): Promise<Sample> {
  const outDir = mkdtempSync(join(tmpdir(), 'surge-bench-engine-'));
  try {
    const stamps: number[] = [];
    const cpu: number[] = [];
    const started = performance.now();
    const onOutput = () => {
      stamps.push(performance.now());
      cpu.push(cpuMs());
    };
    const run = await createNodeSolverRun(damBreak(), { outDir, threads: THREADS, logIntervalMs: 1000, onOutput });
    const summary = await run.start();
    return { firstOutputS: (stamps[0] - started) / 1000, intervalsS: intervals(stamps), cpuIntervalsS: intervals(cpu), particles: summary.particles };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** With `postprocessing` false, solver runs only: the job system without the datasets made per output. */
async function throughPipeline(postprocessing: boolean): Promise<Sample> {
  const dataDir = mkdtempSync(join(tmpdir(), 'surge-bench-pipeline-'));
  const config = loadConfig({ DATA_DIR: dataDir, SURGE_ADMIN_PASSWORD: 'bench-password-1', SURGE_BUILD_ID: 'bench' }, 3990);
  const app = await buildApp(config, {
    logger: false,
    runs: { redisUrl: null, processJobs: true, kinds: null, maxThreads: THREADS, freeInstanceThreads: THREADS, logIntervalMs: 1000 },
    ...(postprocessing ? {} : { handlers: new JobHandlerRegistry().register(solverRunHandler) }),
  });
  try {
    const keys = await loadSigningKeys(app.surge.database.db);
    const jwk = keys.keys[0];
    const admin = await findUserByEmail(app.surge.database.db, app.surge.seed.adminEmail);
    if (!admin) throw new Error('no admin');
    const token = await new SignJWT({ client_id: 'surge-web' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setSubject(admin.id)
      .setIssuer(config.identity.issuer)
      .setAudience(config.identity.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti(randomBytes(8).toString('hex'))
      .sign(await importJWK(jwk, 'RS256'));
    const request = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: body === undefined ? undefined : JSON.stringify(body) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json() as Record<string, unknown> & { id: string };
    };
    const project = await request('POST', '/api/projects', { name: 'Benchmark', description: '' });
    const simulation = await request('POST', `/api/projects/${project.id}/simulations`, { name: 'Dam break 100k' });
    await request('PUT', `/api/simulations/${simulation.id}/setup`, damBreak());
    const solvers = (await request('GET', '/api/solvers')) as unknown as { id: string }[];

    const stamps: number[] = [];
    const cpu: number[] = [];
    const announced = new Set<number>();
    let particles = 0;
    let finished: (state: string) => void = () => undefined;
    const done = new Promise<string>((r) => (finished = r));
    app.surge.runs.services.bus.onEvent((event) => {
      if (event.simId !== simulation.id) return;
      const message = event.message;
      // An output is announced when recorded and again when its reduced datasets are ready: count the first.
      if (message.type === 'outputs.available' && message.outputs.some((o) => !announced.has(o.outputNo))) {
        for (const o of message.outputs) announced.add(o.outputNo);
        stamps.push(performance.now());
        cpu.push(cpuMs());
      }
      if (message.type === 'log.append') particles = message.entries.at(-1)?.particles ?? particles;
      if (message.type === 'simulation.update' && ['completed', 'failed', 'launch_failed', 'stopped'].includes(message.state)) finished(message.state);
    });
    const pressed = performance.now();
    await request('POST', `/api/simulations/${simulation.id}/runs`, { solverId: solvers[0].id, cores: THREADS, gpu: false, mode: 'start', conditions: [] });
    const state = await done;
    if (state !== 'completed') throw new Error(`the run ended ${state}`);
    return { firstOutputS: (stamps[0] - pressed) / 1000, intervalsS: intervals(stamps), cpuIntervalsS: intervals(cpu), particles };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`100k-particle dam break (Δx ${PARTICLE_DIAMETER} m), ${OUTPUTS} outputs every ${OUTPUT_INTERVAL} s, ${THREADS} threads, ${REPEAT} rounds`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
  const engine: Sample[] = [];
  const jobSystem: Sample[] = [];
  const pipeline: Sample[] = [];
  for (let round = 0; round < REPEAT; round++) {
    // Alternating, so that load from elsewhere on the machine hits all alike.
    engine.push(await engineAlone());
    jobSystem.push(await throughPipeline(false));
    pipeline.push(await throughPipeline(true));
    const e = engine.at(-1)!;
    const j = jobSystem.at(-1)!;
    const p = pipeline.at(-1)!;
    console.log(
      `round ${round + 1}: engine first output ${e.firstOutputS.toFixed(2)} s, per output ${median(e.intervalsS).toFixed(3)} s; ` +
        `job system ${j.firstOutputS.toFixed(2)} s, ${median(j.intervalsS).toFixed(3)} s; ` +
        `with post-processing ${p.firstOutputS.toFixed(2)} s, ${median(p.intervalsS).toFixed(3)} s (${p.particles} particles)`,
    );
  }
  const enginePerOutput = median(engine.flatMap((s) => s.intervalsS));
  const jobSystemPerOutput = median(jobSystem.flatMap((s) => s.intervalsS));
  const pipelinePerOutput = median(pipeline.flatMap((s) => s.intervalsS));
  const overhead = jobSystemPerOutput / enginePerOutput - 1;
  const withPostprocessing = pipelinePerOutput / enginePerOutput - 1;
  const engineFirst = median(engine.map((s) => s.firstOutputS));
  const pipelineFirst = median(pipeline.map((s) => s.firstOutputS));
  console.log(`particles: ${engine[0].particles}`);
  console.log(`time from Run to the first output: ${pipelineFirst.toFixed(2)} s (engine alone to output 0: ${engineFirst.toFixed(2)} s; ratio ${(pipelineFirst / engineFirst).toFixed(2)})`);
  console.log(`wall time per output: job system ${jobSystemPerOutput.toFixed(3)} s, with post-processing ${pipelinePerOutput.toFixed(3)} s, engine alone ${enginePerOutput.toFixed(3)} s`);
  console.log(`job-system overhead per output: ${(overhead * 100).toFixed(1)} % (target < ${OVERHEAD_TARGET * 100} %) ${overhead < OVERHEAD_TARGET ? 'OK' : 'ABOVE TARGET'}`);
  console.log(`with the reduced and surface datasets made per output on the other core: ${(withPostprocessing * 100).toFixed(1)} %`);
  // The server process between outputs (recording, events, charging) against the engine's own CPU time
  // between outputs (the solver's threads run in this process when it runs alone).
  const serverCpu = median(pipeline.flatMap((s) => s.cpuIntervalsS));
  const engineCpu = median(engine.flatMap((s) => s.cpuIntervalsS));
  const cpuShare = serverCpu / engineCpu;
  console.log(`CPU per output: server ${(serverCpu * 1000).toFixed(1)} ms against the engine's ${(engineCpu * 1000).toFixed(0)} ms (${(cpuShare * 100).toFixed(1)} %) ${cpuShare < OVERHEAD_TARGET ? 'OK' : 'ABOVE TARGET'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
