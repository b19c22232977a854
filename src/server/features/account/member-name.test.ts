import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { expectStatus, okBody } from '../../../test/test-browser';

/**
 * Sign-up asks for no name: a member gives it the first time something of theirs shows them to others.
 * Until then the server refuses those actions (NAME_REQUIRED) and allows the rest.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a member without a name', () => {
  it('browses, saves and favourites, and is asked for a name before messaging, offering, listing or posting', async () => {
    const seller = await signedInMember(t, { firstName: 'Ines', lastName: 'Ortega' });
    const listing = await okBody(
      seller.browser.api.listings.$post({ json: { ...partInput('Turbo manifold'), negotiable: true } }),
    );
    const newcomer = await signedInMember(t, { named: false });
    const session = await okBody(newcomer.browser.api.auth.session.$get());
    expect(session.user).toMatchObject({ firstName: null, lastName: null });

    // What does not show them to anyone works at once.
    expect((await newcomer.browser.request('PUT', `/api/favourites/${listing.id}`)).status).toBeLessThan(300);
    expect((await newcomer.browser.request('GET', `/api/listings/${listing.id}`)).status).toBe(200);

    // Each of these would carry their name: refused with a stable code, in the asker's language.
    const refused = [
      ['POST', `/api/listings/${listing.id}/messages`, { content: 'Is it still available?' }],
      ['POST', `/api/listings/${listing.id}/offers`, { amountCents: 9000, note: '' }],
      ['POST', '/api/listings', partInput('Oil cooler')],
      ['POST', '/api/community/posts', { title: 'My S15', description: 'Fresh coilovers.' }],
    ] as const;
    for (const [method, path, body] of refused) {
      const answer = await newcomer.browser.request<{ error: { code: string; message: string } }>(
        method,
        path,
        body,
        { 'Accept-Language': 'es' },
      );
      expectStatus(answer, 403);
      expect(answer.body.error).toEqual({
        code: 'NAME_REQUIRED',
        message: 'Primero añade tu nombre: compradores y vendedores lo ven en lo que envías y publicas.',
      });
    }

    // A blank name is refused field by field; nothing is written.
    const blank = await newcomer.browser.request<{ error: { fields: Record<string, string> } }>(
      'PUT',
      '/api/account/name',
      { firstName: '  ', lastName: '' },
    );
    expectStatus(blank, 400);
    expect(blank.body.error.fields).toEqual({
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
    });

    const named = await newcomer.browser.request('PUT', '/api/account/name', {
      firstName: ' Mika ',
      lastName: 'Hakkinen',
    });
    expectStatus(named, 200);
    expect(named.body).toMatchObject({ firstName: 'Mika', lastName: 'Hakkinen' });
    const row = (await t.database.db.select().from(users).where(eq(users.id, newcomer.id)))[0]!;
    expect(row).toMatchObject({ firstName: 'Mika', lastName: 'Hakkinen', name: 'Mika Hakkinen' });
    const profile = await t.database.db.select().from(profiles).where(eq(profiles.userId, newcomer.id));
    expect(profile[0]?.displayName).toBe('Mika Hakkinen');

    // Now the message goes, and the seller sees who sent it (first name and last initial).
    const sent = await newcomer.browser.request<{ conversationId: string }>(
      'POST',
      `/api/listings/${listing.id}/messages`,
      { content: 'Is it still available?' },
    );
    expectStatus(sent, 201);
    const inbox = await seller.browser.request<{ conversations: { otherMember: { name: string | null } }[] }>(
      'GET',
      '/api/conversations',
    );
    expect(inbox.body.conversations[0]?.otherMember.name).toBe('Mika H.');
  });

  it('answers a visitor 401 before asking for a name', async () => {
    const answer = await t.app.request('/api/listings', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(401);
  });
});
