// Development: the server under `node --watch` on port 3001 and the Vite dev server (which proxies /api,
// /oidc, /interaction and /ws to it) together; Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const apiPort = process.env.SURGE_API_PORT ?? '3001';
const vitePort = process.env.VITE_PORT ?? '5173';
// Sign-in redirects and token audiences use the address the browser sees: Vite's.
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`;

const children: ChildProcess[] = [];
function run(name: string, args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${name} exited (${signal ?? code})`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

run('server', ['--watch-path=src/server', '--watch-path=src/domain', '--watch-path=src/solver', 'src/server/main.ts'], {
  PORT: apiPort,
  PUBLIC_URL: publicUrl,
});
run('vite', [resolve(root, 'node_modules/vite/bin/vite.js'), '--port', vitePort, '--strictPort'], { SURGE_API_PORT: apiPort, VITE_PORT: vitePort });
