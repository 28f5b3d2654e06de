// Builds the Surge server: database (migrated and seeded), error handling, OpenAPI, the embedded OpenID
// provider and its sign-in pages, the REST API under /api, the realtime channel and the web app.
import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type Provider from 'oidc-provider';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createDatabaseAttemptCounter, createRedisAttemptCounter } from './account/identity/attemptCounter.ts';
import { registerInteractionRoutes } from './account/identity/interactions.ts';
import { loadCookieKeys, loadSigningKeys, publicJwks } from './account/identity/keys.ts';
import { createProvider } from './account/identity/provider.ts';
import { authenticateToken, bearerToken } from './account/identity/requestAuth.ts';
import { isStructuredToken, revokeAccessToken } from './account/identity/revocation.ts';
import { createEmbeddedVerifier, createExternalVerifier, type TokenVerifier } from './account/identity/tokens.ts';
import { EMBEDDED_CLIENT_ID, type ServerConfig } from './platform/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/client.ts';
import { deleteEndedAttemptWindows } from './account/authAttempts.repository.ts';
import { analyze, vacuumAnalyze } from './platform/db/maintenance.ts';
import { applyMigrations } from './platform/db/migrate.ts';
import { deleteExpiredPayloads } from './account/oidcPayloads.repository.ts';
import { installErrorHandling } from './platform/http/errors.ts';
import { installAdmissionControl } from './platform/http/admission.ts';
import { clientErrorHandler, frameworkErrors, installInputGuards } from './platform/http/inputGuards.ts';
import { logSerializers } from './platform/http/logging.ts';
import { contentSecurityDirectives, hashInlineScriptsOnEnd, installSecurityHeaders, policyForPage } from './platform/http/securityHeaders.ts';
import { registerClient } from './platform/http/static.ts';
import { createRealtimeRouter, registerRealtime } from './platform/realtime/socket.ts';
import { RealtimeTickets } from './platform/realtime/tickets.ts';
import type { CommandRouter } from './platform/realtime/router.ts';
import { accessGrantRoutes } from './account/accessGrants.routes.ts';
import { authRoutes } from './account/auth.routes.ts';
import { organizationRoutes } from './account/organizations.routes.ts';
import { projectRoutes } from './projects/projects.routes.ts';
import { realtimeRoutes } from './platform/realtime/tickets.routes.ts';
import { remoteVmRoutes } from './vms/vms.routes.ts';
import { creditRoutes } from './credits/credits.routes.ts';
import { dashboardRoutes } from './dashboards/dashboards.routes.ts';
import { fileRoutes } from './uploads/files.routes.ts';
import { assemblyRoutes } from './assemblies/assemblies.routes.ts';
import { imageRoutes } from './dashboards/images.routes.ts';
import { outputRoutes } from './runs/outputs.routes.ts';
import { sensorRoutes } from './postprocessing/sensors/sensors.routes.ts';
import { volumeClipRoutes } from './postprocessing/volumeClips/volumeClips.routes.ts';
import { userExportRoutes } from './exports/userExports.routes.ts';
import { runRoutes } from './runs/runs.routes.ts';
import { movementRoutes } from './movements/movements.routes.ts';
import { activityRoutes } from './activity/activity.routes.ts';
import { loadRunsConfig, type RunsConfig } from './runs/config.ts';
import { registerRunCommands } from './runs/runs.realtime.ts';
import { registerStatisticsCommands } from './postprocessing/statistics/statisticsCommands.ts';
import type { JobHandlerRegistry } from './platform/jobs/registry.ts';
import { createRunsRuntime, type RunsRuntime } from './runs/runtime.ts';
import { simulationRoutes } from './simulations/simulations.routes.ts';
import { systemRoutes } from './platform/http/system.routes.ts';
import { uploadedSetupRoutes } from './uploads/uploadedSetups.routes.ts';
import { userRoutes } from './account/users.routes.ts';
import { enforceGrantReadOnly } from './account/accessGrants.service.ts';
import type { ServiceContext } from './platform/context.ts';
import { provisionOnStart } from './account/provisioning.ts';
import { seedOnFirstStart, type SeedResult } from './account/seed.ts';
import { loadVmConfig, type VmConfig } from './vms/config.ts';
import { VmRuntime } from './vms/runtime.ts';
import { registerVmCommands } from './vms/vms.realtime.ts';
import { setVmHoursPerMonth } from './vms/vms.repository.ts';

