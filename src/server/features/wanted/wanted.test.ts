import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListingInput } from '@common/schemas/listings';
import type { WantedInput } from '@common/schemas/wanted';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, expectStatus, okBody, readAnswer } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const part = (title: string, overrides: Partial<ListingInput> = {}): ListingInput => ({
  title,
  priceCents: 30000,
  category: 'engine',
  condition: 'good',
  make: 'Subaru',
  model: 'Impreza',
  yearStart: 2002,
  yearEnd: 2007,
  shippingCents: 2500,
  ...overrides,
});

const wanted = (title: string, overrides: Partial<WantedInput> = {}): WantedInput => ({
  title,
  category: 'engine',
  make: 'Subaru',
  model: 'Impreza',
  yearStart: 2004,
  yearEnd: 2004,
  shipsToMe: true,
  ...overrides,
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function post(member: Member, input: WantedInput) {
  const answer = await readAnswer(member.browser.api.wanted.$post({ json: input }));
  expectStatus(answer, 201);
  return answer.body;
}

async function list(member: Member, title: string, overrides: Partial<ListingInput> = {}) {
  const answer = await readAnswer(member.browser.api.listings.$post({ json: part(title, overrides) }));
  expectStatus(answer, 201);
  return answer.body.id;
}

async function matchNotes(member: Member) {
  const notes = await okBody(member.browser.api.notifications.$get({ query: { type: 'wanted_match' } }));
  return notes.notifications.map((n) => ({ ...n.data, link: n.link }));
}

describe('wanted posts', () => {
  it('are posted, edited, renewed, found and deleted by their member only; visitors browse', async () => {
    const member = await signedInMember(t, { firstName: 'Kai', lastName: 'Tanaka' });
    const other = await signedInMember(t);
    const visitor = new TestBrowser(t);

    expect((await visitor.api.wanted.$post({ json: wanted('Turbo') })).status).toBe(401);
    const bad = await readAnswer(
      member.browser.api.wanted.$post({
        json: wanted(' ', { partNumbers: ['lip'], shipsToMe: false, yearStart: 2005, yearEnd: 2001 }),
      }),
    );
    expectStatus(bad, 400);
    expect(bad.body).toMatchObject({
      error: {
        fields: {
          title: 'This field is required.',
          'partNumbers.0': expect.stringContaining('A part number has 4 to 40 letters'),
          yearEnd: 'The last year must not be before the first year.',
          zip: 'Enter your ZIP code or choose “Ships to me”.',
        },
      },
    });
    const twice = await readAnswer(
      member.browser.api.wanted.$post({
        json: wanted('Turbo', { partNumbers: ['14411-AA800', '14411aa 800'] }),
      }),
    );
    expect(twice.body).toMatchObject({
      error: { fields: { partNumbers: 'This part number is in the list twice.' } },
    });

    const created = await post(
      member,
      wanted('VF39 turbo', { partNumbers: ['14411-AA800'], zip: '97201', radius: 50, maxPriceCents: 60000 }),
    );
    expect(created).toMatchObject({
      title: 'VF39 turbo',
      partNumbers: ['14411-AA800'],
      location: 'Portland, OR',
      radius: 50,
      state: 'open',
      isOwner: true,
      member: { name: 'Kai T.', rating: { average: null, count: 0 } },
      matches: [],
    });
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // Anyone may read and browse it; only its member may change it.
    expect(await okBody(visitor.api.wanted[':id'].$get({ param: { id: created.id } }))).toMatchObject({
      isOwner: false,
    });
    const page = await okBody(visitor.api.wanted.$get({ query: { make: 'Subaru', year: '2004' } }));
    expect(page.items.map((item) => item.id)).toContain(created.id);
    expect(
      (await okBody(visitor.api.wanted.$get({ query: { year: '2010', make: 'Subaru' } }))).items,
    ).toEqual([]);
    const byNumber = await okBody(visitor.api.wanted.$get({ query: { search: '14411 aa800' } }));
    expect(byNumber.items.map((item) => item.id)).toEqual([created.id]);
    for (const call of [
      other.browser.api.wanted[':id'].$put({ param: { id: created.id }, json: wanted('Mine now') }),
      other.browser.api.wanted[':id'].renew.$post({ param: { id: created.id } }),
      other.browser.api.wanted[':id'].found.$post({ param: { id: created.id } }),
      other.browser.api.wanted[':id'].$delete({ param: { id: created.id } }),
    ])
      expect((await call).status).toBe(404);

    const edited = await okBody(
      member.browser.api.wanted[':id'].$put({
        param: { id: created.id },
        json: wanted('VF39 or VF43 turbo', { partNumbers: ['14411-AA800', '14411-AA710'] }),
      }),
    );
    expect(edited).toMatchObject({ title: 'VF39 or VF43 turbo', location: null, radius: null });

    // Expired: out of the list, renewed for 30 more days from now.
    await t.database.db.execute(
      sql`update wanted_posts set expires_at = now() - interval '1 day' where id = ${created.id}`,
    );
    expect((await okBody(visitor.api.wanted.$get({ query: { search: '14411AA800' } }))).items).toEqual([]);
    const mine = await okBody(member.browser.api.wanted.$get({ query: { mine: '1' } }));
    expect(mine.items.map((item) => [item.id, item.state])).toEqual([[created.id, 'expired']]);
    const renewed = await okBody(member.browser.api.wanted[':id'].renew.$post({ param: { id: created.id } }));
    expect(renewed.state).toBe('open');
    expect(Date.parse(renewed.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const found = await okBody(member.browser.api.wanted[':id'].found.$post({ param: { id: created.id } }));
    expect(found.state).toBe('found');
    expect((await member.browser.api.wanted[':id'].renew.$post({ param: { id: created.id } })).status).toBe(
      409,
    );
    expect((await okBody(visitor.api.wanted.$get({ query: { search: '14411AA800' } }))).items).toEqual([]);

    expect((await member.browser.api.wanted[':id'].$delete({ param: { id: created.id } })).status).toBe(200);
    expect((await visitor.api.wanted[':id'].$get({ param: { id: created.id } })).status).toBe(404);
  });

  it('tell the member at once when a listing carries their part number, however it is spelled', async () => {
    const buyer = await signedInMember(t);
    const seller = await signedInMember(t, { plan: 'platinum' });
    const wantedPost = await post(buyer, wanted('Turbo for my WRX', { partNumbers: ['14411-AA800'] }));
    const spellings = ['14411AA800', '14411 aa800', '14411.AA.800'];
    const ids: string[] = [];
    for (const [i, spelling] of spellings.entries())
      // Another make and title altogether: the number alone matches.
      ids.push(await list(seller, `IHI turbo ${i}`, { partId: spelling, make: 'Other', model: 'Any' }));
    await list(seller, 'Some other turbo', { partId: '14411-AA710', make: 'Other', model: 'Any' });
    await t.runJobs();

    const notes = await matchNotes(buyer);
    expect(notes.map((n) => n.link).sort()).toEqual(ids.map((id) => `/listing/${id}`).sort());
    expect(notes[0]).toMatchObject({ searchName: 'Turbo for my WRX' });
    const mail = (await t.mailTo(buyer.email)).filter((m) => m.subject.includes('wanted post'));
    expect(mail).toHaveLength(3);
    expect(mail[0]!.subject).toBe('A listing matches your wanted post “Turbo for my WRX”');

    // The job running again tells nobody twice; the seller sees the demand on each listing.
    await t.database.db.execute(sql`insert into jobs (kind, payload)
      select 'wanted.match-listing', jsonb_build_object('listingId', id) from listings where user_id = ${seller.id}`);
    await t.runJobs();
    expect(await matchNotes(buyer)).toHaveLength(3);
    const demand = await okBody(seller.browser.api.wanted.demand.$get());
    expect(Object.entries(demand.listings).sort()).toEqual(ids.map((id) => [id, 1]).sort());

    // A new post shows the listings already there, and tells nobody about them.
    const second = await post(buyer, wanted('Any VF39', { partNumbers: ['14411 AA 800'] }));
    expect(second.matches.map((m) => m.id).sort()).toEqual([...ids].sort());
    await t.runJobs();
    expect(await matchNotes(buyer)).toHaveLength(3);
    expect((await okBody(seller.browser.api.wanted.demand.$get())).listings[ids[0]!]).toBe(2);
    expect(wantedPost.matches).toEqual([]);
  });

  it('match by fitment and words within price, condition and place, never the member’s own', async () => {
    const buyer = await signedInMember(t, { plan: 'platinum' });
    const seller = await signedInMember(t, { plan: 'platinum' });
    await post(
      buyer,
      wanted('STI intake manifold', {
        maxPriceCents: 40000,
        conditions: ['good', 'like_new'],
        shipsToMe: false,
        zip: '97201',
        radius: 25,
      }),
    );
    await post(buyer, wanted('Up pipe', { yearStart: 2004, yearEnd: 2005 }));
    const near = { zip: '97204', shippingCents: null, localPickup: true } as const;
    const matching = await list(seller, 'Intake manifold from an STI', near);
    await list(seller, 'Intake manifold, STI, pricey', { ...near, priceCents: 45000 });
    await list(seller, 'STI intake manifold, rough', { ...near, condition: 'fair' });
    await list(seller, 'STI intake manifold in Seattle', { ...near, zip: '98101' });
    await list(seller, 'STI intake manifold, ships', { shippingCents: 2000 });
    await list(seller, 'STI manifold', near);
    await list(seller, 'STI intake manifold for a Legacy', { ...near, model: 'Legacy' });
    // Years: 2002-2007 overlaps 2004-2005; 2008-2011 does not; none said fits any.
    const upPipe = await list(seller, 'Up pipe, stainless');
    await list(seller, 'Up pipe for the newer car', { yearStart: 2008, yearEnd: 2011 });
    const anyYear = await list(seller, 'Up pipe, universal', { yearStart: null, yearEnd: null });
    await list(buyer, 'My own up pipe');
    await t.runJobs();

    expect((await matchNotes(buyer)).map((n) => n.link).sort()).toEqual(
      [matching, upPipe, anyYear].map((id) => `/listing/${id}`).sort(),
    );
  });

  it('never match between members who blocked each other; a hidden member’s posts leave the list', async () => {
    const buyer = await signedInMember(t);
    const seller = await signedInMember(t);
    await post(buyer, wanted('Blocked turbo', { partNumbers: ['15-BLOCK-99'] }));
    const theirs = await post(seller, wanted('Blocked seller wants', { partNumbers: ['15-BLOCK-98'] }));
    await okBody(buyer.browser.api.blocks.$put({ json: { memberId: seller.id } }));
    await list(seller, 'Turbo', { partId: '15BLOCK99' });
    await t.runJobs();
    expect(await matchNotes(buyer)).toEqual([]);
    const seen = await okBody(buyer.browser.api.wanted.$get({ query: { search: '15BLOCK98' } }));
    expect(seen.items).toEqual([]);
    const visitor = await okBody(new TestBrowser(t).api.wanted.$get({ query: { search: '15BLOCK98' } }));
    expect(visitor.items.map((item) => item.id)).toEqual([theirs.id]);
  });
});

describe('answers to wanted posts', () => {
  it('by plan: Bronze browses only, Gold sends 5 a month, Platinum any number; each opens a conversation', async () => {
    const buyers: Member[] = [];
    const posts = [];
    for (const i of [0, 1, 2, 3, 4, 5, 6]) {
      buyers.push(await signedInMember(t));
      posts.push(await post(buyers[i]!, wanted(`Header ${i}`)));
    }
    const bronze = await signedInMember(t);
    const gold = await signedInMember(t, { plan: 'gold' });
    const platinum = await signedInMember(t, { plan: 'platinum' });
    const goldListing = await list(gold, 'Header, equal length');
    const platinumListing = await list(platinum, 'Header, unequal length');
    const bronzeListing = await list(bronze, 'Header, stock');
    const send = (member: Member, id: string, listingId: string) =>
      readAnswer(
        member.browser.api.wanted[':id'].answers.$post({
          param: { id },
          json: { listingId, content: 'I have this one, want photos?' },
        }),
      );

    const refused = await send(bronze, posts[0]!.id, bronzeListing);
    expectStatus(refused, 403);
    expect(refused.body).toMatchObject({ error: { code: 'WANTED_ANSWER_PLAN' } });
    expect(
      (await okBody(bronze.browser.api.wanted[':id'].$get({ param: { id: posts[0]!.id } }))).answers,
    ).toEqual({
      used: 0,
      limit: 0,
      conversationId: null,
    });

    for (const i of [0, 1, 2, 3, 4]) {
      const sent = await send(gold, posts[i]!.id, goldListing);
      expectStatus(sent, 201);
      expect(sent.body.answers).toMatchObject({ used: i + 1, limit: 5 });
    }
    // A second answer to the same post continues its conversation and counts nothing.
    const again = await send(gold, posts[0]!.id, goldListing);
    expectStatus(again, 201);
    expect(again.body.answers.used).toBe(5);
    const sixth = await readAnswer(
      gold.browser.api.wanted[':id'].answers.$post(
        { param: { id: posts[5]!.id }, json: { listingId: goldListing, content: 'Mine too' } },
        { headers: { 'Accept-Language': 'es' } },
      ),
    );
    expectStatus(sixth, 403);
    expect(sixth.body).toMatchObject({
      error: {
        code: 'WANTED_ANSWER_LIMIT',
        message:
          'Tu plan te permite responder a 5 solicitudes de piezas al mes. Pasa a Platinum para responder a más.',
      },
    });
    // Refused whole: no conversation was opened for it.
    const inbox = await okBody(buyers[5]!.browser.api.conversations.$get({ query: {} }));
    expect(inbox.conversations).toEqual([]);

    // Last month's answers do not count.
    await t.database.db.execute(
      sql`update wanted_answers set created_at = date_trunc('month', now()) - interval '1 day' where seller_id = ${gold.id}`,
    );
    expectStatus(await send(gold, posts[5]!.id, goldListing), 201);

    for (const i of [0, 1, 2, 3, 4, 5, 6])
      expectStatus(await send(platinum, posts[i]!.id, platinumListing), 201);

    // The buyer has the seller's message, about the seller's listing.
    const conversations = await okBody(buyers[0]!.browser.api.conversations.$get({ query: {} }));
    expect(conversations.conversations.map((c) => c.listing.title).sort()).toEqual([
      'Header, equal length',
      'Header, unequal length',
    ]);
  });

  it('are refused for the member’s own post, a closed post, and another seller’s or a sold listing', async () => {
    const buyer = await signedInMember(t);
    const gold = await signedInMember(t, { plan: 'gold' });
    const other = await signedInMember(t, { plan: 'gold' });
    const created = await post(buyer, wanted('Radiator'));
    const mine = await post(gold, wanted('Radiator of my own'));
    const listing = await list(gold, 'Radiator, aluminium');
    const elsewhere = await list(other, 'Radiator, copper');
    const send = (id: string, listingId: string) =>
      readAnswer(
        gold.browser.api.wanted[':id'].answers.$post({ param: { id }, json: { listingId, content: 'Hi' } }),
      );

    expect((await send(mine.id, listing)).body).toMatchObject({ error: { code: 'WANTED_OWN' } });
    expectStatus(await send(created.id, elsewhere), 404);
    const sold = await list(gold, 'Radiator, sold already');
    await okBody(
      gold.browser.api.listings[':id'].status.$patch({ param: { id: sold }, json: { isSold: true } }),
    );
    expect((await send(created.id, sold)).body).toMatchObject({ error: { code: 'LISTING_SOLD' } });
    await okBody(buyer.browser.api.wanted[':id'].found.$post({ param: { id: created.id } }));
    const closed = await send(created.id, listing);
    expectStatus(closed, 409);
    expect(closed.body).toMatchObject({ error: { code: 'WANTED_CLOSED' } });
    expect(
      (await okBody(gold.browser.api.wanted[':id'].$get({ param: { id: created.id } }))).answers?.used,
    ).toBe(0);
  });
});

describe('reported wanted posts', () => {
  it('reach the moderation desk, which hides one from the list while its member still sees it', async () => {
    const member = await signedInMember(t, { firstName: 'Wes', lastName: 'Tant' });
    const reporter = await signedInMember(t);
    const moderator = await signedInMember(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, moderator.id));
    const created = await post(
      member,
      wanted('Cheap parts, DM me', { description: 'Send me your card number' }),
    );
    expectStatus(
      await readAnswer(
        reporter.browser.api.reports.$post({
          json: { kind: 'wanted', targetId: created.id, reason: 'scam' },
        }),
      ),
      201,
    );
    const queue = await okBody(moderator.browser.api.admin.reports.$get({ query: {} }));
    const report = queue.items.find((item) => item.content.id === created.id)!;
    expect(report).toMatchObject({
      kind: 'wanted',
      subject: { id: member.id },
      content: {
        kind: 'wanted',
        title: 'Cheap parts, DM me',
        description: 'Send me your card number',
        hidden: false,
      },
    });
    const act = (action: 'hide-wanted' | 'hide-listing') =>
      moderator.browser.api.admin.reports[':id'].action.$post({ param: { id: report.id }, json: { action } });
    expect((await act('hide-listing')).status).toBe(400);
    expect((await act('hide-wanted')).status).toBe(200);

    expect((await reporter.browser.api.wanted[':id'].$get({ param: { id: created.id } })).status).toBe(404);
    const mine = await okBody(member.browser.api.wanted.$get({ query: { mine: '1' } }));
    expect(mine.items.map((item) => item.state)).toEqual(['hidden']);
    expect((await member.browser.api.wanted[':id'].renew.$post({ param: { id: created.id } })).status).toBe(
      409,
    );
  });
});
