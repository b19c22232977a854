import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { jsonColumns } from '../../db/columns';
import { arrayRows, literalLimit } from '../../db/named-statements';
import { PLAN_DETAILS } from '@common/catalog';
import type { SessionUser } from '@common/schemas/auth';
import { formatPrice } from '@common/i18n/format';
import { languageOrDefault } from '@common/i18n/languages';
import { publicName } from '@common/labels';
import { partNumberKey } from '@common/part-numbers';
import { placeLabel } from '@common/schemas/places';
import { ratingOf } from '@common/schemas/rating';
import {
  WANTED_DAYS,
  WANTED_MATCHES_SHOWN,
  WANTED_OPEN_LIMIT,
  WANTED_PAGE,
  type WantedAnswers,
  type WantedCard,
  type WantedDetail,
  type WantedPage,
  type WantedQuery,
  type WantedState,
  type WantedValues,
} from '@common/schemas/wanted';
import { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { before, decodeKeyset, exactTime, keysetPage } from '../../db/keyset';
import { containsPattern } from '../../db/like';
import { assertWithinQuota } from '../../db/member-quota';
import { lockMembers } from '../../db/member-state';
import { listings, users, wantedAnswers, wantedMatches, wantedPosts } from '../../db/schema';
import { lookupZip } from '../../geo/zip';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import { resolvePhotos } from '../../photos/uploads';
import type { Storage } from '../../storage/storage';
import { cardJson, photoView, readCards } from '../../cards/listing-card';
import type { MessagesService } from '../messages/messages.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  WANTED_EMAIL_JOB,
  WANTED_MATCH_JOB,
  listingMatchesPost,
  openPost,
  postsMatchingListing,
} from './matching';

type Row = typeof wantedPosts.$inferSelect;

/**
 * The columns a post's card shows, and its state's: a page of posts reads these alone, not the whole
 * row (its description, its search keys, its place's coordinates), which the driver parsed and
 * Drizzle mapped column by column for every post on the page.
 */
const CARD_FIELDS = [
  'id',
  'title',
  'category',
  'make',
  'model',
  'yearStart',
  'yearEnd',
  'partNumbers',
  'maxPriceCents',
  'location',
  'shipsToMe',
  'photo',
  'hiddenAt',
  'foundAt',
  'expiresAt',
  'createdAt',
  'userId',
] as const satisfies readonly (keyof Row)[];
type CardField = (typeof CARD_FIELDS)[number];
const postJson = jsonColumns(wantedPosts);
const memberJson = jsonColumns(users);
/** What a post shows of its member: their name and stars. */
const MEMBER_FIELDS = ['firstName', 'lastName', 'ratingSum', 'ratingCount'] as const;
type MemberField = (typeof MEMBER_FIELDS)[number];
/**
 * A page's post as one JSON array: its card's fields in `CARD_FIELDS`' order, then its member's name
 * and stars in `MEMBER_FIELDS`' order. A page of posts is read as one value a post, not Drizzle's
 * mapping of each of 21 columns of each post (about a third of the page's CPU, issue 37's profile).
 */
const postCardJson = sql.raw(
  `json_build_array(${[...CARD_FIELDS.map((field) => postJson.field(field)), ...MEMBER_FIELDS.map((field) => memberJson.field(field))].join(', ')})`,
);
type Member = { name: string | null; ratingSum: number; ratingCount: number };

const MatchJob = z.object({ listingId: z.string() });
const EmailJob = z.object({ userId: z.string(), wantedId: z.string(), listingId: z.string() });
/** Matches recorded for a new or edited post (the listings a seller later sees the demand on). */
const MATCHES_RECORDED = 200;

function stateOf(row: Pick<Row, 'hiddenAt' | 'foundAt' | 'expiresAt'>, now: Date): WantedState {
  if (row.hiddenAt) return 'hidden';
  if (row.foundAt) return 'found';
  return row.expiresAt > now ? 'open' : 'expired';
}

