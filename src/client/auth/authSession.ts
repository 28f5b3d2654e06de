// Sign-in state of this browser tab: OpenID Connect code flow with PKCE against the configured issuer,
// refresh-token renewal, and the rule that a renewal which cannot work sends the user back to login.
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';

export interface AuthSettings {
  issuer: string;
  clientId: string;
  scope: string;
  /** Resource indicator asked for, so that the provider issues a JWT access token for the API. */
  apiResource?: string;
}

/** Renewal errors after which only an interactive login can help (spec 2 §7). */
const LOGIN_REQUIRED_ERRORS = new Set(['missing_refresh_token', 'invalid_grant', 'login_required']);

export function isLoginRequiredError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { error?: unknown }).error;
  if (typeof code === 'string' && LOGIN_REQUIRED_ERRORS.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && [...LOGIN_REQUIRED_ERRORS].some((known) => message.includes(known));
}

class MissingRefreshTokenError extends Error {
  readonly error = 'missing_refresh_token';
  constructor() {
    super('missing_refresh_token');
  }
}

export interface ReturnState {
  returnTo: string;
}

export class AuthSession {
  readonly manager: UserManager;
  private renewal: Promise<User | null> | null = null;
  private redirecting = false;

  constructor(settings: AuthSettings, origin: string = window.location.origin) {
    const resourceParams: Record<string, string> = settings.apiResource ? { resource: settings.apiResource } : {};
    this.manager = new UserManager({
      authority: settings.issuer,
      client_id: settings.clientId,
      redirect_uri: `${origin}/auth/callback`,
      post_logout_redirect_uri: `${origin}/logout?confirm=true`,
      response_type: 'code',
      scope: settings.scope,
      automaticSilentRenew: true,
      loadUserInfo: false,
      // Kept in localStorage so that every tab of the app shares one sign-in.
      userStore: new WebStorageStateStore({ store: window.localStorage }),
      extraQueryParams: resourceParams,
      extraTokenParams: resourceParams,
    });
    this.manager.events.addSilentRenewError((error) => {
      if (isLoginRequiredError(error)) void this.login();
    });
  }

  /** The signed-in user with a usable access token, renewing it with the refresh token if it expired. */
  async getUser(): Promise<User | null> {
    const user = await this.manager.getUser();
    if (!user) return null;
    if (!user.expired) return user;
    return this.renew(user);
  }

  /** A valid access token, or null after having sent the user to the login page. */
  async getAccessToken(): Promise<string | null> {
    try {
      const user = await this.getUser();
      if (user) return user.access_token;
    } catch (error) {
      if (!isLoginRequiredError(error)) throw error;
    }
    await this.login();
    return null;
  }

  private renew(user: User): Promise<User | null> {
    if (!this.renewal) {
      this.renewal = (async () => {
        if (!user.refresh_token) throw new MissingRefreshTokenError();
        return this.manager.signinSilent();
      })().finally(() => {
        this.renewal = null;
      });
    }
    return this.renewal;
  }

  /** Sends the browser to the provider's login page; afterwards the user comes back to `returnTo`. */
  async login(returnTo: string = currentPath()): Promise<void> {
    if (this.redirecting) return;
    this.redirecting = true;
    await this.manager.removeUser();
    const state: ReturnState = { returnTo: safeReturnPath(returnTo) };
    await this.manager.signinRedirect({ state });
  }

  /** Completes the login on /auth/callback and says where the user was going. */
  async completeLogin(url: string = window.location.href): Promise<string> {
    const user = await this.manager.signinRedirectCallback(url);
    const state = user.state as Partial<ReturnState> | undefined;
    return safeReturnPath(state?.returnTo ?? '/projects');
  }

  /** Signs out at the provider, which returns the browser to /logout?confirm=true. */
  async logout(): Promise<void> {
    const user = await this.manager.getUser();
    if (!user) {
      window.location.assign('/logout?confirm=true');
      return;
    }
    await this.manager.signoutRedirect({ id_token_hint: user.id_token });
  }

  async isSignedIn(): Promise<boolean> {
    return (await this.manager.getUser()) !== null;
  }

  async forgetUser(): Promise<void> {
    await this.manager.removeUser();
  }
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Only same-origin paths are accepted as return targets, never another site or the auth pages themselves. */
export function safeReturnPath(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/projects';
  if (path.startsWith('/auth/callback') || path.startsWith('/logout') || path.startsWith('/unauthorized')) {
    return '/projects';
  }
  return path;
}
