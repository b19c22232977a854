import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactInput } from '@common/schemas/contact';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus } from '../../../test/test-browser';
import { LIMITS } from '../../security/rate-limit';
import { signedInMember } from '../../../test/members';
import { contactMessages } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@modmarket.test' } });
});
afterAll(async () => {
  await t.close();
});

const message: ContactInput = {
  name: 'Dana Cruz',
  email: 'dana.cruz@garage-mail.example.com',
  topic: 'sale',
  message: 'The buyer of my intake has not answered for a week. What can I do?',
};

describe('the contact form', () => {
  it('stores the message, emails support and acknowledges the sender in their language', async () => {
    const sender = new TestBrowser(t, '198.51.100.7', 'es');
    expect((await sender.api.contact.$post({ json: message })).status).toBe(201);
    await t.runJobs();
    const support = await t.mailTo('help@modmarket.test');
    expect(support).toHaveLength(1);
    expect(support[0]!.subject).toBe('Contact form: sale from Dana Cruz');
    expect(support[0]!.text).toContain('> The buyer of my intake has not answered for a week.');
    expect(support[0]!.text).toContain('mailto:dana.cruz@garage-mail.example.com');
    const ack = await t.mailTo(message.email);
    expect(ack).toHaveLength(1);
    expect(ack[0]!.subject).toBe('Hemos recibido tu mensaje');
    // The acknowledgement quotes nothing the sender wrote (anyone can type any address)...
    expect(ack[0]!.text).not.toContain('intake');
    expect(ack[0]!.html).not.toContain('intake');
    // ...and one address gets at most one a day.
    expect((await new TestBrowser(t, '198.51.100.17').api.contact.$post({ json: message })).status).toBe(201);
    await t.runJobs();
    expect(await t.mailTo(message.email)).toHaveLength(1);
    expect(await t.mailTo('help@modmarket.test')).toHaveLength(2);
  });

  it('marks messages from Gold and Platinum members priority, in the record and the subject', async () => {
    const sent: Record<string, string> = {};
    for (const plan of ['bronze', 'gold', 'platinum'] as const) {
      const member = await signedInMember(t, { firstName: `Priority${plan}`, plan });
      const name = `${plan} member`;
      expect((await member.browser.api.contact.$post({ json: { ...message, name } })).status).toBe(201);
      sent[plan] = name;
    }
    await t.runJobs();
    const rows = await t.database.db.select().from(contactMessages);
    const priority = (name: string) => rows.find((row) => row.name === name)?.priority;
    expect([priority(sent.bronze!), priority(sent.gold!), priority(sent.platinum!)]).toEqual([
      false,
      true,
      true,
    ]);
    // A visitor's message (the first test's) is not priority either.
    expect(rows.filter((row) => row.name === message.name).every((row) => !row.priority)).toBe(true);

    const subjects = (await t.mailTo('help@modmarket.test')).map((mail) => mail.subject);
    expect(subjects).toContain('Contact form: sale from bronze member');
    expect(subjects).toContain('[Priority] Contact form: sale from gold member');
    expect(subjects).toContain('[Priority] Contact form: sale from platinum member');
    const platinum = (await t.mailTo('help@modmarket.test')).find((mail) =>
      mail.subject.includes('platinum member'),
    );
    expect(platinum?.text).toContain('a member with priority support');
  });

  it('answers bad input field by field, translated', async () => {
    // A topic the types do not allow.
    const response = await new TestBrowser(t, '198.51.100.8').request('POST', '/api/contact', {
      name: '',
      email: 'not-an-email',
      topic: 'spam',
      message: 'short',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        fields: {
          name: 'This field is required.',
          email: 'Please enter a valid email address',
          topic: 'This field is required.',
          message: 'Please write at least 10 characters.',
        },
      },
    });
  });

  it('is limited per client address', async () => {
    const busy = new TestBrowser(t, '198.51.100.9');
    for (let i = 0; i < LIMITS.contactForm.max; i++)
      expect((await busy.api.contact.$post({ json: message })).status).toBe(201);
    const refused = await readAnswer(busy.api.contact.$post({ json: message }));
    expectStatus(refused, 429);
    expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await new TestBrowser(t, '198.51.100.10').api.contact.$post({ json: message })).status).toBe(201);
  });
});