/** The row's columns from the form's values: the numbers' keys, the ZIP code's place. */
function columns(input: WantedValues) {
  const place = input.zip ? lookupZip(input.zip) : null;
  if (input.zip && !place) throw new ApiError(400, 'VALIDATION_ERROR', {}, { zip: 'validation.zipUnknown' });
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    make: input.make,
    model: input.model,
    yearStart: input.yearStart ?? null,
    yearEnd: input.yearEnd ?? null,
    partNumbers: input.partNumbers,
    partNumberKeys: input.partNumbers.map((number) => partNumberKey(number)!),
    conditions: input.conditions,
    maxPriceCents: input.maxPriceCents ?? null,
    zip: place?.zip ?? null,
    location: place ? placeLabel(place) : null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    radius: place ? (input.radius ?? null) : null,
    shipsToMe: input.shipsToMe,
  };
}

/** A member's open posts (not found, hidden or expired), capped. */
const openPostsQuota = (userId: string) => ({
  table: wantedPosts,
  owner: wantedPosts.userId,
  userId,
  limit: WANTED_OPEN_LIMIT,
  error: 'WANTED_LIMIT' as const,
  counts: sql`found_at is null and hidden_at is null and expires_at > now()`,
});

/**
 * Parts wanted: members' posts, browsing them, matching them with listings both ways (docs/wanted.md),
 * and sellers' "I have this" answers within their plan.
 */
