import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { emailChanges, rateLimits, sessions, twoFactors, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, linkToken } from '../../../test/test-browser';
import { MEMBER_PASSWORD, signedInMember } from '../../../test/members';
import { refuseInserts } from '../../../test/refuse-inserts';
import { describeUserAgent } from './account.service';

const NEW_PASSWORD = 'N3w-Passw0rd!x';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** Signs the member in on a second browser, which says it is `userAgent`. */
async function secondBrowser(email: string, userAgent = FIREFOX_WINDOWS, password = MEMBER_PASSWORD) {
  const browser = new TestBrowser(t, `198.51.100.${++n}`);
  const signedIn = await browser.request(
    'POST',
    '/api/auth/sign-in',
    { email, password },
    {
      'User-Agent': userAgent,
    },
  );
  expect(signedIn.status).toBe(200);
  return browser;
}

async function signedInAs(browser: TestBrowser): Promise<string | null> {
  const session = await browser.get<{ user: { email: string } | null }>('/api/auth/session');
  return session.body.user?.email ?? null;
}

function signIn(email: string, password: string) {
  return new TestBrowser(t, `192.0.2.${++n}`).post('/api/auth/sign-in', { email, password });
}

describe('account settings', () => {
  it('is for members only, except the emailed links', async () => {
    const visitor = new TestBrowser(t);
    for (const [method, path] of [
      ['GET', '/api/account'],
      ['PUT', '/api/account/details'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/email'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/abc'],
      ['POST', '/api/account/sessions/end-others'],
    ] as const) {
      const response = await visitor.request<ErrorBody>(method, path, method === 'GET' ? undefined : {});
      expect(response.status, path).toBe(401);
    }
    const link = await visitor.post<ErrorBody>('/api/account/email/confirm', { token: 'x'.repeat(32) });
    expect(link.body.error.code).toBe('LINK_INVALID');
  });

  it('changes names and phone with the sign-up rules, in the asker’s language', async () => {
    const { browser, email } = await signedInMember(t);
    expect((await browser.get('/api/account')).body).toMatchObject({
      email,
      firstName: 'Sam',
      phone: null,
      hasPassword: true,
      pendingEmail: null,
    });
    const saved = await browser.put('/api/account/details', {
      firstName: ' Lena ',
      lastName: 'Okafor',
      phone: '(415) 867-2309',
      currentPassword: MEMBER_PASSWORD,
    });
    expect(saved.body).toMatchObject({ firstName: 'Lena', lastName: 'Okafor', phone: '4158672309' });
    expect(
      (await browser.get<{ user: { firstName: string } }>('/api/auth/session')).body.user.firstName,
    ).toBe('Lena');

    const spanish = new TestBrowser(t, browser.ip, 'es');
    for (const [key, value] of browser.cookies) spanish.cookies.set(key, value);
    const refused = await spanish.put<ErrorBody>('/api/account/details', {
      firstName: '',
      lastName: 'Okafor',
      phone: '555 555 5555',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.firstName).toMatch(/nombre/i);
    expect(Object.keys(refused.body.error.fields ?? {})).toContain('phone');
  });

  it('changes the phone number only with the current password; names alone need none', async () => {
    const { browser } = await signedInMember(t);
    const names = await browser.put('/api/account/details', { firstName: 'Ada', lastName: 'Moss' });
    expect(names.status).toBe(200);
    const details = { firstName: 'Ada', lastName: 'Moss', phone: '(415) 867-2309' };
    const none = await browser.put<ErrorBody>('/api/account/details', details);
    expect(none.status).toBe(400);
    expect(none.body.error.fields?.currentPassword).toBe('Please enter your current password.');
    const wrong = await browser.put<ErrorBody>('/api/account/details', {
      ...details,
      currentPassword: 'Wrong-pass-1!',
    });
    expect(wrong.body.error.fields?.currentPassword).toBeDefined();
    expect((await browser.get<{ phone: string | null }>('/api/account')).body.phone).toBeNull();
    const saved = await browser.put('/api/account/details', { ...details, currentPassword: MEMBER_PASSWORD });
    expect(saved.body).toMatchObject({ phone: '4158672309' });
    // The same number, written another way, is no change; removing it is one.
    expect((await browser.put('/api/account/details', { ...details, phone: '415 867 2309' })).status).toBe(
      200,
    );
    const removed = await browser.put<ErrorBody>('/api/account/details', { ...details, phone: '' });
    expect(removed.body.error.fields?.currentPassword).toBeDefined();
  });

  it('changes the password with the current one; other sessions end, this one stays, an email tells', async () => {
    const { browser, email } = await signedInMember(t);
    const other = await secondBrowser(email);

    const wrong = await browser.post<ErrorBody>('/api/account/password', {
      currentPassword: 'not-it-1A!',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.currentPassword).toBe('That is not your current password.');

    const weak = await browser.post<ErrorBody>('/api/account/password', {
      currentPassword: MEMBER_PASSWORD,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(Object.keys(weak.body.error.fields ?? {})).toEqual(['password']);
    const common = await browser.post<ErrorBody>('/api/account/password', {
      currentPassword: MEMBER_PASSWORD,
      password: 'Password1!',
      confirmPassword: 'Password1!',
    });
    expect(common.body.error.fields?.password).toMatch(/common/i);
    expect(await signedInAs(other)).toBe(email);

    const changed = await browser.post('/api/account/password', {
      currentPassword: MEMBER_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(await signedInAs(browser)).toBe(email);
    expect(await signedInAs(other)).toBeNull();
    expect((await signIn(email, MEMBER_PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);

    await t.runJobs();
    const notice = (await t.mailTo(email)).find((mail) => mail.subject.includes('password was changed'));
    expect(notice?.text).toContain('/forgot-password');
    expect(notice?.text).not.toContain(NEW_PASSWORD);
  });

  it('limits password checks per member', async () => {
    const { browser } = await signedInMember(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await browser.post('/api/account/password', {
        currentPassword: `Wrong-${i}-pass!`,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 8).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('changes the email only once the new address confirms; the old one is told and can undo', async () => {
    const { browser, email } = await signedInMember(t);
    const newEmail = `moved${++n}.${process.pid}@garage.example.com`;

    const same = await browser.post<ErrorBody>('/api/account/email', {
      email,
      currentPassword: MEMBER_PASSWORD,
    });
    expect(same.body.error.fields?.email).toBe('This is already your email address.');
    const wrong = await browser.post<ErrorBody>('/api/account/email', {
      email: newEmail,
      currentPassword: 'Wrong-pass-1!',
    });
    expect(wrong.body.error.fields?.currentPassword).toBeDefined();

    // Two requests: only the newest link works.
    for (let i = 0; i < 2; i++) {
      const asked = await browser.post('/api/account/email', {
        email: newEmail,
        currentPassword: MEMBER_PASSWORD,
      });
      expect(asked.status).toBe(202);
      await t.runJobs();
    }
    const links = (await t.mailTo(newEmail)).map((mail) => linkToken(mail.text, '/confirm-email-change'));
    expect(links).toHaveLength(2);
    expect((await browser.get('/api/account')).body).toMatchObject({ email, pendingEmail: newEmail });
    // Not yet: the account still signs in with its old address only.
    expect((await signIn(newEmail, MEMBER_PASSWORD)).status).toBe(401);

    const visitor = new TestBrowser(t, '192.0.2.200');
    const stale = await visitor.post<ErrorBody>('/api/account/email/confirm', { token: links[0] });
    expect(stale.body.error.code).toBe('LINK_INVALID');
    const confirmed = await visitor.post('/api/account/email/confirm', { token: links[1] });
    expect(confirmed.body).toEqual({ email: newEmail });
    expect((await visitor.post<ErrorBody>('/api/account/email/confirm', { token: links[1] })).status).toBe(
      400,
    );

    expect((await signIn(newEmail, MEMBER_PASSWORD)).status).toBe(200);
    expect((await signIn(email, MEMBER_PASSWORD)).status).toBe(401);
    expect(await signedInAs(browser)).toBe(newEmail);

    await t.runJobs();
    const notice = (await t.mailTo(email)).find((mail) => mail.subject.includes('email address was changed'));
    expect(notice?.text).toContain(newEmail);
    const undo = linkToken(notice!.text, '/undo-email-change');
    const undone = await visitor.post('/api/account/email/undo', { token: undo });
    expect(undone.body).toEqual({ email });
    // Whoever changed it is signed out everywhere; the old address signs in again.
    expect(await signedInAs(browser)).toBeNull();
    expect((await signIn(email, MEMBER_PASSWORD)).status).toBe(200);
    expect((await signIn(newEmail, MEMBER_PASSWORD)).status).toBe(401);
  });

  it('writes each change with the job of its email, or neither', async () => {
    const { browser, email } = await signedInMember(t);
    const { db } = t.database;
    const refused = async (kind: string, request: () => Promise<{ status: number }>) => {
      const allow = await refuseInserts(db, 'jobs', 'kind', kind);
      try {
        expect((await request()).status).toBe(500);
      } finally {
        await allow();
      }
    };
    const account = async () => (await browser.get<Record<string, unknown>>('/api/account')).body;

    const change = {
      currentPassword: MEMBER_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    await refused('account.password-changed', () => browser.post('/api/account/password', change));
    expect((await signIn(email, MEMBER_PASSWORD)).status).toBe(200);
    expect((await browser.post('/api/account/password', change)).status).toBe(200);
    expect(
      (await db.execute(sql`select 1 from jobs where kind = 'account.password-changed'`)).rows,
    ).toHaveLength(1);

    const newEmail = `both${++n}.${process.pid}@garage.example.com`;
    const ask = () => browser.post('/api/account/email', { email: newEmail, currentPassword: NEW_PASSWORD });
    await refused('account.confirm-email', ask);
    expect(await account()).toMatchObject({ pendingEmail: null });
    expect((await ask()).status).toBe(202);
    await t.runJobs();
    const token = linkToken((await t.mailTo(newEmail))[0]!.text, '/confirm-email-change');
    const confirm = () => new TestBrowser(t, '192.0.2.201').post('/api/account/email/confirm', { token });
    await refused('account.email-changed', confirm);
    expect(await account()).toMatchObject({ email, pendingEmail: newEmail });
    expect((await confirm()).status).toBe(200);
    expect(await account()).toMatchObject({ email: newEmail });

    await refused('account.export', () => browser.post('/api/account/export'));
    expect(await account()).toMatchObject({ dataExport: null });
    expect((await browser.post('/api/account/export')).status).toBe(202);
    expect(await account()).toMatchObject({ dataExport: { status: 'preparing' } });

    const { secret } = (
      await browser.post<{ secret: string }>('/api/account/two-factor/start', {
        currentPassword: NEW_PASSWORD,
      })
    ).body;
    await refused('account.two-factor-changed', async () =>
      browser.post('/api/account/two-factor/enable', { code: await generate({ secret }) }),
    );
    expect(await account()).toMatchObject({ twoFactorEnabled: false });
  });

  it('refuses an expired link and says nothing of another account’s address', async () => {
    const first = await signedInMember(t);
    const second = await signedInMember(t);

    // Another member's address: the same answer and the same account as for a free address; that
    // address gets no link, and its owner is told in their language.
    await t.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, second.id));
    const free = `free${++n}.${process.pid}@garage.example.com`;
    const seen: unknown[] = [];
    for (const email of [free, second.email]) {
      const asked = await first.browser.post('/api/account/email', {
        email,
        currentPassword: MEMBER_PASSWORD,
      });
      await t.runJobs();
      const account = (await first.browser.get<Record<string, unknown>>('/api/account')).body;
      seen.push({
        status: asked.status,
        body: asked.body,
        ...account,
        pendingEmail: account.pendingEmail === email,
      });
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]).toMatchObject({ status: 202, pendingEmail: true });
    const toSecond = await t.mailTo(second.email);
    expect(toSecond.filter((mail) => mail.text.includes('/confirm-email-change'))).toEqual([]);
    expect(toSecond.map((mail) => mail.subject)).toContain(
      'Alguien pidió usar tu dirección de correo en ModMarket',
    );

    const newEmail = `late${++n}.${process.pid}@garage.example.com`;
    await first.browser.post('/api/account/email', { email: newEmail, currentPassword: MEMBER_PASSWORD });
    await t.runJobs();
    const token = linkToken((await t.mailTo(newEmail))[0]!.text, '/confirm-email-change');
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.email, newEmail));
    const expired = await first.browser.post<ErrorBody>('/api/account/email/confirm', { token });
    expect(expired.body.error.code).toBe('LINK_EXPIRED');
    expect((await first.browser.get('/api/account')).body).toMatchObject({ email: first.email });
  });

  it('lists signed-in browsers by what they are, and ends one or every other', async () => {
    const { browser, email, id } = await signedInMember(t);
    const phone = await secondBrowser(email, CHROME_ANDROID);
    const laptop = await secondBrowser(email, FIREFOX_WINDOWS);

    type Listed = {
      sessions: { id: string; browser: string; os: string; device: string; current: boolean }[];
    };
    const listed = await browser.get<Listed>('/api/account/sessions');
    expect(listed.body.sessions).toHaveLength(3);
    expect(listed.body.sessions[0]!.current).toBe(true);
    const android = listed.body.sessions.find((session) => session.os === 'Android')!;
    expect(android).toMatchObject({ browser: 'Chrome', device: 'mobile', current: false });

    // Another member cannot end it.
    const stranger = await signedInMember(t);
    expect((await stranger.browser.request('DELETE', `/api/account/sessions/${android.id}`)).status).toBe(
      404,
    );
    expect(await signedInAs(phone)).toBe(email);

    expect((await browser.request('DELETE', `/api/account/sessions/${android.id}`)).status).toBe(200);
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(laptop)).toBe(email);

    const others = await browser.post<{ ended: number }>('/api/account/sessions/end-others');
    expect(others.body.ended).toBe(1);
    expect(await signedInAs(laptop)).toBeNull();
    expect(await signedInAs(browser)).toBe(email);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(left).toHaveLength(1);
  });

  it('reads browsers, systems and devices from user agents', () => {
    expect(describeUserAgent(CHROME_ANDROID)).toEqual({ browser: 'Chrome', os: 'Android', device: 'mobile' });
    expect(describeUserAgent(FIREFOX_WINDOWS)).toEqual({
      browser: 'Firefox',
      os: 'Windows',
      device: 'desktop',
    });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: 'desktop' });
  });
});

describe('two-step sign-in', () => {
  /** A code from the app `steps` 30-second steps from now. */
  const codeFor = (secret: string, steps = 0): Promise<string> =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

  async function enrolled() {
    const member = await signedInMember(t);
    const wrongPassword = await member.browser.post<ErrorBody>('/api/account/two-factor/start', {
      currentPassword: 'Not-mine-1!',
    });
    expect(wrongPassword.body.error.fields?.currentPassword).toBeDefined();
    const started = await member.browser.post<{ secret: string; uri: string; qrSvg: string }>(
      '/api/account/two-factor/start',
      { currentPassword: MEMBER_PASSWORD },
    );
    expect(started.status).toBe(200);
    const { secret } = started.body;
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/ModMarket:/);
    expect(started.body.qrSvg).toMatch(/^<svg/);
    const wrong = await member.browser.post<ErrorBody>('/api/account/two-factor/enable', { code: '000000' });
    expect(wrong.body.error.fields?.code).toBe('That code does not work. Check your app and try again.');
    const enabled = await member.browser.post<{ recoveryCodes: string[] }>('/api/account/two-factor/enable', {
      code: await codeFor(secret),
    });
    expect(enabled.status).toBe(200);
    return { ...member, secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  it('turns on with the password and a code from the app, with ten recovery codes kept hashed', async () => {
    const { browser, id, secret, recoveryCodes, email } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, id));
    expect(stored[0]!.secret).not.toContain(secret);
    expect(stored[0]!.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect((await browser.get('/api/account')).body).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    const again = await browser.post<ErrorBody>('/api/account/two-factor/start', {
      currentPassword: MEMBER_PASSWORD,
    });
    expect(again.body.error.code).toBe('TWO_FACTOR_ON');
    await t.runJobs();
    expect((await t.mailTo(email)).some((mail) => mail.subject.startsWith('Two-step sign-in is on'))).toBe(
      true,
    );
  });

  it('asks for the code after the password; a code works once, a recovery code once', async () => {
    const { email, secret, recoveryCodes } = await enrolled();
    const browser = new TestBrowser(t, `192.0.2.${++n}`);
    const first = await browser.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    expect(first.body).toEqual({ twoFactor: true });
    expect(await signedInAs(browser)).toBeNull();

    const wrong = await browser.post<ErrorBody>('/api/auth/two-factor', { code: '123456' });
    expect(wrong.status).toBe(400);
    // The enrolment's code was used: it does not work again.
    expect((await browser.post('/api/auth/two-factor', { code: await codeFor(secret) })).status).toBe(400);
    const next = await codeFor(secret, 1);
    const signedIn = await browser.post<{ user: { email: string } }>('/api/auth/two-factor', { code: next });
    expect(signedIn.body.user.email).toBe(email);
    expect(await signedInAs(browser)).toBe(email);

    const another = new TestBrowser(t, `192.0.2.${++n}`);
    await another.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    expect((await another.post('/api/auth/two-factor', { code: next })).status).toBe(400);
    const recovery = recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    expect((await another.post('/api/auth/two-factor', { code: recovery })).status).toBe(200);

    const third = new TestBrowser(t, `192.0.2.${++n}`);
    await third.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    expect((await third.post('/api/auth/two-factor', { code: recoveryCodes[3] })).status).toBe(400);
  });

  it('ends a waiting sign-in after five wrong codes, and without its cookie there is none', async () => {
    const { email, secret } = await enrolled();
    const stranger = new TestBrowser(t, `192.0.2.${++n}`);
    const none = await stranger.post<ErrorBody>('/api/auth/two-factor', { code: await codeFor(secret, 1) });
    expect(none.body.error.code).toBe('SIGN_IN_EXPIRED');

    const browser = new TestBrowser(t, `192.0.2.${++n}`);
    await browser.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    for (let i = 0; i < 5; i++)
      expect((await browser.post('/api/auth/two-factor', { code: `00000${i}` })).status).toBe(400);
    const late = await browser.post<ErrorBody>('/api/auth/two-factor', { code: await codeFor(secret, 1) });
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('SIGN_IN_EXPIRED');
  });

  it('refuses app codes for a key sealed under another SECRETS_KEY, and still takes recovery codes', async () => {
    const { email, id, secret, recoveryCodes } = await enrolled();
    const { sealSecret } = await import('@server/security/encryption');
    const { randomBytes } = await import('node:crypto');
    await t.database.db
      .update(twoFactors)
      .set({ secret: sealSecret(secret, randomBytes(32)) })
      .where(eq(twoFactors.userId, id));
    const browser = new TestBrowser(t, `192.0.2.${++n}`);
    await browser.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    expect((await browser.post('/api/auth/two-factor', { code: await codeFor(secret, 1) })).status).toBe(400);
    expect((await browser.post('/api/auth/two-factor', { code: recoveryCodes[0] })).status).toBe(200);
  });

  it('asks for a code to change the email address, as signing in does', async () => {
    const { browser, secret, recoveryCodes } = await enrolled();
    const newEmail = `twostep${++n}.${process.pid}@garage.example.com`;
    const noCode = await browser.post<ErrorBody>('/api/account/email', {
      email: newEmail,
      currentPassword: MEMBER_PASSWORD,
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.fields?.code).toBe('Please enter the code.');
    const wrong = await browser.post<ErrorBody>('/api/account/email', {
      email: newEmail,
      currentPassword: MEMBER_PASSWORD,
      code: '000000',
    });
    expect(wrong.body.error.fields?.code).toBe('That code does not work. Check your app and try again.');
    await t.runJobs();
    expect(await t.mailTo(newEmail)).toEqual([]);
    const asked = await browser.post('/api/account/email', {
      email: newEmail,
      currentPassword: MEMBER_PASSWORD,
      code: await codeFor(secret, 1),
    });
    expect(asked.status).toBe(202);
    const again = await browser.post('/api/account/email', {
      email: newEmail,
      currentPassword: MEMBER_PASSWORD,
      code: recoveryCodes[0],
    });
    expect(again.status).toBe(202);
    await t.runJobs();
    expect(await t.mailTo(newEmail)).toHaveLength(2);
  });

  it('locks the second step for 15 minutes after five wrong codes, and emails the member in their language', async () => {
    const { email, id, secret } = await enrolled();
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, id));
    // Five wrong codes over two sign-ins (each sign-in takes five at most).
    const first = new TestBrowser(t, `192.0.2.${++n}`);
    await first.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    for (let i = 0; i < 3; i++)
      expect((await first.post('/api/auth/two-factor', { code: `11111${i}` })).status).toBe(400);
    const second = new TestBrowser(t, `192.0.2.${++n}`, 'es');
    await second.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    for (let i = 0; i < 2; i++)
      expect((await second.post('/api/auth/two-factor', { code: `22222${i}` })).status).toBe(400);

    // Now even the right code is refused, with a translated message.
    const locked = await second.post<ErrorBody>('/api/auth/two-factor', { code: await codeFor(secret, 1) });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('TWO_FACTOR_LOCKED');
    expect(locked.body.error.message).toBe(
      'Demasiados códigos incorrectos. El inicio de sesión en dos pasos de esta cuenta está en pausa: inténtalo de nuevo en 15 minutos.',
    );
    expect(await signedInAs(second)).toBeNull();

    await t.runJobs();
    const warnings = (await t.mailTo(email)).filter((mail) => mail.subject === '有人知道您的 ModMarket 密码');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain('15 分钟');

    // Fifteen minutes later the right code works, and the count starts again.
    await t.database.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `two-factor-failures:${id}`));
    const later = new TestBrowser(t, `192.0.2.${++n}`);
    await later.post('/api/auth/sign-in', { email, password: MEMBER_PASSWORD });
    expect((await later.post('/api/auth/two-factor', { code: await codeFor(secret, 1) })).status).toBe(200);
  });

  it('turns off only with the password and a code', async () => {
    const { browser, secret, email } = await enrolled();
    const noCode = await browser.post<ErrorBody>('/api/account/two-factor/disable', {
      currentPassword: MEMBER_PASSWORD,
      code: '999999',
    });
    expect(noCode.body.error.fields?.code).toBeDefined();
    const noPassword = await browser.post<ErrorBody>('/api/account/two-factor/disable', {
      currentPassword: 'Wrong-pass-1!',
      code: await codeFor(secret, 1),
    });
    expect(noPassword.body.error.fields?.currentPassword).toBeDefined();
    const off = await browser.post('/api/account/two-factor/disable', {
      currentPassword: MEMBER_PASSWORD,
      code: await codeFor(secret, 1),
    });
    expect(off.status).toBe(200);
    const plain = new TestBrowser(t, `192.0.2.${++n}`);
    const signedIn = await plain.post<{ user?: unknown }>('/api/auth/sign-in', {
      email,
      password: MEMBER_PASSWORD,
    });
    expect(signedIn.body.user).toBeDefined();
  });
});
