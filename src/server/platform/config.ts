// Server configuration from the environment: ports, URLs, data locations, database and identity provider.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { helpLinksSchema, type HelpLinks } from '../../domain/api.ts';
import { emailSchema } from '../../domain/user.ts';

export type IdentityConfig =
  | { mode: 'embedded'; issuer: string; clientId: string; audience: string }
  | { mode: 'external'; issuer: string; clientId: string; audience: string };

export type ServerConfig = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  storageDir: string;
  /** SURGE_SECRET_KEY: the key that seals TOTP seeds (otherwise a key file under storageDir/keys). */
  secretKey?: string;
  /** PostgreSQL connection string; absent: PGlite under dataDir/db (or in memory with dataDir ':memory:'). */
  databaseUrl?: string;
  identity: IdentityConfig;
  adminEmail: string;
  /** Absent: a random password is generated on first start and printed once. */
  adminPassword?: string;
  /** The built client (Vite output); may be absent. */
  clientDir: string;
  version: string;
  buildId: string;
  logLevel: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Which proxies may set X-Forwarded-For (Fastify's trustProxy): the client address that sign-in limits count by. */
  trustProxy: boolean | number | string;
  signInLimits: SignInLimits;
  regionalBanner?: { message: string; url: string };
  /** Help menu targets (SURGE_HELP_*_URL); only configured ones are shown. */
  helpLinks: HelpLinks;
  /** Support mail address shown to users (SURGE_SUPPORT_EMAIL). */
  supportEmail?: string;
  /** Feature flags of the first organisation, applied at every start (SURGE_FEATURES); absent: left as they are. */
  features?: string[];
  /** A Surge support account in the internal organisation, created on start if missing (SURGE_SUPPORT_USER_EMAIL). */
  supportUser?: { email: string; password?: string };
};

/**
 * Sign-in limits, shared by every API replica (database, or Redis with REDIS_URL). Failed passwords are
 * counted per client address and per account + address, so that guesses from elsewhere never lock the
 * real user out; TOTP codes are counted per account, since whoever types them already has the password.
 */
export type SignInLimits = {
  windowMs: number;
  /** Failed password attempts from one address (any accounts) per window. */
  perAddress: number;
  /** Failed password attempts on one account from one address per window. */
  perAccountAddress: number;
  /** Failed attempts on one account from all addresses after which each address gets only `perAccountAddressUnderAttack`. */
  accountUnderAttack: number;
  perAccountAddressUnderAttack: number;
  /** Wrong TOTP codes per account per `totpWindowMs`; then every code, even the right one, is refused. */
  totpPerAccount: number;
  totpWindowMs: number;
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got ${raw}`);
  return value;
}

export function signInLimitsFrom(env: NodeJS.ProcessEnv): SignInLimits {
  return {
    windowMs: positiveInt(env, 'SURGE_SIGN_IN_WINDOW_S', 15 * 60) * 1000,
    perAddress: positiveInt(env, 'SURGE_SIGN_IN_MAX_PER_ADDRESS', 20),
    perAccountAddress: positiveInt(env, 'SURGE_SIGN_IN_MAX_PER_ACCOUNT_ADDRESS', 5),
    accountUnderAttack: positiveInt(env, 'SURGE_SIGN_IN_ACCOUNT_UNDER_ATTACK', 20),
    perAccountAddressUnderAttack: 2,
    totpPerAccount: positiveInt(env, 'SURGE_TOTP_MAX_PER_ACCOUNT', 5),
    totpWindowMs: positiveInt(env, 'SURGE_TOTP_WINDOW_S', 15 * 60) * 1000,
  };
}

/** SURGE_TRUST_PROXY: true/false, a hop count, or addresses and ranges; default private networks only. */
function trustProxyFrom(env: NodeJS.ProcessEnv): boolean | number | string {
  const raw = env.SURGE_TRUST_PROXY?.trim();
  if (!raw) return 'loopback, linklocal, uniquelocal';
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  return raw;
}

/** Environment variable of each Help menu link. */
export const HELP_LINK_ENV = {
  knowledgeBase: 'SURGE_HELP_KNOWLEDGE_BASE_URL',
  pythonDocumentation: 'SURGE_HELP_PYTHON_DOCUMENTATION_URL',
  ticketPortal: 'SURGE_HELP_TICKET_PORTAL_URL',
  bookFeedbackSession: 'SURGE_HELP_FEEDBACK_SESSION_URL',
  submitTicket: 'SURGE_HELP_SUBMIT_TICKET_URL',
} as const satisfies Record<keyof HelpLinks, string>;

function helpLinksFrom(env: NodeJS.ProcessEnv): HelpLinks {
  const raw: Record<string, string> = {};
  for (const [key, name] of Object.entries(HELP_LINK_ENV)) {
    const value = env[name]?.trim();
    if (value) raw[key] = value;
  }
  const parsed = helpLinksSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = HELP_LINK_ENV[issue.path[0] as keyof HelpLinks];
    throw new Error(`${name} ${issue.message}, got ${env[name]}`);
  }
  return parsed.data;
}

function emailFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${name} must be an email address, got ${raw}`);
  return parsed.data;
}

