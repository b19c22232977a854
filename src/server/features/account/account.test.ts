import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { emailChanges, rateLimits, sessions, twoFactors, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  TestBrowser,
  linkToken,
  readAnswer,
  expectStatus,
  okBody,
  failureBody,
} from '../../../test/test-browser';
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
  const signedIn = await readAnswer(
    browser.api.auth['sign-in'].$post(
      { json: { email, password } },
      { headers: { 'User-Agent': userAgent } },
    ),
  );
  expectStatus(signedIn, 200);
  return browser;
}

async function signedInAs(browser: TestBrowser): Promise<string | null> {
  const session = await okBody(browser.api.auth.session.$get());
  return session.user?.email ?? null;
}

function signIn(email: string, password: string) {
  return readAnswer(
    new TestBrowser(t, `192.0.2.${++n}`).api.auth['sign-in'].$post({ json: { email, password } }),
  );
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
      // A walk over the account's endpoints, by path.
      const response = await visitor.request<ErrorBody>(method, path, method === 'GET' ? undefined : {});
      expect(response.status, path).toBe(401);
    }
    const link = await failureBody(
      visitor.api.account.email.confirm.$post({ json: { token: 'x'.repeat(32) } }),
    );
    expect(link.error.code).toBe('LINK_INVALID');
  });

  it('changes names and phone with the sign-up rules, in the asker’s language', async () => {
    const { browser, email } = await signedInMember(t);
    expect(await okBody(browser.api.account.$get())).toMatchObject({
      email,
      firstName: 'Sam',
      phone: null,
      hasPassword: true,
      pendingEmail: null,
    });
    const saved = await readAnswer(
      browser.api.account.details.$put({
        json: {
          firstName: ' Lena ',
          lastName: 'Okafor',
          phone: '(415) 867-2309',
          currentPassword: MEMBER_PASSWORD,
        },
      }),
    );
    expect(saved.body).toMatchObject({ firstName: 'Lena', lastName: 'Okafor', phone: '4158672309' });
    expect((await okBody(browser.api.auth.session.$get())).user?.firstName).toBe('Lena');

    const spanish = new TestBrowser(t, browser.ip, 'es');
    for (const [key, value] of browser.cookies) spanish.cookies.set(key, value);
    const refused = await readAnswer(
      spanish.api.account.details.$put({
        json: {
          firstName: '',
          lastName: 'Okafor',
          phone: '555 555 5555',
        },
      }),
    );
    expectStatus(refused, 400);
    expect(refused.body.error.fields?.firstName).toMatch(/nombre/i);
    expect(Object.keys(refused.body.error.fields ?? {})).toContain('phone');
  });

  it('changes the phone number only with the current password; names alone need none', async () => {
    const { browser } = await signedInMember(t);
    const names = await readAnswer(
      browser.api.account.details.$put({ json: { firstName: 'Ada', lastName: 'Moss' } }),
    );
    expectStatus(names, 200);
    const details = { firstName: 'Ada', lastName: 'Moss', phone: '(415) 867-2309' };
    const none = await readAnswer(browser.api.account.details.$put({ json: details }));
    expectStatus(none, 400);
    expect(none.body.error.fields?.currentPassword).toBe('Please enter your current password.');
    const wrong = await failureBody(
      browser.api.account.details.$put({
        json: {
          ...details,
          currentPassword: 'Wrong-pass-1!',
        },
      }),
    );
    expect(wrong.error.fields?.currentPassword).toBeDefined();
    expect((await okBody(browser.api.account.$get())).phone).toBeNull();
    const saved = await readAnswer(
      browser.api.account.details.$put({ json: { ...details, currentPassword: MEMBER_PASSWORD } }),
    );
    expect(saved.body).toMatchObject({ phone: '4158672309' });
    // The same number, written another way, is no change; removing it is one.
    expect(
      (await browser.api.account.details.$put({ json: { ...details, phone: '415 867 2309' } })).status,
    ).toBe(200);
    const removed = await failureBody(browser.api.account.details.$put({ json: { ...details, phone: '' } }));
    expect(removed.error.fields?.currentPassword).toBeDefined();
  });

  it('changes the password with the current one; other sessions end, this one stays, an email tells', async () => {
    const { browser, email } = await signedInMember(t);
    const other = await secondBrowser(email);

    const wrong = await readAnswer(
      browser.api.account.password.$post({
        json: {
          currentPassword: 'not-it-1A!',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      }),
    );
    expectStatus(wrong, 400);
    expect(wrong.body.error.fields?.currentPassword).toBe('That is not your current password.');

    const weak = await failureBody(
      browser.api.account.password.$post({
        json: {
          currentPassword: MEMBER_PASSWORD,
          password: 'short',
          confirmPassword: 'short',
        },
      }),
    );
    expect(Object.keys(weak.error.fields ?? {})).toEqual(['password']);
    const common = await failureBody(
      browser.api.account.password.$post({
        json: {
          currentPassword: MEMBER_PASSWORD,
          password: 'Password1!',
          confirmPassword: 'Password1!',
        },
      }),
    );
    expect(common.error.fields?.password).toMatch(/common/i);
    expect(await signedInAs(other)).toBe(email);

    const changed = await readAnswer(
      browser.api.account.password.$post({
        json: {
          currentPassword: MEMBER_PASSWORD,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      }),
    );
    expectStatus(changed, 200);
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
      const response = await readAnswer(
        browser.api.account.password.$post({
          json: {
            currentPassword: `Wrong-${i}-pass!`,
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          },
        }),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 8).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('changes the email only once the new address confirms; the old one is told and can undo', async () => {
    const { browser, email } = await signedInMember(t);
    const newEmail = `moved${++n}.${process.pid}@garage.example.com`;

    const same = await failureBody(
      browser.api.account.email.$post({
        json: {
          email,
          currentPassword: MEMBER_PASSWORD,
        },
      }),
    );
    expect(same.error.fields?.email).toBe('This is already your email address.');
    const wrong = await failureBody(
      browser.api.account.email.$post({
        json: {
          email: newEmail,
          currentPassword: 'Wrong-pass-1!',
        },
      }),
    );
    expect(wrong.error.fields?.currentPassword).toBeDefined();

    // Two requests: only the newest link works.
    for (let i = 0; i < 2; i++) {
      const asked = await readAnswer(
        browser.api.account.email.$post({
          json: {
            email: newEmail,
            currentPassword: MEMBER_PASSWORD,
          },
        }),
      );
      expectStatus(asked, 202);
      await t.runJobs();
    }
    const links = (await t.mailTo(newEmail)).map((mail) => linkToken(mail.text, '/confirm-email-change'));
    expect(links).toHaveLength(2);
    expect(await okBody(browser.api.account.$get())).toMatchObject({ email, pendingEmail: newEmail });
    // Not yet: the account still signs in with its old address only.
    expect((await signIn(newEmail, MEMBER_PASSWORD)).status).toBe(401);

    const visitor = new TestBrowser(t, '192.0.2.200');
    const stale = await failureBody(visitor.api.account.email.confirm.$post({ json: { token: links[0]! } }));
    expect(stale.error.code).toBe('LINK_INVALID');
    const confirmed = await readAnswer(
      visitor.api.account.email.confirm.$post({ json: { token: links[1]! } }),
    );
    expect(confirmed.body).toEqual({ email: newEmail });
    expect((await visitor.api.account.email.confirm.$post({ json: { token: links[1]! } })).status).toBe(400);

    expect((await signIn(newEmail, MEMBER_PASSWORD)).status).toBe(200);
    expect((await signIn(email, MEMBER_PASSWORD)).status).toBe(401);
    expect(await signedInAs(browser)).toBe(newEmail);

    await t.runJobs();
    const notice = (await t.mailTo(email)).find((mail) => mail.subject.includes('email address was changed'));
    expect(notice?.text).toContain(newEmail);
    const undo = linkToken(notice!.text, '/undo-email-change');
    const undone = await readAnswer(visitor.api.account.email.undo.$post({ json: { token: undo } }));
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
    const account = async () => await okBody(browser.api.account.$get());

    const change = {
      currentPassword: MEMBER_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    await refused('account.password-changed', () =>
      readAnswer(browser.api.account.password.$post({ json: change })),
    );
    expect((await signIn(email, MEMBER_PASSWORD)).status).toBe(200);
    expect((await browser.api.account.password.$post({ json: change })).status).toBe(200);
    expect(
      (await db.execute(sql`select 1 from jobs where kind = 'account.password-changed'`)).rows,
    ).toHaveLength(1);

    const newEmail = `both${++n}.${process.pid}@garage.example.com`;
    const ask = () =>
      readAnswer(
        browser.api.account.email.$post({ json: { email: newEmail, currentPassword: NEW_PASSWORD } }),
      );
    await refused('account.confirm-email', ask);
    expect(await account()).toMatchObject({ pendingEmail: null });
    expect((await ask()).status).toBe(202);
    await t.runJobs();
    const token = linkToken((await t.mailTo(newEmail))[0]!.text, '/confirm-email-change');
    const confirm = () =>
      readAnswer(new TestBrowser(t, '192.0.2.201').api.account.email.confirm.$post({ json: { token } }));
    await refused('account.email-changed', confirm);
    expect(await account()).toMatchObject({ email, pendingEmail: newEmail });
    expect((await confirm()).status).toBe(200);
    expect(await account()).toMatchObject({ email: newEmail });

    await refused('account.export', () => readAnswer(browser.api.account.export.$post()));
    expect(await account()).toMatchObject({ dataExport: null });
    expect((await browser.api.account.export.$post()).status).toBe(202);
    expect(await account()).toMatchObject({ dataExport: { status: 'preparing' } });

    const { secret } = await okBody(
      browser.api.account['two-factor'].start.$post({
        json: {
          currentPassword: NEW_PASSWORD,
        },
      }),
    );
    await refused('account.two-factor-changed', async () =>
      readAnswer(
        browser.api.account['two-factor'].enable.$post({ json: { code: await generate({ secret }) } }),
      ),
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
      const asked = await readAnswer(
        first.browser.api.account.email.$post({
          json: {
            email,
            currentPassword: MEMBER_PASSWORD,
          },
        }),
      );
      await t.runJobs();
      const account = await okBody(first.browser.api.account.$get());
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
    await first.browser.api.account.email.$post({
      json: { email: newEmail, currentPassword: MEMBER_PASSWORD },
    });
    await t.runJobs();
    const token = linkToken((await t.mailTo(newEmail))[0]!.text, '/confirm-email-change');
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.email, newEmail));
    const expired = await failureBody(first.browser.api.account.email.confirm.$post({ json: { token } }));
    expect(expired.error.code).toBe('LINK_EXPIRED');
    expect(await okBody(first.browser.api.account.$get())).toMatchObject({ email: first.email });
  });

  it('lists signed-in browsers by what they are, and ends one or every other', async () => {
    const { browser, email, id } = await signedInMember(t);
    const phone = await secondBrowser(email, CHROME_ANDROID);
    const laptop = await secondBrowser(email, FIREFOX_WINDOWS);

    const listed = await okBody(browser.api.account.sessions.$get());
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions[0]!.current).toBe(true);
    const android = listed.sessions.find((session) => session.os === 'Android')!;
    expect(android).toMatchObject({ browser: 'Chrome', device: 'mobile', current: false });

    // Another member cannot end it.
    const stranger = await signedInMember(t);
    expect(
      (await stranger.browser.api.account.sessions[':id'].$delete({ param: { id: android.id } })).status,
    ).toBe(404);
    expect(await signedInAs(phone)).toBe(email);

    expect((await browser.api.account.sessions[':id'].$delete({ param: { id: android.id } })).status).toBe(
      200,
    );
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(laptop)).toBe(email);

    const others = await okBody(browser.api.account.sessions['end-others'].$post());
    expect(others.ended).toBe(1);
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
    const wrongPassword = await failureBody(
      member.browser.api.account['two-factor'].start.$post({
        json: {
          currentPassword: 'Not-mine-1!',
        },
      }),
    );
    expect(wrongPassword.error.fields?.currentPassword).toBeDefined();
    const started = await readAnswer(
      member.browser.api.account['two-factor'].start.$post({ json: { currentPassword: MEMBER_PASSWORD } }),
    );
    expectStatus(started, 200);
    const { secret } = started.body;
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/ModMarket:/);
    expect(started.body.qrSvg).toMatch(/^<svg/);
    const wrong = await failureBody(
      member.browser.api.account['two-factor'].enable.$post({ json: { code: '000000' } }),
    );
    expect(wrong.error.fields?.code).toBe('That code does not work. Check your app and try again.');
    const enabled = await readAnswer(
      member.browser.api.account['two-factor'].enable.$post({
        json: {
          code: await codeFor(secret),
        },
      }),
    );
    expectStatus(enabled, 200);
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
    expect(await okBody(browser.api.account.$get())).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    const again = await failureBody(
      browser.api.account['two-factor'].start.$post({
        json: {
          currentPassword: MEMBER_PASSWORD,
        },
      }),
    );
    expect(again.error.code).toBe('TWO_FACTOR_ON');
    await t.runJobs();
    expect((await t.mailTo(email)).some((mail) => mail.subject.startsWith('Two-step sign-in is on'))).toBe(
      true,
    );
  });

  it('asks for the code after the password; a code works once, a recovery code once', async () => {
    const { email, secret, recoveryCodes } = await enrolled();
    const browser = new TestBrowser(t, `192.0.2.${++n}`);
    const first = await readAnswer(
      browser.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } }),
    );
    expect(first.body).toEqual({ twoFactor: true });
    expect(await signedInAs(browser)).toBeNull();

    const wrong = await readAnswer(browser.api.auth['two-factor'].$post({ json: { code: '123456' } }));
    expectStatus(wrong, 400);
    // The enrolment's code was used: it does not work again.
    expect(
      (await browser.api.auth['two-factor'].$post({ json: { code: await codeFor(secret) } })).status,
    ).toBe(400);
    const next = await codeFor(secret, 1);
    const signedIn = await okBody(browser.api.auth['two-factor'].$post({ json: { code: next } }));
    expect(signedIn.user.email).toBe(email);
    expect(await signedInAs(browser)).toBe(email);

    const another = new TestBrowser(t, `192.0.2.${++n}`);
    await another.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } });
    expect((await another.api.auth['two-factor'].$post({ json: { code: next } })).status).toBe(400);
    const recovery = recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    expect((await another.api.auth['two-factor'].$post({ json: { code: recovery } })).status).toBe(200);

    const third = new TestBrowser(t, `192.0.2.${++n}`);
    await third.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } });
    expect((await third.api.auth['two-factor'].$post({ json: { code: recoveryCodes[3]! } })).status).toBe(
      400,
    );
  });

  it('ends a waiting sign-in after five wrong codes, and without its cookie there is none', async () => {
    const { email, secret } = await enrolled();
    const stranger = new TestBrowser(t, `192.0.2.${++n}`);
    const none = await failureBody(
      stranger.api.auth['two-factor'].$post({ json: { code: await codeFor(secret, 1) } }),
    );
    expect(none.error.code).toBe('SIGN_IN_EXPIRED');

    const browser = new TestBrowser(t, `192.0.2.${++n}`);
    await browser.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } });
    for (let i = 0; i < 5; i++)
      expect((await browser.api.auth['two-factor'].$post({ json: { code: `00000${i}` } })).status).toBe(400);
    const late = await readAnswer(
      browser.api.auth['two-factor'].$post({ json: { code: await codeFor(secret, 1) } }),
    );
    expectStatus(late, 401);
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
    await browser.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } });
    expect(
      (await browser.api.auth['two-factor'].$post({ json: { code: await codeFor(secret, 1) } })).status,
    ).toBe(400);
    expect((await browser.api.auth['two-factor'].$post({ json: { code: recoveryCodes[0]! } })).status).toBe(
      200,
    );
  });

  it('asks for a code to change the email address, as signing in does', async () => {
    const { browser, secret, recoveryCodes } = await enrolled();
    const newEmail = `twostep${++n}.${process.pid}@garage.example.com`;
    const noCode = await readAnswer(
      browser.api.account.email.$post({
        json: {
          email: newEmail,
          currentPassword: MEMBER_PASSWORD,
        },
      }),
    );
    expectStatus(noCode, 400);
    expect(noCode.body.error.fields?.code).toBe('Please enter the code.');
    const wrong = await failureBody(
      browser.api.account.email.$post({
        json: {
          email: newEmail,
          currentPassword: MEMBER_PASSWORD,
          code: '000000',
        },
      }),
    );
    expect(wrong.error.fields?.code).toBe('That code does not work. Check your app and try again.');
    await t.runJobs();
    expect(await t.mailTo(newEmail)).toEqual([]);
    const asked = await readAnswer(
      browser.api.account.email.$post({
        json: {
          email: newEmail,
          currentPassword: MEMBER_PASSWORD,
          code: await codeFor(secret, 1),
        },
      }),
    );
    expectStatus(asked, 202);
    const again = await readAnswer(
      browser.api.account.email.$post({
        json: {
          email: newEmail,
          currentPassword: MEMBER_PASSWORD,
          code: recoveryCodes[0],
        },
      }),
    );
    expectStatus(again, 202);
    await t.runJobs();
    expect(await t.mailTo(newEmail)).toHaveLength(2);
  });

  it('locks the second step for 15 minutes after five wrong codes, and emails the member in their language', async () => {
    const { email, id, secret } = await enrolled();
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, id));
    // Five wrong codes over two sign-ins (each sign-in takes five at most).
    const first = new TestBrowser(t, `192.0.2.${++n}`);
    await first.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } });
    for (let i = 0; i < 3; i++)
      expect((await first.api.auth['two-factor'].$post({ json: { code: `11111${i}` } })).status).toBe(400);
    const second = new TestBrowser(t, `192.0.2.${++n}`, 'es');
    await second.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } });
    for (let i = 0; i < 2; i++)
      expect((await second.api.auth['two-factor'].$post({ json: { code: `22222${i}` } })).status).toBe(400);

    // Now even the right code is refused, with a translated message.
    const locked = await readAnswer(
      second.api.auth['two-factor'].$post({ json: { code: await codeFor(secret, 1) } }),
    );
    expectStatus(locked, 429);
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
    await later.api.auth['sign-in'].$post({ json: { email, password: MEMBER_PASSWORD } });
    expect(
      (await later.api.auth['two-factor'].$post({ json: { code: await codeFor(secret, 1) } })).status,
    ).toBe(200);
  });

  it('turns off only with the password and a code', async () => {
    const { browser, secret, email } = await enrolled();
    const noCode = await failureBody(
      browser.api.account['two-factor'].disable.$post({
        json: {
          currentPassword: MEMBER_PASSWORD,
          code: '999999',
        },
      }),
    );
    expect(noCode.error.fields?.code).toBeDefined();
    const noPassword = await failureBody(
      browser.api.account['two-factor'].disable.$post({
        json: {
          currentPassword: 'Wrong-pass-1!',
          code: await codeFor(secret, 1),
        },
      }),
    );
    expect(noPassword.error.fields?.currentPassword).toBeDefined();
    const off = await readAnswer(
      browser.api.account['two-factor'].disable.$post({
        json: {
          currentPassword: MEMBER_PASSWORD,
          code: await codeFor(secret, 1),
        },
      }),
    );
    expectStatus(off, 200);
    const plain = new TestBrowser(t, `192.0.2.${++n}`);
    const signedIn = await okBody(
      plain.api.auth['sign-in'].$post({
        json: {
          email,
          password: MEMBER_PASSWORD,
        },
      }),
    );
    expect(signedIn).toHaveProperty('user');
  });
});
