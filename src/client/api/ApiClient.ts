// Typed HTTP client of the Surge API: adds the bearer token, parses every answer with the domain's zod
// schema, and turns failures into the error classes of the domain's error catalogue.
import type { z } from 'zod';
import { API_PREFIX } from '../../domain/api.ts';
import { AuthenticationError, apiErrorFromResponse, UnexpectedStatusError } from '../../domain/errors.ts';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions<S extends z.ZodType | null> {
  query?: Query;
  body?: unknown;
  /** Schema of the success body; null for answers without a JSON body (204, text). */
  schema: S;
  /** Expected success status(es); defaults to 200, or 201 for POST. */
  expected?: number | readonly number[];
  signal?: AbortSignal;
}

export interface TokenSource {
  /** A valid access token, or null when the user has been sent to sign in. */
  getAccessToken(): Promise<string | null>;
}

/** Raised when the API answered with a body that does not match the domain schema. */
export class ResponseShapeError extends Error {
  readonly issues: string;
  constructor(path: string, issues: string) {
    super(`The API answered ${path} with data this version of Surge does not understand.`);
    this.name = 'ResponseShapeError';
    this.issues = issues;
  }
}

export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export class ApiClient {
  private readonly tokens: TokenSource;
  private readonly baseUrl: string;
  private readonly onUnauthenticated: () => void;

  constructor(tokens: TokenSource, options: { baseUrl?: string; onUnauthenticated?: () => void } = {}) {
    this.tokens = tokens;
    this.baseUrl = options.baseUrl ?? API_PREFIX;
    this.onUnauthenticated = options.onUnauthenticated ?? (() => undefined);
  }

  get<S extends z.ZodType>(path: string, schema: S, query?: Query, signal?: AbortSignal): Promise<z.infer<S>> {
    return this.request('GET', path, { schema, query, signal }) as Promise<z.infer<S>>;
  }

  post<S extends z.ZodType | null>(path: string, body: unknown, schema: S, expected?: number | readonly number[]) {
    return this.request('POST', path, { body, schema, expected });
  }

  put<S extends z.ZodType | null>(path: string, body: unknown, schema: S, expected?: number | readonly number[]) {
    return this.request('PUT', path, { body, schema, expected });
  }

  delete<S extends z.ZodType | null>(path: string, schema: S, expected: number | readonly number[] = [200, 204]) {
    return this.request('DELETE', path, { schema, expected });
  }

  async request<S extends z.ZodType | null>(
    method: string,
    path: string,
    options: RequestOptions<S>,
  ): Promise<S extends z.ZodType ? z.infer<S> : void> {
    const response = await this.send(method, path, options);
    const expected = options.expected ?? (method === 'POST' ? [200, 201] : 200);
    await this.raiseFor(response, expected);
    if (!options.schema) return undefined as S extends z.ZodType ? z.infer<S> : void;
    const body: unknown = await response.json();
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      throw new ResponseShapeError(`${method} ${path}`, parsed.error.message);
    }
    return parsed.data as S extends z.ZodType ? z.infer<S> : void;
  }

  private async send(method: string, path: string, options: Omit<RequestOptions<null>, 'schema'>): Promise<Response> {
    const token = await this.tokens.getAccessToken();
    if (!token) {
      const message = 'You need to sign in to use Surge.';
      throw new AuthenticationError('unauthorized', message, 401, message);
    }
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetch(`${this.baseUrl}${path}${buildQueryString(options.query)}`, {
      method,
      headers,
      body,
      signal: options.signal,
    });
  }

  private async raiseFor(response: Response, expected: number | readonly number[]): Promise<void> {
    const expectedList = typeof expected === 'number' ? [expected] : expected;
    if (expectedList.includes(response.status)) return;
    // Error answers carry {title, description, status}; a proxy's HTML error page has no JSON body.
    const body: unknown = await response.json().catch(() => null);
    const error =
      apiErrorFromResponse(response.status, body, expectedList) ??
      new UnexpectedStatusError('unexpected_status', 'Unexpected answer', response.status, 'Unexpected answer');
    // An expired or revoked session: the user has to sign in again.
    if (response.status === 401) this.onUnauthenticated();
    throw error;
  }
}

/** The message to show for any error a call raised. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong!';
}