export type Surge = {
  ctx: ServiceContext;
  database: DatabaseHandle;
  seed: SeedResult;
  provider: Provider | null;
  realtime: CommandRouter;
  verifyToken: TokenVerifier;
  runs: RunsRuntime;
  vms: VmRuntime;
};

declare module 'fastify' {
  interface FastifyInstance {
    surge: Surge;
  }
}

/**
 * The provider builds its URLs (discovery, redirects) from the request's host. Behind the dev proxy or
 * a load balancer that host is an internal one, so it is pinned to PUBLIC_URL, which also makes host
 * header injection pointless.
 */
function pinPublicOrigin(request: FastifyRequest, publicUrl: string): void {
  const url = new URL(publicUrl);
  request.raw.headers.host = url.host;
  request.raw.headers['x-forwarded-host'] = url.host;
  request.raw.headers['x-forwarded-proto'] = url.protocol.replace(':', '');
}

/** SURGE_TRUST_PROXY as a hop count: the nearest `hops` proxies are believed. */
function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export type BuildOptions = {
  /** An already open database (tests share one); the app then does not close it. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the server's own logger writes instead of stdout (tests reading the log). */
  logStream?: { write(line: string): void };
  /** Settings of the run backend over those from the environment (tests). */
  runs?: Partial<RunsConfig>;
  /** The job handlers instead of the product's (benchmarks isolating the job system). */
  handlers?: JobHandlerRegistry;
  /** Settings of the post-processing machines over those from the environment (tests). */
  vms?: Partial<VmConfig>;
};

const EXPIRED_PAYLOAD_SWEEP_MS = 60 * 60 * 1000;
const EMBEDDED_MAINTENANCE_MS = 6 * 60 * 60 * 1000;
/** API requests in flight at once on embedded PGlite (it runs one query at a time anyway). */
const EMBEDDED_CONCURRENT_REQUESTS = 4;

