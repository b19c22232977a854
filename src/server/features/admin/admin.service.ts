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
} from '@common/schemas/trust';
import type { Db, Tx } from '../../db/client';
import { lockMemberForChange } from '../../db/member-state';
import { listings, messages, moderationActions, reports, users, wantedPosts } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { after, before, decodeKeyset, encodeKeyset, exactTime } from '../../db/keyset';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import type { Storage } from '../../storage/storage';
import { memberSnapshot, suspendedUntilText, suspendMember } from './members';
import { reportedContent } from './reported-content';
import { later, systemClock, type Clock } from '../../clock';

export { ADMIN_COMMAND, setAdmin, suspendMember } from './members';

/** Reports per page of the queue, entries per page of the audit log. */
const QUEUE_PAGE = 20;
const AUDIT_PAGE = 50;
/** The overview counts up to this many of each (never an exact count over a big table). */
const OVERVIEW_CAP = 10_000;

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
  clock?: Clock;
}) {
  const { db, storage } = deps;
  const clock = deps.clock ?? systemClock;

  const { targetLabels, snapshotOf, contents } = reportedContent(db, storage);

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
          case 'hide-wanted': {
            if (report.kind !== 'wanted') throw new ApiError(400, 'VALIDATION_ERROR');
            await tx
              .update(wantedPosts)
              .set({ hiddenAt: sql`coalesce(${wantedPosts.hiddenAt}, now())` })
              .where(eq(wantedPosts.id, report.targetId));
            await closeReports(tx, adminId, report, 'hide-wanted', {}, snapshot);
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
            const until = input.days === null ? null : later(clock, input.days * 86_400_000);
            await suspendMember(tx, report.subjectId, until, input.reason, clock());
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

export type AdminService = ReturnType<typeof createAdminService>;
