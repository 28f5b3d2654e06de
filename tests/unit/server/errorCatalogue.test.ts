// The client side of the error catalogue (src/domain/errors.ts): a failed answer becomes the error class
// its title selects, else the one its status selects; unexpected success codes are errors too.
import { describe, expect, it } from 'vitest';
import {
  apiErrorFromResponse,
  AuthenticationError,
  BadGatewayError,
  DatabaseError,
  FileNotFoundError,
  GenericApiError,
  InternalServerError,
  KeyError,
  MethodNotAllowedError,
  NotFoundError,
  ServiceUnavailableError,
  UnexpectedStatusError,
  ValidationError,
  ValueError,
} from '../../../src/domain/errors.ts';

const body = (title: string, status: number, description = `described ${title}`) => ({ title, description, status });

describe('apiErrorFromResponse', () => {
  it('selects the class by title', () => {
    const cases: [string, number, unknown][] = [
      ['validation_error', 400, ValidationError],
      ['authentication_failed', 401, AuthenticationError],
      ['forbidden', 403, AuthenticationError],
      ['unauthorized', 401, AuthenticationError],
      ['body_keys_missing', 400, KeyError],
      ['duplicate_key', 409, KeyError],
      ['database_error', 500, DatabaseError],
      ['email_format_wrong', 400, ValueError],
      ['wrong_input', 400, ValueError],
      ['resource_not_found', 404, NotFoundError],
      ['job_file_not_found', 404, FileNotFoundError],
      ['unknown_error', 500, GenericApiError],
    ];
    for (const [title, status, ErrorClass] of cases) {
      const error = apiErrorFromResponse(status, body(title, status));
      expect(error, title).toBeInstanceOf(ErrorClass as new () => Error);
      expect(error?.title).toBe(title);
    }
  });

  it('falls back to the status when the title is unknown or the body is not an error', () => {
    expect(apiErrorFromResponse(400, body('something_else', 400))).toBeInstanceOf(GenericApiError);
    expect(apiErrorFromResponse(401, 'Unauthorized')).toBeInstanceOf(AuthenticationError);
    expect(apiErrorFromResponse(403, null)).toBeInstanceOf(AuthenticationError);
    expect(apiErrorFromResponse(404, null)).toBeInstanceOf(NotFoundError);
    expect(apiErrorFromResponse(405, null)).toBeInstanceOf(MethodNotAllowedError);
    expect(apiErrorFromResponse(500, null)).toBeInstanceOf(InternalServerError);
    expect(apiErrorFromResponse(502, '<html>')).toBeInstanceOf(BadGatewayError);
    expect(apiErrorFromResponse(503, null)).toBeInstanceOf(ServiceUnavailableError);
    expect(apiErrorFromResponse(418, null)).toBeInstanceOf(GenericApiError);
  });

  it('uses the description below 500 and the title from 500 on as message', () => {
    expect(apiErrorFromResponse(409, body('duplicate_key', 409, 'Name is already used'))?.message).toBe('Name is already used');
    expect(apiErrorFromResponse(500, body('database_error', 500))?.message).toBe('database_error');
  });

  it('keeps field errors and the first description line', () => {
    const error = apiErrorFromResponse(400, { ...body('validation_error', 400, 'Name is required\nmore'), errors: [{ path: 'name', message: 'Name is required' }] });
    expect(error?.description).toBe('Name is required');
    expect(error?.fieldErrors).toEqual([{ path: 'name', message: 'Name is required' }]);
  });

  it('returns nothing for the expected status and an error for any other', () => {
    expect(apiErrorFromResponse(201, {}, 201)).toBeNull();
    expect(apiErrorFromResponse(204, null, [200, 204])).toBeNull();
    const unexpected = apiErrorFromResponse(200, {}, 201);
    expect(unexpected).toBeInstanceOf(UnexpectedStatusError);
    expect(unexpected?.message).toBe('The API returned an unexpected status code (200, expected 201)');
  });
});
