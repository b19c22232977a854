import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoredPhoto } from '@common/photos';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { jobs, listings, notifications, offers, rateLimits, reviews, users } from '../../db/schema';
import { testClock } from '../../../test/clock';
import { DELETION_GRACE_DAYS, DELETION_REMINDER_DAYS } from './closing';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody, failureBody } from '../../../test/test-browser';
import { MEMBER_PASSWORD, signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';

let t: TestApp;
/** The app's clock: the 30 days pass by moving it on. */
const clock = testClock();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterEach(() => clock.reset());
afterAll(async () => {
  await t.close();
});

/** Every file under a folder, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Where any text, JSON or array column of any table holds `needle`: `table.column` names. The
 * development outbox is left out: it stands in for the mail server (what is in it was delivered).
 */
async function whereFound(needle: string): Promise<string[]> {
  const columns = await t.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and table_name <> 'mail_outbox'
      and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hits = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
    );
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

async function upload(browser: TestBrowser): Promise<StoredPhoto> {
  const bytes = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();
  // A raw multipart upload, as the photo picker sends it.
  const response = await browser.upload<StoredPhoto>(
    '/api/photos',
    new File([new Uint8Array(bytes)], 'part.jpg', { type: 'image/jpeg' }),
  );
  expect(response.status).toBe(201);
  return response.body;
}

describe('deleting an account', () => {
  it('asks for the password, waits 30 days, then leaves nothing of the member but the messages and reviews they wrote', async () => {
    const leaving = await signedInMember(t, { firstName: 'Quillon', lastName: 'Zarkovsky' });
    const other = await signedInMember(t, { firstName: 'Bea', lastName: 'Lund' });
    const marker = `vortexquill${Date.now().toString(36)}`;

    // Something of theirs in every corner of the marketplace.
    await leaving.browser.api.account.details.$put({
      json: {
        firstName: 'Quillon',
        lastName: 'Zarkovsky',
        phone: '(415) 867-2309',
        currentPassword: MEMBER_PASSWORD,
      },
    });
    const photo = await upload(leaving.browser);
    const listing = await readAnswer(
      leaving.browser.api.listings.$post({
        json: {
          ...partInput(`${marker} turbo manifold`),
          photos: [photo],
        },
      }),
    );
    expectStatus(listing, 201);
    const vehicle = await readAnswer(
      leaving.browser.api.vehicles.$post({
        json: {
          make: 'Honda',
          model: 'Civic',
          year: 1999,
          licensePlate: marker.slice(0, 15),
        },
      }),
    );
    expectStatus(vehicle, 201);
    await leaving.browser.api['saved-searches'].$post({
      json: {
        name: `${marker} search`,
        query: { search: marker },
      },
    });
    const theirs = await okBody(other.browser.api.listings.$post({ json: partInput('Bea coilovers') }));
    await leaving.browser.api.favourites[':id'].$put({ param: { id: theirs.id } });
    await other.browser.api.favourites[':id'].$put({ param: { id: listing.body.id } });
    const post = await okBody(
      leaving.browser.api.community.posts.$post({
        json: {
          title: `${marker} build`,
          description: `${marker} thread`,
        },
      }),
    );
    await leaving.browser.api.community.posts[':id'].comments.$post({
      param: { id: post.id },
      json: {
        content: `${marker} note`,
      },
    });
    await other.browser.api.community.posts[':id'].like.$post({ param: { id: post.id } });
    // A conversation each way: the other member's thread must survive.
    const started = await okBody(
      leaving.browser.api.listings[':id'].messages.$post({
        param: { id: theirs.id },
        json: { content: 'Are the coilovers still available?' },
      }),
    );
    await other.browser.api.conversations[':id'].messages.$post({
      param: { id: started.conversationId },
      json: {
        content: 'Yes, come Saturday.',
      },
    });
    await other.browser.api.listings[':id'].messages.$post({
      param: { id: listing.body.id },
      json: {
        content: 'Is the manifold cracked?',
      },
    });
    // An offer of theirs the other member accepted: the part is held for them.
    const held = await okBody(other.browser.api.listings.$post({ json: partInput('Held intake') }));
    const offered = await okBody(
      leaving.browser.api.listings[':id'].offers.$post({
        param: { id: held.id },
        json: {
          amountCents: 8000,
        },
      }),
    );
    await other.browser.api.offers[':id'].answer.$post({
      param: { id: offered.id },
      json: { action: 'accept' },
    });
    expect((await okBody(other.browser.api.listings[':id'].$get({ param: { id: held.id } }))).pending).toBe(
      true,
    );
    // A review they wrote of the other member, published.
    await t.database.db.insert(reviews).values({
      listingTitle: 'Bea coilovers',
      reviewerId: leaving.id,
      subjectId: other.id,
      role: 'buyer',
      rating: 5,
      text: 'Smooth deal, well packed.',
      windowEndsAt: new Date(),
      publishedAt: new Date(),
    });
    await t.database.db.update(users).set({ ratingSum: 5, ratingCount: 1 }).where(eq(users.id, other.id));
    await t.runJobs();
    const uploadsDir = path.join(t.dataDir, 'uploads');
    expect((await filesUnder(uploadsDir)).some((file) => file.includes(photo.key))).toBe(true);

    // The password is asked for, and a wrong one deletes nothing.
    const wrong = await failureBody(
      leaving.browser.api.account.delete.$post({
        json: {
          currentPassword: 'Nope-1234!',
        },
      }),
    );
    expect(wrong.error.fields?.currentPassword).toBeDefined();
    expect((await leaving.browser.api.account.$get()).status).toBe(200);

    const deleted = await readAnswer(
      leaving.browser.api.account.delete.$post({ json: { currentPassword: MEMBER_PASSWORD } }),
    );
    expectStatus(deleted, 200);
    const due = new Date(deleted.body.deletionDueAt).getTime();
    expect(Math.abs(due - (Date.now() + DELETION_GRACE_DAYS * DAY))).toBeLessThan(60_000);
    expect((await okBody(leaving.browser.api.auth.session.$get())).user).toBeNull();
    expect((await t.mailTo(leaving.email)).at(-1)?.subject).toMatch(
      /^Your ModMarket account will be deleted on /,
    );
    // For 30 days: signed out, their listing and profile hidden, nothing erased yet.
    expect((await other.browser.api.listings[':id'].$get({ param: { id: listing.body.id } })).status).toBe(
      404,
    );
    expect((await other.browser.api.sellers[':id'].$get({ param: { id: leaving.id } })).status).toBe(404);
    const emailOf = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, leaving.id)))[0]?.email;
    expect(await emailOf()).toBe(leaving.email);
    // A reminder a few days before.
    clock.advance((DELETION_GRACE_DAYS - DELETION_REMINDER_DAYS) * DAY + 60_000);
    await t.runJobs();
    expect((await t.mailTo(leaving.email)).at(-1)?.subject).toMatch(/^Your ModMarket account is deleted on /);
    expect(await emailOf()).toBe(leaving.email);
    // Then it is erased.
    clock.advance(DELETION_REMINDER_DAYS * DAY);
    await t.runJobs();
    clock.reset();

    // Nothing readable is left: not their address, last name, phone or words, in any table; their
    // public name ("Quillon Z.") stays only in the other member's notifications, as they were told.
    for (const needle of [leaving.email, 'Zarkovsky', '4158672309', marker.slice(0, 15)])
      expect(await whereFound(needle), needle).toEqual([]);
    expect(await whereFound('Quillon')).toEqual(['notifications.data']);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, other.id));
    expect(told.some((n) => (n.data as { name?: string }).name === 'Quillon Z.')).toBe(true);
    // Their review stays, from "Deleted member", with its stars.
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.subjectId, other.id));
    expect(review).toMatchObject({ reviewerId: null, text: 'Smooth deal, well packed.' });
    expect((await t.database.db.select().from(users).where(eq(users.id, other.id)))[0]).toMatchObject({
      ratingSum: 5,
      ratingCount: 1,
    });
    expect((await filesUnder(uploadsDir)).filter((file) => file.includes(photo.key))).toEqual([]);
    // The address no longer signs in (tried after the search: a try is counted under the address).
    const again = await failureBody(
      new TestBrowser(t, '192.0.2.77').api.auth['sign-in'].$post({
        json: {
          email: leaving.email,
          password: MEMBER_PASSWORD,
        },
      }),
    );
    expect(again.error.code).toBe('INVALID_CREDENTIALS');

    // The other member's thread stays, with the messages from "Deleted member", who cannot be answered.
    const inbox = await okBody(other.browser.api.conversations.$get({ query: {} }));
    const kept = inbox.conversations.find((c) => c.id === started.conversationId)!;
    expect(kept.otherMember).toMatchObject({ name: null, deleted: true });
    const thread = await okBody(other.browser.api.conversations[':id'].$get({ param: { id: kept.id } }));
    expect(thread.messages.map((m) => m.content)).toEqual([
      'Are the coilovers still available?',
      'Yes, come Saturday.',
    ]);
    const reply = await failureBody(
      other.browser.api.conversations[':id'].messages.$post({
        param: { id: kept.id },
        json: {
          content: 'Hello?',
        },
      }),
    );
    expect(reply.error.code).toBe('MEMBER_DELETED');
    expect((await other.browser.api.listings[':id'].$get({ param: { id: listing.body.id } })).status).toBe(
      404,
    );
    // The part held for them is back on the market, their offer gone with them.
    expect(
      (await okBody(other.browser.api.listings[':id'].$get({ param: { id: held.id } }))).pending,
    ).toBeUndefined();
    expect(await t.database.db.select().from(offers).where(eq(offers.buyerId, leaving.id))).toEqual([]);

    const goodbye = (await t.mailTo(leaving.email)).at(-1);
    expect(goodbye?.subject).toBe('Your ModMarket account was deleted');
  });

  it('is called off by signing in within the 30 days: the account and its listings are back', async () => {
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    const listing = await okBody(member.browser.api.listings.$post({ json: partInput('Restored intake') }));
    const deleted = await readAnswer(
      member.browser.api.account.delete.$post({ json: { currentPassword: MEMBER_PASSWORD } }),
    );
    expectStatus(deleted, 200);
    expect((await other.browser.api.listings[':id'].$get({ param: { id: listing.id } })).status).toBe(404);

    clock.advance(10 * DAY);
    const back = new TestBrowser(t, '192.0.2.78');
    const signedIn = await okBody(
      back.api.auth['sign-in'].$post({ json: { email: member.email, password: MEMBER_PASSWORD } }),
    );
    expect(signedIn).toMatchObject({ user: { id: member.id }, restored: true });
    clock.reset();
    expect((await okBody(other.browser.api.listings[':id'].$get({ param: { id: listing.id } }))).isSold).toBe(
      false,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ deletionDueAt: null, deletedAt: null });
    // The erasure and its reminder were called off: 31 days on, nothing happens.
    clock.advance(31 * DAY);
    await t.runJobs();
    clock.reset();
    const [still] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(still).toMatchObject({ email: member.email, deletedAt: null });
    const [kept] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(kept).toMatchObject({ isSold: false, hiddenReason: null });
    // A later sign-in is an ordinary one.
    const again = await okBody(
      new TestBrowser(t, '192.0.2.79').api.auth['sign-in'].$post({
        json: { email: member.email, password: MEMBER_PASSWORD },
      }),
    );
    expect(again).not.toHaveProperty('restored');
  });

  it('takes `_` and `%` in its address literally: another address’s limits and waiting work stay', async () => {
    const leaving = await signedInMember(t);
    const [local, domain] = leaving.email.split('@');
    const wild = `${local}_%@${domain}`;
    // Another address that the pattern would match if `_` and `%` were wildcards, and one that
    // holds the leaving address inside it.
    const neighbour = `${local}xyz@${domain}`;
    const around = `b${wild}`;
    await t.database.db.update(users).set({ email: wild }).where(eq(users.id, leaving.id));
    const db = t.database.db;
    for (const email of [wild, neighbour, around])
      await db.insert(rateLimits).values({
        key: `sign-in-account:${email}`,
        count: 5,
        resetAt: new Date(Date.now() + 600_000),
      });
    for (const email of [wild, neighbour, around])
      await db
        .insert(jobs)
        .values({ kind: 'test.noop', payload: { email }, runAt: new Date(Date.now() + 3_600_000) });

    const deleted = await readAnswer(
      leaving.browser.api.account.delete.$post({ json: { currentPassword: MEMBER_PASSWORD } }),
    );
    expectStatus(deleted, 200);
    clock.advance(DELETION_GRACE_DAYS * DAY + 60_000);
    await t.runJobs();
    clock.reset();
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain(`sign-in-account:${neighbour}`);
    expect(keys).toContain(`sign-in-account:${around}`);
    expect(keys).not.toContain(`sign-in-account:${wild}`);
    const waiting = (
      await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'test.noop'))
    ).map((row) => (row.payload as { email: string }).email);
    expect(waiting.sort()).toEqual([around, neighbour].sort());
  });

  it('asks for a code too when two-step sign-in is on', async () => {
    const { browser } = await signedInMember(t);
    const { generate } = await import('otplib');
    const setup = await okBody(
      browser.api.account['two-factor'].start.$post({
        json: {
          currentPassword: MEMBER_PASSWORD,
        },
      }),
    );
    await browser.api.account['two-factor'].enable.$post({
      json: {
        code: await generate({ secret: setup.secret }),
      },
    });
    const noCode = await failureBody(
      browser.api.account.delete.$post({ json: { currentPassword: MEMBER_PASSWORD } }),
    );
    expect(noCode.error.fields?.code).toBe('Please enter the code.');
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const deleted = await readAnswer(
      browser.api.account.delete.$post({ json: { currentPassword: MEMBER_PASSWORD, code } }),
    );
    expectStatus(deleted, 200);
  });
});

