// Builds the app's realtime connection to /ws with the spec's timing (spec 2 §9) and the signed-in
// user's access token.
import {
  REALTIME_BACKOFF_INITIAL_MS,
  REALTIME_BACKOFF_MAX_MS,
  REALTIME_CLEAN_CLOSE_CODES,
  REALTIME_HEARTBEAT_CONNECTED_MS,
  REALTIME_HEARTBEAT_CONNECTING_MS,
  REALTIME_HIDDEN_DISCONNECT_MS,
  REALTIME_RECONNECT_MAX_RETRIES,
} from '../../domain/constants.ts';
import type { AuthSession } from '../auth/authSession.ts';
import { RealtimeConnection, type SocketLike } from './RealtimeConnection.ts';

/** The server closes a socket with this code when its access token expires. */
const TOKEN_EXPIRED_CLOSE_CODE = 4001;

export function realtimeUrl(origin: string, token: string): string {
  const url = new URL('/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('access_token', token);
  return url.toString();
}

/** `createSocket` replaces the browser WebSocket (tests drive the spec's timings with a socket of their own). */
export function createRealtimeConnection(
  auth: Pick<AuthSession, 'getUser'>,
  origin: string = window.location.origin,
  createSocket?: (url: string) => SocketLike,
): RealtimeConnection {
  return new RealtimeConnection({
    createSocket,
    resolveUrl: async () => {
      // No login redirect from here: the channel simply waits until the user is signed in.
      const user = await auth.getUser().catch(() => null);
      return user ? realtimeUrl(origin, user.access_token) : null;
    },
    timing: {
      maxRetries: REALTIME_RECONNECT_MAX_RETRIES,
      backoffStartMs: REALTIME_BACKOFF_INITIAL_MS,
      backoffMaxMs: REALTIME_BACKOFF_MAX_MS,
      cleanCloseCodes: REALTIME_CLEAN_CLOSE_CODES,
      renewCloseCodes: [TOKEN_EXPIRED_CLOSE_CODE],
      heartbeatFastMs: REALTIME_HEARTBEAT_CONNECTING_MS,
      heartbeatSlowMs: REALTIME_HEARTBEAT_CONNECTED_MS,
      hiddenDisconnectMs: REALTIME_HIDDEN_DISCONNECT_MS,
    },
    heartbeatMessage: () => ({ type: 'ping' }),
    // The first pong proves the server side of the channel answers; from then on the slow heartbeat suffices.
    isWorkloadReady: (message) => message.type === 'pong',
  });
}
