import { eq, sql } from 'drizzle-orm';
import { generateKeyPairSync, randomBytes, scryptSync, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, pendingRegistrations, profiles, sessions, users, verifications } from '../../db/schema';
import { testClock } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  TestBrowser,
  linkToken,
  readAnswer,
  expectStatus,
  okBody,
  failureBody,
} from '../../../test/test-browser';
import { startSocialStandIn, type SocialStandIn, type StandInGrant } from '../../../test/social-standin';
import { LIMITS } from '../../security/rate-limit';
import { refuseInserts } from '../../../test/refuse-inserts';

const PASSWORD = 'Sup3r$ecret';

function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    keepSignedIn: false,
    ...overrides,
  };
}

let t: TestApp;
/** The app's clock: expiries are reached by moving it on, never by waiting or backdating rows. */
const clock = testClock();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let counter = 0;
/** A fresh address per test, so tests share one database without meeting. */
const nextEmail = () => `member${++counter}@garage-${counter}.example.com`;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterEach(() => clock.reset());
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limits`);
});

async function signUp(browser: TestBrowser, email: string, overrides: Record<string, unknown> = {}) {
  const response = await readAnswer(
    browser.api.auth['sign-up'].$post({ json: signUpBody(email, overrides) }),
  );
  expectStatus(response, 202);
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
  const confirmed = await readAnswer(
    browser.api.auth['confirm-email'].$post({
      json: {
        token: await lastLink(email, '/confirm-signup'),
      },
    }),
  );
  expectStatus(confirmed, 200);
  const signedIn = await readAnswer(
    browser.api.auth['sign-in'].$post({
      json: {
        email,
        password: PASSWORD,
        keepSignedIn: options.keepSignedIn ?? false,
      },
    }),
  );
  expectStatus(signedIn, 200);
  return { browser, email };
}

describe('sign-up validation (the shared schema, on the server)', () => {
  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { email: 'kenji@localhost' }, 'Please use a real email address'],
    [
      'password',
      { password: 'short1!', confirmPassword: 'short1!' },
      'Password does not meet the requirements.',
    ],
    ['confirmPassword', { confirmPassword: 'Different1!' }, 'Passwords do not match'],
  ])('rejects a bad %s: %j', async (field, overrides, message) => {
    const response = await readAnswer(
      new TestBrowser(t).api.auth['sign-up'].$post({ json: signUpBody(nextEmail(), overrides) }),
    );
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.fields?.[field]).toBe(message);
  });

  it('translates the messages', async () => {
    const response = await failureBody(
      new TestBrowser(t, '203.0.113.11', 'es').api.auth['sign-up'].$post({
        json: signUpBody(nextEmail(), { confirmPassword: 'x' }),
      }),
    );
    expect(response.error.fields?.confirmPassword).toBe('Las contraseñas no coinciden');
  });

  it('asks for an address and a password only: names and a phone sent along are not kept', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email, { firstName: 'Kenji', lastName: 'Sato', phone: '+44 (20) 7946-0958' });
    const waiting = await t.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect(waiting[0]).toMatchObject({ firstName: null, lastName: null, phone: null });
    await browser.api.auth['confirm-email'].$post({
      json: { token: await lastLink(email, '/confirm-signup') },
    });
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows[0]).toMatchObject({ firstName: null, lastName: null, phone: null, name: '' });
    const profile = await t.database.db.select().from(profiles).where(eq(profiles.userId, rows[0]!.id));
    expect(profile[0]?.displayName).toBeNull();
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

    const early = await readAnswer(
      browser.api.auth['sign-in'].$post({
        json: {
          email,
          password: PASSWORD,
        },
      }),
    );
    expectStatus(early, 403);
    expect(early.body.error.code).toBe('EMAIL_NOT_CONFIRMED');

    const confirmed = await readAnswer(browser.api.auth['confirm-email'].$post({ json: { token } }));
    expect(confirmed).toMatchObject({ status: 200, body: { email, signedIn: true } });
    // Opened in the browser that signed up (which typed the password and holds the sign-up's secret
    // cookie), the link makes the account and signs that browser in.
    expect((await okBody(browser.api.auth.session.$get())).user).toMatchObject({ email });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    const signedIn = await readAnswer(
      browser.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } }),
    );
    expectStatus(signedIn, 200);
    expect(signedIn.body).toMatchObject({
      user: {
        email,
        firstName: null,
        onboardingCompleted: false,
        role: null,
      },
    });
    expect((await okBody(browser.api.auth.session.$get())).user).toMatchObject({ email });

    // The link is used up once it has made the account.
    const again = await readAnswer(browser.api.auth['confirm-email'].$post({ json: { token } }));
    expectStatus(again, 400);
    expect(again.body.error.code).toBe('LINK_INVALID');
  });

  it('stores a sign-up with the job of its email, or neither', async () => {
    const email = nextEmail();
    const registrations = () =>
      t.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));
    const allow = await refuseInserts(t.database.db, 'jobs', 'kind', 'auth.sign-up');
    try {
      const failed = await readAnswer(
        new TestBrowser(t).api.auth['sign-up'].$post({ json: signUpBody(email) }),
      );
      expectStatus(failed, 500);
    } finally {
      await allow();
    }
    expect(await registrations()).toEqual([]);

    expect((await new TestBrowser(t).api.auth['sign-up'].$post({ json: signUpBody(email) })).status).toBe(
      202,
    );
    const [registration] = await registrations();
    const jobs = await t.database.db.execute<{ payload: unknown }>(
      sql`select payload from jobs where kind = 'auth.sign-up'`,
    );
    expect(jobs.rows.map((job) => job.payload)).toContainEqual({ registrationId: registration!.id });
    await t.runJobs();
    expect((await t.mailTo(email)).map((mail) => mail.subject)).toEqual(['Confirm your ModMarket account']);
  });

  it('makes only the newest confirmation link work', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email);
    const first = await lastLink(email, '/confirm-signup');
    expect((await browser.api.auth['resend-confirmation'].$post({ json: { email } })).status).toBe(202);
    await t.runJobs();
    const second = await lastLink(email, '/confirm-signup');
    expect(second).not.toBe(first);
    expect((await browser.api.auth['confirm-email'].$post({ json: { token: first } })).status).toBe(400);
    expect((await browser.api.auth['confirm-email'].$post({ json: { token: second } })).status).toBe(200);
  });

  it('expires confirmation links after 24 hours', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email);
    const token = await lastLink(email, '/confirm-signup');
    const row = await t.database.db
      .select({ linkExpiresAt: pendingRegistrations.linkExpiresAt })
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect((row[0]!.linkExpiresAt!.getTime() - clock.now().getTime()) / HOUR).toBeCloseTo(24, 1);
    clock.advance(24 * HOUR + MINUTE);
    const expired = await readAnswer(browser.api.auth['confirm-email'].$post({ json: { token } }));
    expectStatus(expired, 410);
    expect(expired.body.error.code).toBe('LINK_EXPIRED');
  });

  it('signs in from "I\'ve confirmed my email" only the browser that signed up and opened the link', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email, { keepSignedIn: true });
    const waiting = { confirmed: false, signedIn: false };
    expect(await okBody(browser.api.auth['confirmation-status'].$post())).toEqual(waiting);
    expect(await okBody(new TestBrowser(t).api.auth['confirmation-status'].$post())).toEqual(waiting);

    // Opened in the same browser (another tab): the sign-up becomes the account, signed in here
    // (kept signed in, as asked at sign-up), and the first tab finds it so.
    const opened = await readAnswer(
      browser.api.auth['confirm-email'].$post({
        json: {
          token: await lastLink(email, '/confirm-signup'),
        },
      }),
    );
    expect(opened.body).toEqual({ email, signedIn: true });
    expect(browser.lastSetCookies.find((c) => c.startsWith('mm_session='))).toMatch(/Max-Age=2592000/);
    expect(await okBody(browser.api.auth['confirmation-status'].$post())).toEqual({
      confirmed: true,
      signedIn: true,
    });
    expect((await okBody(browser.api.auth.session.$get())).user).toMatchObject({ email });
  });

  it('finished in another browser with the password, the signing-up browser signs in by itself', async () => {
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email);
    const phone = new TestBrowser(t, '198.51.100.31');
    await phone.api.auth['confirm-email'].$post({
      json: { token: await lastLink(email, '/confirm-signup') },
    });
    // The link alone claims nothing, in either browser.
    const waiting = { confirmed: false, signedIn: false };
    expect(await okBody(phone.api.auth['confirmation-status'].$post())).toEqual(waiting);
    expect(await okBody(browser.api.auth['confirmation-status'].$post())).toEqual(waiting);

    // A wrong password there finishes nothing.
    expect((await phone.api.auth['sign-in'].$post({ json: { email, password: 'Guess1!pass' } })).status).toBe(
      401,
    );
    expect(await okBody(browser.api.auth['confirmation-status'].$post())).toEqual(waiting);
    // The password there finishes it: that browser is signed in, and the signing-up one on its next look.
    expect((await phone.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(200);
    expect((await okBody(phone.api.auth.session.$get())).user).toMatchObject({ email });
    expect(await okBody(browser.api.auth['confirmation-status'].$post())).toEqual({
      confirmed: true,
      signedIn: true,
    });
    expect((await okBody(browser.api.auth.session.$get())).user).toMatchObject({ email });
    // Once: the sign-up's cookie is spent.
    expect(browser.cookies.has('mm_signup')).toBe(false);
  });

  it('answers sign-in errors without saying which part was wrong', async () => {
    const { email } = await member();
    const browser = new TestBrowser(t);
    const wrong = await readAnswer(
      browser.api.auth['sign-in'].$post({
        json: {
          email,
          password: 'Wrong1!pass',
        },
      }),
    );
    const unknown = await readAnswer(
      browser.api.auth['sign-in'].$post({
        json: {
          email: nextEmail(),
          password: PASSWORD,
        },
      }),
    );
    expectStatus(wrong, 401);
    expectStatus(unknown, 401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe(
      'Invalid email or password. Please try again or reset your password.',
    );
  });

  it('sets a browser-session cookie unless "keep me signed in" is checked', async () => {
    const { browser: short } = await member({ keepSignedIn: false });
    const shortCookie = short.lastSetCookies.find((c) => c.startsWith('mm_session='));
    // 32 random bytes, base64url: 256 bits.
    expect(short.cookies.get('mm_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
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
    // A browser-session sign-in ends on the server after 7 days at most, active or not.
    expect(rows.some((r) => !r.persistent && Math.round(Number(r.days)) === 7)).toBe(true);
  });

  it("replaces the browser's previous session when it signs in again", async () => {
    const { browser, email } = await member();
    const userId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    )[0]!.id;
    const count = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    const first = browser.cookies.get('mm_session');
    expect(await count()).toBe(1);
    expect((await browser.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(
      200,
    );
    expect(browser.cookies.get('mm_session')).not.toBe(first);
    expect(await count()).toBe(1);
    const stale = new TestBrowser(t);
    stale.cookies.set('mm_session', first!);
    expect(await okBody(stale.api.auth.session.$get())).toEqual({ user: null });
  });

  it('ends a browser-session sign-in after 2 hours without a request; "keep me signed in" stays', async () => {
    const { browser: short, email: shortEmail } = await member({ keepSignedIn: false });
    const { browser: long, email: longEmail } = await member({ keepSignedIn: true });
    // Activity keeps it: a request after 110 quiet minutes renews the timeout.
    clock.advance(110 * MINUTE);
    expect((await okBody(short.api.auth.session.$get())).user).toMatchObject({ email: shortEmail });
    const renewed = await t.database.db
      .select({ updatedAt: sessions.updatedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, shortEmail));
    expect(clock.now().getTime() - renewed[0]!.updatedAt.getTime()).toBeLessThan(MINUTE);
    clock.advance(121 * MINUTE);
    expect(await okBody(short.api.auth.session.$get())).toEqual({ user: null });
    // Four hours without a request, then a day more: "keep me signed in" holds.
    clock.advance(24 * HOUR);
    expect((await okBody(long.api.auth.session.$get())).user).toMatchObject({ email: longEmail });
  });

  it('signs out every session of the member', async () => {
    const { browser, email } = await member();
    const second = new TestBrowser(t, '198.51.100.7');
    await second.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } });
    expect((await okBody(second.api.auth.session.$get())).user).not.toBeNull();

    const out = await readAnswer(browser.api.auth['sign-out'].$post());
    expectStatus(out, 200);
    expect(out.headers.get('clear-site-data')).toBe('"cache"');
    expect(browser.cookies.has('mm_session')).toBe(false);
    expect(await okBody(second.api.auth.session.$get())).toEqual({ user: null });
  });
});

describe('password storage and choice', () => {
  it('stores Argon2id at OWASP parameters, and moves an older scrypt hash to it at the next sign-in', async () => {
    const { email } = await member();
    const userId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    )[0]!.id;
    const stored = async () =>
      (
        await t.database.db
          .select({ password: accounts.password })
          .from(accounts)
          .where(eq(accounts.userId, userId))
      )[0]!.password!;
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // A hash from before Argon2id (scrypt, as earlier versions stored it) still opens the account...
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 });
    const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await t.database.db.update(accounts).set({ password: legacy }).where(eq(accounts.userId, userId));
    const browser = new TestBrowser(t, '198.51.100.70');
    expect(
      (await browser.api.auth['sign-in'].$post({ json: { email, password: 'Wrong1!pass' } })).status,
    ).toBe(401);
    expect(await stored()).toBe(legacy);
    expect((await browser.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(
      200,
    );
    // ...and is replaced by Argon2id once the password has been seen.
    expect(await stored()).toMatch(/^\$argon2id\$/);
    expect(
      (await new TestBrowser(t).api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it.each([
    ['a list entry meeting the rules', 'P@ssw0rd'],
    ['a list word dressed up', 'Password1!'],
    ['another dressed up', 'Mustang#2024'],
    ['one built on the site name', 'MyModMarket#1'],
  ])('refuses a common password at sign-up and reset, translated: %s', async (_label, common) => {
    const response = await readAnswer(
      new TestBrowser(t, '203.0.113.77', 'zh-CN').api.auth['sign-up'].$post({
        json: signUpBody(nextEmail(), { password: common, confirmPassword: common }),
      }),
    );
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.fields?.password).toBe(
      '此密码太容易被猜到：它是常见或已泄露的密码，或基于本站名称。请另选一个密码。',
    );

    const { email } = await member();
    const browser = new TestBrowser(t);
    await browser.api.auth['forgot-password'].$post({ json: { email } });
    await t.runJobs();
    const token = await lastLink(email, '/reset-password');
    const reset = await readAnswer(
      browser.api.auth['reset-password'].$post({
        json: {
          token,
          password: common,
          confirmPassword: common,
        },
      }),
    );
    expectStatus(reset, 400);
    expect(reset.body.error.fields?.password).toMatch(/too easy to guess/);
    // The link still works for a better password.
    expect((await browser.api.auth['reset-password'].check.$post({ json: { token } })).status).toBe(200);
  });
});

describe('long passwords', () => {
  it('takes a 64-character passphrase, exactly as typed', async () => {
    const passphrase = 'Correct horse battery staple, 7 wheels & a turbo on the old JZA80!';
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    const browser = new TestBrowser(t);
    const email = nextEmail();
    await signUp(browser, email, { password: passphrase, confirmPassword: passphrase });
    await browser.api.auth['confirm-email'].$post({
      json: { token: await lastLink(email, '/confirm-signup') },
    });
    expect((await browser.api.auth['sign-in'].$post({ json: { email, password: passphrase } })).status).toBe(
      200,
    );
    // Not cut short, not case-folded.
    const other = new TestBrowser(t);
    expect(
      (await other.api.auth['sign-in'].$post({ json: { email, password: passphrase.slice(0, 64) } })).status,
    ).toBe(401);
    expect(
      (await other.api.auth['sign-in'].$post({ json: { email, password: passphrase.toLowerCase() } })).status,
    ).toBe(401);
  });
});

describe('no account claimed before its owner', () => {
  it('a later sign-up for the same address changes nothing of a waiting one, and makes no account', async () => {
    const email = nextEmail();
    const attacker = new TestBrowser(t, '198.51.100.60');
    await signUp(attacker, email, {
      keepSignedIn: true,
      password: 'Att4ck!pass',
      confirmPassword: 'Att4ck!pass',
    });
    const owner = new TestBrowser(t, '198.51.100.61');
    await signUp(owner, email);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const waiting = await t.database.db
      .select({ keepSignedIn: pendingRegistrations.keepSignedIn })
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email))
      .orderBy(pendingRegistrations.createdAt);
    // The attacker's (kept signed in) and the owner's, each as it was made.
    expect(waiting.map((r) => r.keepSignedIn)).toEqual([true, false]);

    // The owner opens the newest link and signs in with their own password; the attacker's is void.
    await owner.api.auth['confirm-email'].$post({
      json: { token: await lastLink(email, '/confirm-signup') },
    });
    expect((await owner.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(200);
    expect(
      (await attacker.api.auth['sign-in'].$post({ json: { email, password: 'Att4ck!pass' } })).status,
    ).toBe(401);
    expect(await okBody(attacker.api.auth['confirmation-status'].$post())).toEqual({
      confirmed: false,
      signedIn: false,
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("the emailed link opened by the address's owner never hands the account to whoever signed up", async () => {
    const email = nextEmail();
    const attacker = new TestBrowser(t, '198.51.100.62');
    await signUp(attacker, email);
    const owner = new TestBrowser(t, '198.51.100.63');
    expect(
      (
        await owner.api.auth['confirm-email'].$post({
          json: { token: await lastLink(email, '/confirm-signup') },
        })
      ).status,
    ).toBe(200);
    // The owner does not know the password the attacker chose, and the attacker never opened the link.
    expect((await owner.api.auth['sign-in'].$post({ json: { email, password: 'Guess1!pass' } })).status).toBe(
      401,
    );
    expect(await okBody(attacker.api.auth['confirmation-status'].$post())).toEqual({
      confirmed: false,
      signedIn: false,
    });
    const early = await failureBody(
      attacker.api.auth['sign-in'].$post({
        json: {
          email,
          password: PASSWORD,
        },
      }),
    );
    expect(early.error.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('the sign-up job carries no secret, only the id of the waiting sign-up', async () => {
    const email = nextEmail();
    expect((await new TestBrowser(t).api.auth['sign-up'].$post({ json: signUpBody(email) })).status).toBe(
      202,
    );
    const jobs = await t.database.db.execute<{ payload: Record<string, unknown> }>(
      sql`select payload from jobs where kind = 'auth.sign-up' order by created_at desc limit 1`,
    );
    expect(Object.keys(jobs.rows[0]!.payload)).toEqual(['registrationId']);
    await t.runJobs();
  });
});

describe('no account enumeration', () => {
  it('answers a sign-up with a registered email the same, and emails its owner instead', async () => {
    const { email } = await member();
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const account = await t.database.db.select().from(users).where(eq(users.email, email));
    const response = await readAnswer(
      new TestBrowser(t).api.auth['sign-up'].$post({
        json: signUpBody(email, { password: 'Att4ck!pass', confirmPassword: 'Att4ck!pass' }),
      }),
    );
    expectStatus(response, 202);
    expect(response.body).toEqual({ status: 'accepted' });
    await t.runJobs();
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect((await t.mailTo(email)).at(-1)?.subject).toBe('You already have a ModMarket account');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual(account);
  });

  it('answers forgot-password and resend the same for unknown emails, and sends nothing', async () => {
    const { email } = await member();
    const browser = new TestBrowser(t);
    const unknown = nextEmail();
    for (const [path, status] of [
      ['/api/auth/forgot-password', 202],
      // Resend only serves the asking browser's own waiting sign-up: this one has none.
      ['/api/auth/resend-confirmation', 410],
    ] as const) {
      // Two endpoints walked by path, each answer compared whole.
      const a = await browser.request('POST', path, { email });
      const b = await browser.request('POST', path, { email: unknown });
      expect(a.status).toBe(status);
      expect(b).toEqual({ ...a, headers: b.headers });
    }
    await t.runJobs();
    expect(await t.mailTo(unknown)).toEqual([]);
  });

  it('says the sign-up session expired when a resend finds no sign-up waiting in this browser', async () => {
    const expected = {
      en: 'Signup session expired. Please sign up again.',
      es: 'La sesión de registro ha caducado. Vuelve a registrarte.',
      'zh-CN': '注册会话已过期，请重新注册。',
    };
    const email = nextEmail();
    const browser = new TestBrowser(t);
    await signUp(browser, email);
    const sent = (await t.mailTo(email)).length;
    // Another browser, in each language: no sign-up of its own, whatever address it names.
    for (const [language, message] of Object.entries(expected)) {
      const stranger = new TestBrowser(t, undefined, language);
      const answer = await readAnswer(stranger.api.auth['resend-confirmation'].$post({ json: { email } }));
      expect(answer).toMatchObject({ status: 410, body: { error: { code: 'SIGNUP_EXPIRED', message } } });
    }
    // The signing-up browser's own sign-up, once it has expired.
    clock.advance(7 * 24 * HOUR + MINUTE);
    const expired = await readAnswer(browser.api.auth['resend-confirmation'].$post({ json: { email } }));
    expect(expired).toMatchObject({ status: 410, body: { error: { code: 'SIGNUP_EXPIRED' } } });
    await t.runJobs();
    expect(await t.mailTo(email)).toHaveLength(sent);
  });

  it("resends to the browser's own sign-up, never to the address named in the request", async () => {
    const mine = nextEmail();
    const other = nextEmail();
    const browser = new TestBrowser(t);
    const theirs = new TestBrowser(t, '198.51.100.31');
    await signUp(browser, mine);
    await signUp(theirs, other);
    const before = (await t.mailTo(other)).length;
    expect((await browser.api.auth['resend-confirmation'].$post({ json: { email: other } })).status).toBe(
      202,
    );
    await t.runJobs();
    expect(await t.mailTo(other)).toHaveLength(before);
    expect(await t.mailTo(mine)).toHaveLength(2);
  });
});

describe('password recovery', () => {
  it('resets the password, ends every session and never signs anyone in', async () => {
    const { browser, email } = await member();
    const requester = new TestBrowser(t, '198.51.100.20');
    expect(
      (await requester.api.auth['forgot-password'].$post({ json: { email: ` ${email} ` } })).status,
    ).toBe(202);
    await t.runJobs();
    const mail = (await t.mailTo(email)).at(-1)!;
    expect(mail.subject).toBe('Reset your ModMarket password');
    const token = linkToken(mail.text, '/reset-password');

    expect((await requester.api.auth['reset-password'].check.$post({ json: { token } })).status).toBe(200);
    expect(await okBody(requester.api.auth.session.$get())).toEqual({ user: null });

    const weak = await readAnswer(
      requester.api.auth['reset-password'].$post({
        json: {
          token,
          password: 'weak',
          confirmPassword: 'weak',
        },
      }),
    );
    expectStatus(weak, 400);
    const newPassword = 'N3w!Password';
    const done = await readAnswer(
      requester.api.auth['reset-password'].$post({
        json: {
          token,
          password: newPassword,
          confirmPassword: newPassword,
        },
      }),
    );
    expectStatus(done, 200);
    expect(await okBody(requester.api.auth.session.$get())).toEqual({ user: null });
    expect(await okBody(browser.api.auth.session.$get())).toEqual({ user: null });

    expect((await requester.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(
      401,
    );
    expect(
      (await requester.api.auth['sign-in'].$post({ json: { email, password: newPassword } })).status,
    ).toBe(200);
    const reused = await readAnswer(
      requester.api.auth['reset-password'].$post({
        json: {
          token,
          password: 'An0ther!pass',
          confirmPassword: 'An0ther!pass',
        },
      }),
    );
    expectStatus(reused, 400);
    expect((await requester.api.auth['reset-password'].check.$post({ json: { token } })).status).toBe(400);
  });

  it('makes only the newest reset link work, for one hour', async () => {
    const { email } = await member();
    const browser = new TestBrowser(t);
    await browser.api.auth['forgot-password'].$post({ json: { email } });
    await t.runJobs();
    const first = await lastLink(email, '/reset-password');
    await browser.api.auth['forgot-password'].$post({ json: { email } });
    await t.runJobs();
    const second = await lastLink(email, '/reset-password');
    expect((await browser.api.auth['reset-password'].check.$post({ json: { token: first } })).status).toBe(
      400,
    );
    expect((await browser.api.auth['reset-password'].check.$post({ json: { token: second } })).status).toBe(
      200,
    );

    const userId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    )[0]!.id;
    const rows = await t.database.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${userId}`));
    expect(rows).toHaveLength(1);
    expect(Math.round((rows[0]!.expiresAt.getTime() - clock.now().getTime()) / MINUTE)).toBe(60);
    clock.advance(HOUR + MINUTE);
    expect((await browser.api.auth['reset-password'].check.$post({ json: { token: second } })).status).toBe(
      400,
    );
  });
});

