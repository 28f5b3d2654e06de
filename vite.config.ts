// Client build: the app (index.html) and the viewer lab (lab.html); in dev, API and realtime go to the server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const apiTarget = `http://127.0.0.1:${process.env.SURGE_API_PORT ?? '3001'}`;
const pages: Record<string, string> = { index: resolve(import.meta.dirname, 'index.html') };
if (existsSync(resolve(import.meta.dirname, 'lab.html'))) pages.lab = resolve(import.meta.dirname, 'lab.html');

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 4096,
    rollupOptions: { input: pages },
  },
  worker: { format: 'es' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/oidc': apiTarget,
      '/interaction': apiTarget,
      '/storage': apiTarget,
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