export function createWantedService(deps: {
  db: Db;
  storage: Storage;
  messages: MessagesService;
  notifications: NotificationsService;
  mailer: TemplateMailer;
  publicUrl: string;
  wakeJobs: () => void;
}) {
  const { db, storage, notifications } = deps;

  function card(row: Pick<Row, CardField>, member: Member, now: Date): WantedCard {
    return {
      id: row.id,
      title: row.title,
      category: row.category,
      make: row.make,
      model: row.model,
      yearStart: row.yearStart,
      yearEnd: row.yearEnd,
      partNumbers: row.partNumbers,
      maxPriceCents: row.maxPriceCents,
      location: row.location,
      shipsToMe: row.shipsToMe,
      photo: row.photo ? photoView(storage, row.photo) : null,
      state: stateOf(row, now),
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      member: {
        id: row.userId,
        name: member.name,
        rating: ratingOf(member.ratingSum, member.ratingCount),
      },
    };
  }

  const memberColumns = {
    firstName: users.firstName,
    lastName: users.lastName,
    ratingSum: users.ratingSum,
    ratingCount: users.ratingCount,
  } satisfies Record<MemberField, unknown>;
  const member = (row: Pick<typeof users.$inferSelect, MemberField>) => ({
    name: publicName(row.firstName, row.lastName),
    ratingSum: row.ratingSum,
    ratingCount: row.ratingCount,
  });

  /** The member's own post, locked for the rest of the transaction; anyone else's answers 404. */
  async function lockOwn(tx: Tx, userId: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
    const rows = await tx
      .select()
      .from(wantedPosts)
      .where(and(eq(wantedPosts.id, id), eq(wantedPosts.userId, userId)))
      .for('update');
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND');
    return rows[0];
  }

  /** The listings on the market that match post `id` now, best placed first. */
  async function matchingListingIds(executor: Executor, id: string, limit: number): Promise<string[]> {
    const rows = await executor.execute<{ id: string }>(sql`
      select l.id from wanted_posts w
      join listings l on l.is_sold = false and (l.part_number_key = any(w.part_number_keys)
        or (l.make = w.make and lower(l.model) = lower(w.model)))
      where w.id = ${id} and ${listingMatchesPost}
      order by l.rank desc, l.id desc limit ${limit}`);
    return rows.rows.map((row) => row.id);
  }

  /** Records the listings a post matches now (a new or edited post): the demand their sellers see. */
  async function recordMatches(tx: Tx, id: string): Promise<void> {
    await tx.delete(wantedMatches).where(eq(wantedMatches.wantedId, id));
    const ids = await matchingListingIds(tx, id, MATCHES_RECORDED);
    if (ids.length)
      await tx
        .insert(wantedMatches)
        .values(ids.map((listingId) => ({ wantedId: id, listingId })))
        .onConflictDoNothing();
  }

  /** This month's answers of a seller, their plan's limit, and their answer to post `wantedId`. */
  async function answersOf(
    executor: Executor,
    seller: SessionUser,
    wantedId: string,
  ): Promise<WantedAnswers> {
    const rows = await executor.execute<{ used: number; conversation_id: string | null }>(sql`
      select (select count(*)::int from ${wantedAnswers}
                where seller_id = ${seller.id} and created_at >= date_trunc('month', now())) as used,
             (select conversation_id from ${wantedAnswers}
                where seller_id = ${seller.id} and wanted_id = ${wantedId}) as conversation_id`);
    return {
      used: rows.rows[0]?.used ?? 0,
      limit: PLAN_DETAILS[seller.plan].wantedAnswersPerMonth,
      conversationId: rows.rows[0]?.conversation_id ?? null,
    };
  }

  const jobHandlers: Record<string, JobHandler> = {
    [WANTED_MATCH_JOB]: async (raw) => {
      const { listingId } = MatchJob.parse(raw);
      const matched = await db.execute<{ id: string; user_id: string; title: string }>(
        postsMatchingListing(listingId),
      );
      if (!matched.rows.length) return;
      const listing = (
        await db.select({ title: listings.title }).from(listings).where(eq(listings.id, listingId))
      )[0];
      if (!listing) return;
      for (const post of matched.rows) {
        const settings = await notifications.settingsFor(post.user_id);
        // The match's record, its notification and its email job commit together: a worker that dies
        // in between leaves none of them, and the retry tells the member.
        const notification = await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(wantedMatches)
            .values({ wantedId: post.id, listingId })
            .onConflictDoNothing()
            .returning();
          if (!inserted.length) return undefined;
          if (settings.emailNotifications && settings.newListings)
            await enqueueJob(tx, WANTED_EMAIL_JOB, { userId: post.user_id, wantedId: post.id, listingId });
          return notifications.store(tx, {
            settings,
            userId: post.user_id,
            type: 'wanted_match',
            data: { searchName: post.title, listingTitle: listing.title },
            link: `/listing/${listingId}`,
            idempotencyKey: `wanted:${post.id}:${listingId}`,
          });
        });
        if (notification) await notifications.deliver(post.user_id, notification);
      }
      deps.wakeJobs();
    },

    [WANTED_EMAIL_JOB]: async (raw) => {
      const job = EmailJob.parse(raw);
      const rows = await db.execute<{
        email: string;
        locale: string;
        first_name: string | null;
        wanted: string;
        title: string;
        price_cents: number;
      }>(sql`
        select u.email, u.locale, u.first_name, w.title as wanted, l.title, l.price_cents
        from wanted_posts w join ${users} u on u.id = w.user_id, ${listings} l
        where w.id = ${job.wantedId} and u.id = ${job.userId} and l.id = ${job.listingId}
          and ${openPost} and not l.is_sold`);
      const row = rows.rows[0];
      if (!row) return;
      await deps.mailer.send(
        deps.mailer.compose('wantedMatch', {
          to: row.email,
          language: languageOrDefault(row.locale),
          name: row.first_name,
          link: `${deps.publicUrl}/listing/${job.listingId}`,
          params: {
            wanted: row.wanted,
            listing: row.title,
            price: formatPrice(row.price_cents),
            settings: `${deps.publicUrl}/notifications`,
          },
        }),
      );
    },
  };

  return {
    jobHandlers,

    /** Posts a wanted part, open WANTED_DAYS days, and records the listings that already match it. */
    async create(user: SessionUser, input: WantedValues): Promise<string> {
      return db.transaction(async (tx) => {
        await lockMembers(tx, { actor: user.id });
        await assertWithinQuota(tx, openPostsQuota(user.id));
        const photo = input.photo ? (await resolvePhotos(tx, user.id, [input.photo]))[0]! : null;
        const rows = await tx
          .insert(wantedPosts)
          .values({
            ...columns(input),
            photo,
            userId: user.id,
            expiresAt: sql`now() + make_interval(days => ${WANTED_DAYS})`,
          })
          .returning({ id: wantedPosts.id });
        const id = rows[0]!.id;
        await recordMatches(tx, id);
        return id;
      });
    },

    async update(user: SessionUser, id: string, input: WantedValues): Promise<void> {
      await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: user.id });
        const post = await lockOwn(tx, user.id, id);
        const photo = input.photo
          ? (await resolvePhotos(tx, user.id, [input.photo], post.photo ? [post.photo] : []))[0]!
          : null;
        await tx
          .update(wantedPosts)
          .set({ ...columns(input), photo, updatedAt: sql`now()` })
          .where(eq(wantedPosts.id, id));
        await recordMatches(tx, id);
      });
    },

    /** Open for WANTED_DAYS more days from now (an expired post opens again; a found one does not). */
    async renew(user: SessionUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: user.id });
        const post = await lockOwn(tx, user.id, id);
        if (post.foundAt || post.hiddenAt) throw new ApiError(409, 'WANTED_CLOSED');
        if (post.expiresAt <= new Date()) await assertWithinQuota(tx, openPostsQuota(user.id));
        await tx
          .update(wantedPosts)
          .set({ expiresAt: sql`now() + make_interval(days => ${WANTED_DAYS})`, updatedAt: sql`now()` })
          .where(eq(wantedPosts.id, id));
      });
    },

    async found(user: SessionUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: user.id });
        await lockOwn(tx, user.id, id);
        await tx
          .update(wantedPosts)
          .set({ foundAt: sql`coalesce(found_at, now())`, updatedAt: sql`now()` })
          .where(eq(wantedPosts.id, id));
      });
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockOwn(tx, user.id, id);
        await tx.delete(wantedPosts).where(eq(wantedPosts.id, id));
      });
    },

    /**
     * A page of open posts, newest first (or the member's own, `mine`, in every state), with browse's
     * filters; a search is the title's words or one of the post's part numbers.
     */
    async browse(query: WantedQuery, viewer: { id: string; hidden: string[] } | null): Promise<WantedPage> {
      const position = query.cursor ? decodeKeyset(query.cursor) : null;
      const conditions: (SQL | undefined)[] = [];
      if (query.mine) {
        if (!viewer) throw new ApiError(401, 'UNAUTHORIZED');
        conditions.push(eq(wantedPosts.userId, viewer.id));
      } else {
        conditions.push(
          sql`${wantedPosts.foundAt} is null and ${wantedPosts.hiddenAt} is null and ${wantedPosts.expiresAt} > now()`,
          // A suspended member's posts are off the list while the suspension lasts (as their listings are).
          sql`(${users.suspendedUntil} is null or ${users.suspendedUntil} < now())`,
        );
        if (viewer?.hidden.length)
          conditions.push(sql`${wantedPosts.userId} <> all(${sql.param(viewer.hidden)}::text[])`);
      }
      if (query.category) conditions.push(eq(wantedPosts.category, query.category));
      if (query.make) conditions.push(eq(wantedPosts.make, query.make));
      if (query.model) conditions.push(sql`lower(${wantedPosts.model}) = lower(${query.model})`);
      if (query.year)
        conditions.push(
          sql`coalesce(${wantedPosts.yearStart}, 0) <= ${query.year} and coalesce(${wantedPosts.yearEnd}, 9999) >= ${query.year}`,
        );
      const search = query.search?.trim();
      if (search) {
        const key = partNumberKey(search);
        conditions.push(
          key
            ? sql`${wantedPosts.partNumberKeys} @> array[${key}]::text[]`
            : sql`lower(${wantedPosts.title}) like ${containsPattern(search.toLowerCase())}`,
        );
      }
      if (position) conditions.push(before(wantedPosts.createdAt, wantedPosts.id, position));
      // The first page, with no filter and nothing hidden, has no parameters: it runs named (arrayRows).
      const rows = (await arrayRows(
        db,
        db
          .select({ post: postCardJson, at: exactTime(wantedPosts.createdAt) })
          .from(wantedPosts)
          .innerJoin(users, eq(users.id, wantedPosts.userId))
          .where(and(...conditions))
          .orderBy(desc(wantedPosts.createdAt), desc(wantedPosts.id))
          .limit(literalLimit(WANTED_PAGE + 1)),
      )) as [unknown[], string][];
      const now = new Date();
      const { page, nextCursor } = keysetPage(rows, WANTED_PAGE, ([post, at]) => ({
        at,
        id: post[0] as string,
      }));
      return {
        items: page.map(([values]) =>
          card(
            postJson.read(CARD_FIELDS, values),
            member(memberJson.read(MEMBER_FIELDS, values.slice(CARD_FIELDS.length))),
            now,
          ),
        ),
        nextCursor,
      };
    },

    /** A post's page: open, or its owner's in any state; the listings matching it; the viewer's answers. */
    async detail(id: string, viewer: SessionUser | null): Promise<WantedDetail> {
      if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
      const rows = await db
        .select({
          post: wantedPosts,
          member: memberColumns,
          suspended: sql<boolean>`coalesce(${users.suspendedUntil} > now(), false)`,
        })
        .from(wantedPosts)
        .innerJoin(users, eq(users.id, wantedPosts.userId))
        .where(eq(wantedPosts.id, id));
      const row = rows[0];
      const now = new Date();
      const isOwner = viewer?.id === row?.post.userId;
      if (!row || (!isOwner && (row.suspended || stateOf(row.post, now) === 'hidden')))
        throw new ApiError(404, 'NOT_FOUND');
      const ids =
        stateOf(row.post, now) === 'open' ? await matchingListingIds(db, id, WANTED_MATCHES_SHOWN) : [];
      const cards = ids.length
        ? await readCards(
            db,
            db.select({ card: cardJson }).from(listings).where(inArray(listings.id, ids)),
            storage,
            () => now,
          )
        : [];
      const post = row.post;
      return {
        ...card(post, member(row.member), now),
        description: post.description,
        conditions: post.conditions,
        zip: post.zip,
        radius: post.radius,
        isOwner,
        ...(isOwner ? { storedPhoto: post.photo } : {}),
        matches: ids.flatMap((listingId) => {
          const found = cards.find((c) => c.listing.id === listingId);
          return found ? [found.card] : [];
        }),
        ...(viewer && !isOwner ? { answers: await answersOf(db, viewer, id) } : {}),
      };
    },

    /**
     * "I have this": opens (or continues) a conversation with the post's owner about one of the
     * seller's listings. A first answer to a post counts against the seller's plan for the calendar
     * month, checked and recorded in the transaction that stores the message.
     */
    async answer(seller: SessionUser, id: string, input: { listingId: string; content: string }) {
      if (!isUuid(id) || !isUuid(input.listingId)) throw new ApiError(404, 'NOT_FOUND');
      const limit = PLAN_DETAILS[seller.plan].wantedAnswersPerMonth;
      if (limit === 0) throw new ApiError(403, 'WANTED_ANSWER_PLAN');
      const post = (await db.select().from(wantedPosts).where(eq(wantedPosts.id, id)))[0];
      if (!post || post.hiddenAt) throw new ApiError(404, 'NOT_FOUND');
      if (post.userId === seller.id) throw new ApiError(400, 'WANTED_OWN');
      const conversationId = await deps.messages.answerWanted(
        seller,
        { listingId: input.listingId, buyerId: post.userId, content: input.content },
        async (tx, conversationId) => {
          const locked = (await tx.select().from(wantedPosts).where(eq(wantedPosts.id, id)).for('share'))[0];
          if (!locked || locked.hiddenAt) throw new ApiError(404, 'NOT_FOUND');
          if (stateOf(locked, new Date()) !== 'open') throw new ApiError(409, 'WANTED_CLOSED');
          const earlier = await tx
            .select({ id: wantedAnswers.id })
            .from(wantedAnswers)
            .where(and(eq(wantedAnswers.wantedId, id), eq(wantedAnswers.sellerId, seller.id)));
          if (earlier.length) return;
          await assertWithinQuota(tx, {
            table: wantedAnswers,
            owner: wantedAnswers.sellerId,
            userId: seller.id,
            limit,
            error: 'WANTED_ANSWER_LIMIT',
            counts: sql`${wantedAnswers.createdAt} >= date_trunc('month', now())`,
          });
          await tx
            .insert(wantedAnswers)
            .values({ wantedId: id, sellerId: seller.id, listingId: input.listingId, conversationId });
        },
      );
      return { conversationId, answers: await answersOf(db, seller, id) };
    },

    /** How many open posts each of the member's listings on the market matches ("N members want this"). */
    async demand(userId: string): Promise<Record<string, number>> {
      const rows = await db.execute<{ listing_id: string; n: number }>(sql`
        select m.listing_id, count(*)::int as n
        from ${listings} l
        join ${wantedMatches} m on m.listing_id = l.id
        join wanted_posts w on w.id = m.wanted_id
        where l.user_id = ${userId} and l.is_sold = false and ${openPost}
        group by m.listing_id`);
      return Object.fromEntries(rows.rows.map((row) => [row.listing_id, row.n]));
    },
  };
}

export type WantedService = ReturnType<typeof createWantedService>;
