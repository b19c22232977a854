import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { startServer } from '../../start-server';
import type { AdminReport, AuditEntry, ModerationActionInput } from '@common/schemas/trust';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { listings, moderationActions, reports, users } from '../../db/schema';
import { setAdmin } from './admin.service';
import { endSuspensions } from '../../jobs/housekeeping';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody, failureBody } from '../../../test/test-browser';
import { MEMBER_PASSWORD, signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { runScript } from '../../../test/scripts';
import { migratedServerDatabase, migratedDataDir, postgresServerUrl } from '../../../test/test-database';

let t: TestApp;
/** A 7-day suspension has run its course by then. */
const aWeekAndAMinuteFromNow = () => new Date(Date.now() + 7 * 86_400_000 + 60_000);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function admin() {
  const member = await signedInMember(t, { firstName: 'Ada', lastName: 'Mod' });
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, member.id));
  return member;
}

async function openReport(moderator: TestBrowser, targetId: string): Promise<AdminReport> {
  const queue = await okBody(moderator.api.admin.reports.$get({ query: {} }));
  const found = queue.items.find((item) => item.content.id === targetId || item.subject.id === targetId);
  if (!found) throw new Error(`no open report about ${targetId}`);
  return found;
}

const act = (moderator: TestBrowser, reportId: string, action: ModerationActionInput) =>
  readAnswer(moderator.api.admin.reports[':id'].action.$post({ param: { id: reportId }, json: action }));

type Command = (...args: string[]) => Promise<{ stdout: string }>;

/**
 * The operator command grants the desk to a member of the database `open` opens, by email, and refuses
 * an address no member has; the audit log names the member and the command.
 */
async function grantsAndRefuses(command: Command, open: () => Promise<Database>) {
  const database = await open();
  try {
    await migrateDatabase(database.db);
    await database.db.insert(users).values({ id: 'u-1', name: 'Mia Lee', email: 'mia@example.com' });
  } finally {
    await database.close();
  }
  expect((await command('grant', 'mia@example.com')).stdout).toMatch(/can now use the moderation desk/);
  await expect(command('grant', 'nobody@example.com')).rejects.toMatchObject({
    stderr: expect.stringMatching(/No member/),
  });
  const reopened = await open();
  try {
    const [mia] = await reopened.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, 'u-1'));
    expect(mia?.isAdmin).toBe(true);
    const granted = await reopened.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, 'u-1'));
    expect(granted).toMatchObject([
      {
        adminId: null,
        action: 'grant-admin',
        kind: 'member',
        reason: 'npm run admin -- grant',
        subject: { email: 'mia@example.com' },
      },
    ]);
  } finally {
    await reopened.close();
  }
}

/** The operator command takes the desk back from the member `grantsAndRefuses` made a moderator. */
async function revokes(command: Command, database: Database) {
  expect((await command('revoke', 'mia@example.com')).stdout).toMatch(/no longer has the moderation desk/);
  const [after] = await database.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, 'u-1'));
  expect(after?.isAdmin).toBe(false);
  const revoked = await database.db
    .select({ action: moderationActions.action, reason: moderationActions.reason })
    .from(moderationActions)
    .where(eq(moderationActions.targetId, 'u-1'));
  expect(revoked).toContainEqual({ action: 'revoke-admin', reason: 'npm run admin -- revoke' });
}

