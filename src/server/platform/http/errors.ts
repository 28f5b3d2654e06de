// Errors the services raise and the Fastify error handler that answers every failure as
// {title, description, status} with the titles of the error catalogue.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_ERROR_STATUS, ERROR_MESSAGES, type ApiErrorBody, type ApiErrorTitle, type FieldError } from '../../../domain/errors.ts';

/** A failure with a catalogue title; thrown by services and routes, answered as is. */
export class HttpError extends Error {
  readonly title: ApiErrorTitle;
  readonly status: number;
  readonly fieldErrors: FieldError[];
  constructor(title: ApiErrorTitle, description: string, options: { status?: number; fieldErrors?: FieldError[] } = {}) {
    super(description);
    this.title = title;
    this.status = options.status ?? API_ERROR_STATUS[title];
    this.fieldErrors = options.fieldErrors ?? [];
  }
  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { title: this.title, description: this.message, status: this.status };
    if (this.fieldErrors.length > 0) body.errors = this.fieldErrors;
    return body;
  }
}

export const notFound = (description: string = ERROR_MESSAGES.notFound) => new HttpError('resource_not_found', description);
export const forbidden = (description: string = ERROR_MESSAGES.forbidden) => new HttpError('forbidden', description);
export const duplicate = (description: string, path?: string) =>
  new HttpError('duplicate_key', description, { fieldErrors: path ? [{ path, message: description }] : [] });
export const wrongInput = (description: string, path?: string) =>
  new HttpError('wrong_input', description, { fieldErrors: path ? [{ path, message: description }] : [] });
export const validationFailed = (description: string, path?: string) =>
  new HttpError('validation_error', description, { fieldErrors: path ? [{ path, message: description }] : [] });

type PgLikeError = { code?: unknown; constraint?: unknown; detail?: unknown };

function isPgError(error: unknown): error is PgLikeError & Error {
  return error instanceof Error && typeof (error as PgLikeError).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgLikeError).code as string);
}

/** The deepest cause with a PostgreSQL SQLSTATE (Drizzle wraps driver errors). */
function pgCause(error: unknown): (PgLikeError & Error) | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (isPgError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function toErrorBody(error: unknown, request: FastifyRequest): ApiErrorBody {
  if (error instanceof HttpError) return error.toBody();

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    // A malformed id in the path names nothing that exists.
    if (context === 'params') return notFound().toBody();
    if (context === 'body' && (request.body === null || request.body === undefined)) {
      return { title: 'body_keys_missing', description: 'The request body is missing.', status: 400 };
    }
    const fieldErrors = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    const first = fieldErrors[0];
    const title: ApiErrorTitle = first.path === 'email' && error.validation[0].params?.format === 'email' ? 'email_format_wrong' : 'validation_error';
    return { title, description: first.message, status: 400, errors: fieldErrors };
  }

  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause?.issues }, 'response does not match its schema');
    return { title: 'unknown_error', description: ERROR_MESSAGES.unknown, status: 500 };
  }

  const pg = pgCause(error);
  if (pg) {
    if (pg.code === '23505') {
      return { title: 'duplicate_key', description: 'An entry with this key already exists.', status: 409 };
    }
    // 22P05 and 22021: text the database cannot store (a NUL character that got past the input guard).
    if (pg.code === '22P02' || pg.code === '23503' || pg.code === '22001' || pg.code === '22P05' || pg.code === '22021') {
      return { title: 'wrong_input', description: 'The request refers to something that does not exist or is malformed.', status: 400 };
    }
    request.log.error({ err: error }, 'database error');
    return { title: 'database_error', description: 'The database could not complete the request.', status: 500 };
  }

  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status === 404) return notFound().toBody();
  if (status === 401) return { title: 'authentication_failed', description: ERROR_MESSAGES.notAuthenticated, status };
  if (status === 403) return { title: 'forbidden', description: ERROR_MESSAGES.forbidden, status };
  if (status === 400 && fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { title: 'body_keys_missing', description: 'The request body is missing.', status };
  }
  if (status >= 400 && status < 500) {
    return { title: 'wrong_input', description: fastifyError.message || 'The request is not valid.', status };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { title: 'unknown_error', description: ERROR_MESSAGES.unknown, status: 500 };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorBody(error, request);
    void reply.status(body.status).type('application/json').send(body);
  });
}
