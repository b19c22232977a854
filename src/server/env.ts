import { z } from 'zod';

/**
 * The only module that reads `process.env` (enforced by lint). Every setting is checked at start-up
 * and a bad one stops the process with a message that names the variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  /** Multiplies every abuse limit (tests that sign many accounts up from one address raise it). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.1).max(1000).default(1),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('ModMarket <no-reply@modmarket.local>'),
  SUPPORT_EMAIL: z.email({ error: 'expected an email address' }).default('support@modmarket.local'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** Apple's "Services ID", with the team, the key's id and the key (PEM, `\n` allowed for newlines). */
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  /** Stripe billing: all four set, or none (demo mode switches plans without payment). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'expected a Stripe secret key (sk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'expected a webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_PRICE_GOLD: z.string().startsWith('price_', 'expected a Stripe price id (price_...)').optional(),
  STRIPE_PRICE_PLATINUM: z.string().startsWith('price_', 'expected a Stripe price id (price_...)').optional(),
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; isProduction: boolean };

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
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, PUBLIC_URL: publicUrl, isProduction: env.NODE_ENV === 'production' };
}
