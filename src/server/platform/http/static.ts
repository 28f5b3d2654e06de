// Serves the built web app (dist/client) with a single-page-app fallback: a GET for a page that is not
// a file, and not under /api, /oidc, /interaction or /ws, answers index.html, and so does the root (the
// address `npm start` prints). Anything else is a JSON 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors.ts';

const SERVER_PREFIXES = ['/api', '/oidc', '/interaction', '/ws'];

function isServerPath(url: string): boolean {
  const path = url.split('?')[0];
  return SERVER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const built = existsSync(join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // The root is the app's page; the static handler would refuse it as a directory.
      index: 'index.html',
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/; the page itself must always be revalidated.
        res.header('cache-control', path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && !isServerPath(request.url) && (request.headers.accept ?? '').includes('text/html')) {
      if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The Surge web app is not built. Run `npm start` (or `npx vite build`) to build it.');
    }
    return reply.status(404).send(notFound(`No route for ${request.method} ${request.url.split('?')[0]}.`).toBody());
  });
}
