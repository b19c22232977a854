import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions, users, verifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, linkToken } from '../../../test/test-browser';
import { LIMITS } from '../../security/rate-limit';

const PASSWORD = 'Sup3r$ecret';

function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Kenji',
    lastName: 'Sato',
    email,
    phone: '(415) 867-2309',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    keepSignedIn: false,
    ...overrides,
  };
}

let t: TestApp;
let counter = 0;
/** A fresh address per test, so tests share one database without meeting. */
const nextEmail = () => `member${++counter}@garage-${counter}.example.com`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limits`);
});

async function signUp(browser: TestBrowser, email: string, overrides: Record<string, unknown> = {}) {
  const response = await browser.post('/api/auth/sign-up', signUpBody(email, overrides));
  expect(response.status).toBe(202);
  await t.runJobs();
}

async function lastLink(email: string, path: string) {
  const mails = await t.mailTo(email);
  const last = mails.at(-1);
  if (!last) throw new Error(`no email to ${email}`);
  return linkToken(last.text, path);
}

/** A confirmed member, signed in on the returned browser. */
async function member(options: { keepSignedIn?: boolean } = {}) {
  const browser = new TestBrowser(t);
  const email = nextEmail();
  await signUp(browser, email);
  const confirmed = await browser.post('/api/auth/confirm-email', {
    token: await lastLink(email, '/confirm-signup'),
  });
  expect(confirmed.status).toBe(200);
  const signedIn = await browser.post('/api/auth/sign-in', {
    email,
    password: PASSWORD,
    keepSignedIn: options.keepSignedIn ?? false,
  });
  expect(signedIn.status).toBe(200);
  return { browser, email };
}

describe('sign-up validation (the shared schema, on the server)', () => {
  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { email: 'kenji@localhost' }, 'Please use a real email address'],
    ['phone', { phone: '41586' }, 'Phone number must be at least 10 digits'],
    ['phone', { phone: '12-34-56-78-90-12-34-56-7' }, 'Please enter a valid phone number (10-16 digits)'],
    ['phone', { phone: '(415) 555-2309' }, 'Please use a real phone number'],
    ['phone', { phone: '4151234567' }, 'Please use a real phone number'],
    [
      'password',
      { password: 'short1!', confirmPassword: 'short1!' },
      'Password does not meet the requirements.',
    ],
    ['confirmPassword', { confirmPassword: 'Different1!' }, 'Passwords do not match'],
    ['firstName', { firstName: '  ' }, 'Please enter your first name.'],
  ])('rejects a bad %s: %j', async (field, overrides, message) => {
    const response = await new TestBrowser(t).post<{
      error: { code: string; fields: Record<string, string> };
    }>('/api/auth/sign-up', signUpBody(nextEmail(), overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.fields[field]).toBe(message);
  });

  it('translates the messages', async () => {
    const response = await new TestBrowser(t, '203.0.113.11', 'es').post<{
      error: { fields: Record<string, string> };
    }>('/api/auth/sign-up', signUpBody(nextEmail(), { confirmPassword: 'x' }));
    expect(response.body.error.fields.confirmPassword).toBe('Las contraseñas no coinciden');
  });

  it('accepts an empty phone, and stores a given one without separators', async () => {
    const browser = new TestBrowser(t);
    const noPhone = nextEmail();
    await signUp(browser, noPhone, { phone: '' });
    const withPhone = nextEmail();
    await signUp(browser, withPhone, { phone: '+44 (20) 7946-0958' });
    const rows = await t.database.db.select().from(users).where(eq(users.email, withPhone));
    expect(rows[0]).toMatchObject({
      phone: '+442079460958',
      firstName: 'Kenji',
      lastName: 'Sato',
      name: 'Kenji Sato',
    });
    expect((await t.database.db.select().from(users).where(eq(users.email, noPhone)))[0]?.phone).toBeNull();
  });
});

describe('sign-up, confirmation and sign-in', () => {
  it('sends a confirmation email in the chosen language; the account signs in only once confirmed', async () => {
    const browser = new TestBrowser(t, '203.0.113.12', 'es');
    const email = nextEmail();
    await signUp(browser, email, { email: email.toUpperCase() });
    const [mail] = await t.mailTo(email);
    expect(mail?.subject).toBe('Confirma tu cuenta de ModMarket');
    expect(mail?.html).toContain('Confirmar mi correo');
    const token = linkToken(mail!.text, '/confirm-signup');

    const early = await browser.post<{ error: { code: string; message: string } }>('/api/auth/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('EMAIL_NOT_CONFIRMED');

    const confirmed = await browser.post('/api/auth/confirm-email', { token });
    expect(confirmed).toMatchObject({ status: 200, body: { email } });
    // Confirming never signs anyone in.
    expect((await browser.get('/api/auth/session')).body).toEqual({ user: null });

    const again = await browser.post<{ error: { code: string } }>('/api/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('LINK_INVALID');

    const signedIn = await browser.post('/api/auth/sign-in', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({
      email,
      firstName: 'Kenji',
      onboardingCompleted: false,
      role: null,
    });
    expect((await browser.get('/api/auth/session')).body.user).toMatchObject({ email });
  });

  it('makes only the newest confirmation link work', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email);
    const first = await lastLink(email, '/confirm-signup');
    expect((await browser.post('/api/auth/resend-confirmation', { email })).status).toBe(202);
    await t.runJobs();
    const second = await lastLink(email, '/confirm-signup');
    expect(second).not.toBe(first);
    expect((await browser.post('/api/auth/confirm-email', { token: first })).status).toBe(400);
    expect((await browser.post('/api/auth/confirm-email', { token: second })).status).toBe(200);
  });

  it('expires confirmation links after 24 hours', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email);
    const token = await lastLink(email, '/confirm-signup');
    const row = await t.database.db.execute<{ hours: number }>(sql`
      select extract(epoch from (expires_at - now())) / 3600 as hours from verification
      where identifier like 'confirm-email:%' order by created_at desc limit 1`);
    expect(Number(row.rows[0]?.hours)).toBeCloseTo(24, 1);
    await t.database.db.execute(sql`update verification set expires_at = now() - interval '1 second'
      where identifier like 'confirm-email:%'`);
    const expired = await browser.post<{ error: { code: string } }>('/api/auth/confirm-email', { token });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('LINK_EXPIRED');
  });

  it('signs the signing-up browser in from "I\'ve confirmed my email" once the link is used', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email, { keepSignedIn: true });
    expect((await browser.post('/api/auth/confirmation-status')).body).toEqual({ confirmed: false });
    const other = new TestBrowser(t);
    expect((await other.post('/api/auth/confirmation-status')).body).toEqual({ confirmed: false });

    await other.post('/api/auth/confirm-email', { token: await lastLink(email, '/confirm-signup') });
    expect((await other.post('/api/auth/confirmation-status')).body).toEqual({ confirmed: false });
    expect((await browser.post('/api/auth/confirmation-status')).body).toEqual({ confirmed: true });
    expect(browser.lastSetCookies.find((c) => c.startsWith('mm_session='))).toMatch(/Max-Age=2592000/);
    expect((await browser.get('/api/auth/session')).body.user).toMatchObject({ email });
    // The pending sign-up is used up.
    const fresh = new TestBrowser(t);
    fresh.cookies.set('mm_signup', browser.cookies.get('mm_signup') ?? '1.x');
    expect((await fresh.post('/api/auth/confirmation-status')).body).toEqual({ confirmed: false });
  });

  it('answers sign-in errors without saying which part was wrong', async () => {
    const { email } = await member();
    const browser = new TestBrowser(t);
    const wrong = await browser.post<{ error: { code: string; message: string } }>('/api/auth/sign-in', {
      email,
      password: 'Wrong1!pass',
    });
    const unknown = await browser.post<{ error: { code: string; message: string } }>('/api/auth/sign-in', {
      email: nextEmail(),
      password: PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe(
      'Invalid email or password. Please try again or reset your password.',
    );
  });

  it('sets a browser-session cookie unless "keep me signed in" is checked', async () => {
    const { browser: short } = await member({ keepSignedIn: false });
    const shortCookie = short.lastSetCookies.find((c) => c.startsWith('mm_session='));
    expect(shortCookie).toMatch(/HttpOnly/i);
    expect(shortCookie).toMatch(/SameSite=Lax/i);
    expect(shortCookie).not.toMatch(/Max-Age|Expires/i);

    const { browser: long } = await member({ keepSignedIn: true });
    expect(long.lastSetCookies.find((c) => c.startsWith('mm_session='))).toMatch(/Max-Age=2592000/);
    const rows = await t.database.db
      .select({
        persistent: sessions.persistent,
        days: sql<number>`extract(epoch from (expires_at - now())) / 86400`,
      })
      .from(sessions);
    expect(rows.some((r) => r.persistent && Math.round(Number(r.days)) === 30)).toBe(true);
  });

  it('signs out every session of the member', async () => {
    const { browser, email } = await member();
    const second = new TestBrowser(t, '198.51.100.7');
    await second.post('/api/auth/sign-in', { email, password: PASSWORD });
    expect((await second.get('/api/auth/session')).body.user).not.toBeNull();

    const out = await browser.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    expect(browser.cookies.has('mm_session')).toBe(false);
    expect((await second.get('/api/auth/session')).body).toEqual({ user: null });
  });
});

describe('no account enumeration', () => {
  it('answers a sign-up with a registered email the same, and emails its owner instead', async () => {
    const { email } = await member();
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const response = await new TestBrowser(t).post(
      '/api/auth/sign-up',
      signUpBody(email, { firstName: 'Mallory' }),
    );
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'accepted' });
    await t.runJobs();
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect((await t.mailTo(email)).at(-1)?.subject).toBe('You already have a ModMarket account');
    const user = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user[0]?.firstName).toBe('Kenji');
  });

  it('answers forgot-password and resend the same for unknown emails, and sends nothing', async () => {
    const { email } = await member();
    const browser = new TestBrowser(t);
    const unknown = nextEmail();
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-confirmation']) {
      const a = await browser.post(path, { email });
      const b = await browser.post(path, { email: unknown });
      expect(a.status).toBe(202);
      expect(b).toEqual({ ...a, headers: b.headers });
    }
    await t.runJobs();
    expect(await t.mailTo(unknown)).toEqual([]);
  });
});

describe('password recovery', () => {
  it('resets the password, ends every session and never signs anyone in', async () => {
    const { browser, email } = await member();
    const requester = new TestBrowser(t, '198.51.100.20');
    expect((await requester.post('/api/auth/forgot-password', { email: ` ${email} ` })).status).toBe(202);
    await t.runJobs();
    const mail = (await t.mailTo(email)).at(-1)!;
    expect(mail.subject).toBe('Reset your ModMarket password');
    const token = linkToken(mail.text, '/reset-password');

    expect((await requester.post('/api/auth/reset-password/check', { token })).status).toBe(200);
    expect((await requester.get('/api/auth/session')).body).toEqual({ user: null });

    const weak = await requester.post('/api/auth/reset-password', {
      token,
      password: 'weak',
      confirmPassword: 'weak',
    });
    expect(weak.status).toBe(400);
    const newPassword = 'N3w!Password';
    const done = await requester.post('/api/auth/reset-password', {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(done.status).toBe(200);
    expect((await requester.get('/api/auth/session')).body).toEqual({ user: null });
    expect((await browser.get('/api/auth/session')).body).toEqual({ user: null });

    expect((await requester.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(401);
    expect((await requester.post('/api/auth/sign-in', { email, password: newPassword })).status).toBe(200);
    const reused = await requester.post('/api/auth/reset-password', {
      token,
      password: 'An0ther!pass',
      confirmPassword: 'An0ther!pass',
    });
    expect(reused.status).toBe(400);
    expect((await requester.post('/api/auth/reset-password/check', { token })).status).toBe(400);
  });

  it('makes only the newest reset link work, for one hour', async () => {
    const { email } = await member();
    const browser = new TestBrowser(t);
    await browser.post('/api/auth/forgot-password', { email });
    await t.runJobs();
    const first = await lastLink(email, '/reset-password');
    await browser.post('/api/auth/forgot-password', { email });
    await t.runJobs();
    const second = await lastLink(email, '/reset-password');
    expect((await browser.post('/api/auth/reset-password/check', { token: first })).status).toBe(400);
    expect((await browser.post('/api/auth/reset-password/check', { token: second })).status).toBe(200);

    const userId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    )[0]!.id;
    const rows = await t.database.db
      .select({ minutes: sql<number>`extract(epoch from (expires_at - now())) / 60` })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${userId}`));
    expect(rows).toHaveLength(1);
    expect(Math.round(Number(rows[0]?.minutes))).toBe(60);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${userId}`));
    expect((await browser.post('/api/auth/reset-password/check', { token: second })).status).toBe(400);
  });
});

describe('abuse limits', () => {
  it('limits sign-in attempts per account, with a translated wait', async () => {
    const { email } = await member();
    let last = await new TestBrowser(t).post<{ error: { code: string; message: string } }>(
      '/api/auth/sign-in',
      {},
    );
    for (let i = 0; i < 9; i++) {
      // A new IP each time: the per-account limit still holds.
      last = await new TestBrowser(t, `192.0.2.${i + 1}`, 'es').post('/api/auth/sign-in', {
        email,
        password: 'Wrong1!pass',
      });
    }
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
    expect(last.body.error.message).toMatch(/^Demasiados intentos\. Inténtalo de nuevo en 15 minutos\.$/);
    // Even the right password waits.
    const right = await new TestBrowser(t, '192.0.2.99').post('/api/auth/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(right.status).toBe(429);
  });

  it('limits per IP, taken from the socket and not from a forwarded header', async () => {
    const browser = new TestBrowser(t, '198.51.100.50');
    const statuses: number[] = [];
    const max = LIMITS.emailPerIp.max;
    for (let i = 0; i <= max; i++) {
      const response = await browser.request(
        'POST',
        '/api/auth/forgot-password',
        { email: nextEmail() },
        {
          'X-Forwarded-For': `10.0.0.${i}`,
        },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, max).every((s) => s === 202)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect(
      (await new TestBrowser(t, '198.51.100.51').post('/api/auth/forgot-password', { email: nextEmail() }))
        .status,
    ).toBe(202);
  });

  it('limits sign-ups per account', async () => {
    const email = nextEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await new TestBrowser(t, `192.0.2.${100 + i}`).post('/api/auth/sign-up', signUpBody(email))).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('social sign-in', () => {
  it('lists no provider and answers "not configured" when none is set up', async () => {
    const browser = new TestBrowser(t);
    expect((await browser.get('/api/auth/providers')).body).toEqual({ providers: [] });
    const response = await browser.get<{ error: { code: string; message: string } }>(
      '/api/auth/social/google',
    );
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({
      code: 'PROVIDER_NOT_CONFIGURED',
      message: 'Social sign-in unavailable (provider not configured).',
    });
  });

  it("sends the browser to a configured provider's sign-in page with a state it checks", async () => {
    const configured = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'client-123',
        GOOGLE_CLIENT_SECRET: 'secret',
        PUBLIC_URL: 'https://modmarket.example',
      },
    });
    try {
      const browser = new TestBrowser(configured);
      expect((await browser.get('/api/auth/providers')).body).toEqual({ providers: ['google'] });
      const response = await configured.app.request('/api/auth/social/google?redirect=//evil.example');
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin).toBe('https://accounts.google.com');
      expect(location.searchParams.get('client_id')).toBe('client-123');
      expect(location.searchParams.get('redirect_uri')).toBe(
        'https://modmarket.example/api/auth/social/google/callback',
      );
      const state = location.searchParams.get('state');
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('mm_social='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(decodeURIComponent(cookie)).toContain('"redirect":"/"');
      // A callback whose state does not match goes back to sign-in and signs nobody in.
      const forged = await configured.app.request(
        `/api/auth/social/google/callback?code=abc&state=not-${state}`,
        {
          headers: { Cookie: cookie.split(';')[0]! },
        },
      );
      expect(forged.status).toBe(302);
      expect(forged.headers.get('location')).toBe('/auth?mode=signin&social=failed');
      expect(forged.headers.getSetCookie().some((c) => c.startsWith('__Host-mm_session='))).toBe(false);
    } finally {
      await configured.close();
    }
  });
});

describe('behind a trusted proxy', () => {
  it('takes the client IP from the last X-Forwarded-For entry only when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      // Every request comes from the proxy's socket; the clients differ in the header it appends.
      const fromProxy = new TestBrowser(proxied, '10.0.0.1');
      const send = (client: string) =>
        fromProxy.request(
          'POST',
          '/api/auth/forgot-password',
          { email: nextEmail() },
          {
            'X-Forwarded-For': `198.51.100.1, ${client}`,
          },
        );
      for (let i = 0; i < LIMITS.emailPerIp.max; i++) expect((await send('192.0.2.1')).status).toBe(202);
      expect((await send('192.0.2.1')).status).toBe(429);
      expect((await send('192.0.2.2')).status).toBe(202);
    } finally {
      await proxied.close();
    }
  });
});

describe('the dev mailbox', () => {
  it('lists the outbox outside production', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email);
    const page = await t.app.request('/dev/mailbox');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain('Confirm your ModMarket account');
  });

  it.each([
    [
      'in production',
      { NODE_ENV: 'production', PUBLIC_URL: 'https://modmarket.example', SMTP_URL: 'smtp://127.0.0.1:2525' },
    ],
    ['on a server listening beyond loopback', { HOST: '0.0.0.0' }],
  ])('does not exist %s, and mail links are not logged', async (_label, env) => {
    const other = await createTestApp({ env });
    try {
      expect((await other.app.request('/dev/mailbox')).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('social sign-in callback (Google, its token endpoint stood in for)', () => {
  const jwt = (claims: Record<string, unknown>) =>
    ['{"alg":"none"}', JSON.stringify(claims), '']
      .map((part) => Buffer.from(part).toString('base64url'))
      .join('.');

  async function signInWithGoogle(app: TestApp, claims: Record<string, unknown>) {
    const start = await app.app.request('/api/auth/social/google?redirect=/saved-searches');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const cookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('mm_social='))!
      .split(';')[0]!;
    const realFetch = globalThis.fetch;
    const tokenCalls: string[] = [];
    vi.stubGlobal('fetch', async (input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      tokenCalls.push(url);
      return new Response(
        JSON.stringify({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: jwt(claims) }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    });
    try {
      const callback = await app.app.request(
        `/api/auth/social/google/callback?code=the-code&state=${state}`,
        {
          headers: { Cookie: cookie },
        },
      );
      return { callback, tokenCalls };
    } finally {
      vi.stubGlobal('fetch', realFetch);
    }
  }

  it('creates a confirmed member, signs them in for 30 days and honours the redirect', async () => {
    const app = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' } });
    try {
      const email = nextEmail();
      const { callback, tokenCalls } = await signInWithGoogle(app, {
        sub: 'google-123',
        email,
        email_verified: true,
        given_name: 'Aiko',
        family_name: 'Mori',
      });
      expect(tokenCalls).toEqual(['https://oauth2.googleapis.com/token']);
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/saved-searches');
      const session = callback.headers.getSetCookie().find((c) => c.startsWith('mm_session='))!;
      expect(session).toMatch(/Max-Age=2592000/);
      const member = new TestBrowser(app);
      member.cookies.set('mm_session', session.split(';')[0]!.slice('mm_session='.length));
      expect((await member.get('/api/auth/session')).body.user).toMatchObject({ email, firstName: 'Aiko' });

      // The same Google account signs into the same member.
      const again = await signInWithGoogle(app, { sub: 'google-123', email, email_verified: true });
      expect(again.callback.headers.get('location')).toBe('/saved-searches');
      const count = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(count[0]?.n).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("takes over an unconfirmed account's email without keeping its password", async () => {
    const app = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' } });
    try {
      const email = nextEmail();
      const squatter = new TestBrowser(app);
      expect((await squatter.post('/api/auth/sign-up', signUpBody(email))).status).toBe(202);
      await app.runJobs();
      const { callback } = await signInWithGoogle(app, { sub: 'g-9', email, email_verified: true });
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/saved-searches');
      // The password set by whoever signed up first no longer opens the account.
      expect((await squatter.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses an unverified provider email', async () => {
    const app = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' } });
    try {
      const { callback } = await signInWithGoogle(app, {
        sub: 'g-1',
        email: nextEmail(),
        email_verified: false,
      });
      expect(callback.headers.get('location')).toBe('/auth?mode=signin&social=failed');
    } finally {
      await app.close();
    }
  });
});
