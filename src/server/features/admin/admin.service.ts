import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { publicName } from '@common/labels';
import { languageOrDefault } from '@common/i18n/languages';
import type {
  AdminOverview,
  AdminReport,
  AuditEntry,
  AuditSubject,
  ModerationActionInput,
  ReportedContent,
} from '@common/schemas/trust';
import type { Db, Executor, Tx } from '../../db/client';
import { lockMemberForChange } from '../../db/member-state';
import {
  communityPosts,
  conversations,
  listings,
  messages,
  moderationActions,
  reports,
  sessions,
  users,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { after, before, decodeKeyset, encodeKeyset, exactTime } from '../../db/keyset';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import type { Storage } from '../../storage/storage';
import { photoVariantKey, type StoredPhoto } from '@common/photos';

/** Reports per page of the queue, entries per page of the audit log. */
const QUEUE_PAGE = 20;
const AUDIT_PAGE = 50;
/** The overview counts up to this many of each (never an exact count over a big table). */
const OVERVIEW_CAP = 10_000;
/** Messages shown on each side of a reported one. */
const CONTEXT = 3;

const SuspendedJob = z.object({ userId: z.string(), actionId: z.number() });

type ReportRow = typeof reports.$inferSelect;

/**
 * The moderation desk: the queue of open reports with what they are about, the actions a moderator
 * takes on them (each written to the audit log in the same transaction), and the week's numbers.
 * Only members with `is_admin` reach it (`admin.routes.ts`).
 */
export function createAdminService(deps: {
  db: Db;
  storage: Storage;
  mailer: TemplateMailer;
  publicUrl: string;
  wakeJobs: () => void;
  /** Closes a member's open sockets on every instance (their sessions were just ended). */
  sessionsEnded: (userId: string) => Promise<void>;
  /** Removes a community post and its photos, whoever wrote it. */
  removePost: (postId: string) => Promise<void>;
}) {
  const { db, storage } = deps;

  /**
   * What each audit entry acted on, as a moderator recognises it: a listing's or post's title, a
   * member's public name, the listing a message was about. One query per kind for the whole page.
   */
  async function targetLabels(entries: { kind: string; targetId: string }[]): Promise<Map<string, string>> {
    const ids = (kind: string) => [
      ...new Set(entries.filter((entry) => entry.kind === kind).map((entry) => entry.targetId)),
    ];
    const labels = new Map<string, string>();
    const [listingIds, memberIds, postIds, messageIds] = [
      ids('listing'),
      ids('member'),
      ids('post'),
      ids('message'),
    ];
    await Promise.all([
      listingIds.length &&
        db
          .select({ id: listings.id, title: listings.title })
          .from(listings)
          .where(inArray(listings.id, listingIds))
          .then((rows) => rows.forEach((row) => labels.set(`listing:${row.id}`, row.title))),
      memberIds.length &&
        db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, memberIds))
          .then((rows) =>
            rows.forEach((row) => {
              const name = publicName(row.firstName, row.lastName);
              if (name) labels.set(`member:${row.id}`, name);
            }),
          ),
      postIds.length &&
        db
          .select({ id: communityPosts.id, title: communityPosts.title })
          .from(communityPosts)
          .where(inArray(communityPosts.id, postIds))
          .then((rows) => rows.forEach((row) => labels.set(`post:${row.id}`, row.title))),
      messageIds.length &&
        db
          .select({ id: messages.id, title: listings.title })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .innerJoin(listings, eq(listings.id, conversations.listingId))
          .where(inArray(messages.id, messageIds))
          .then((rows) => rows.forEach((row) => labels.set(`message:${row.id}`, row.title))),
    ]);
    return labels;
  }
  /**
   * What an action is about as it is at this moment, to keep with its audit entry (inside the action's
   * transaction, before the action changes it).
   */
  async function snapshotOf(tx: Tx, kind: ReportRow['kind'], targetId: string): Promise<AuditSubject | null> {
    if (kind === 'member') return memberSnapshot(tx, targetId);
    if (kind === 'listing') {
      const [row] = await tx
        .select({ title: listings.title })
        .from(listings)
        .where(eq(listings.id, targetId));
      return row ? { label: row.title } : null;
    }
    if (kind === 'post') {
      const [row] = await tx
        .select({ title: communityPosts.title })
        .from(communityPosts)
        .where(eq(communityPosts.id, targetId));
      return row ? { label: row.title } : null;
    }
    // A message: the listing it was about (never its words, which a removal takes away).
    const [row] = await tx
      .select({ title: sql<string | null>`coalesce(${listings.title}, ${conversations.listingTitle})` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .leftJoin(listings, eq(listings.id, conversations.listingId))
      .where(eq(messages.id, targetId));
    return row?.title ? { label: row.title } : null;
  }

  const photoUrl = (photo: StoredPhoto | undefined) =>
    photo ? storage.publicUrl(photoVariantKey(photo, photo.variants[0] ?? 320)) : null;

  /** What each report is about, for a page of reports: one query per kind, never one per report. */
  async function contents(rows: ReportRow[]): Promise<Map<string, ReportedContent>> {
    const byKind = (kind: ReportRow['kind']) => [
      ...new Set(rows.filter((row) => row.kind === kind).map((row) => row.targetId)),
    ];
    const found = new Map<string, ReportedContent>();
    const listingIds = byKind('listing');
    if (listingIds.length)
      for (const l of await db.select().from(listings).where(inArray(listings.id, listingIds)))
        found.set(`listing:${l.id}`, {
          kind: 'listing',
          id: l.id,
          title: l.title,
          priceCents: l.priceCents,
          description: l.description,
          photo: photoUrl(l.photos[0]),
          hidden: l.hiddenAt !== null,
          isSold: l.isSold && l.hiddenAt === null,
        });
    const postIds = byKind('post');
    if (postIds.length)
      for (const p of await db.select().from(communityPosts).where(inArray(communityPosts.id, postIds)))
        found.set(`post:${p.id}`, {
          kind: 'post',
          id: p.id,
          title: p.title,
          description: p.description,
          photo: photoUrl(p.photos[0]),
        });
    const messageIds = byKind('message');
    if (messageIds.length) {
      // Each reported message with the few before and after it in its conversation.
      const around = await db.execute<{
        reported: string;
        conversation_id: string;
        listing_title: string | null;
        id: string;
        content: string;
        removed_at: string | null;
        created_at: string;
        first_name: string | null;
        last_name: string | null;
      }>(sql`
        select r.id as reported, t.conversation_id, c.listing_title, m.id, m.content, m.removed_at,
          m.created_at, u.first_name, u.last_name
        from unnest(${sql.param(messageIds)}::uuid[]) as r(id)
        join ${messages} t on t.id = r.id
        join ${conversations} c on c.id = t.conversation_id
        cross join lateral (
          (select * from ${messages} b where b.conversation_id = t.conversation_id
             and (b.created_at, b.id) < (t.created_at, t.id) order by b.created_at desc, b.id desc limit ${CONTEXT})
          union all
          (select * from ${messages} a where a.conversation_id = t.conversation_id
             and (a.created_at, a.id) >= (t.created_at, t.id) order by a.created_at, a.id limit ${CONTEXT + 1})
        ) as m
        join ${users} u on u.id = m.sender_id
        order by r.id, m.created_at, m.id`);
      for (const row of around.rows) {
        const key = `message:${row.reported}`;
        const entry = found.get(key) ?? {
          kind: 'message' as const,
          id: row.reported,
          conversationId: row.conversation_id,
          listingTitle: row.listing_title,
          around: [],
        };
        if (entry.kind !== 'message') continue;
        entry.around.push({
          id: row.id,
          sender: publicName(row.first_name, row.last_name) ?? '',
          content: row.content,
          removed: row.removed_at !== null,
          createdAt: new Date(row.created_at).toISOString(),
        });
        found.set(key, entry);
      }
    }
    for (const row of rows)
      if (row.kind === 'member') found.set(`member:${row.targetId}`, { kind: 'member', id: row.targetId });
    return found;
  }

  /** Records the action, and closes the report with every other open one about the same thing. */
  async function closeReports(
    tx: Tx,
    adminId: string,
    report: ReportRow,
    action: (typeof moderationActions.$inferInsert)['action'],
    extra: { reason?: string; until?: Date | null; kind?: ReportRow['kind']; targetId?: string } = {},
    subject: AuditSubject | null = null,
  ) {
    await tx
      .update(reports)
      .set({ status: action === 'dismiss' ? 'dismissed' : 'actioned', resolvedAt: sql`now()` })
      .where(
        action === 'dismiss'
          ? eq(reports.id, report.id)
          : and(
              eq(reports.kind, report.kind),
              eq(reports.targetId, report.targetId),
              eq(reports.status, 'open'),
            ),
      );
    const [entry] = await tx
      .insert(moderationActions)
      .values({
        adminId,
        action,
        reportId: report.id,
        kind: extra.kind ?? report.kind,
        targetId: extra.targetId ?? report.targetId,
        reason: extra.reason ?? '',
        until: extra.until ?? null,
        subject,
      })
      .returning({ id: moderationActions.id });
    return entry!.id;
  }

  const jobHandlers: Record<string, JobHandler> = {
    'moderation.suspended': async (raw) => {
      if (await deps.mailer.nextAlreadySent()) return;
      const { userId } = SuspendedJob.parse(raw);
      const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
      if (!user?.suspendedUntil || user.deletedAt) return;
      const language = languageOrDefault(user.locale);
      const forGood = !Number.isFinite(user.suspendedUntil.getTime());
      await deps.mailer.send(
        deps.mailer.compose(forGood ? 'accountSuspendedForGood' : 'accountSuspended', {
          to: user.email,
          language,
          name: user.firstName,
          link: `${deps.publicUrl}/contact`,
          quote: user.suspensionReason ?? '',
          ...(forGood
            ? {}
            : {
                params: {
                  until: new Intl.DateTimeFormat(language, {
                    dateStyle: 'long',
                    timeStyle: 'short',
                    timeZone: 'UTC',
                  }).format(user.suspendedUntil),
                },
              }),
        }),
      );
    },
  };

  return {
    jobHandlers,

    async overview(): Promise<AdminOverview> {
      const week = sql`now() - interval '7 days'`;
      const capped = (from: ReturnType<typeof sql>) =>
        sql<number>`(select count(*)::int from (${from} limit ${OVERVIEW_CAP}) as capped)`;
      const rows = await db.execute<AdminOverview>(sql`select
        ${capped(sql`select 1 from ${users} where ${users.createdAt} >= ${week} and ${users.deletedAt} is null`)} as "newMembers",
        ${capped(sql`select 1 from ${listings} where ${listings.isSold} = false and ${listings.listedAt} >= ${week}`)} as "newListings",
        ${capped(sql`select 1 from ${reports} where ${reports.createdAt} >= ${week}`)} as "newReports",
        ${capped(sql`select 1 from ${reports} where ${reports.status} = 'open'`)} as "openReports"`);
      return rows.rows[0]!;
    },

    /** Open reports, oldest first, a page at a time, each with what it is about and about whom. */
    async queue(cursor: string | undefined): Promise<{ items: AdminReport[]; nextCursor: string | null }> {
      const position = cursor ? decodeKeyset(cursor) : null;
      const found = await db
        .select({ row: reports, at: exactTime(reports.createdAt) })
        .from(reports)
        .where(
          and(
            eq(reports.status, 'open'),
            position ? after(reports.createdAt, reports.id, position) : undefined,
          ),
        )
        .orderBy(asc(reports.createdAt), asc(reports.id))
        .limit(QUEUE_PAGE + 1);
      const rows = found.map(({ row }) => row);
      const page = rows.slice(0, QUEUE_PAGE);
      const lastAt = found[page.length - 1]?.at;
      if (!page.length) return { items: [], nextCursor: null };
      const memberIds = [...new Set(page.flatMap((row) => [row.reporterId, row.subjectId]))];
      const members = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          createdAt: users.createdAt,
          suspendedUntil: users.suspendedUntil,
          suspensionReason: users.suspensionReason,
          activeListings: sql<number>`(select count(*)::int from ${listings} l where l.user_id = "user"."id" and l.is_sold = false)`,
        })
        .from(users)
        .where(inArray(users.id, memberIds));
      const member = new Map(members.map((m) => [m.id, m]));
      const content = await contents(page);
      const others = await db
        .select({ kind: reports.kind, targetId: reports.targetId, n: sql<number>`count(*)::int` })
        .from(reports)
        .where(
          and(
            eq(reports.status, 'open'),
            inArray(
              reports.targetId,
              page.map((row) => row.targetId),
            ),
          ),
        )
        .groupBy(reports.kind, reports.targetId);
      const count = new Map(others.map((o) => [`${o.kind}:${o.targetId}`, o.n]));
      const last = page.at(-1)!;
      return {
        items: page.map((row) => {
          const reporter = member.get(row.reporterId);
          const subject = member.get(row.subjectId);
          return {
            id: row.id,
            kind: row.kind,
            reason: row.reason,
            note: row.note,
            createdAt: row.createdAt.toISOString(),
            reporter: {
              id: row.reporterId,
              name: publicName(reporter?.firstName ?? null, reporter?.lastName ?? null) ?? '',
            },
            subject: {
              id: row.subjectId,
              name: publicName(subject?.firstName ?? null, subject?.lastName ?? null) ?? '',
              email: subject?.email ?? '',
              memberSince: subject?.createdAt.toISOString() ?? '',
              activeListings: subject?.activeListings ?? 0,
              suspendedUntil: suspendedUntilText(subject?.suspendedUntil ?? null),
              suspensionReason: subject?.suspensionReason ?? null,
            },
            content: content.get(`${row.kind}:${row.targetId}`) ?? { kind: 'gone', id: row.targetId },
            alsoReported: Math.max((count.get(`${row.kind}:${row.targetId}`) ?? 1) - 1, 0),
          };
        }),
        nextCursor: rows.length > QUEUE_PAGE && lastAt ? encodeKeyset({ at: lastAt, id: last.id }) : null,
      };
    },

    /** Acts on an open report; the action and its reason go to the audit log. */
    async act(adminId: string, reportId: string, input: ModerationActionInput): Promise<void> {
      let suspended: { userId: string; actionId: number } | null = null;
      let removedPost: string | null = null;
      await db.transaction(async (tx) => {
        const [report] = await tx
          .select()
          .from(reports)
          .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
          .for('update');
        if (!report) throw new ApiError(404, 'NOT_FOUND');
        // A suspension locks the member's row before anything of theirs (docs/trust.md).
        if (input.action === 'suspend') await lockMemberForChange(tx, report.subjectId);
        const snapshot =
          input.action === 'suspend'
            ? await memberSnapshot(tx, report.subjectId)
            : await snapshotOf(tx, report.kind, report.targetId);
        switch (input.action) {
          case 'dismiss':
            await closeReports(tx, adminId, report, 'dismiss', {}, snapshot);
            return;
          case 'hide-listing': {
            if (report.kind !== 'listing') throw new ApiError(400, 'VALIDATION_ERROR');
            // Off the market as a sold listing is; a listing already sold stays sold, and hidden. One
            // hidden for its seller's suspension becomes the moderator's, so the suspension's end
            // leaves it hidden.
            await tx
              .update(listings)
              .set({
                isSold: true,
                hiddenAt: sql`coalesce(${listings.hiddenAt}, now())`,
                hiddenReason: 'moderation',
              })
              .where(
                and(
                  eq(listings.id, report.targetId),
                  or(isNull(listings.hiddenAt), eq(listings.hiddenReason, 'suspension')),
                ),
              );
            await closeReports(tx, adminId, report, 'hide-listing', {}, snapshot);
            return;
          }
          case 'remove-message': {
            if (report.kind !== 'message') throw new ApiError(400, 'VALIDATION_ERROR');
            await tx
              .update(messages)
              .set({ content: '', removedAt: sql`now()` })
              .where(eq(messages.id, report.targetId));
            await closeReports(tx, adminId, report, 'remove-message', {}, snapshot);
            return;
          }
          case 'remove-post': {
            if (report.kind !== 'post') throw new ApiError(400, 'VALIDATION_ERROR');
            await closeReports(tx, adminId, report, 'remove-post', {}, snapshot);
            removedPost = report.targetId;
            return;
          }
          case 'suspend': {
            const until = input.days === null ? null : new Date(Date.now() + input.days * 86_400_000);
            await suspendMember(tx, report.subjectId, until, input.reason);
            const actionId = await closeReports(
              tx,
              adminId,
              report,
              'suspend',
              { reason: input.reason, until, kind: 'member', targetId: report.subjectId },
              snapshot,
            );
            // The open reports about the member themselves are settled by the suspension too; those
            // about their listings, messages and posts stay in the queue, each to be judged on its own.
            await tx
              .update(reports)
              .set({ status: 'actioned', resolvedAt: sql`now()` })
              .where(
                and(
                  eq(reports.kind, 'member'),
                  eq(reports.targetId, report.subjectId),
                  eq(reports.status, 'open'),
                ),
              );
            await enqueueJob(tx, 'moderation.suspended', { userId: report.subjectId, actionId });
            suspended = { userId: report.subjectId, actionId };
          }
        }
      });
      if (removedPost) await deps.removePost(removedPost);
      if (suspended) {
        await deps.sessionsEnded((suspended as { userId: string }).userId);
        deps.wakeJobs();
      }
    },

    /** The audit log, newest first. */
    async audit(cursor: string | undefined): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
      const position = cursor ? decodeKeyset(cursor) : null;
      const rows = await db
        .select({
          entry: moderationActions,
          at: exactTime(moderationActions.createdAt),
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(moderationActions)
        .leftJoin(users, eq(users.id, moderationActions.adminId))
        .where(position ? before(moderationActions.createdAt, moderationActions.id, position) : undefined)
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(AUDIT_PAGE + 1);
      const page = rows.slice(0, AUDIT_PAGE);
      const last = page.at(-1);
      const targets = await targetLabels(
        page.filter(({ entry }) => !entry.subject).map(({ entry }) => entry),
      );
      return {
        items: page.map(({ entry, firstName, lastName }) => ({
          id: entry.id,
          admin: entry.adminId ? (publicName(firstName, lastName) ?? '') : null,
          action: entry.action,
          kind: entry.kind,
          targetId: entry.targetId,
          // As it was when acted on; entries older than those snapshots show it as it is now.
          target: entry.subject?.label ?? targets.get(`${entry.kind}:${entry.targetId}`) ?? null,
          targetEmail: entry.subject?.email ?? null,
          reason: entry.reason,
          until: suspendedUntilText(entry.until),
          createdAt: entry.createdAt.toISOString(),
        })),
        nextCursor:
          rows.length > AUDIT_PAGE && last ? encodeKeyset({ at: last.at, id: String(last.entry.id) }) : null,
      };
    },
  };
}

