// The engine in the browser: a Vite bundle of run.ts with the browser platform (bundled WGSL shaders,
// navigator.gpu) runs a small case on WebGPU inside headless Chromium and agrees with the CPU backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { launchChromium, CHROMIUM_PATH } from '../../support/chromium.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import type { OutputMeta } from '../../../src/domain/output.ts';
import { tankCase } from './cases.ts';

const solverDir = fileURLToPath(new URL('../../../src/solver/', import.meta.url));
let dir = '';
let server: Server | null = null;
let browser: Browser | null = null;
let url = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM_PATH)) return;
  dir = mkdtempSync(join(tmpdir(), 'surge-solver-browser-'));
  writeFileSync(join(dir, 'entry.ts'), `
import { createSolverRun } from '${solverDir}setupRun.ts';
import { browserPlatform } from '${solverDir}browserPlatform.ts';
import { MemorySink } from '${solverDir}output/sink.ts';
export async function runGpu(setup: unknown) {
  const sink = new MemorySink();
  const run = await createSolverRun(setup, browserPlatform, { sink, backend: 'gpu' });
  const summary = await run.start();
  const meta = JSON.parse(new TextDecoder().decode(sink.files.get('outputs/' + (summary.outputs - 1) + '/meta.json')));
  return { summary, meta };
}
`);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><script type="module">
import { runGpu } from './dist/solver.js';
window.runGpu = runGpu;
window.solverReady = true;
</script>`);
  await build({
    configFile: false, root: dir, logLevel: 'warn',
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, lib: { entry: join(dir, 'entry.ts'), formats: ['es'], fileName: () => 'solver.js' } },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript' };
  server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\/$/, '/index.html'));
    if (!path.startsWith(dir) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  url = `http://localhost:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('engine in the browser', () => {
  it('runs the WebGPU backend with bundled shaders in Chromium like the CPU backend in Node', async (ctx) => {
    if (browser === null) ctx.skip();
    const setup = tankCase({ dx: 0.02, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.16], settings: { endTime: 0.02, outputTimeInterval: 0.01 } });
    const page = await (browser as Browser).newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { solverReady?: boolean }).solverReady === true);
    const hasGpu = await page.evaluate(async () => 'gpu' in navigator && (await navigator.gpu.requestAdapter()) !== null);
    if (!hasGpu) ctx.skip();
    const result = await page.evaluate(async (doc) => {
      const w = window as unknown as { runGpu: (s: unknown) => Promise<{ summary: { status: string; device: string; time: number }; meta: unknown }> };
      return w.runGpu(doc);
    }, setup);
    await page.close();
    const cpuSink = new MemorySink();
    const cpu = await (await createSolverRun(setup, nodePlatform, { sink: cpuSink, threads: 1 })).start();
    const cpuMeta = JSON.parse(new TextDecoder().decode(cpuSink.files.get('outputs/2/meta.json'))) as OutputMeta;
    const gpuMeta = result.meta as OutputMeta;
    console.log(`browser run on ${result.summary.device}: ${result.summary.status} at t = ${result.summary.time} s`);
    expect(result.summary.status).toBe('completed');
    expect(result.summary.time).toBe(cpu.time);
    for (const name of ['pressure', 'velocity', 'density'] as const) {
      const g = gpuMeta.objects[0].datasets[0].attributes.find((a) => a.name === name)?.range;
      const c = cpuMeta.objects[0].datasets[0].attributes.find((a) => a.name === name)?.range;
      console.log(`${name}: browser GPU ${JSON.stringify(g)}, Node CPU ${JSON.stringify(c)}`);
      expect(g).toBeDefined();
      expect(c).toBeDefined();
      if (g == null || c == null) continue;
      const scale = Math.max(Math.abs(c[0]), Math.abs(c[1]));
      expect(Math.abs(g[1] - c[1])).toBeLessThan(0.01 * scale);
    }
  }, 300_000);
});