export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { driver: 'postgres', url: config.databaseUrl } : { driver: 'pglite', dataDir: `${config.dataDir}/db` }));

  const logger: FastifyServerOptions['logger'] = options.logger ?? {
    level: config.logLevel,
    serializers: logSerializers,
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  const app = Fastify({
    logger,
    // The client address counts for sign-in limits, so X-Forwarded-For is believed only from trusted proxies.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: 16 * 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputGuards(app);
  // An empty JSON body (POST without payload) is no body rather than a parse error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  try {
    mkdirSync(config.storageDir, { recursive: true });
    await applyMigrations(database);
    if (database.driver === 'pglite') {
      await analyze(database);
      const maintenance = setInterval(() => {
        vacuumAnalyze(database).catch((error: unknown) => app.log.warn({ err: error }, 'database maintenance failed'));
      }, EMBEDDED_MAINTENANCE_MS);
      maintenance.unref();
      app.addHook('onClose', async () => clearInterval(maintenance));
    }
    const runsConfig: RunsConfig = { ...loadRunsConfig(process.env, 'api'), ...options.runs };
    // Sign-in limits must hold across replicas: in Redis with the cluster's Redis, else in the database.
    const attempts = runsConfig.redisUrl
      ? createRedisAttemptCounter(runsConfig.redisUrl, runsConfig.queuePrefix, app.log)
      : createDatabaseAttemptCounter(database.db);
    app.addHook('onClose', async () => attempts.close());
    const ctx: ServiceContext = { db: database.db, config, log: app.log, attempts };
    const seed = await seedOnFirstStart(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      solverVersion: config.version,
      features: config.features,
    });
    await provisionOnStart(database.db, config, seed.organizationId, app.log);

    let provider: Provider | null = null;
    let verifyToken: TokenVerifier;
    if (config.identity.mode === 'embedded') {
      const signingKeys = await loadSigningKeys(database.db);
      provider = createProvider({ config, db: database.db, signingKeys, cookieKeys: await loadCookieKeys(database.db) });
      provider.on('server_error', (_ctx: unknown, error: unknown) => app.log.error({ err: error }, 'sign-in provider error'));
      verifyToken = createEmbeddedVerifier(config.identity, publicJwks(signingKeys));
    } else {
      verifyToken = createExternalVerifier(config.identity);
    }
    const realtime = createRealtimeRouter();
    const tickets = new RealtimeTickets(database.db);
    const vmConfig: VmConfig = { ...loadVmConfig(process.env, config.dataDir), ...options.vms };
    if (vmConfig.hoursPerMonth !== null) await setVmHoursPerMonth(database.db, seed.organizationId, vmConfig.hoursPerMonth);
    const vms = await VmRuntime.create({
      db: database.db,
      config: vmConfig,
      log: app.log,
      runsMachines: runsConfig.processJobs && (runsConfig.kinds === null || runsConfig.kinds.includes('remote_vm')),
      cluster: runsConfig.redisUrl !== null,
    });
    // Runs after the job runner has let the machines' jobs end (hooks run in reverse order).
    app.addHook('onClose', async () => vms.close());
    const runs = await createRunsRuntime({
      db: database.db,
      storageDir: config.storageDir,
      log: app.log,
      config: runsConfig,
      vmHost: vms.host,
      ...(options.handlers ? { handlers: options.handlers } : {}),
    });
    // Registered first so that it runs after the routes have stopped (hooks run in reverse order).
    app.addHook('onClose', async () => runs.close());
    registerRunCommands(realtime, runs.services, runs.hub);
    registerStatisticsCommands(realtime, runs.services);
    registerVmCommands(realtime, { ctx, vms });
    app.decorate('surge', { ctx, database, seed, provider, realtime, verifyToken, runs, vms });
    app.decorateRequest('auth', null);
    await installSecurityHeaders(app, config);
    const securityDirectives = contentSecurityDirectives(config);

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Surge API', version: config.version, description: 'REST API of Surge. Every route except /config and /version needs a bearer access token.' },
        servers: [{ url: config.publicUrl }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());

    await app.register(
      async (api) => {
        if (database.driver === 'pglite') installAdmissionControl(api, EMBEDDED_CONCURRENT_REQUESTS);
        api.addHook('onRequest', async (request) => {
          if (request.routeOptions.config.public) return;
          request.auth = await authenticateToken(ctx, config.identity, verifyToken, bearerToken(request.headers.authorization));
          enforceGrantReadOnly(request.auth, request.method, request.routeOptions.url ?? request.url);
        });
        const routeOptions = { ctx };
        await api.register(systemRoutes, routeOptions);
        await api.register(userRoutes, routeOptions);
        await api.register(authRoutes, routeOptions);
        await api.register(organizationRoutes, routeOptions);
        await api.register(projectRoutes, routeOptions);
        await api.register(simulationRoutes, routeOptions);
        await api.register(movementRoutes, routeOptions);
        await api.register(activityRoutes, routeOptions);
        await api.register(accessGrantRoutes, routeOptions);
        await api.register(realtimeRoutes, { ctx, tickets });
        const runOptions = { ctx, runs };
        await api.register(runRoutes, runOptions);
        await api.register(outputRoutes, runOptions);
        await api.register(fileRoutes, runOptions);
        await api.register(assemblyRoutes, runOptions);
        await api.register(imageRoutes, runOptions);
        await api.register(dashboardRoutes, runOptions);
        await api.register(creditRoutes, runOptions);
        await api.register(uploadedSetupRoutes, runOptions);
        await api.register(userExportRoutes, runOptions);
        await api.register(sensorRoutes, runOptions);
        await api.register(volumeClipRoutes, runOptions);
        await api.register(remoteVmRoutes, { ...runOptions, vms });
      },
      { prefix: '/api' },
    );

    if (provider) {
      const oidcProvider = provider;
      await app.register(async (scope) => {
        // The provider reads its own request bodies; Fastify must leave the stream untouched.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
        const callback = oidcProvider.callback();
        const handler = async (request: FastifyRequest, reply: FastifyReply) => {
          if (request.method === 'POST' && request.url.split('?')[0] === '/oidc/token/revocation') {
            const revoked = await revokeStructuredToken(request, reply);
            if (revoked) return reply;
          }
          reply.hijack();
          pinPublicOrigin(request, config.publicUrl);
          const raw = request.raw as typeof request.raw & { originalUrl?: string };
          raw.originalUrl = raw.url;
          raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/';
          hashInlineScriptsOnEnd(reply.raw, securityDirectives);
          void callback(raw, reply.raw);
        };
        /**
         * The provider refuses to revoke JWT access tokens; those are revoked here (their grant ends).
         * Other tokens go on to the provider with the body already read: it then takes `req.body`.
         */
        async function revokeStructuredToken(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of request.raw as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > 64 * 1024) {
              await reply.status(413).send({ error: 'invalid_request', error_description: 'request entity too large' });
              return true;
            }
            chunks.push(chunk);
          }
          const text = Buffer.concat(chunks).toString('utf8');
          (request.raw as typeof request.raw & { body?: string }).body = text;
          const params = new URLSearchParams(text);
          const token = params.get('token');
          if (!token || !isStructuredToken(token)) return false;
          const clientId = params.get('client_id');
          if (clientId !== EMBEDDED_CLIENT_ID) {
            await reply.status(401).send({ error: 'invalid_client', error_description: 'client authentication failed' });
            return true;
          }
          await revokeAccessToken(database.db, verifyToken, token, clientId);
          const origin = request.headers.origin;
          if (origin && origin === new URL(config.publicUrl).origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
          await reply.status(200).header('cache-control', 'no-store').send('');
          return true;
        }
        scope.all('/oidc', { schema: { hide: true } }, handler);
        scope.all('/oidc/*', { schema: { hide: true } }, handler);
      });
      await app.register(async (scope) => {
        await scope.register(formbody, { bodyLimit: 64 * 1024 });
        scope.addHook('onRequest', async (request) => pinPublicOrigin(request, config.publicUrl));
        // The sign-in pages carry small inline scripts; they are allowed by hash, page by page.
        scope.addHook('onSend', async (_request, reply, payload) => {
          const type = String(reply.getHeader('content-type') ?? '');
          if (typeof payload === 'string' && type.includes('text/html')) reply.header('content-security-policy', policyForPage(securityDirectives, payload));
          return payload;
        });
        // HTML pages of the sign-in, not part of the REST API document.
        scope.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, hide: true };
        });
        registerInteractionRoutes(scope, oidcProvider, ctx);
      });
      const sweep = setInterval(() => {
        deleteExpiredPayloads(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not remove expired sign-in records'));
        deleteEndedAttemptWindows(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not remove ended sign-in attempt counts'));
      }, EXPIRED_PAYLOAD_SWEEP_MS);
      sweep.unref();
      app.addHook('onClose', async () => clearInterval(sweep));
    }

    await registerRealtime(app, { ctx, identity: config.identity, verify: verifyToken, router: realtime, tickets });
    await registerClient(app, config.clientDir);

    if (ownsDatabase) app.addHook('onClose', async () => database.close());
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
}
