// Starts a real Surge server process for tests (node src/server/main.ts) on a free port with a fresh
// data directory and a known first admin, and waits for its SURGE_READY line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export type StartedServer = {
  url: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
};

const ROOT = resolve(import.meta.dirname, '..', '..');
const READY_TIMEOUT_MS = 120_000;

export async function startServer(options: { env?: Record<string, string | undefined>; keepDataDir?: boolean } = {}): Promise<StartedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'surge-test-'));
  const adminEmail = 'admin@surge.test';
  const adminPassword = `Admin-${Math.random().toString(36).slice(2, 10)}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SURGE_ADMIN_EMAIL: adminEmail,
    SURGE_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: process.env.SURGE_TEST_LOG_LEVEL ?? 'warn',
    PUBLIC_URL: undefined,
    DATABASE_URL: undefined,
    OIDC_ISSUER: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'src/server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not get ready in ${READY_TIMEOUT_MS} ms:\n${output}`)), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^SURGE_READY (.+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl((JSON.parse(match[1]) as { url: string }).url);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });

  // With SURGE_ADMIN_PASSWORD unset the server generates one and prints it once.
  const generatedPassword = /with the password (\S+)/.exec(output)?.[1];
  return {
    url,
    adminEmail: env.SURGE_ADMIN_EMAIL ?? 'admin@surge.local',
    adminPassword: generatedPassword ?? adminPassword,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGTERM');
        const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timeout);
      }
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
