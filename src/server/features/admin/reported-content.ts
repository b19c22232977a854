import { eq, inArray, sql } from 'drizzle-orm';
import { publicName } from '@common/labels';
import type { AuditSubject, ReportedContent } from '@common/schemas/trust';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import type { Db, Tx } from '../../db/client';
import type { reports } from '../../db/schema';
import { communityPosts, conversations, listings, messages, users, wantedPosts } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { memberSnapshot } from './members';

/** Messages shown on each side of a reported one. */
const CONTEXT = 3;

type ReportRow = typeof reports.$inferSelect;

/**
 * What reports and audit entries are about, as a moderator reads them: the reported listing, post,
 * member or message (with the messages around it), and the label an audit entry keeps.
 */
export function reportedContent(db: Db, storage: Storage) {
  /**
   * What each audit entry acted on, as a moderator recognises it: a listing's or post's title, a
   * member's public name, the listing a message was about. One query per kind for the whole page.
   */
  async function targetLabels(entries: { kind: string; targetId: string }[]): Promise<Map<string, string>> {
    const ids = (kind: string) => [
      ...new Set(entries.filter((entry) => entry.kind === kind).map((entry) => entry.targetId)),
    ];
    const labels = new Map<string, string>();
    const [listingIds, memberIds, postIds, messageIds, wantedIds] = [
      ids('listing'),
      ids('member'),
      ids('post'),
      ids('message'),
      ids('wanted'),
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
      wantedIds.length &&
        db
          .select({ id: wantedPosts.id, title: wantedPosts.title })
          .from(wantedPosts)
          .where(inArray(wantedPosts.id, wantedIds))
          .then((rows) => rows.forEach((row) => labels.set(`wanted:${row.id}`, row.title))),
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
    if (kind === 'wanted') {
      const [row] = await tx
        .select({ title: wantedPosts.title })
        .from(wantedPosts)
        .where(eq(wantedPosts.id, targetId));
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
    const wantedIds = byKind('wanted');
    if (wantedIds.length)
      for (const w of await db.select().from(wantedPosts).where(inArray(wantedPosts.id, wantedIds)))
        found.set(`wanted:${w.id}`, {
          kind: 'wanted',
          id: w.id,
          title: w.title,
          description: w.description,
          photo: photoUrl(w.photo ?? undefined),
          hidden: w.hiddenAt !== null,
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

  return { targetLabels, snapshotOf, contents };
}
