// Starts Surge: reads the environment, builds the server (migrations and first-start seed included),
// listens, and prints where to sign in plus one machine-readable SURGE_READY line for test harnesses.
import { createServer } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';

/** PORT=0 asks for a free port; it is chosen before building so that URLs and the issuer know it. */
async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  const host = process.env.HOST || '127.0.0.1';
  const requested = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  const port = requested === 0 ? await freePort(host) : requested;
  const config = loadConfig(process.env, port);
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const { seed } = app.surge;
  const lines = [
    '',
    `Surge ${config.version} is running at ${config.publicUrl}`,
    config.identity.mode === 'embedded'
      ? `Sign in as ${seed.adminEmail}${seed.generatedPassword ? ` with the password ${seed.generatedPassword} (shown only now; change it under Profile & Settings)` : ''}`
      : `Sign-in through ${config.identity.issuer}`,
    `API documentation: ${config.publicUrl}/api/docs`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.stdout.write(`SURGE_READY ${JSON.stringify({ url: config.publicUrl })}\n`);
}

main().catch((error: unknown) => {
  console.error('Surge could not start:', error);
  process.exit(1);
});
