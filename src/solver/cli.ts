// Command line front of the engine: runs one setup document into an output folder.
// node src/solver/cli.ts <case.json> --out <dir> [--backend cpu|gpu] [--threads N] [--resume] [--files <dir>]
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeSolverRun, folderFileResolver } from './nodePlatform.ts';
import { UnsupportedCaseError } from './caseInput.ts';
import { checkOutputMeta } from '../domain/output.ts';
import type { LogEntry, RunSummary } from './run.ts';

const USAGE = `usage: node src/solver/cli.ts <case.json> --out <dir> [--backend cpu|gpu] [--threads N] [--resume] [--files <dir>]

  --out <dir>        output folder (outputs/<N>/, log.jsonl, checkpoint.bin)
  --backend cpu|gpu  CPU worker threads (default) or WebGPU
  --threads N        CPU threads (default: all cores)
  --resume           continue from the checkpoint in --out
  --files <dir>      folder with the files the case references (default: the case's folder)`;

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.round(s - 60 * m)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

function progressLine(e: LogEntry, endTime: number): string {
  const width = 30;
  const filled = Math.round(e.progress * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  const eta = e.runtimeLeft === null ? '' : `  left ${formatSeconds(e.runtimeLeft)}`;
  return `[${bar}] ${(100 * e.progress).toFixed(1).padStart(5)}%  t ${e.time.toFixed(4)}/${endTime} s  ` +
    `step ${e.step}  dt ${e.dt.toExponential(2)}  ${e.particles} particles  output ${e.output}${eta}`;
}

function printSummary(s: RunSummary): void {
  const rows: [string, string][] = [
    ['status', s.message === null ? s.status : `${s.status} (${s.message})`],
    ['backend', s.device],
    ['particles', String(s.particles)],
    ['steps', s.steps === s.totalSteps ? String(s.steps) : `${s.steps} (${s.totalSteps} in total)`],
    ['outputs', String(s.outputs)],
    ['simulated time', `${s.time} s`],
    ['wall time', formatSeconds(s.wallSeconds)],
    ['particle-steps/s', s.particleStepsPerSecond.toExponential(3)],
  ];
  for (const [k, v] of rows) console.log(`${k.padEnd(18)}${v}`);
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        out: { type: 'string' }, backend: { type: 'string', default: 'cpu' }, threads: { type: 'string' },
        resume: { type: 'boolean', default: false }, files: { type: 'string' }, help: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || values.out === undefined) {
    console.error(USAGE);
    return 2;
  }
  const backend = values.backend;
  if (backend !== 'cpu' && backend !== 'gpu') {
    console.error(`--backend must be cpu or gpu\n${USAGE}`);
    return 2;
  }
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) {
    console.error('--threads must be a positive integer');
    return 2;
  }
  const casePath = resolve(positionals[0]);
  const setup: unknown = JSON.parse(await readFile(casePath, 'utf8'));
  const tty = process.stdout.isTTY === true;
  const controller = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('\nstopping after the current step (a checkpoint is written; resume with --resume)\n');
    controller.abort();
  });
  let endTime = 0;
  let lastPrint = 0;
  const run = await createNodeSolverRun(setup, {
    outDir: values.out, backend, threads, resume: values.resume, signal: controller.signal, checkOutputMeta,
    fileResolver: folderFileResolver(values.files ?? dirname(casePath)),
    onLog: (e) => {
      if (tty) {
        process.stdout.write(`\r${progressLine(e, endTime)}\x1b[K`);
        if (e.event === 'complete' || e.event === 'stop') process.stdout.write('\n');
      } else if (e.event !== 'progress' || Date.now() - lastPrint > 10_000) {
        lastPrint = Date.now();
        console.log(`${e.event.padEnd(8)} ${progressLine(e, endTime)}${e.message !== undefined ? `  ${e.message}` : ''}`);
      }
    },
  });
  endTime = run.prepared.setup.settings.endTime;
  const c = run.counts;
  console.log(`case ${casePath}: ${c.fluid} fluid, ${c.wall} wall, ${c.buffer} open-boundary particles (${c.total} in all)`);
  for (const w of run.warnings) console.log(`warning: ${w.message}`);
  const summary = await run.start();
  if (tty) process.stdout.write('\n');
  printSummary(summary);
  return summary.status === 'stopped' ? 130 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UnsupportedCaseError) {
      console.error('the SPH engine cannot run this case:');
      for (const i of e.issues) console.error(`  ${i.setting}: ${i.message}`);
      process.exitCode = 3;
    } else {
      console.error(e instanceof Error ? e.message : String(e));
      process.exitCode = 1;
    }
  },
);
