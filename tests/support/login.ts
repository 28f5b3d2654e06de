// Signs in against a running Surge over plain HTTP the way a browser would: authorization code with
// PKCE through the embedded provider's interaction pages (password, then TOTP when asked), then the
// token exchange. For API-level tests; browser tests drive the real pages instead.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const WEB_CLIENT_ID = 'surge-web';
export const WEB_SCOPE = 'openid profile email offline_access';

export type Tokens = {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  expiresIn: number;
  tokenType: string;
  scope?: string;
};

export class LoginError extends Error {
  readonly status: number;
  readonly page: string;
  constructor(message: string, status: number, page: string) {
    super(message);
    this.name = 'LoginError';
    this.status = status;
    this.page = page;
  }
}

/** Cookies by name; paths are ignored (sending the provider a cookie it did not scope is harmless). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key, val] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export type Browser = {
  jar: CookieJar;
  get(url: string): Promise<Response>;
  postForm(url: string, fields: Record<string, string>): Promise<Response>;
};

/** `headers` go with every request (X-Forwarded-For: a client behind the server's trusted proxy). */
export function createBrowser(headers: Record<string, string> = {}): Browser {
  const jar = new CookieJar();
  const send = async (url: string, init: RequestInit) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...headers, ...(init.headers as Record<string, string>), cookie: jar.header(), accept: 'text/html' },
    });
    jar.store(response);
    return response;
  };
  return {
    jar,
    get: (url) => send(url, { method: 'GET' }),
    postForm: (url, fields) =>
      send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

function formAction(html: string, testId: string): string | undefined {
  const match = new RegExp(`<form[^>]*action="([^"]+)"[^>]*data-testid="${testId}"`).exec(html);
  return match?.[1].replaceAll('&amp;', '&');
}

function errorText(html: string): string | undefined {
  return /data-testid="[a-z]+-error">([^<]*)</.exec(html)?.[1];
}

/** Follows redirects inside the sign-in until the app's callback URL is reached or a page needs input. */
async function follow(browser: Browser, base: string, response: Response): Promise<{ response: Response; url: string }> {
  let current = response;
  let url = '';
  for (let hops = 0; hops < 10 && current.status >= 300 && current.status < 400; hops += 1) {
    const location = current.headers.get('location');
    if (!location) break;
    url = new URL(location, base).href;
    if (url.startsWith(`${base}/auth/callback`)) return { response: current, url };
    current = await browser.get(url);
  }
  return { response: current, url };
}

export async function exchangeCode(url: string, code: string, verifier: string): Promise<Tokens> {
  const response = await fetch(`${url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${url}/auth/callback`,
      client_id: WEB_CLIENT_ID,
    }).toString(),
  });
  return tokenResponse(response);
}

export async function refreshTokens(url: string, refreshToken: string): Promise<Tokens> {
  const response = await fetch(`${url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: WEB_CLIENT_ID }).toString(),
  });
  return tokenResponse(response);
}

async function tokenResponse(response: Response): Promise<Tokens> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new LoginError(`token request failed: ${String(body.error)} ${String(body.error_description ?? '')}`, response.status, JSON.stringify(body));
  return {
    accessToken: String(body.access_token),
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    idToken: typeof body.id_token === 'string' ? body.id_token : undefined,
    expiresIn: Number(body.expires_in),
    tokenType: String(body.token_type),
    scope: typeof body.scope === 'string' ? body.scope : undefined,
  };
}

export async function loginWithPassword(
  url: string,
  email: string,
  password: string,
  options: { totpSecret?: string; browser?: Browser } = {},
): Promise<Tokens> {
  const browser = options.browser ?? createBrowser();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const authorize = new URL(`${url}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${url}/auth/callback`,
    scope: WEB_SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  }).toString();

  let step = await follow(browser, url, await browser.get(authorize.href));
  for (let round = 0; round < 4 && !step.url.startsWith(`${url}/auth/callback`); round += 1) {
    const html = await step.response.text();
    // A page that shows an error after a submission ends the attempt with that error.
    const shownError = errorText(html);
    if (round > 0 && shownError) throw new LoginError(shownError, step.response.status, html);
    const loginAction = formAction(html, 'login-form');
    const totpAction = formAction(html, 'totp-form');
    if (loginAction) {
      step = await follow(browser, url, await browser.postForm(new URL(loginAction, url).href, { email, password }));
    } else if (totpAction) {
      if (!options.totpSecret) throw new LoginError('the sign-in asks for a TOTP code but no secret was given', step.response.status, html);
      step = await follow(browser, url, await browser.postForm(new URL(totpAction, url).href, { code: totpCode(options.totpSecret) }));
    } else {
      throw new LoginError(shownError ?? 'the sign-in stopped on an unexpected page', step.response.status, html);
    }
  }
  if (!step.url.startsWith(`${url}/auth/callback`)) throw new LoginError('the sign-in did not return to the app', step.response.status, '');
  const callback = new URL(step.url);
  if (callback.searchParams.get('state') !== state) throw new LoginError('state mismatch on the callback', 400, step.url);
  const code = callback.searchParams.get('code');
  if (!code) throw new LoginError(`no code on the callback: ${callback.searchParams.get('error') ?? ''}`, 400, step.url);
  return exchangeCode(url, code, verifier);
}