/** Comma-separated feature names (letters, digits, underscores); set but empty means no features. */
export function featuresFrom(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.SURGE_FEATURES;
  if (raw === undefined) return undefined;
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const bad = names.find((name) => !/^[a-z0-9_]{1,64}$/.test(name));
  if (bad !== undefined) throw new Error(`SURGE_FEATURES must list feature names like upload_preprocessing, got ${bad}`);
  return [...new Set(names)];
}

export const EMBEDDED_CLIENT_ID = 'surge-web';
export const CLIENT_SCOPE = 'openid profile email offline_access';
const ROOT = resolve(import.meta.dirname, '..', '..', '..');

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function detectBuildId(env: NodeJS.ProcessEnv): string {
  if (env.SURGE_BUILD_ID) return env.SURGE_BUILD_ID;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

function stripSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** `port` is the one actually listened on (PORT=0 is resolved to a free port before this is called). */
export function loadConfig(env: NodeJS.ProcessEnv, port: number): ServerConfig {
  const host = env.HOST || '127.0.0.1';
  const publicUrl = stripSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  const dataDir = resolvePath(env.DATA_DIR || './data');
  const storageDir = resolvePath(env.STORAGE_DIR || resolve(dataDir, 'storage'));
  const apiResource = `${publicUrl}/api`;
  const identity: IdentityConfig = env.OIDC_ISSUER
    ? {
        mode: 'external',
        issuer: stripSlash(env.OIDC_ISSUER),
        clientId: env.OIDC_CLIENT_ID || EMBEDDED_CLIENT_ID,
        audience: env.OIDC_AUDIENCE || apiResource,
      }
    : { mode: 'embedded', issuer: `${publicUrl}/oidc`, clientId: EMBEDDED_CLIENT_ID, audience: apiResource };
  const banner =
    env.SURGE_REGIONAL_BANNER_MESSAGE && env.SURGE_REGIONAL_BANNER_URL
      ? { message: env.SURGE_REGIONAL_BANNER_MESSAGE, url: env.SURGE_REGIONAL_BANNER_URL }
      : undefined;
  return {
    port,
    host,
    publicUrl,
    dataDir,
    storageDir,
    ...(env.SURGE_SECRET_KEY ? { secretKey: env.SURGE_SECRET_KEY } : {}),
    databaseUrl: env.DATABASE_URL || undefined,
    identity,
    adminEmail: (env.SURGE_ADMIN_EMAIL || 'admin@surge.local').trim().toLowerCase(),
    adminPassword: env.SURGE_ADMIN_PASSWORD || undefined,
    clientDir: resolve(ROOT, 'dist', 'client'),
    version: packageVersion(),
    buildId: detectBuildId(env),
    logLevel: env.LOG_LEVEL || 'info',
    accessTokenTtl: Number(env.SURGE_ACCESS_TOKEN_TTL || 600),
    trustProxy: trustProxyFrom(env),
    signInLimits: signInLimitsFrom(env),
    regionalBanner: banner,
    helpLinks: helpLinksFrom(env),
    supportEmail: emailFrom(env, 'SURGE_SUPPORT_EMAIL'),
    features: featuresFrom(env),
    supportUser: supportUserFrom(env),
  };
}

function supportUserFrom(env: NodeJS.ProcessEnv): ServerConfig['supportUser'] {
  const email = emailFrom(env, 'SURGE_SUPPORT_USER_EMAIL');
  if (!email) return undefined;
  return { email, password: env.SURGE_SUPPORT_USER_PASSWORD || undefined };
}

function resolvePath(p: string): string {
  return isAbsolute(p) ? p : resolve(process.cwd(), p);
}
