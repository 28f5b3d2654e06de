// Request log lines without secrets: access tokens in the WebSocket query and one-time tokens in
// password links must not end up in log files.
import type { FastifyRequest } from 'fastify';

export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:access_token|code|code_verifier|refresh_token|id_token_hint)=)[^&]*/g, '$1[redacted]')
    .replace(/(\/interaction\/password\/reset\/)[^/?#]+/, '$1[redacted]');
}

export const requestSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};
