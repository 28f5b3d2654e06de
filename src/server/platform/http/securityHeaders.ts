// Security headers of every answer (web app, API, sign-in pages) through @fastify/helmet, and the
// Content-Security-Policy the built web app works under: module scripts and workers from the own origin,
// WebAssembly compilation, images and workers from blob: URLs, the realtime socket of the public URL.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

type Directives = Record<string, string[]>;

/** The policy's directives for a server reached at `publicUrl` (and an external identity provider, if any). */
export function contentSecurityDirectives(config: Pick<ServerConfig, 'publicUrl' | 'identity'>): Directives {
  const publicUrl = new URL(config.publicUrl);
  const https = publicUrl.protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
  // The web app talks to an external provider directly (discovery, token and refresh requests).
  const issuerOrigin = config.identity.mode === 'external' ? [new URL(config.identity.issuer).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // WebAssembly (geometry, STEP import) compiles under 'wasm-unsafe-eval'; no JavaScript eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    // Mantine writes its theme into <style> elements and the viewer positions overlays with style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", socketOrigin, 'blob:', 'data:', ...issuerOrigin],
    'object-src': ["'none'"],
    'form-action': ["'self'", ...issuerOrigin],
    'frame-ancestors': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * The policy for a server-rendered page (sign-in, sign-out): its own inline scripts are allowed by their
 * hash, nothing else inline is.
 */
export function policyForPage(directives: Directives, html: string): string {
  const hashes = [...html.matchAll(/<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1])
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  if (hashes.length === 0) return serializePolicy(directives);
  return serializePolicy({ ...directives, 'script-src': [...(directives['script-src'] ?? []), ...new Set(hashes)] });
}

/**
 * The geometry worker's own policy. A dedicated worker runs under the policy of its script's response, and
 * occt-import-js (STEP import) evaluates generated code when it starts, so that one script may; the pages
 * and every other script keep the strict policy.
 */
const EVALUATING_WORKER = /^\/assets\/geometry\.worker-[\w-]+\.js$/;

export function workerPolicy(directives: Directives): string {
  return serializePolicy({ ...directives, 'script-src': [...(directives['script-src'] ?? []), "'unsafe-eval'"] });
}

export async function installSecurityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'publicUrl' | 'identity'>): Promise<void> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const evaluatingWorker = workerPolicy(contentSecurityDirectives(config));
  app.addHook('onSend', async (request, reply, payload) => {
    if (EVALUATING_WORKER.test(request.url.split('?')[0])) reply.header('content-security-policy', evaluatingWorker);
    return payload;
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // Cross-origin isolation is not needed by the app and would block the external provider's pages.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    // Only meaningful, and only safe to promise, when users reach the server over HTTPS.
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'sameorigin' },
  });
}

/**
 * For answers written straight to the Node response (the OpenID provider's pages): sets the page policy
 * with the hashes of its inline scripts just before the body goes out.
 */
export function hashInlineScriptsOnEnd(res: ServerResponse, directives: Directives): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  (res as { end: (...args: unknown[]) => ServerResponse }).end = (...args: unknown[]) => {
    const [chunk] = args;
    const type = String(res.getHeader('content-type') ?? '');
    if (!res.headersSent && type.includes('text/html') && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      res.setHeader('content-security-policy', policyForPage(directives, chunk.toString()));
    }
    return end(...args);
  };
}