describe('abuse limits', () => {
  it('limits sign-in attempts per account, with a translated wait', async () => {
    const { email } = await member();
    // An empty body, which the types do not allow, counts as an attempt too.
    await new TestBrowser(t).request('POST', '/api/auth/sign-in', {});
    let last;
    for (let i = 0; i < 9; i++) {
      // A new IP each time: the per-account limit still holds.
      last = await readAnswer(
        new TestBrowser(t, `192.0.2.${i + 1}`, 'es').api.auth['sign-in'].$post({
          json: {
            email,
            password: 'Wrong1!pass',
          },
        }),
      );
    }
    const refused = last!;
    expectStatus(refused, 429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.body.error.message).toMatch(/^Demasiados intentos\. Inténtalo de nuevo en 15 minutos\.$/);
    // Even the right password waits.
    const right = await readAnswer(
      new TestBrowser(t, '192.0.2.99').api.auth['sign-in'].$post({
        json: {
          email,
          password: PASSWORD,
        },
      }),
    );
    expectStatus(right, 429);
  });

  it('limits per IP, taken from the socket and not from a forwarded header', async () => {
    const browser = new TestBrowser(t, '198.51.100.50');
    const statuses: number[] = [];
    const max = LIMITS.emailPerIp.max;
    for (let i = 0; i <= max; i++) {
      const response = await browser.api.auth['forgot-password'].$post(
        { json: { email: nextEmail() } },
        { headers: { 'X-Forwarded-For': `10.0.0.${i}` } },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, max).every((s) => s === 202)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect(
      (
        await new TestBrowser(t, '198.51.100.51').api.auth['forgot-password'].$post({
          json: { email: nextEmail() },
        })
      ).status,
    ).toBe(202);
  });

  it('limits sign-ups per account', async () => {
    const email = nextEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await new TestBrowser(t, `192.0.2.${100 + i}`).api.auth['sign-up'].$post({
            json: signUpBody(email),
          })
        ).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('social sign-in', () => {
  it('lists no provider and answers "not configured" when none is set up', async () => {
    const browser = new TestBrowser(t);
    expect(await okBody(browser.api.auth.providers.$get())).toEqual({ providers: [] });
    const response = await readAnswer(
      browser.api.auth.social[':provider'].$get({ param: { provider: 'google' }, query: {} }),
    );
    expectStatus(response, 404);
    expect(response.body.error).toEqual({
      code: 'PROVIDER_NOT_CONFIGURED',
      message: 'Social sign-in unavailable (provider not configured).',
    });
  });

  it('lists exactly the providers whose credentials are all set, in the order of the buttons', async () => {
    const apple = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const configured = await createTestApp({
      env: {
        // Google without its secret is not configured; Facebook and Apple have everything they need.
        GOOGLE_CLIENT_ID: 'google-client',
        APPLE_CLIENT_ID: 'com.modmarket.web',
        APPLE_TEAM_ID: 'TEAM123456',
        APPLE_KEY_ID: 'KEY1234567',
        APPLE_PRIVATE_KEY: apple.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        FACEBOOK_CLIENT_ID: 'facebook-client',
        FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      },
    });
    try {
      const browser = new TestBrowser(configured);
      expect(await okBody(browser.api.auth.providers.$get())).toEqual({ providers: ['facebook', 'apple'] });
      // The one left out is refused at its own address too: no button leads there.
      const google = await readAnswer(
        browser.api.auth.social[':provider'].$get({ param: { provider: 'google' }, query: {} }),
      );
      expectStatus(google, 404);
      expect(google.body.error.code).toBe('PROVIDER_NOT_CONFIGURED');
      expectStatus(await configured.app.request('/api/auth/social/apple'), 302);
    } finally {
      await configured.close();
    }
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
      expect(await okBody(browser.api.auth.providers.$get())).toEqual({ providers: ['google'] });
      const response = await configured.app.request('/api/auth/social/google?redirect=//evil.example');
      expectStatus(response, 302);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin).toBe('https://accounts.google.com');
      expect(location.searchParams.get('client_id')).toBe('client-123');
      expect(location.searchParams.get('redirect_uri')).toBe(
        'https://modmarket.example/api/auth/social/google/callback',
      );
      const state = location.searchParams.get('state');
      // Over https every cookie is __Host-: Secure, this host only, path /.
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-mm_social='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(decodeURIComponent(cookie)).toContain('"redirect":"/"');
      // A callback whose state does not match goes back to sign-in and signs nobody in.
      const forged = await configured.app.request(
        `/api/auth/social/google/callback?code=abc&state=not-${state}`,
        {
          headers: { Cookie: cookie.split(';')[0]! },
        },
      );
      expect(forged.status).toBe(302);
      expect(forged.headers.get('location')).toBe('/auth?mode=signin&social=failed&provider=google');
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
        fromProxy.api.auth['forgot-password'].$post(
          { json: { email: nextEmail() } },
          { headers: { 'X-Forwarded-For': `198.51.100.1, ${client}` } },
        );
      for (let i = 0; i < LIMITS.emailPerIp.max; i++) expect((await send('192.0.2.1')).status).toBe(202);
      expect((await send('192.0.2.1')).status).toBe(429);
      expect((await send('192.0.2.2')).status).toBe(202);
    } finally {
      await proxied.close();
    }
  });

  it('behind two proxies, counts the address the outer one saw, whatever the client wrote before it', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '2' } });
    try {
      const fromInnerProxy = new TestBrowser(proxied, '10.0.0.2');
      // The client's own header, then the outer proxy's entry (the client), then the inner one's.
      const send = (client: string, claimed: string) =>
        fromInnerProxy.api.auth['forgot-password'].$post(
          { json: { email: nextEmail() } },
          { headers: { 'X-Forwarded-For': `${claimed}, ${client}, 10.0.0.1` } },
        );
      for (let i = 0; i < LIMITS.emailPerIp.max; i++)
        expect((await send('192.0.2.7', `203.0.113.${i}`)).status).toBe(202);
      expect((await send('192.0.2.7', '203.0.113.200')).status).toBe(429);
      expect((await send('192.0.2.8', '203.0.113.201')).status).toBe(202);
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
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://modmarket.example',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SECRETS_KEY: 'ab'.repeat(32),
      },
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

describe('social sign-in, against a stand-in provider on a local port', () => {
  let standIn: SocialStandIn;
  let app: TestApp;
  let applePublicKey: KeyObject;

  beforeAll(async () => {
    standIn = await startSocialStandIn();
    const apple = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    applePublicKey = apple.publicKey;
    app = await createTestApp({
      env: {
        SOCIAL_STANDIN_URL: standIn.url,
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        FACEBOOK_CLIENT_ID: 'facebook-client',
        FACEBOOK_CLIENT_SECRET: 'facebook-secret',
        APPLE_CLIENT_ID: 'apple-client',
        APPLE_TEAM_ID: 'TEAM123',
        APPLE_KEY_ID: 'KEY123',
        APPLE_PRIVATE_KEY: apple.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await standIn.close();
  });

  /**
   * One round trip through a provider: start, let the stand-in grant a code for what `grant` says
   * (given the nonce the browser was sent with), come back to the callback.
   */
  async function round(
    provider: 'google' | 'facebook' | 'apple',
    grant: (nonce: string) => StandInGrant,
    browser = new TestBrowser(app),
    finish: (grant: StandInGrant) => Promise<StandInGrant> = async (g) => g,
  ) {
    const start = await readAnswer(
      browser.api.auth.social[':provider'].$get({
        param: { provider: provider },
        query: { redirect: '/saved-searches' },
      }),
    );
    expectStatus(start, 302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${standIn.url}/${provider}/authorize`);
    const state = authorize.searchParams.get('state')!;
    const code = standIn.grant(await finish(grant(authorize.searchParams.get('nonce') ?? '')));
    const callback =
      provider === 'apple'
        ? await browser.request(
            'POST',
            `/api/auth/social/apple/callback`,
            new URLSearchParams({ code, state, user: '{"name":{"firstName":"Aiko","lastName":"Mori"}}' }),
            // Apple's answer is a cross-site form POST, taken by design (the state is the check).
            { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://appleid.apple.com' },
          )
        : // The provider's redirect back, a route outside the typed table.
          await browser.request('GET', `/api/auth/social/${provider}/callback?code=${code}&state=${state}`);
    return { browser, authorize, location: callback.headers.get('location'), callback };
  }

  const signedInAs = async (browser: TestBrowser) =>
    (await okBody(browser.api.auth.session.$get())).user?.email ?? null;

  it('Google: a new confirmed member, signed in for 30 days, with PKCE and the redirect honoured', async () => {
    const email = nextEmail();
    const claims = (nonce: string) => ({
      claims: {
        sub: 'google-123',
        email,
        email_verified: true,
        given_name: 'Aiko',
        family_name: 'Mori',
        nonce,
      },
    });
    const first = await round('google', claims);
    expect(first.authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(first.location).toBe('/saved-searches');
    expect(first.browser.lastSetCookies.find((c) => c.startsWith('mm_session='))).toMatch(/Max-Age=2592000/);
    expect((await okBody(first.browser.api.auth.session.$get())).user).toMatchObject({
      email,
      firstName: 'Aiko',
    });
    const exchange = standIn.tokenRequests.at(-1)!;
    expect(exchange.form.code_verifier).toMatch(/^[\w-]{43,}$/);

    // The same Google account signs into the same member.
    const again = await round('google', claims);
    expect(again.location).toBe('/saved-searches');
    const rows = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['another audience', (nonce: string) => ({ claims: { aud: 'someone-else', nonce } })],
    ['another issuer', (nonce: string) => ({ claims: { iss: 'https://evil.example', nonce } })],
    ['a key the provider never published', (nonce: string) => ({ claims: { nonce }, forgedKey: true })],
    ['a nonce from another sign-in', (_nonce: string) => ({ claims: { nonce: 'replayed' } })],
    ['no nonce', (_nonce: string) => ({ claims: {} })],
    [
      'an expired token',
      (nonce: string) => ({ claims: { nonce, exp: Math.floor(Date.now() / 1000) - 600 } }),
    ],
  ])('refuses an ID token with %s', async (_label, bad) => {
    const email = nextEmail();
    const result = await round('google', (nonce) => {
      const grant = bad(nonce);
      return { ...grant, claims: { sub: `g-${email}`, email, email_verified: true, ...grant.claims } };
    });
    expect(result.location).toBe('/auth?mode=signin&social=failed&provider=google');
    expect(await signedInAs(result.browser)).toBeNull();
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each([
    [
      'alg none',
      async (claims: Record<string, unknown>) =>
        ['{"alg":"none","typ":"JWT"}', JSON.stringify(claims)]
          .map((p) => Buffer.from(p).toString('base64url'))
          .join('.') + '.',
    ],
    [
      'HS256 keyed with the client secret (algorithm confusion)',
      async (claims: Record<string, unknown>) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode('google-secret')),
    ],
  ])('refuses an ID token signed with %s', async (_label, make) => {
    const email = nextEmail();
    const now = Math.floor(Date.now() / 1000);
    const result = await round(
      'google',
      (nonce) => ({
        claims: { sub: `g-${email}`, email, email_verified: true, nonce },
      }),
      undefined,
      async (grant) => ({
        ...grant,
        idToken: await make({
          ...grant.claims,
          iss: `${standIn.url}/google`,
          aud: 'google-client',
          iat: now,
          exp: now + 300,
        }),
      }),
    );
    expect(result.location).toBe('/auth?mode=signin&social=failed&provider=google');
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('starts a provider round only from our own pages, never from another site', async () => {
    const browser = new TestBrowser(app);
    // A cross-site navigation, which the typed client does not make.
    const sent = await browser.request('GET', '/api/auth/social/google', undefined, {
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe('/auth?mode=signin');
    expect(browser.cookies.has('mm_social')).toBe(false);
    const own = await browser.api.auth.social[':provider'].$get(
      { param: { provider: 'google' }, query: {} },
      { headers: { 'Sec-Fetch-Site': 'same-origin' } },
    );
    expect(new URL(own.headers.get('location')!).pathname).toBe('/google/authorize');
  });

  it('refuses an address the provider has not verified', async () => {
    const result = await round('google', (nonce) => ({
      claims: { sub: 'g-unverified', email: nextEmail(), email_verified: false, nonce },
    }));
    expect(result.location).toBe('/auth?mode=signin&social=unverified&provider=google');
    expect(await signedInAs(result.browser)).toBeNull();
  });

  it('links to an existing member only after they sign in, in the same browser, and emails them', async () => {
    const owner = new TestBrowser(app);
    const email = nextEmail();
    await owner.api.auth['sign-up'].$post({ json: signUpBody(email) });
    await app.runJobs();
    await owner.api.auth['confirm-email'].$post({
      json: {
        token: linkToken((await app.mailTo(email)).at(-1)!.text, '/confirm-signup'),
      },
    });
    expect((await owner.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(200);
    await owner.api.auth['sign-out'].$post();

    const google = (nonce: string) => ({ claims: { sub: 'g-owner', email, email_verified: true, nonce } });
    const attempt = await round('google', google);
    expect(attempt.location).toBe('/auth?mode=signin&social=link&provider=google');
    expect(await signedInAs(attempt.browser)).toBeNull();

    // Another browser signing in to the account links nothing.
    const elsewhere = new TestBrowser(app, '198.51.100.40');
    expect((await elsewhere.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(
      200,
    );
    const stillUnlinked = await round('google', google);
    expect(stillUnlinked.location).toBe('/auth?mode=signin&social=link&provider=google');

    // The member signs in where the request waits: now it is linked, and they are told.
    expect(
      (await stillUnlinked.browser.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status,
    ).toBe(200);
    await app.runJobs();
    expect((await app.mailTo(email)).at(-1)?.subject).toBe('Google was connected to your ModMarket account');
    const linked = await round('google', google);
    expect(linked.location).toBe('/saved-searches');
    expect(await signedInAs(linked.browser)).toBe(email);
  });

  it('links an identity with the job of its email, or neither', async () => {
    const owner = new TestBrowser(app, '198.51.100.44');
    const email = nextEmail();
    await owner.api.auth['sign-up'].$post({ json: signUpBody(email) });
    await app.runJobs();
    await owner.api.auth['confirm-email'].$post({
      json: {
        token: linkToken((await app.mailTo(email)).at(-1)!.text, '/confirm-signup'),
      },
    });
    await owner.api.auth['sign-out'].$post();
    const google = (nonce: string) => ({ claims: { sub: 'g-both', email, email_verified: true, nonce } });
    const attempt = await round('google', google);
    expect(attempt.location).toBe('/auth?mode=signin&social=link&provider=google');

    const identities = () => app.database.db.select().from(accounts).where(eq(accounts.accountId, 'g-both'));
    const allow = await refuseInserts(app.database.db, 'jobs', 'kind', 'auth.social-linked');
    try {
      const failed = await readAnswer(
        attempt.browser.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } }),
      );
      expectStatus(failed, 500);
    } finally {
      await allow();
    }
    expect(await identities()).toEqual([]);

    expect(
      (await attempt.browser.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status,
    ).toBe(200);
    expect(await identities()).toHaveLength(1);
    await app.runJobs();
    expect((await app.mailTo(email)).at(-1)?.subject).toBe('Google was connected to your ModMarket account');
  });

  it('a waiting sign-up for the address ends when Google vouches for it; its password opens nothing', async () => {
    const email = nextEmail();
    const squatter = new TestBrowser(app, '198.51.100.41');
    expect((await squatter.api.auth['sign-up'].$post({ json: signUpBody(email) })).status).toBe(202);
    await app.runJobs();
    const owner = await round('google', (nonce) => ({
      claims: { sub: 'g-real-owner', email, email_verified: true, nonce },
    }));
    expect(owner.location).toBe('/saved-searches');
    expect((await squatter.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } })).status).toBe(
      401,
    );
    const token = linkToken((await app.mailTo(email)).at(-1)!.text, '/confirm-signup');
    expect((await squatter.api.auth['confirm-email'].$post({ json: { token } })).status).toBe(400);
  });

  it('Facebook: its email never counts as verified; a new member signs up instead', async () => {
    const email = nextEmail();
    const result = await round('facebook', () => ({
      profile: { id: 'fb-1', email, first_name: 'Aiko', last_name: 'Mori' },
    }));
    const exchange = standIn.tokenRequests.at(-1)!;
    expect(exchange.form).toMatchObject({ client_id: 'facebook-client', client_secret: 'facebook-secret' });
    expect(result.location).toBe('/auth?mode=signin&social=unverified&provider=facebook');
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('Apple: form_post with a nonce, and a client secret signed with the team key', async () => {
    const email = nextEmail();
    const result = await round('apple', (nonce) => ({
      claims: { sub: 'apple-1', email, email_verified: 'true', nonce },
    }));
    expect(result.authorize.searchParams.get('response_mode')).toBe('form_post');
    expect(result.authorize.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(result.location).toBe('/saved-searches');
    expect((await okBody(result.browser.api.auth.session.$get())).user).toMatchObject({
      email,
      firstName: 'Aiko',
    });
    const secret = standIn.tokenRequests.at(-1)!.form.client_secret!;
    const { payload, protectedHeader } = await jwtVerify(secret, applePublicKey, {
      issuer: 'TEAM123',
      audience: 'https://appleid.apple.com',
      subject: 'apple-client',
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY123' });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
  });
});
