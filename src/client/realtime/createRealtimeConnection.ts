// Builds the app's realtime connection to /ws with the spec's timing (spec 2 §9). Each socket opens with
// a fresh ticket that the signed-in user's access token buys from POST /api/fetch/auth, so that no access
// token appears in a URL.
import {
  REALTIME_BACKOFF_INITIAL_MS,
  REALTIME_BACKOFF_MAX_MS,
  REALTIME_CLEAN_CLOSE_CODES,
  REALTIME_HEARTBEAT_CONNECTED_MS,
  REALTIME_HEARTBEAT_CONNECTING_MS,
  REALTIME_HIDDEN_DISCONNECT_MS,
  REALTIME_RECONNECT_MAX_RETRIES,
} from '../../domain/constants.ts';
import { realtimeTicketSchema } from '../../domain/realtimeMessages.ts';
import type { AuthSession } from '../auth/authSession.ts';
import { RealtimeConnection, type SocketLike } from './RealtimeConnection.ts';

/** The server closes a socket with this code when its access token expires. */
const TOKEN_EXPIRED_CLOSE_CODE = 4001;

export function realtimeUrl(origin: string, ticket: string): string {
  const url = new URL('/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

/** A ticket for one socket, bought with the access token (POST /api/fetch/auth). */
export async function fetchRealtimeTicket(origin: string, accessToken: string): Promise<string> {
  const response = await fetch(new URL('/api/fetch/auth', origin), { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
  if (response.status !== 201) throw new Error(`realtime ticket refused with ${response.status}`);
  return realtimeTicketSchema.parse(await response.json()).token;
}

/**
 * `createSocket` replaces the browser WebSocket and `fetchTicket` the ticket request (tests drive the
 * spec's timings with a socket of their own).
 */
export function createRealtimeConnection(
  auth: Pick<AuthSession, 'getUser'>,
  origin: string = window.location.origin,
  createSocket?: (url: string) => SocketLike,
  fetchTicket: (origin: string, accessToken: string) => Promise<string> = fetchRealtimeTicket,
): RealtimeConnection {
  return new RealtimeConnection({
    createSocket,
    resolveUrl: async () => {
      // No login redirect from here: the channel simply waits until the user is signed in.
      const user = await auth.getUser().catch(() => null);
      if (!user) return null;
      // A refused ticket (expired token, server away) counts as a failed attempt: the backoff applies.
      return realtimeUrl(origin, await fetchTicket(origin, user.access_token));
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
