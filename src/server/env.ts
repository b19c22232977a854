import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage';

/**
 * The only module that reads `process.env` (enforced by lint). Every setting is checked at start-up
 * and a bad one stops the process with a message that names the variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: all interfaces in production, loopback only otherwise (the dev mailbox is not for the network). */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole number')
    .min(0)
    .max(65535)
    .default(3000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://modmarket.example' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// connection URL' })
    .optional(),
  /**
   * Streaming replicas of DATABASE_URL, comma-separated: browse, search, listing pages and the sitemap
   * read from them (docs/operations.md).
   */
  DATABASE_READ_URL: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          protocol: /^postgres(ql)?$/,
          error: 'expected postgres:// connection URLs, comma-separated',
        }),
      ),
    )
    .optional(),
  /** How far behind the primary (ms) a replica may be and still serve reads. */
  DATABASE_READ_MAX_LAG_MS: z.coerce
    .number({ error: 'expected a number of milliseconds' })
    .int('expected a whole number of milliseconds')
    .min(100)
    .max(600_000)
    .default(5_000),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * How many processes serve requests (node:cluster). Unset: one per core in production on PostgreSQL,
   * one otherwise; the embedded database opens in one process only.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'expected a number of processes' })
    .int('expected a whole number of processes')
    .min(1)
    .max(64)
    .optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How long a request waits for a free database connection (a queue), apart from its statement's time. */
  DB_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Unset: on outside production, off in production. */
  SEED_DEMO: booleanFlag.optional(),
  /**
   * Photos drawn per demo listing (each listing has up to four): drawing them is most of a first
   * start's work, so the test servers ask for one.
   */
  SEED_DEMO_PHOTOS: z.coerce.number().int().min(0).max(4).default(4),
  /** Production only: allow an http:// PUBLIC_URL (a private network behind its own TLS). */
  ALLOW_HTTP: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How many proxies of ours stand in front and append to X-Forwarded-For: a number, `true` (one) or
   * `false` (none: the socket's address is the client's).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|\d{1,2})$/, { error: 'expected true, false or a number of proxies' })
    .default('false')
    .transform((value) =>
      value === 'true' || value === 'yes' ? 1 : value === 'false' || value === 'no' ? 0 : Number(value),
    ),
  /** Multiplies every abuse limit (tests that sign many accounts up from one address raise it). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.1).max(1000).default(1),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('ModMarket <no-reply@modmarket.local>'),
  SUPPORT_EMAIL: z.email({ error: 'expected an email address' }).default('support@modmarket.local'),
  /** Where privacy requests go (shown on the privacy and data deletion pages); unset: SUPPORT_EMAIL. */
  PRIVACY_EMAIL: z.email({ error: 'expected an email address' }).optional(),
  /** The merchandise shop's own site: the shop page's "Buy now" opens it. Unset: "Coming soon". */
  SHOP_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** Apple's "Services ID", with the team, the key's id and the key (PEM, `\n` allowed for newlines). */
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  /**
   * Development and tests only: every social sign-in call (authorization page, tokens, keys, profile)
   * goes to a stand-in provider at this URL instead of Google, Facebook or Apple. Refused in production.
   */
  SOCIAL_STANDIN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Without Stripe: `true` lets members switch plans at once without paying, to try ModMarket (`npm start`
   * sets it); refused in production. Unset, paid plans are simply not offered.
   */
  BILLING_DEMO: booleanFlag.default(false),
  /**
   * Without Stripe: `true` runs checkout, payouts and refunds with no card charged and nothing
   * transferred, every payment screen saying so (`npm start` sets it); refused in production. Unset and
   * without Stripe, listings stay contact-only.
   */
  PAYMENTS_DEMO: booleanFlag.default(false),
  /**
   * Stripe Connect's webhook secret, when its events (a seller's account updated) come to the same
   * endpoint from a Connect webhook of their own; the other events use STRIPE_WEBHOOK_SECRET.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'expected a webhook signing secret (whsec_...)')
    .optional(),
  /** Days a member keeps a paid plan after a failed payment before it lapses to Bronze. */
  BILLING_GRACE_DAYS: z.coerce
    .number({ error: 'expected a number of days' })
    .int('expected a whole number of days')
    .min(0)
    .max(60)
    .default(7),
  /** Stripe billing: all four set, or none (then BILLING_DEMO decides: demo plans, or none for sale). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'expected a Stripe secret key (sk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'expected a webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_PRICE_GOLD: z.string().startsWith('price_', 'expected a Stripe price id (price_...)').optional(),
  STRIPE_PRICE_PLATINUM: z.string().startsWith('price_', 'expected a Stripe price id (price_...)').optional(),
  /**
   * Development and tests only: the Stripe client talks to a stand-in for Stripe's API at this URL (its
   * scheme, host and port) instead of api.stripe.com. Refused in production.
   */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as http://127.0.0.1:12111' })
    .optional(),
  /**
   * Platinum's advanced listing writer: an OpenAI-compatible chat-completions endpoint (all three set, or
   * none: then every plan with AI help gets the offline writer). The key is sent to that endpoint only.
   */
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://api.openai.com/v1' })
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200, 'expected a model name').optional(),
  /** How long one call to the AI endpoint may take, answer included, before the offline writer steps in. */
  AI_TIMEOUT_MS: z.coerce
    .number({ error: 'expected a number of milliseconds' })
    .int('expected a whole number of milliseconds')
    .min(10)
    .max(120_000)
    .default(15_000),
  /**
   * 32 random bytes as 64 hex digits (`openssl rand -hex 32`): the key secrets kept for later use are
   * encrypted with (two-step sign-in). Required in production; elsewhere a fixed development key.
   */
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'expected 64 hex digits (openssl rand -hex 32)' })
    .optional(),
  /**
   * Photos and exports in an S3-compatible bucket instead of DATA_DIR/uploads (several instances share
   * it): the bucket with both keys, or none of the S3_ settings.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The service's URL (MinIO, Ceph, R2, …); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://s3.example' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where browsers load files from (the bucket's public address or a CDN); unset: through the app. */
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://cdn.example' })
    .optional(),
  /** `true` for servers that address buckets in the path (`endpoint/bucket/key`), as most self-hosted ones do. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * The most tokens the AI endpoint may write for one draft (sent as `max_completion_tokens`); 0 sends
   * no cap, for a server that refuses the parameter (the answer is still read up to 256 KB only).
   */
  AI_MAX_OUTPUT_TOKENS: z.coerce
    .number({ error: 'expected a number of tokens' })
    .int('expected a whole number of tokens')
    .min(0)
    .max(32_000)
    .default(4000),
  /** Calls to the AI endpoint each member may make per UTC day; past it the offline writer answers. */
  AI_DAILY_LIMIT: z.coerce
    .number({ error: 'expected a number of calls' })
    .int('expected a whole number of calls')
    .min(1)
    .max(10_000)
    .default(20),
});

