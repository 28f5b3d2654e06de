// The embedded OpenID Connect provider (panva oidc-provider): one public client for the web app,
// authorization code + PKCE, rotated refresh tokens, JWT access tokens for the API resource. Storage is
// the database; keys come from the database; sign-in pages are in ./interactions.ts.
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { CLIENT_SCOPE, EMBEDDED_CLIENT_ID, type ServerConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/client.ts';
import { findUser } from '../users.repository.ts';
import { fullName } from '../../../domain/user.ts';
import { createAdapterFactory } from './adapter.ts';
import type { SigningKeys } from './keys.ts';
import { escapeHtml, logoutPage, messagePage, page } from './pages.ts';

/** The only scope of the API resource; access tokens for it carry the user's id as `sub`. */
export const API_SCOPE = 'api';
/**
 * Claim of access tokens naming the grant they were issued under. The API refuses a token whose grant
 * is gone, so that sign-out, revocation, a password reset or deactivation end API access at once.
 */
export const GRANT_CLAIM = 'gid';
const DAY_S = 24 * 60 * 60;

export function redirectUris(publicUrl: string) {
  return { redirect: `${publicUrl}/auth/callback`, postLogout: `${publicUrl}/logout?confirm=true` };
}

export function createProvider(options: {
  config: ServerConfig;
  db: Database;
  signingKeys: SigningKeys;
  cookieKeys: string[];
}): Provider {
  const { config, db } = options;
  const issuer = config.identity.issuer;
  const apiResource = config.identity.audience;
  const uris = redirectUris(config.publicUrl);
  const appOrigin = new URL(config.publicUrl).origin;

  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_name: 'Surge',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [uris.redirect],
        post_logout_redirect_uris: [uris.postLogout],
        scope: CLIENT_SCOPE,
      },
    ],
    jwks: options.signingKeys as Configuration['jwks'],
    cookies: { keys: options.cookieKeys },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      // amr tells the app whether the sign-in used a second factor (['pwd', 'otp']).
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'updated_at'],
    },
    // The web app reads name and email from the ID token: its access token is for the API, not userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = await findUser(db, sub);
      if (!user || !user.active) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            email_verified: true,
            name: fullName(user.firstName, user.lastName),
            given_name: user.firstName,
            family_name: user.lastName,
            updated_at: Math.floor(user.updatedAt.getTime() / 1000),
          };
        },
      };
    },
    // First-party client: consent is implied, so the grant is created on the first sign-in.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const account = ctx.oidc.account;
      if (!client || !account) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing && existing.accountId === account.accountId) return existing;
      }
      if (client.clientId !== EMBEDDED_CLIENT_ID) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: account.accountId });
      grant.addOIDCScope(CLIENT_SCOPE);
      grant.addResourceScope(apiResource, API_SCOPE);
      await grant.save();
      return grant;
    },
    // Refresh tokens for the web app on every code exchange (rotated on use, ending with the session).
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    rotateRefreshToken: true,
    async extraTokenClaims(_ctx, token) {
      return token.kind === 'AccessToken' && token.grantId ? { [GRANT_CLAIM]: token.grantId } : undefined;
    },
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * DAY_S,
      Grant: 14 * DAY_S,
      RefreshToken: 14 * DAY_S,
    },
    features: {
      devInteractions: { enabled: false },
      // Opaque refresh tokens are revoked here (JWT access tokens by ./revocation.ts): only by their own client.
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiResource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== apiResource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: apiResource,
            accessTokenTTL: config.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = logoutPage(form, Boolean(ctx.oidc.params?.id_token_hint));
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = messagePage('Signed out', 'You have been securely logged out', config.publicUrl, 'logout-done');
        },
      },
    },
    clientBasedCORS: (_ctx, origin) => origin === appOrigin,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const details = Object.entries(out)
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
        .join('');
      ctx.body = page(
        'Sign-in error',
        `<h1>Something went wrong while trying to log you in!</h1><div data-testid="auth-error">${details}</div>
<div class="links"><a href="${escapeHtml(config.publicUrl)}" data-testid="auth-back-to-app">Back to Surge</a></div>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // The server may run behind a TLS-terminating proxy; it then trusts X-Forwarded-* for URLs and cookies.
  provider.proxy = true;
  return provider;
}
