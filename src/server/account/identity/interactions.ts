// The embedded provider's interaction pages under /interaction: sign in with email and password, the
// TOTP step for users with authenticators, forgot and reset password. Consent is implied for the web app.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../../../domain/errors.ts';
import { emailSchema, passwordSchema } from '../../../domain/user.ts';
import { CLIENT_SCOPE } from '../../platform/config.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { findPasswordLink, requestPasswordReset, setPasswordFromLink } from '../passwords.service.ts';
import { checkPassword, checkSecondFactor, pendingSecondFactor, recordSignIn, startSecondFactor } from '../signIn.service.ts';
import { API_SCOPE } from './provider.ts';
import { forgotPasswordPage, loginPage, messagePage, resetDonePage, resetPasswordPage, totpPage } from './pages.ts';

export const LOGIN_ERRORS = {
  invalidCredentials: 'Invalid email or password',
  throttled: ERROR_MESSAGES.signInThrottled,
  totpLocked: ERROR_MESSAGES.totpLocked,
  server: 'Something went wrong while trying to log you in!',
  invalidCode: 'The code is not valid. Try the current code of your authenticator app.',
  codeExpired: 'The sign-in took too long or had too many wrong codes. Sign in again.',
  expired: 'This sign-in has expired. Go back to Surge to sign in again.',
  passwordsDiffer: 'The passwords do not match.',
  linkInvalid: 'This link is invalid or has expired. Ask for a new one.',
} as const;

const uidParams = z.object({ uid: z.string().min(1).max(128) });
const tokenParams = z.object({ token: z.string().min(1).max(128) });
const loginBody = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });
const totpBody = z.object({ code: z.string().max(32).default('') });
const forgotBody = z.object({ email: z.string().max(320).default(''), uid: z.string().max(128).optional() });
const resetBody = z.object({ password: z.string().max(1024).default(''), confirm: z.string().max(1024).default('') });

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** "Try again in 12 minutes." for a limit that ends at `retryAt` (at least one minute, rounded up). */
export function tryAgainIn(retryAt: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now) / 60_000));
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

function retryAfterSeconds(retryAt: Date): string {
  return String(Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000)));
}