/**
 * Suspends a member until `until` (null: for good), in the caller's transaction: they are signed out
 * everywhere, cannot sign in, and their unsold listings leave the market until the suspension ends.
 * Their row is locked first, so their writes in flight finish before it (and what they wrote is taken
 * down with the rest) or wait for it and are refused.
 */
export async function suspendMember(tx: Tx, userId: string, until: Date | null, reason: string) {
  await lockMemberForChange(tx, userId);
  await tx
    .update(users)
    .set({ suspendedUntil: until ?? sql`'infinity'::timestamptz`, suspensionReason: reason })
    .where(eq(users.id, userId));
  await tx
    .update(listings)
    .set({ isSold: true, hiddenAt: sql`now()`, hiddenReason: 'suspension' })
    .where(and(eq(listings.userId, userId), eq(listings.isSold, false)));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** The operator command that grants and revokes the desk, as the audit log names it. */
export const ADMIN_COMMAND = 'npm run admin';

/**
 * Grants or revokes the moderation desk (`npm run admin`; never through the API), with an audit log
 * entry naming the member (their name and address then) and the operator command, in one transaction.
 * False when no member has the address.
 */
export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ isAdmin })
      .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
      .returning({ id: users.id });
    const member = changed[0];
    if (!member) return false;
    await tx.insert(moderationActions).values({
      adminId: null,
      action: isAdmin ? 'grant-admin' : 'revoke-admin',
      kind: 'member',
      targetId: member.id,
      reason: `${ADMIN_COMMAND} -- ${isAdmin ? 'grant' : 'revoke'}`,
      subject: await memberSnapshot(tx, member.id),
    });
    return true;
  });
}

/** A member's public name and address as they are now, for an audit entry. */
async function memberSnapshot(executor: Executor, userId: string): Promise<AuditSubject | null> {
  const [row] = await executor
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { label: publicName(row.firstName, row.lastName) ?? '', email: row.email } : null;
}

/** A suspension's end as the API gives it: an ISO time, 'forever', or null when not suspended. */
function suspendedUntilText(until: Date | null): string | null {
  if (!until) return null;
  return Number.isFinite(until.getTime()) ? until.toISOString() : 'forever';
}

export type AdminService = ReturnType<typeof createAdminService>;
