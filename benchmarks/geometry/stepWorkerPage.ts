// The page of the browser STEP benchmark (browserStep.ts): tessellates a STEP file in the app's geometry
// worker while watching the main thread, and the same on the main thread as the baseline. Seen from the page,
// responsiveness is the longest task the Long Tasks API reports (tasks over 50 ms) and the longest delay of a
// 5 ms timer; the driver adds the browser's trace of every main-thread task.
import { GeometryWorkerClient } from '../../workers/geometryWorkers.ts';
import { loadOcct, tessellateStep } from '../../workers/geometry/stepImport.ts';
import { SurgeGeometry } from '../../wasm/surgeGeometry.ts';

export interface Responsiveness {
  /** Longest task reported by the Long Tasks API (0 when none reached 50 ms). */
  longestTaskMs: number;
  longTasks: number;
  /** Longest lateness of a 5 ms timer: how long the thread could not answer. */
  longestTimerDelayMs: number;
}

export interface StepRun {
  ms: number;
  triangles: number;
  bodies: number;
  main: Responsiveness;
}

const TIMER_MS = 5;

function watchMainThread(): () => Responsiveness {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let expected = performance.now() + TIMER_MS;
  let longestDelay = 0;
  let timer = 0;
  const tick = () => {
    const now = performance.now();
    longestDelay = Math.max(longestDelay, now - expected);
    expected = now + TIMER_MS;
    timer = window.setTimeout(tick, TIMER_MS);
  };
  timer = window.setTimeout(tick, TIMER_MS);
  return () => {
    window.clearTimeout(timer);
    for (const entry of observer.takeRecords()) tasks.push(entry.duration);
    observer.disconnect();
    return { longestTaskMs: Math.max(0, ...tasks), longTasks: tasks.length, longestTimerDelayMs: longestDelay };
  };
}

/** Lets pending timers and long-task reports arrive before a measurement ends. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

async function measure(work: () => Promise<{ triangleCount: number; meshes: unknown[] }>): Promise<StepRun> {
  await settle();
  const stop = watchMainThread();
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  await settle();
  return { ms, triangles: result.triangleCount, bodies: result.meshes.length, main: stop() };
}

let bytes: ArrayBuffer | null = null;
let client: GeometryWorkerClient | null = null;

/** Fetches the file and starts the worker; returns the worker's start time. */
async function prepare(stepUrl: string): Promise<number> {
  bytes = await (await fetch(stepUrl)).arrayBuffer();
  const t0 = performance.now();
  client = await GeometryWorkerClient.start();
  return performance.now() - t0;
}

/** One import in the worker (the first also loads occt-import-js and the geometry module there). */
function inWorker(): Promise<StepRun> {
  if (!client || !bytes) throw new Error('prepare first');
  const [worker, file] = [client, bytes];
  return measure(() => worker.importStep(file.slice(0)));
}

/** Baseline: the same reader and checks on the page's own thread (modules loaded first, not timed). */
async function onMainThread(): Promise<StepRun> {
  if (!bytes) throw new Error('prepare first');
  const file = bytes;
  const [occt, g] = await Promise.all([loadOcct(), SurgeGeometry.load()]);
  return measure(async () => tessellateStep(occt, g, new Uint8Array(file)));
}

function finish(): void {
  client?.terminate();
  client = null;
}

export interface StepBenchmarkPage {
  prepare: typeof prepare;
  inWorker: typeof inWorker;
  onMainThread: typeof onMainThread;
  finish: typeof finish;
}

declare global {
  interface Window {
    __stepBenchmark?: StepBenchmarkPage;
  }
}

window.__stepBenchmark = { prepare, inWorker, onMainThread, finish };
