import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

const localeOf = async (id: string) =>
  (await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

describe("the member's language", () => {
  it('is kept on the account when a signed-in member switches, and the emails that follow are in it', async () => {
    // Signed up in English, as the helper's browser reads.
    const member = await signedInMember(t);
    expect(await localeOf(member.id)).toBe('en');

    const saved = await readAnswer(member.browser.api.account.language.$put({ json: { language: 'es' } }));
    expectStatus(saved, 200);
    expect(await localeOf(member.id)).toBe('es');

    // A reset asked for from a page in English still follows the account's choice.
    const visitor = new TestBrowser(t, '198.51.100.61', 'en');
    expect(
      (await visitor.api.auth['forgot-password'].$post({ json: { email: member.email, language: 'en' } }))
        .status,
    ).toBe(202);
    // So does the acknowledgement of the member's message to support.
    expect(
      (
        await member.browser.api.contact.$post({
          json: {
            name: 'Sam Rivera',
            email: member.email,
            topic: 'sale',
            message: 'The buyer of my intake has not answered for a week.',
          },
        })
      ).status,
    ).toBe(201);
    await t.runJobs();
    const subjects = (await t.mailTo(member.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Restablece tu contraseña de ModMarket');
    expect(subjects).toContain('Hemos recibido tu mensaje');
  });

  it('is for a signed-in member only, and refuses a language the site does not offer, in the asker’s words', async () => {
    const visitor = new TestBrowser(t, '198.51.100.62');
    expect((await visitor.api.account.language.$put({ json: { language: 'es' } })).status).toBe(401);

    const member = await signedInMember(t);
    // A language the types do not allow.
    const refused = await new TestBrowser(t, member.browser.ip, 'es').request<ErrorBody>(
      'PUT',
      '/api/account/language',
      { language: 'fr' },
      { Cookie: [...member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error.fields?.language).toBe('Elige uno de los idiomas disponibles.');
    expect(await localeOf(member.id)).toBe('en');
  });
});
