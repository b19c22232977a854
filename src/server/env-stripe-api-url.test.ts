import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

/** A production configuration's key for sealed secrets (64 hex digits). */
const KEY = 'ab'.repeat(32);

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PRICE_GOLD: 'price_g',
  STRIPE_PRICE_PLATINUM: 'price_p',
};

describe('STRIPE_API_URL', () => {
  it('points the Stripe client at a stand-in outside production', () => {
    expect(loadEnv({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:12111',
    );
    expect(loadEnv(stripe).STRIPE_API_URL).toBeUndefined();
  });

  it('takes an http(s) URL only', () => {
    expect(() => loadEnv({ ...stripe, STRIPE_API_URL: 'ftp://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_URL: expected an http\(s\) URL/,
    );
    expect(() => loadEnv({ ...stripe, STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });

  it('is refused in production', () => {
    const production = {
      ...stripe,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://parts.example',
      SMTP_URL: 'smtp://mail:25',
      SECRETS_KEY: KEY,
    };
    expect(() => loadEnv({ ...production, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_URL: for development and tests only/,
    );
    expect(loadEnv(production).isProduction).toBe(true);
  });
});
