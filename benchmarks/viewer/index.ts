// Viewer benchmark in headless Chromium: frame time p50/p95 for 100k, 1M and 10M particles in sphere and
// surface mode on WebGPU and WebGL2, the latency of a colormap change and of a clip-plane move, and the
// same scene drawn by plain three.js `Points` with CPU-computed colours as the baseline, in the same run.
// Every frame time waits for the GPU (onSubmittedWorkDone on WebGPU, a pixel readback on WebGL2).
// Each case has a time budget; a case that cannot finish in it prints 'skipped (budget)'.
// Run: node benchmarks/run.ts viewer   (VIEWER_BENCH_SIZES=100000,1000000 to choose sizes)
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../tests/support/chromium.ts';
import { startLabServer, type LabServer } from '../../tests/e2e/viewer/labServer.ts';
import { LabPage, type LabOpenOptions } from '../../tests/e2e/viewer/LabPage.ts';

const SIZES = (process.env.VIEWER_BENCH_SIZES ?? '100000,1000000,10000000').split(',').map(Number);
const VIEWPORT = { width: 960, height: 540 };
/** Measured frames per case (after one warm-up frame): fewer for the big clouds. */
const framesFor = (n: number) => (n >= 10_000_000 ? 3 : n >= 1_000_000 ? 5 : 8);
/** Per case: page load + data generation + measurement must fit in this budget. */
const CASE_BUDGET_MS = Number(process.env.VIEWER_BENCH_CASE_BUDGET_MS ?? 60_000);
/** The whole run stops starting new cases after this, so that it ends within about 10 minutes. */
const TOTAL_BUDGET_MS = Number(process.env.VIEWER_BENCH_TOTAL_BUDGET_MS ?? 480_000);

/**
 * Sphere frames grow about linearly with the particle count: a sphere case whose predicted frames alone
 * would overrun the budget is skipped without trying. Surface frames are dominated by per-pixel passes,
 * so they are always tried.
 */
function predictedCaseMs(previous: { n: number; p50: number } | undefined, n: number): number {
  if (!previous) return 0;
  return previous.p50 * (n / previous.n) * (framesFor(n) + 1);
}

interface Figures {
  p50: number;
  p95: number;
  frames: number;
  colormapMs: number | null;
  attributeMs: number | null;
  clipMs: number | null;
}

type Outcome = { ok: true; figures: Figures } | { ok: false; reason: string };

const started = Date.now();

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('budget')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

async function runCase(browser: Browser, server: LabServer, options: LabOpenOptions, latencies: boolean): Promise<Outcome> {
  if (Date.now() - started > TOTAL_BUDGET_MS) return { ok: false, reason: 'skipped (budget)' };
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const deadline = Date.now() + CASE_BUDGET_MS;
  const left = () => Math.max(1000, deadline - Date.now());
  try {
    const lab = new LabPage(page, server.url);
    await withTimeout(lab.open({ ...options, bare: true, parts: false }, CASE_BUDGET_MS), CASE_BUDGET_MS);
    const measured = await withTimeout(
      page.evaluate(([frames, budget]) => window.__surgeViewer!.measureFrames(frames, budget), [framesFor(options.n), left() * 0.6] as const),
      left(),
    );
    if (measured.samples.length < Math.min(3, framesFor(options.n))) return { ok: false, reason: 'skipped (budget)' };
    const figures: Figures = { p50: measured.p50, p95: measured.p95, frames: measured.samples.length, colormapMs: null, attributeMs: null, clipMs: null };
    // Latencies need a few more frames; measure them where the budget still allows.
    if (latencies && left() > 4 * measured.p95) {
      figures.colormapMs = await withTimeout(page.evaluate(() => window.__surgeViewer!.setColormap({ scheme: 'blueGreenYellow' })), left());
      figures.attributeMs = await withTimeout(page.evaluate(() => window.__surgeViewer!.setColormap({ attribute: 'pressure' })), left());
      await withTimeout(page.evaluate(() => window.__surgeViewer!.setClip({ enabled: true, axis: 'x', offset: 1.2, gizmoVisible: false })), left());
      figures.clipMs = await withTimeout(page.evaluate(() => window.__surgeViewer!.setClip({ offset: 0.9 })), left());
    }
    return { ok: true, figures };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: message === 'budget' || /Timeout/.test(message) ? 'skipped (budget)' : `failed: ${message.slice(0, 120)}` };
  } finally {
    await context.close().catch(() => undefined);
  }
}

const fmt = (ms: number | null) => (ms === null ? '-' : `${ms.toFixed(1)} ms`);
const ratio = (ours: number | null, base: number | null) =>
  ours === null || base === null || !(base > 0) ? '-' : `${(ours / base).toFixed(2)}x`;

async function main(): Promise<void> {
  const server = await startLabServer();
  const browser = await launchChromium();
  const baseline = new Map<number, Outcome>();
  const rows: { label: string; n: number; outcome: Outcome }[] = [];
  const lastMeasured = new Map<string, { n: number; p50: number }>();
  try {
    console.log(
      `viewer benchmark: ${VIEWPORT.width}x${VIEWPORT.height}, ${SIZES.map((n) => `${framesFor(n)} frames at ${n.toLocaleString('en')}`).join(', ')}, ` +
        `budget ${CASE_BUDGET_MS / 1000} s per case and ${TOTAL_BUDGET_MS / 1000} s in all`,
    );
    for (const n of SIZES) {
      const base = await runCase(browser, server, { n, mode: 'baseline' }, true);
      baseline.set(n, base);
      rows.push({ label: 'baseline three.js Points (CPU colours)', n, outcome: base });
      report(rows[rows.length - 1], null);
      for (const renderer of ['webgpu', 'webgl2'] as const) {
        for (const mode of ['spheres', 'surface'] as const) {
          const key = `${renderer} ${mode}`;
          const outcome: Outcome =
            mode === 'spheres' && predictedCaseMs(lastMeasured.get(key), n) > CASE_BUDGET_MS
              ? { ok: false, reason: 'skipped (budget)' }
              : await runCase(browser, server, { n, mode, renderer }, mode === 'spheres');
          if (outcome.ok) lastMeasured.set(key, { n, p50: outcome.figures.p50 });
          rows.push({ label: key, n, outcome });
          report(rows[rows.length - 1], base);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`\nviewer benchmark finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function report(row: { label: string; n: number; outcome: Outcome }, base: Outcome | null): void {
  const head = `${row.n.toLocaleString('en').padStart(10)} ${row.label.padEnd(40)}`;
  if (!row.outcome.ok) {
    console.log(`${head} ${row.outcome.reason}`);
    return;
  }
  const f = row.outcome.figures;
  const b = base && base.ok ? base.figures : null;
  const parts = [
    `frame p50 ${fmt(f.p50)} (${ratio(f.p50, b?.p50 ?? null)} of baseline)`,
    `p95 ${fmt(f.p95)} (${ratio(f.p95, b?.p95 ?? null)})`,
    `frames ${f.frames}`,
  ];
  if (f.colormapMs !== null) {
    parts.push(`scheme change ${fmt(f.colormapMs)} (${ratio(f.colormapMs, b?.colormapMs ?? null)})`);
    parts.push(`attribute change ${fmt(f.attributeMs)} (${ratio(f.attributeMs, b?.attributeMs ?? null)})`);
    parts.push(`clip move ${fmt(f.clipMs)} (${ratio(f.clipMs, b?.clipMs ?? null)})`);
  }
  console.log(`${head} ${parts.join(', ')}`);
}

await main();
