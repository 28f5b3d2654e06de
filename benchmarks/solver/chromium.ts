// Runs the WebGPU backend inside headless Chromium for the benchmark: the engine bundled by Vite with the
// browser platform (bundled WGSL, navigator.gpu), served on localhost, measured in the page.
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import type { SetupDocument } from '../../src/domain/setup.ts';

export interface BrowserMeasurement {
  device: string;
  particles: number;
  steps: number;
  ms: number;
  bytesPerParticle: number;
}

export interface ChromiumSolver {
  /** `steps` steps after `warmup` steps. */
  measure(setup: SetupDocument, warmup: number, steps: number): Promise<BrowserMeasurement>;
  /** From t = 0 to `endTime`: the wall time users compare. */
  simulate(setup: SetupDocument, endTime: number): Promise<BrowserMeasurement>;
  close(): Promise<void>;
}

const solverDir = fileURLToPath(new URL('../../src/solver/', import.meta.url));

export async function startChromiumSolver(): Promise<ChromiumSolver | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'surge-solver-bench-'));
  writeFileSync(join(dir, 'entry.ts'), `
import { engineSetupOf, prepareCase } from '${solverDir}caseInput.ts';
import { createBrowserGpuBackend } from '${solverDir}gpu/browserGpu.ts';
export async function measure(setup: unknown, warmup: number, steps: number) {
  const c = await prepareCase(setup);
  const backend = await createBrowserGpuBackend(engineSetupOf(c));
  try {
    let done = 0;
    while (done < warmup) done += (await backend.advance(1, { maxWallMs: 1e9, maxSteps: warmup - done })).steps;
    const first = backend.steps();
    const start = performance.now();
    while (backend.steps() - first < steps) await backend.advance(1, { maxWallMs: 1e9, maxSteps: steps - (backend.steps() - first) });
    return { device: backend.device, particles: backend.particleCount(), steps: backend.steps() - first,
      ms: performance.now() - start, bytesPerParticle: backend.bytesPerParticle };
  } finally {
    await backend.dispose();
  }
}
export async function simulate(setup: unknown, endTime: number) {
  const c = await prepareCase(setup);
  const start = performance.now();
  const backend = await createBrowserGpuBackend(engineSetupOf(c));
  try {
    while (backend.time() < endTime - 1e-12) await backend.advance(endTime, { maxWallMs: 1e9, maxSteps: 1000 });
    return { device: backend.device, particles: backend.particleCount(), steps: backend.steps(),
      ms: performance.now() - start, bytesPerParticle: backend.bytesPerParticle };
  } finally {
    await backend.dispose();
  }
}
`);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><script type="module">
import { measure, simulate } from './dist/solver.js';
window.measureSolver = measure;
window.simulateSolver = simulate;
window.solverReady = true;
</script>`);
  await build({
    configFile: false, root: dir, logLevel: 'warn',
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, lib: { entry: join(dir, 'entry.ts'), formats: ['es'], fileName: () => 'solver.js' } },
  });
  const server: Server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\/$/, '/index.html'));
    if (!path.startsWith(dir) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    const ext = extname(path);
    const type = ext === '.html' ? 'text/html' : ext === '.js' || ext === '.mjs' ? 'text/javascript' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser: Browser = await launchChromium();
  const page: Page = await browser.newPage();
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => (window as unknown as { solverReady?: boolean }).solverReady === true);
  const gpu = await page.evaluate(async () => 'gpu' in navigator && (await navigator.gpu.requestAdapter()) !== null);
  const close = async () => {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  if (!gpu) {
    await close();
    return null;
  }
  return {
    measure: (setup, warmup, steps) => page.evaluate(async ([doc, w, n]) => {
      const win = window as unknown as { measureSolver: (s: unknown, w: number, n: number) => Promise<BrowserMeasurement> };
      return win.measureSolver(doc, w, n);
    }, [setup, warmup, steps] as const),
    simulate: (setup, endTime) => page.evaluate(async ([doc, end]) => {
      const win = window as unknown as { simulateSolver: (s: unknown, e: number) => Promise<BrowserMeasurement> };
      return win.simulateSolver(doc, end);
    }, [setup, endTime] as const),
    close,
  };
}
