// Log records without secrets: access tokens in the WebSocket query and one-time tokens in password
// links must not end up in log files, and neither may the values of a failed database query (they are
// what users typed: names, emails, setup values).
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

/** Fields of an error (and of PostgreSQL's errors) that are safe to log; values such as `params` and `detail` are left out. */
const SAFE_FIELDS = ['code', 'statusCode', 'status', 'constraint', 'table', 'column', 'schema', 'routine', 'severity', 'validationContext'] as const;
const MAX_CAUSES = 5;

/**
 * Drizzle puts a failed query's parameters into its message ("Failed query: … params: …") and PostgreSQL
 * puts the offending value at the end of some messages ('invalid input syntax for type uuid: "…"').
 */
export function redactQueryValues(text: string): string {
  return text
    .replace(/(\nparams: )[\s\S]*?(?=\n\s+at |$)/, '$1[redacted]')
    .replace(/(:\s*)"(?:[^"\\]|\\.)*"(\s*)$/m, '$1[redacted]$2');
}

export type ErrorRecord = { type: string; message: string; stack: string; [key: string]: unknown };

/** An error as a log record: type, message and stack without query values, the safe fields, its causes. */
export function serializeError(error: unknown, depth = 0): ErrorRecord {
  if (!(error instanceof Error)) return { type: typeof error, message: redactQueryValues(String(error)), stack: '' };
  const record: ErrorRecord = { type: error.name, message: redactQueryValues(error.message), stack: redactQueryValues(error.stack ?? '') };
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(error));
  for (const key of SAFE_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') record[key] = value;
  }
  // The statement of a failed query is code, not user data; its parameters are left out.
  if (typeof fields.query === 'string') record.query = fields.query;
  if (error.cause !== undefined && depth < MAX_CAUSES) record.cause = serializeError(error.cause, depth + 1);
  return record;
}

/** The serializers of the server's logger. */
export const logSerializers = { ...requestSerializers, err: (error: unknown) => serializeError(error) };