export type Env = Omit<
  z.infer<typeof EnvSchema>,
  'HOST' | 'SEED_DEMO' | 'SECRETS_KEY' | 'WEB_CONCURRENCY'
> & {
  HOST: string;
  /** How many processes serve requests: WEB_CONCURRENCY, or its default (see the schema). */
  processes: number;
  /** The object storage bucket when the S3_ settings are given; null: files on disk. */
  s3: S3Settings | null;
  /** The key of `SECRETS_KEY`, or outside production the development key. */
  secretsKey: Buffer;
  SEED_DEMO: boolean;
  PUBLIC_URL: string;
  isProduction: boolean;
  /**
   * The dev mailbox and logged mail links: only outside production, and only while the server listens
   * on loopback, so nobody on the network can read another member's reset link.
   */
  devMailbox: boolean;
};

/** Outside production only (production requires SECRETS_KEY): not a secret, so it protects nothing. */
const DEVELOPMENT_SECRETS_KEY = Buffer.alloc(32, 'modmarket-development-key');

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the configuration; throws a ConfigError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const stripe = [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_GOLD',
    'STRIPE_PRICE_PLATINUM',
  ] as const;
  const missing = stripe.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < stripe.length)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required with the other STRIPE_ settings`).join('\n')}`,
    );
  const ai = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const;
  const missingAi = ai.filter((name) => !env[name]);
  if (missingAi.length > 0 && missingAi.length < ai.length)
    throw new ConfigError(
      `Invalid configuration:\n${missingAi.map((name) => `  ${name}: required with the other AI_ settings`).join('\n')}`,
    );
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const missingS3 = s3Keys.filter((name) => !env[name]);
  const otherS3 = env.S3_ENDPOINT ?? env.S3_PUBLIC_URL;
  if ((missingS3.length > 0 && missingS3.length < s3Keys.length) || (missingS3.length && otherS3))
    throw new ConfigError(
      `Invalid configuration:\n${missingS3.map((name) => `  ${name}: required with the other S3_ settings`).join('\n')}`,
    );
  if (env.DATABASE_READ_URL?.length && !env.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (replicas of a PostgreSQL server)',
    );
  if ((env.WEB_CONCURRENCY ?? 1) > 1 && !env.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  WEB_CONCURRENCY: the embedded database opens in one process only (set DATABASE_URL for more)',
    );
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  if (isProduction) {
    // Production fails safe: a setting that would leak sessions or links stops the start.
    const problems: string[] = [];
    if (!env.PUBLIC_URL) problems.push('  PUBLIC_URL: required in production (https://your-domain)');
    else if (!publicUrl.startsWith('https://') && !env.ALLOW_HTTP)
      problems.push(
        '  PUBLIC_URL: must be https:// in production (or set ALLOW_HTTP=true on a private network)',
      );
    // The AI key and the bucket's keys travel with every call: never in clear over the network.
    for (const name of ['AI_BASE_URL', 'S3_ENDPOINT'] as const) {
      const url = env[name];
      if (url && !url.startsWith('https://') && !env.ALLOW_HTTP)
        problems.push(
          `  ${name}: must be https:// in production (or set ALLOW_HTTP=true on a private network)`,
        );
    }
    if (env.SOCIAL_STANDIN_URL)
      problems.push('  SOCIAL_STANDIN_URL: for development and tests only; unset it in production');
    if (env.STRIPE_API_URL)
      problems.push('  STRIPE_API_URL: for development and tests only; unset it in production');
    if (env.BILLING_DEMO)
      problems.push(
        '  BILLING_DEMO: hands out paid plans without payment; for trying ModMarket only, unset it in production (npm start sets it: use npm run serve)',
      );
    if (env.PAYMENTS_DEMO)
      problems.push(
        '  PAYMENTS_DEMO: runs checkout without charging anyone; for trying ModMarket only, unset it in production (npm start sets it: use npm run serve)',
      );
    if (!env.SECRETS_KEY)
      problems.push('  SECRETS_KEY: required in production (64 hex digits: openssl rand -hex 32)');
    if (!env.SMTP_URL)
      problems.push(
        '  SMTP_URL: required in production (mail with links must reach its addressee, not a table)',
      );
    if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const host = env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const { SECRETS_KEY, WEB_CONCURRENCY, ...rest } = env;
  return {
    ...rest,
    processes: WEB_CONCURRENCY ?? (isProduction && env.DATABASE_URL ? availableParallelism() : 1),
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : null,
    secretsKey: SECRETS_KEY ? Buffer.from(SECRETS_KEY, 'hex') : DEVELOPMENT_SECRETS_KEY,
    HOST: host,
    SEED_DEMO: env.SEED_DEMO ?? !isProduction,
    PUBLIC_URL: publicUrl,
    isProduction,
    devMailbox: !isProduction && LOOPBACK.has(host),
  };
}
