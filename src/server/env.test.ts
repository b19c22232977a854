import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

/** A production configuration's key for sealed secrets (64 hex digits). */
const KEY = 'ab'.repeat(32);

describe('loadEnv', () => {
  it('applies the embedded defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.SEED_DEMO_PHOTOS).toBe(4);
  });

  it('honours PORT, PUBLIC_URL, DATA_DIR, SEED_DEMO and SEED_DEMO_PHOTOS', () => {
    const env = loadEnv({
      PORT: '4100',
      PUBLIC_URL: 'https://parts.example/',
      DATA_DIR: '/srv/mm',
      SEED_DEMO: 'false',
      SEED_DEMO_PHOTOS: '1',
    });
    expect(env.PORT).toBe(4100);
    expect(env.PUBLIC_URL).toBe('https://parts.example');
    expect(env.DATA_DIR).toBe('/srv/mm');
    expect(env.SEED_DEMO).toBe(false);
    expect(env.SEED_DEMO_PHOTOS).toBe(1);
  });

  it('runs one process per core in production on PostgreSQL, one otherwise, and WEB_CONCURRENCY when set', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://parts.example',
      SECRETS_KEY: KEY,
      SMTP_URL: 'smtp://mail.example:587',
    };
    const server = { DATABASE_URL: 'postgres://app@db.example/modmarket' };
    expect(loadEnv({ ...production, ...server }).processes).toBe(availableParallelism());
    expect(loadEnv({ ...production, ...server, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadEnv(production).processes).toBe(1);
    expect(loadEnv(server).processes).toBe(1);
    expect(() => loadEnv({ ...production, WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: the embedded database opens in one process only/,
    );
    expect(() => loadEnv({ WEB_CONCURRENCY: '0' })).toThrow(ConfigError);
  });

  it('takes the Stripe settings all together or not at all', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with the other STRIPE_ settings/,
    );
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'pk_live_1' })).toThrow(/expected a Stripe secret key/);
    const env = loadEnv({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_GOLD: 'price_g',
      STRIPE_PRICE_PLATINUM: 'price_p',
    });
    expect(env.STRIPE_PRICE_GOLD).toBe('price_g');
  });

  it('takes read replicas as a comma-separated list, only beside DATABASE_URL', () => {
    expect(loadEnv({}).DATABASE_READ_URL).toBeUndefined();
    const env = loadEnv({
      DATABASE_URL: 'postgres://app@primary/modmarket',
      DATABASE_READ_URL: 'postgres://app@replica-1/modmarket, postgres://app@replica-2/modmarket',
      DATABASE_READ_MAX_LAG_MS: '2000',
    });
    expect(env.DATABASE_READ_URL).toEqual([
      'postgres://app@replica-1/modmarket',
      'postgres://app@replica-2/modmarket',
    ]);
    expect(env.DATABASE_READ_MAX_LAG_MS).toBe(2000);
    expect(loadEnv({}).DATABASE_READ_MAX_LAG_MS).toBe(5000);
    expect(() => loadEnv({ DATABASE_READ_URL: 'postgres://app@replica-1/modmarket' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadEnv({ DATABASE_URL: 'postgres://app@primary/modmarket', DATABASE_READ_URL: 'mysql://replica' }),
    ).toThrow(/DATABASE_READ_URL/);
  });

  it('takes the S3 bucket with both keys or none of the S3 settings, and keeps files on disk without', () => {
    expect(loadEnv({}).s3).toBeNull();
    expect(() => loadEnv({ S3_BUCKET: 'photos' })).toThrow(
      /S3_ACCESS_KEY_ID: required with the other S3_ settings[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required/);
    expect(() => loadEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_BUCKET/,
    );
    const env = loadEnv({
      S3_BUCKET: 'modmarket-photos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_PUBLIC_URL: 'https://cdn.modmarket.example/photos/',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env.s3).toEqual({
      bucket: 'modmarket-photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.modmarket.example/photos',
      forcePathStyle: true,
    });
  });

  it('listens on loopback only outside production unless HOST says otherwise, with the dev mailbox only there', () => {
    expect(loadEnv({})).toMatchObject({ HOST: '127.0.0.1', devMailbox: true });
    expect(loadEnv({ HOST: '0.0.0.0' })).toMatchObject({ HOST: '0.0.0.0', devMailbox: false });
    expect(loadEnv({ HOST: '::1' }).devMailbox).toBe(true);
  });

  it('refuses an unsafe production configuration, naming the setting', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(
      /PUBLIC_URL: required/,
    );
    expect(() =>
      loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://parts.example', SMTP_URL: 'smtp://mail:25' }),
    ).toThrow(/PUBLIC_URL: must be https/);
    expect(() => loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://parts.example' })).toThrow(
      /SMTP_URL: required in production/,
    );
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://parts.example',
        SMTP_URL: 'smtp://mail:25',
        SECRETS_KEY: KEY,
        SOCIAL_STANDIN_URL: 'http://127.0.0.1:9999',
      }),
    ).toThrow(/SOCIAL_STANDIN_URL: for development and tests only/);
    const safe = loadEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://parts.example',
      SMTP_URL: 'smtp://mail:25',
      SECRETS_KEY: KEY,
    });
    expect(safe).toMatchObject({ HOST: '0.0.0.0', SEED_DEMO: false, devMailbox: false, isProduction: true });
    expect(safe.secretsKey).toEqual(Buffer.from(KEY, 'hex'));
    // Sealed secrets need a key of production's own.
    expect(() =>
      loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://parts.example', SMTP_URL: 'smtp://mail:25' }),
    ).toThrow(/SECRETS_KEY: required in production/);
    expect(() => loadEnv({ SECRETS_KEY: 'not-hex' })).toThrow(/SECRETS_KEY: expected 64 hex digits/);
    expect(loadEnv({}).secretsKey).toHaveLength(32);
    // A private network may run plain http when it says so.
    expect(
      loadEnv({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://10.0.0.5',
        SMTP_URL: 'smtp://mail:25',
        SECRETS_KEY: KEY,
        ALLOW_HTTP: 'true',
      }).PUBLIC_URL,
    ).toBe('http://10.0.0.5');
  });

  it('refuses an http AI endpoint or S3 endpoint in production, naming the variable, unless ALLOW_HTTP says so', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://parts.example',
      SMTP_URL: 'smtps://mail:465',
      SECRETS_KEY: KEY,
    };
    const ai = { AI_API_KEY: 'sk-test', AI_MODEL: 'gpt-test' };
    const s3 = { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(() => loadEnv({ ...production, ...ai, AI_BASE_URL: 'http://ai.example/v1' })).toThrow(
      /AI_BASE_URL: must be https:\/\/ in production/,
    );
    expect(() => loadEnv({ ...production, ...s3, S3_ENDPOINT: 'http://s3.example' })).toThrow(
      /S3_ENDPOINT: must be https:\/\/ in production/,
    );
    expect(
      loadEnv({
        ...production,
        ...ai,
        ...s3,
        AI_BASE_URL: 'https://ai.example/v1',
        S3_ENDPOINT: 'https://s3.example',
      }).s3?.endpoint,
    ).toBe('https://s3.example');
    // Outside production, and on a private network that says so, a loopback test server will do.
    expect(loadEnv({ ...ai, AI_BASE_URL: 'http://127.0.0.1:9000/v1' }).AI_BASE_URL).toBe(
      'http://127.0.0.1:9000/v1',
    );
    expect(
      loadEnv({ ...production, ...s3, ALLOW_HTTP: 'true', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3
        ?.endpoint,
    ).toBe('http://127.0.0.1:9000');
  });

  it('keeps demo billing off unless asked, refuses it in production, and reads the grace period', () => {
    expect(loadEnv({})).toMatchObject({ BILLING_DEMO: false, BILLING_GRACE_DAYS: 7 });
    expect(loadEnv({ BILLING_DEMO: 'true', BILLING_GRACE_DAYS: '3' })).toMatchObject({
      BILLING_DEMO: true,
      BILLING_GRACE_DAYS: 3,
    });
    expect(() => loadEnv({ BILLING_GRACE_DAYS: 'a week' })).toThrow(/BILLING_GRACE_DAYS: expected a number/);
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://parts.example',
      SMTP_URL: 'smtp://mail:25',
      SECRETS_KEY: KEY,
    };
    expect(loadEnv(production).BILLING_DEMO).toBe(false);
    expect(() => loadEnv({ ...production, BILLING_DEMO: 'true' })).toThrow(ConfigError);
    expect(() => loadEnv({ ...production, BILLING_DEMO: 'true' })).toThrow(
      /BILLING_DEMO: hands out paid plans without payment/,
    );
  });

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadEnv({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ SEED_DEMO_PHOTOS: '5' }, 'SEED_DEMO_PHOTOS'],
  ])('names the bad variable in %o', (source, name) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`${name}:`));
  });
});
