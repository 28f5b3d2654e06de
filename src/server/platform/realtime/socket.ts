// The WebSocket endpoint /ws. Browsers cannot set headers on a WebSocket: the web app opens it with a
// `ticket` from POST /api/fetch/auth. Other clients may send a Bearer header, or the access token as the
// `access_token` query parameter. The upgrade is refused with 401 without a valid one.
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { IdentityConfig } from '../config.ts';
import { authenticateToken, bearerToken, signInIsLive } from '../../account/identity/requestAuth.ts';
import type { TokenVerifier } from '../../account/identity/tokens.ts';
import { jwtExpiry, jwtSignInGrant, type RealtimeTickets } from './tickets.ts';
import type { AuthContext } from '../access.ts';
import { grantStillInForce } from '../../account/accessGrants.service.ts';
import type { ServiceContext } from '../context.ts';
import { CommandRouter } from './router.ts';
import type { RealtimeServerMessage } from '../../../domain/realtimeMessages.ts';
import { registerSystemCommands } from './systemCommands.ts';

/** Closes sockets whose access token has expired; the client reconnects with a fresh one. */
const TOKEN_EXPIRED_CLOSE_CODE = 4001;
/** Closes sockets opened under an access grant that has expired, was revoked or is no longer selected. */
const ACCESS_GRANT_ENDED_CLOSE_CODE = 4003;
/** Closes sockets whose sign-in ended: sign-out, revocation, a password set by a manager, deactivation. */
const SIGNED_OUT_CLOSE_CODE = 4004;
/** How often a socket checks that its access grant and its sign-in still hold. */
const ACCESS_GRANT_CHECK_MS = 5000;

export function createRealtimeRouter(): CommandRouter {
  const router = new CommandRouter();
  registerSystemCommands(router);
  return router;
}

export async function registerRealtime(
  app: FastifyInstance,
  options: { ctx: ServiceContext; identity: IdentityConfig; verify: TokenVerifier; router: CommandRouter; tickets: RealtimeTickets },
): Promise<void> {
  /** When the credentials a socket was opened with expire (ms), by request. */
  const expiries = new WeakMap<object, number | undefined>();
  /** The sign-in grant a socket was opened under (embedded sign-in), by request. */
  const signIns = new WeakMap<object, string | undefined>();
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      const query = request.query as { access_token?: unknown; ticket?: unknown };
      if (typeof query.ticket === 'string') {
        const opened = await options.tickets.open(query.ticket);
        request.auth = opened.auth;
        expiries.set(request, opened.expiresAt);
        signIns.set(request, opened.signInGrantId);
        return;
      }
      const token = typeof query.access_token === 'string' ? query.access_token : bearerToken(request.headers.authorization);
      request.auth = await authenticateToken(options.ctx, options.identity, options.verify, token);
      expiries.set(request, jwtExpiry(token));
      signIns.set(request, jwtSignInGrant(token));
    });
    scope.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
      const auth = request.auth;
      if (!auth) {
        socket.close(1008, 'unauthorized');
        return;
      }
      const closeListeners: (() => void)[] = [];
      const session = {
        auth,
        ctx: options.ctx,
        send(message: RealtimeServerMessage) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
        onClose(listener: () => void) {
          closeListeners.push(listener);
        },
      };
      const expiresAt = expiries.get(request);
      const timer = expiresAt ? setTimeout(() => socket.close(TOKEN_EXPIRED_CLOSE_CODE, 'token expired'), Math.max(0, expiresAt - Date.now())) : undefined;
      timer?.unref();
      const grantWatch = auth.accessGrant ? watchAccessGrant(options.ctx, auth, () => socket.close(ACCESS_GRANT_ENDED_CLOSE_CODE, 'access grant ended')) : undefined;
      const signIn = signIns.get(request);
      const signInWatch = signIn ? watchSignIn(options.ctx, auth.user.id, signIn, () => socket.close(SIGNED_OUT_CLOSE_CODE, 'signed out')) : undefined;
      socket.on('message', (data) => {
        void options.router.dispatch(session, data.toString());
      });
      socket.on('close', () => {
        if (timer) clearTimeout(timer);
        grantWatch?.();
        signInWatch?.();
        for (const listener of closeListeners.splice(0)) listener();
      });
    });
  });
}

/**
 * A socket reads the organisation it was opened in for as long as it lives, so one opened under an
 * access grant closes when the grant expires, and within seconds when it is revoked or deselected.
 * Returns the function that stops watching.
 */
function watchAccessGrant(ctx: ServiceContext, auth: AuthContext, end: () => void): () => void {
  const grant = auth.accessGrant;
  if (!grant) return () => undefined;
  const expiry = setTimeout(end, Math.max(0, grant.expiresAt.getTime() - Date.now()));
  const check = setInterval(() => {
    grantStillInForce(ctx.db, auth).then(
      (inForce) => {
        if (!inForce) end();
      },
      (error: unknown) => ctx.log.warn({ err: error }, 'could not check the access grant of a realtime connection'),
    );
  }, ACCESS_GRANT_CHECK_MS);
  expiry.unref();
  check.unref();
  return () => {
    clearTimeout(expiry);
    clearInterval(check);
  };
}

/**
 * A socket acts for the sign-in it was opened with, so it closes within seconds when that sign-in ends
 * (its grant is gone or the user deactivated), as the API refuses the sign-in's access token at once.
 * Returns the function that stops watching.
 */
function watchSignIn(ctx: ServiceContext, userId: string, grantId: string, end: () => void): () => void {
  const check = setInterval(() => {
    signInIsLive(ctx, userId, grantId).then(
      (live) => {
        if (!live) end();
      },
      (error: unknown) => ctx.log.warn({ err: error }, 'could not check the sign-in of a realtime connection'),
    );
  }, ACCESS_GRANT_CHECK_MS);
  check.unref();
  return () => clearInterval(check);
}
