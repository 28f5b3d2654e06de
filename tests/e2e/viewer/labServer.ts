// Serves the viewer lab (lab.html) over localhost with Vite's programmatic dev server on a free port,
// for the viewer's browser tests and benchmarks (WebGPU needs a secure context such as localhost).
import { createServer, type ViteDevServer } from 'vite';
import { createServer as createNetServer } from 'node:net';
import { resolve } from 'node:path';

export interface LabServer {
  url: string;
  close: () => Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export async function startLabServer(): Promise<LabServer> {
  const port = await freePort();
  const server: ViteDevServer = await createServer({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    // A private dependency cache, so that runs do not race other dev servers in the same checkout.
    cacheDir: resolve(root, 'node_modules/.vite-viewer-lab'),
    logLevel: 'warn',
    clearScreen: false,
    server: { port, strictPort: true, host: '127.0.0.1', hmr: false, watch: null },
  });
  await server.listen();
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