export function registerInteractionRoutes(app: FastifyInstance, provider: Provider, ctx: ServiceContext): void {
  // Sign-in pages are never framed (clickjacking) and never leak their URL (reset tokens) as referrer.
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .header('content-security-policy', "frame-ancestors 'none'")
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);

  /** The interaction of this browser, or null when it is gone (expired, other browser, already used). */
  async function details(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Details | null> {
    try {
      const found = await provider.interactionDetails(request.raw, reply.raw);
      return found.uid === uid ? found : null;
    } catch {
      return null;
    }
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2]) {
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return reply.header('cache-control', 'no-store').redirect(redirectTo, 303);
  }

  async function finishLogin(request: FastifyRequest, reply: FastifyReply, userId: string, amr: string[]) {
    await recordSignIn(ctx, userId);
    return finish(request, reply, { login: { accountId: userId, amr, remember: true } });
  }

  const expired = (reply: FastifyReply) => html(reply, messagePage('Sign-in expired', LOGIN_ERRORS.expired, ctx.config.publicUrl, 'auth-expired'), 400);

  app.get('/interaction/:uid', async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const interaction = await details(request, reply, uid);
    if (!interaction) return expired(reply);
    if (interaction.prompt.name === 'consent') {
      // The web app is first-party: grant what it asked for without asking.
      const grant = interaction.grantId
        ? await provider.Grant.find(interaction.grantId)
        : new provider.Grant({ accountId: interaction.session?.accountId, clientId: String(interaction.params.client_id) });
      if (!grant) return expired(reply);
      grant.addOIDCScope(CLIENT_SCOPE);
      grant.addResourceScope(ctx.config.identity.audience, API_SCOPE);
      const grantId = await grant.save();
      return finish(request, reply, { consent: { grantId } });
    }
    if (await pendingSecondFactor(ctx, uid)) return html(reply, totpPage({ uid }));
    return html(reply, loginPage({ uid, email: typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined }));
  });

  app.post('/interaction/:uid/login', async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const body = loginBody.safeParse(request.body ?? {});
    const email = body.success ? body.data.email : '';
    try {
      const interaction = await details(request, reply, uid);
      if (!interaction) return expired(reply);
      if (!body.success) return html(reply, loginPage({ uid, email, error: LOGIN_ERRORS.invalidCredentials }));
      const check = await checkPassword(ctx, body.data.email, body.data.password, request.ip);
      if (check.result === 'throttled') {
        reply.header('retry-after', retryAfterSeconds(check.retryAt));
        return html(reply, loginPage({ uid, email, error: `${LOGIN_ERRORS.throttled} ${tryAgainIn(check.retryAt)}` }), 429);
      }
      if (check.result === 'invalid') return html(reply, loginPage({ uid, email, error: LOGIN_ERRORS.invalidCredentials }), 401);
      if (check.needsSecondFactor) {
        await startSecondFactor(ctx, uid, check.user.id);
        return reply.redirect(`/interaction/${encodeURIComponent(uid)}`, 303);
      }
      return await finishLogin(request, reply, check.user.id, ['pwd']);
    } catch (error) {
      request.log.error({ err: error }, 'sign-in failed');
      return html(reply, loginPage({ uid, email, error: LOGIN_ERRORS.server }), 500);
    }
  });

  app.post('/interaction/:uid/totp', async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const body = totpBody.safeParse(request.body ?? {});
    try {
      const interaction = await details(request, reply, uid);
      if (!interaction) return expired(reply);
      const check = await checkSecondFactor(ctx, uid, body.success ? body.data.code : '');
      if (check.result === 'expired') return html(reply, loginPage({ uid, error: LOGIN_ERRORS.codeExpired }), 401);
      if (check.result === 'locked') {
        reply.header('retry-after', retryAfterSeconds(check.retryAt));
        return html(reply, totpPage({ uid, error: `${LOGIN_ERRORS.totpLocked} ${tryAgainIn(check.retryAt)}` }), 429);
      }
      if (check.result === 'invalid') return html(reply, totpPage({ uid, error: LOGIN_ERRORS.invalidCode }), 401);
      return await finishLogin(request, reply, check.user.id, ['pwd', 'otp']);
    } catch (error) {
      request.log.error({ err: error }, 'second factor failed');
      return html(reply, totpPage({ uid, error: LOGIN_ERRORS.server }), 500);
    }
  });

  app.post('/interaction/:uid/abort', async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const interaction = await details(request, reply, uid);
    if (!interaction) return expired(reply);
    return finish(request, reply, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
  });

  app.get('/interaction/password/forgot', async (request, reply) => {
    const uid = z.object({ uid: z.string().max(128).optional() }).safeParse(request.query);
    return html(reply, forgotPasswordPage({ uid: uid.success ? uid.data.uid : undefined }));
  });

  app.post('/interaction/password/forgot', async (request, reply) => {
    const body = forgotBody.safeParse(request.body ?? {});
    const uid = body.success ? body.data.uid : undefined;
    const email = emailSchema.safeParse(body.success ? body.data.email : '');
    if (!email.success) {
      return html(reply, forgotPasswordPage({ uid, email: body.success ? body.data.email : '', error: email.error.issues[0].message }), 400);
    }
    await requestPasswordReset(ctx, email.data);
    return html(reply, forgotPasswordPage({ uid, sent: true }));
  });

  app.get('/interaction/password/reset/:token', async (request, reply) => {
    const { token } = tokenParams.parse(request.params);
    const link = await findPasswordLink(ctx, token);
    if (!link) return html(reply, messagePage('Link expired', LOGIN_ERRORS.linkInvalid, ctx.config.publicUrl, 'reset-invalid'), 400);
    return html(reply, resetPasswordPage({ token, purpose: link.token.purpose, email: link.user.email }));
  });

  app.post('/interaction/password/reset/:token', async (request, reply) => {
    const { token } = tokenParams.parse(request.params);
    const link = await findPasswordLink(ctx, token);
    if (!link) return html(reply, messagePage('Link expired', LOGIN_ERRORS.linkInvalid, ctx.config.publicUrl, 'reset-invalid'), 400);
    const body = resetBody.safeParse(request.body ?? {});
    const page = (error: string) => html(reply, resetPasswordPage({ token, purpose: link.token.purpose, email: link.user.email, error }), 400);
    if (!body.success) return page(LOGIN_ERRORS.passwordsDiffer);
    const password = passwordSchema.safeParse(body.data.password);
    if (!password.success) return page(password.error.issues[0].message);
    if (body.data.password !== body.data.confirm) return page(LOGIN_ERRORS.passwordsDiffer);
    if (!(await setPasswordFromLink(ctx, token, password.data))) {
      return html(reply, messagePage('Link expired', LOGIN_ERRORS.linkInvalid, ctx.config.publicUrl, 'reset-invalid'), 400);
    }
    return html(reply, resetDonePage(ctx.config.publicUrl));
  });
}
