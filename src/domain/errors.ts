// The API error catalogue: the titles the server answers with ({title, description, status}) and the
// client-side mapping from a failed response to a typed error, as the product's error catalogue says.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

export const API_ERROR_TITLES = [
  'validation_error',
  'authentication_failed',
  'forbidden',
  'unauthorized',
  'body_keys_missing',
  'duplicate_key',
  'database_error',
  'email_format_wrong',
  'wrong_input',
  'resource_not_found',
  'job_file_not_found',
  'service_unavailable',
  'unknown_error',
] as const;
export type ApiErrorTitle = (typeof API_ERROR_TITLES)[number];

/** The HTTP status each title is answered with by this server. */
export const API_ERROR_STATUS: Record<ApiErrorTitle, number> = {
  validation_error: 400,
  authentication_failed: 401,
  forbidden: 403,
  unauthorized: 401,
  body_keys_missing: 400,
  duplicate_key: 409,
  database_error: 500,
  email_format_wrong: 400,
  wrong_input: 400,
  resource_not_found: 404,
  job_file_not_found: 404,
  service_unavailable: 503,
  unknown_error: 500,
};

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    status: z.number().int(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Messages shared by server answers and client forms, so both say the same words. */
export const ERROR_MESSAGES = {
  nameAlreadyUsed: MESSAGES.nameUsed,
  nameRequired: 'Name is required',
  emailAlreadyUsed: 'A user with this email already exists',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number format',
  notAuthenticated: 'You need to sign in to use this resource.',
  invalidToken: 'The access token is missing, invalid or expired.',
  userInactive: 'Your account is not active. Ask an administrator of your team.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'The requested resource was not found.',
  setupLocked: 'The setup is locked. Unlock it (Edit Setup) before changing it.',
  uploadedSetupNotEditable: 'An uploaded setup cannot be edited.',
  cannotDeleteYourself: 'You cannot delete yourself.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  internalUserNotEditable: 'Internal users cannot be edited, deleted or have their role changed.',
  ssoUser: 'Users with single sign-on manage their password and two-factor authentication at their identity provider.',
  wrongPassword: 'The current password is not correct.',
  invalidTotp: 'The code is not valid. Check the time on your device and try again.',
  noPendingEnrolment: 'Start the enrolment of an authenticator first.',
  /** Followed by when to try again ("Try again in 12 minutes."). */
  signInThrottled: 'Too many failed sign-in attempts from this address.',
  /** Followed by when to try again; even the right code is refused until then. */
  totpLocked: 'Too many wrong codes for this account. Codes are not accepted for a while, not even the right one.',
  unknown: 'Something went wrong!',
} as const;

/** Base of every error raised for a failed API call; carries the server's title and status. */
export class ApiRequestError extends Error {
  readonly title: string;
  readonly description: string;
  readonly status: number;
  readonly fieldErrors: FieldError[];
  constructor(title: string, description: string, status: number, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = new.target.name;
    this.title = title;
    this.description = description;
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}
export class ValidationError extends ApiRequestError {}
export class AuthenticationError extends ApiRequestError {}
export class KeyError extends ApiRequestError {}
export class DatabaseError extends ApiRequestError {}
export class ValueError extends ApiRequestError {}
export class NotFoundError extends ApiRequestError {}
export class FileNotFoundError extends ApiRequestError {}
export class GenericApiError extends ApiRequestError {}
export class MethodNotAllowedError extends ApiRequestError {}
export class InternalServerError extends ApiRequestError {}
export class BadGatewayError extends ApiRequestError {}
export class ServiceUnavailableError extends ApiRequestError {}
export class UnexpectedStatusError extends ApiRequestError {}

type ApiErrorClass = new (
  title: string,
  description: string,
  status: number,
  message: string,
  fieldErrors?: FieldError[],
) => ApiRequestError;

const CLASS_BY_TITLE: Record<ApiErrorTitle, ApiErrorClass> = {
  validation_error: ValidationError,
  authentication_failed: AuthenticationError,
  forbidden: AuthenticationError,
  unauthorized: AuthenticationError,
  body_keys_missing: KeyError,
  duplicate_key: KeyError,
  database_error: DatabaseError,
  email_format_wrong: ValueError,
  wrong_input: ValueError,
  resource_not_found: NotFoundError,
  job_file_not_found: FileNotFoundError,
  service_unavailable: ServiceUnavailableError,
  unknown_error: GenericApiError,
};

function classByStatus(status: number): ApiErrorClass {
  switch (status) {
    case 401:
    case 403:
      return AuthenticationError;
    case 404:
      return NotFoundError;
    case 405:
      return MethodNotAllowedError;
    case 500:
      return InternalServerError;
    case 502:
      return BadGatewayError;
    case 503:
      return ServiceUnavailableError;
    default:
      return GenericApiError;
  }
}

export function isApiErrorTitle(value: unknown): value is ApiErrorTitle {
  return typeof value === 'string' && (API_ERROR_TITLES as readonly string[]).includes(value);
}

/**
 * Turns an API answer into the error the client raises, or null when the status is the expected one.
 * `body` is the parsed JSON body when there was one. A status of 400 or more is selected by title, then by
 * status; any other unexpected status raises 'The API returned an unexpected status code (X, expected Y)'.
 */
export function apiErrorFromResponse(
  status: number,
  body: unknown,
  expected: number | readonly number[] = 200,
): ApiRequestError | null {
  const expectedList = typeof expected === 'number' ? [expected] : expected;
  if (expectedList.includes(status)) return null;
  if (status < 400) {
    const message = `The API returned an unexpected status code (${status}, expected ${expectedList.join(' or ')})`;
    return new UnexpectedStatusError('unexpected_status', message, status, message);
  }
  const parsed = apiErrorSchema.safeParse(body);
  const title = parsed.success ? parsed.data.title : 'unknown_error';
  const fieldErrors = parsed.success ? (parsed.data.errors ?? []) : [];
  const description = parsed.success ? firstLine(parsed.data.description) : ERROR_MESSAGES.unknown;
  const ErrorClass = parsed.success && isApiErrorTitle(title) ? CLASS_BY_TITLE[title] : classByStatus(status);
  const message = status >= 500 ? title : description;
  return new ErrorClass(title, description, status, message, fieldErrors);
}

function firstLine(description: string): string {
  const newline = description.indexOf('\n');
  return newline < 0 ? description : description.slice(0, newline);
}