/** `npm run admin` on the embedded database, in a data folder: directly, then through the running app. */
async function adminCommandEmbedded() {
  const dataDir = await migratedDataDir('modmarket-admin-');
  try {
    const command = (...args: string[]) => runScript('scripts/admin.ts', args, { DATA_DIR: dataDir });
    const open = () => openDatabase({ dataDir: path.join(dataDir, 'db'), statementTimeoutMs: 10_000 });
    await grantsAndRefuses(command, open);
    // With the app running on the embedded database, the command goes through the app.
    const server = await startServer(
      loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false' }),
      pino({ level: 'silent' }),
    );
    try {
      await revokes(command, server.database);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `npm run admin` on PostgreSQL (DATABASE_URL): always directly. */
async function adminCommandOnPostgres() {
  const created = await migratedServerDatabase('modmarket_admin');
  try {
    const command = (...args: string[]) => runScript('scripts/admin.ts', args, { DATABASE_URL: created.url });
    const open = () => openDatabase({ url: created.url, statementTimeoutMs: 10_000 });
    await grantsAndRefuses(command, open);
    const database = await open();
    try {
      await revokes(command, database);
    } finally {
      await database.close();
    }
  } finally {
    await created.drop();
  }
}

describe('the moderation desk', () => {
  it('is for admins only', async () => {
    const member = await signedInMember(t);
    for (const [method, path, body] of [
      ['GET', '/api/admin/overview', undefined],
      ['GET', '/api/admin/reports', undefined],
      ['GET', '/api/admin/audit', undefined],
      ['POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/action', { action: 'dismiss' }],
    ] as const) {
      // A walk over the desk's endpoints, by path.
      expect((await new TestBrowser(t).request(method, path, body)).status, path).toBe(401);
      expect((await member.browser.request(method, path, body)).status, path).toBe(403);
    }
    const moderator = await admin();
    expect(await okBody(moderator.browser.api.auth.session.$get())).toMatchObject({
      user: { isAdmin: true },
    });
    expect((await moderator.browser.api.admin.overview.$get()).status).toBe(200);
  });

  it('hides a reported listing: gone from browse and its page, its owner told, and the log kept', async () => {
    const moderator = await admin();
    const seller = await signedInMember(t, { firstName: 'Sly' });
    const buyer = await signedInMember(t);
    const item = await okBody(
      seller.browser.api.listings.$post({ json: partInput('Replica wheels sold as real') }),
    );
    await buyer.browser.api.reports.$post({
      json: {
        kind: 'listing',
        targetId: item.id,
        reason: 'counterfeit',
        note: 'Stamped fake',
      },
    });
    const other = await signedInMember(t);
    await other.browser.api.reports.$post({
      json: { kind: 'listing', targetId: item.id, reason: 'misleading' },
    });

    const overview = await okBody(moderator.browser.api.admin.overview.$get());
    expect(overview.openReports).toBeGreaterThanOrEqual(2);
    const report = await openReport(moderator.browser, item.id);
    expect(report).toMatchObject({
      kind: 'listing',
      reason: 'counterfeit',
      note: 'Stamped fake',
      subject: { id: seller.id, name: 'Sly R.', activeListings: 1, suspendedUntil: null },
      content: { kind: 'listing', title: 'Replica wheels sold as real', priceCents: 10000, hidden: false },
      alsoReported: 1,
    });
    expect((await act(moderator.browser, report.id, { action: 'remove-message' })).status).toBe(400);
    expect((await act(moderator.browser, report.id, { action: 'hide-listing' })).status).toBe(200);

    const visitor = new TestBrowser(t);
    expect((await visitor.api.listings[':id'].$get({ param: { id: item.id } })).status).toBe(404);
    const browse = await okBody(visitor.api.listings.$get({ query: { search: 'replica' } }));
    expect(browse.items).toEqual([]);
    const own = await readAnswer(seller.browser.api.listings[':id'].$get({ param: { id: item.id } }));
    expect(own.body).toMatchObject({ hidden: true, isSold: false });
    const relist = await readAnswer(
      seller.browser.api.listings[':id'].status.$patch({
        param: { id: item.id },
        json: {
          isSold: false,
        },
      }),
    );
    expectStatus(relist, 403);
    expect(relist.body.error.code).toBe('LISTING_HIDDEN');
    // Both reports about it are settled.
    const queue = await okBody(moderator.browser.api.admin.reports.$get({ query: {} }));
    expect(queue.items.some((i) => i.content.id === item.id)).toBe(false);
    const audit = await okBody(moderator.browser.api.admin.audit.$get({ query: {} }));
    expect(audit.items[0]).toMatchObject({
      admin: 'Ada M.',
      action: 'hide-listing',
      kind: 'listing',
      targetId: item.id,
      target: item.title,
    });
  });

  it('removes a reported message (shown in its conversation), removes a post, and dismisses', async () => {
    const moderator = await admin();
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await okBody(seller.browser.api.listings.$post({ json: partInput('Coilovers') }));
    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: { content: 'Price?' },
      }),
    );
    const conversation = started.conversationId;
    const rude = await okBody(
      seller.browser.api.conversations[':id'].messages.$post({
        param: { id: conversation },
        json: {
          content: 'Insulting words',
        },
      }),
    );
    await buyer.browser.api.conversations[':id'].messages.$post({
      param: { id: conversation },
      json: {
        content: 'That was rude',
      },
    });
    await buyer.browser.api.reports.$post({
      json: {
        kind: 'message',
        targetId: rude.id,
        reason: 'harassment',
      },
    });

    const report = await openReport(moderator.browser, rude.id);
    expect(report.content.kind === 'message' && report.content.around.map((m) => m.content)).toEqual([
      'Price?',
      'Insulting words',
      'That was rude',
    ]);
    expect((await act(moderator.browser, report.id, { action: 'remove-message' })).status).toBe(200);
    const thread = await okBody(buyer.browser.api.conversations[':id'].$get({ param: { id: conversation } }));
    expect(thread.messages.map((m) => [m.content, m.removed])).toEqual([
      ['Price?', false],
      ['', true],
      ['That was rude', false],
    ]);

    const post = await okBody(
      seller.browser.api.community.posts.$post({
        json: {
          title: 'Spam',
          description: 'Buy followers',
        },
      }),
    );
    await buyer.browser.api.reports.$post({ json: { kind: 'post', targetId: post.id, reason: 'spam' } });
    const aboutPost = await openReport(moderator.browser, post.id);
    expect(aboutPost.content).toMatchObject({ kind: 'post', title: 'Spam' });
    expect((await act(moderator.browser, aboutPost.id, { action: 'remove-post' })).status).toBe(200);
    // No route reads one post: the address takes only its author's DELETE.
    const read = await buyer.browser.request('GET', `/api/community/posts/${post.id}`);
    expect(read.status).toBe(405);
    expect(read.headers.get('Allow')).toBe('DELETE');

    await buyer.browser.api.reports.$post({
      json: {
        kind: 'member',
        targetId: seller.id,
        reason: 'other',
        note: 'Just a feeling',
      },
    });
    const aboutMember = await openReport(moderator.browser, seller.id);
    expect((await act(moderator.browser, aboutMember.id, { action: 'dismiss' })).status).toBe(200);
    expect((await act(moderator.browser, aboutMember.id, { action: 'dismiss' })).status).toBe(404);
    const audit = await okBody(moderator.browser.api.admin.audit.$get({ query: {} }));
    expect(audit.items.slice(0, 3).map((e) => [e.action, e.target])).toEqual([
      ['dismiss', 'Sam R.'],
      // The post is named as it was, though its removal took it away; the message by its listing.
      ['remove-post', 'Spam'],
      ['remove-message', item.title],
    ]);
  });

  it('suspends a member for a time: signed out, refused at sign-in, listings off the market, emailed why; back after', async () => {
    const moderator = await admin();
    const seller = await signedInMember(t, { firstName: 'Vic' });
    const buyer = await signedInMember(t);
    const item = await okBody(
      seller.browser.api.listings.$post({ json: partInput('Stolen catalytic converter') }),
    );
    await buyer.browser.api.reports.$post({
      json: { kind: 'listing', targetId: item.id, reason: 'prohibited' },
    });
    const report = await openReport(moderator.browser, item.id);

    const noReason = await act(moderator.browser, report.id, { action: 'suspend', days: 7, reason: '' });
    expectStatus(noReason, 400);
    expect(
      (
        await act(moderator.browser, report.id, {
          action: 'suspend',
          days: 7,
          reason: 'Selling stolen parts',
        })
      ).status,
    ).toBe(200);

    expect(await okBody(seller.browser.api.auth.session.$get())).toEqual({ user: null });
    const signIn = await readAnswer(
      new TestBrowser(t, '203.0.113.77', 'zh-CN').api.auth['sign-in'].$post({
        json: {
          email: seller.email,
          password: MEMBER_PASSWORD,
        },
      }),
    );
    expectStatus(signIn, 403);
    expect(signIn.body.error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: '该账户已被暂停。我们已通过电子邮件告知你原因和期限。',
    });
    expect((await new TestBrowser(t).api.listings[':id'].$get({ param: { id: item.id } })).status).toBe(404);

    await t.runJobs();
    const mail = (await t.mailTo(seller.email)).at(-1)!;
    expect(mail.subject).toBe('Your ModMarket account is suspended');
    expect(mail.text).toContain('> Selling stolen parts');
    expect(mail.text).toMatch(/until \w+ \d+, \d{4}/);
    const audit = await okBody(moderator.browser.api.admin.audit.$get({ query: {} }));
    expect(audit.items[0]).toMatchObject({
      action: 'suspend',
      kind: 'member',
      targetId: seller.id,
      reason: 'Selling stolen parts',
    });
    expect(audit.items[0]!.until).toMatch(/^\d{4}-/);

    // The week passes: the hourly housekeeping brings the listings back, and the member signs in.
    await endSuspensions(t.database.db, aWeekAndAMinuteFromNow());
    expect((await new TestBrowser(t).api.listings[':id'].$get({ param: { id: item.id } })).status).toBe(200);
    const back = await readAnswer(
      new TestBrowser(t, '203.0.113.78').api.auth['sign-in'].$post({
        json: {
          email: seller.email,
          password: MEMBER_PASSWORD,
        },
      }),
    );
    expectStatus(back, 200);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, item.id));
    expect(row).toMatchObject({ isSold: false, hiddenAt: null, hiddenReason: null });
  });

  it('suspends for good: the member is emailed, and still refused at sign-in a year on', async () => {
    const moderator = await admin();
    const spammer = await signedInMember(t);
    const reporter = await signedInMember(t);
    await reporter.browser.api.reports.$post({
      json: { kind: 'member', targetId: spammer.id, reason: 'spam' },
    });
    const report = await openReport(moderator.browser, spammer.id);
    await act(moderator.browser, report.id, { action: 'suspend', days: null, reason: 'Spam accounts' });
    await t.runJobs();
    expect((await t.mailTo(spammer.email)).at(-1)?.subject).toBe('Your ModMarket account is closed');
    // A year on, it has not run its course.
    await endSuspensions(t.database.db, new Date(Date.now() + 365 * 86_400_000));
    const signIn = await failureBody(
      new TestBrowser(t, '203.0.113.79').api.auth['sign-in'].$post({
        json: {
          email: spammer.email,
          password: MEMBER_PASSWORD,
        },
      }),
    );
    expect(signIn.error.code).toBe('ACCOUNT_SUSPENDED');
  });

  // The command writes directly to PostgreSQL (DATABASE_URL); the embedded database belongs to the
  // running app when there is one, and the command then asks the app (src/server/backup/operator-socket.ts).
  it('makes a moderator with `npm run admin -- grant`, never through the API', async () => {
    if (postgresServerUrl()) await adminCommandOnPostgres();
    else await adminCommandEmbedded();
  }, 120_000);

  it('pages the audit log (serial ids) and the queue (oldest first) with ties in one millisecond', async () => {
    const moderator = await admin();
    const { db } = t.database;
    // 60 actions within one millisecond, three to a microsecond; 25 open reports likewise.
    await db.execute(sql`
      insert into moderation_actions (admin_id, action, kind, target_id, reason, created_at)
      select ${moderator.id}, 'dismiss', 'member', 'paged-' || i, 'Paging ' || i,
        date_trunc('milliseconds', now()) - interval '10 years' + (i / 3) * interval '1 microsecond'
      from generate_series(1, 60) as i`);
    const reporter = await signedInMember(t);
    await db.execute(sql`
      insert into reports (reporter_id, kind, target_id, subject_id, reason, created_at)
      select ${reporter.id}, 'member', 'paged-' || i, ${moderator.id}, 'spam',
        date_trunc('milliseconds', now()) - interval '10 years' + (i / 3) * interval '1 microsecond'
      from generate_series(1, 25) as i`);

    const audit: AuditEntry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: { cursor?: string } = cursor ? { cursor } : {};
      const page = await readAnswer(moderator.browser.api.admin.audit.$get({ query }));
      expectStatus(page, 200);
      audit.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    const paged = audit.filter((entry) => entry.targetId.startsWith('paged-'));
    expect(paged).toHaveLength(60);
    expect(new Set(audit.map((entry) => entry.id)).size).toBe(audit.length);
    expect(paged.map((entry) => entry.id)).toEqual([...paged.map((entry) => entry.id)].sort((a, b) => b - a));

    const queue: AdminReport[] = [];
    cursor = '';
    while (cursor !== null) {
      const query: { cursor?: string } = cursor ? { cursor } : {};
      const page = await readAnswer(moderator.browser.api.admin.reports.$get({ query }));
      expectStatus(page, 200);
      queue.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    const ids = queue.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    const expected = await db.execute<{ id: string }>(
      sql`select id from reports where status = 'open' order by created_at, id`,
    );
    expect(ids).toEqual(expected.rows.map((row) => row.id));
    await db.execute(sql`update reports set status = 'dismissed' where target_id like 'paged-%'`);
  });
  it('a suspension settles only the reports about the member, and its end brings back only what it took down', async () => {
    const moderator = await admin();
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const other = await signedInMember(t);
    const reported = await okBody(seller.browser.api.listings.$post({ json: partInput('Fake turbo') }));
    const clean = await okBody(seller.browser.api.listings.$post({ json: partInput('Real intake') }));
    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({ param: { id: clean.id }, json: { content: 'Hi' } }),
    );
    const rude = await okBody(
      seller.browser.api.conversations[':id'].messages.$post({
        param: { id: started.conversationId },
        json: { content: 'Go away' },
      }),
    );
    await buyer.browser.api.reports.$post({ json: { kind: 'member', targetId: seller.id, reason: 'scam' } });
    await other.browser.api.reports.$post({ json: { kind: 'member', targetId: seller.id, reason: 'spam' } });
    await buyer.browser.api.reports.$post({
      json: {
        kind: 'listing',
        targetId: reported.id,
        reason: 'counterfeit',
      },
    });
    await buyer.browser.api.reports.$post({
      json: {
        kind: 'message',
        targetId: rude.id,
        reason: 'harassment',
      },
    });

    const aboutMember = await openReport(moderator.browser, seller.id);
    expect(
      (await act(moderator.browser, aboutMember.id, { action: 'suspend', days: 7, reason: 'Scamming' }))
        .status,
    ).toBe(200);
    // Both reports about the member are settled; those about the listing and the message still wait.
    const open = await t.database.db
      .select({ kind: reports.kind, status: reports.status })
      .from(reports)
      .where(eq(reports.subjectId, seller.id));
    expect(open.filter((r) => r.kind === 'member').map((r) => r.status)).toEqual(['actioned', 'actioned']);
    expect(open.filter((r) => r.kind !== 'member').map((r) => r.status)).toEqual(['open', 'open']);

    // While suspended, a moderator hides the reported listing for itself.
    const aboutListing = await openReport(moderator.browser, reported.id);
    expect((await act(moderator.browser, aboutListing.id, { action: 'hide-listing' })).status).toBe(200);

    await endSuspensions(t.database.db, aWeekAndAMinuteFromNow());
    const rows = await t.database.db.select().from(listings).where(eq(listings.userId, seller.id));
    const state = new Map(rows.map((row) => [row.id, [row.isSold, row.hiddenReason]]));
    expect(state.get(clean.id)).toEqual([false, null]);
    expect(state.get(reported.id)).toEqual([true, 'moderation']);
    expect((await new TestBrowser(t).api.listings[':id'].$get({ param: { id: reported.id } })).status).toBe(
      404,
    );
  });

  it('the audit log shows what was acted on as it was then', async () => {
    const moderator = await admin();
    const seller = await signedInMember(t, { firstName: 'Nora', lastName: 'Quinn' });
    const reporter = await signedInMember(t);
    const item = await okBody(seller.browser.api.listings.$post({ json: partInput('Loud exhaust') }));
    await reporter.browser.api.reports.$post({
      json: { kind: 'listing', targetId: item.id, reason: 'misleading' },
    });
    await act(moderator.browser, (await openReport(moderator.browser, item.id)).id, {
      action: 'hide-listing',
    });
    await reporter.browser.api.reports.$post({
      json: { kind: 'member', targetId: seller.id, reason: 'scam' },
    });
    await act(moderator.browser, (await openReport(moderator.browser, seller.id)).id, {
      action: 'suspend',
      days: 1,
      reason: 'Scam',
    });
    // Since then the listing was renamed and the member changed their name and address.
    await t.database.db.update(listings).set({ title: 'Quiet exhaust' }).where(eq(listings.id, item.id));
    await t.database.db
      .update(users)
      .set({ firstName: 'Zed', lastName: 'Other', email: 'changed@example.com' })
      .where(eq(users.id, seller.id));
    // A grant by the operator command names its member too.
    expect(await setAdmin(t.database.db, reporter.email, true)).toBe(true);

    const audit = await okBody(moderator.browser.api.admin.audit.$get({ query: {} }));
    expect(audit.items.slice(0, 3)).toMatchObject([
      {
        admin: null,
        action: 'grant-admin',
        targetId: reporter.id,
        targetEmail: reporter.email,
        reason: 'npm run admin -- grant',
      },
      { action: 'suspend', target: 'Nora Q.', targetEmail: seller.email },
      { action: 'hide-listing', target: 'Loud exhaust', targetEmail: null },
    ]);
  });
});