describe('downloading my data', () => {
  it('is prepared by a job, emailed about, and downloadable by its member only for 24 hours', async () => {
    const member = await signedInMember(t, { firstName: 'Ines', lastName: 'Okoro' });
    const other = await signedInMember(t);
    const marker = `exportword${Date.now().toString(36)}`;
    const photo = await upload(member.browser);
    const listing = await okBody(
      member.browser.api.listings.$post({
        json: {
          ...partInput(`${marker} intake`),
          photos: [photo],
        },
      }),
    );
    await member.browser.api.vehicles.$post({
      json: {
        make: 'Mazda',
        model: 'RX-7',
        year: 1993,
        licensePlate: 'FD3S',
      },
    });
    await member.browser.api['saved-searches'].$post({
      json: { name: `${marker} alert`, query: { search: marker } },
    });
    await member.browser.api.community.posts.$post({
      json: { title: `${marker} post`, description: 'Built.' },
    });
    await member.browser.api.wanted.$post({
      json: { title: `${marker} wanted`, category: 'engine', make: 'Mazda', model: 'RX-7', shipsToMe: true },
    });
    await other.browser.api.listings[':id'].messages.$post({
      param: { id: listing.id },
      json: { content: `${marker} question` },
    });

    expect((await member.browser.api.account.export.$get()).status).toBe(404);
    expect((await member.browser.api.account.export.$post()).status).toBe(202);
    expect(await okBody(member.browser.api.account.$get())).toMatchObject({
      dataExport: { status: 'preparing' },
    });
    await t.runJobs();
    const mail = (await t.mailTo(member.email)).at(-1)!;
    expect(mail.subject).toBe('Your ModMarket data is ready');
    expect(mail.text).toContain('/settings#privacy');
    expect(await okBody(member.browser.api.account.$get())).toMatchObject({
      dataExport: { status: 'ready' },
    });

    const file = await readAnswer(member.browser.api.account.export.$get());
    expect(file.headers.get('content-disposition')).toContain('attachment');
    const data = file.body as {
      profile: { email: string; firstName: string };
      listings: { title: string; photos: string[] }[];
      conversations: { messages: { content: string; fromMe: boolean }[] }[];
      fleet: unknown[];
      savedSearches: unknown[];
      communityPosts: unknown[];
      wantedPosts: { title: string }[];
      planHistory: unknown[];
      notificationSettings: unknown;
    };
    expect(data.profile).toMatchObject({ email: member.email, firstName: 'Ines' });
    expect(data.listings[0]!.title).toBe(`${marker} intake`);
    expect(data.listings[0]!.photos[0]).toContain(photo.key);
    expect(data.conversations[0]!.messages[0]).toMatchObject({
      content: `${marker} question`,
      fromMe: false,
    });
    expect(data.fleet).toHaveLength(1);
    expect(data.savedSearches).toHaveLength(1);
    expect(data.communityPosts).toHaveLength(1);
    expect(data.wantedPosts.map((post) => post.title)).toEqual([`${marker} wanted`]);
    expect(JSON.stringify(data)).not.toMatch(/argon2|password/i);

    // Another member gets their own (none), and the file is not served as a public media file.
    expect((await other.browser.api.account.export.$get()).status).toBe(404);
    const stored = (await filesUnder(path.join(t.dataDir, 'uploads'))).find((f) => f.includes('exports'))!;
    const key = path.relative(path.join(t.dataDir, 'uploads'), stored).split(path.sep).join('/');
    expect((await t.app.request(`/media/${key}`)).status).toBe(404);

    // After 24 hours it is gone.
    await t.database.db.execute(sql`update data_export set expires_at = now() - interval '1 second'`);
    expect((await member.browser.api.account.export.$get()).status).toBe(404);
  });
});
