// Guards every request's input before its route's schema sees it. PostgreSQL text and jsonb cannot
// store U+0000, so a NUL character would surface as a database failure: in the body or the query it is
// refused with a validation error, in a path parameter it names nothing (404). Refusals made before any
// route runs (over-long or malformed paths, a request line or headers over Node's size limit) answer
// in the API's {title, description, status} shape.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ApiErrorBody } from '../../../domain/errors.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { containsNul } from '../../../domain/validation/names.ts';
import { HttpError, notFound } from './errors.ts';

/** Bounds the walk over a parsed body; JSON bodies are limited by the body limit anyway. */
const MAX_DEPTH = 64;

/** Dot path of the first string (value or key) holding a NUL character, or null. */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return containsNul(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (containsNul(key)) return [...path, key].join('.');
    const found = nulPath(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function refuseNul(where: 'body' | 'query', path: string): HttpError {
  const field = path === '' ? where : `${where === 'body' ? '' : `${where}.`}${path}`;
  return new HttpError('validation_error', `${field} ${MESSAGES.nulCharacter}`, { fieldErrors: [{ path: field, message: MESSAGES.nulCharacter }] });
}

export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const where of ['params', 'query', 'body'] as const) {
      const path = nulPath(request[where]);
      if (path === null) continue;
      // Like any malformed id, a path parameter with a NUL names nothing that exists.
      throw where === 'params' ? notFound() : refuseNul(where, path);
    }
  });
}

/**
 * Errors the router raises before any route runs (Fastify's `frameworkErrors`): a path parameter over
 * the router's length limit names nothing that exists, like any malformed id; a path that cannot be
 * decoded is wrong input.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const body = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? notFound().toBody()
    : new HttpError('wrong_input', 'The request path is not valid.').toBody();
  void reply.status(body.status).type('application/json').send(body);
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`): a URL
 * or headers over the size limit, a timeout, a malformed request. Answered on the socket, then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let body: ApiErrorBody;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    body = { title: 'wrong_input', description: 'The request line or its headers are too long.', status: 431 };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    body = { title: 'wrong_input', description: 'The request took too long to arrive.', status: 408 };
  } else {
    body = { title: 'wrong_input', description: 'The request is not valid HTTP.', status: 400 };
  }
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
