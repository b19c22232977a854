import { systemClock, type Clock } from '../../clock';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Favourite } from '@common/schemas/favourites';
import type { Db, Executor } from '../../db/client';
import { favourites, listings } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { toCard } from '../../cards/listing-card';
import type { NotificationsService } from '../notifications/notifications.service';
import { isUuid } from '../../http/ids';
import { containsPattern } from '../../db/like';

export const PRICE_DROP_JOB = 'favourites.price-drop';
export const SOLD_JOB = 'favourites.sold';
const BATCH = 500;

const PriceDrop = z.object({
  listingId: z.string(),
  oldPriceCents: z.number().int(),
  priceCents: z.number().int(),
});
const Sold = z.object({ listingId: z.string() });

/**
 * Favourites, and what follows from them: a price drop or a sale tells everyone who saved the listing
 * (through the job queue, in batches, so a popular listing does not hold up its owner's request).
 */
export function createFavouritesService(deps: {
  db: Db;
  storage: Storage;
  notifications: NotificationsService;
  /** The time cards are shown at (the system's when not given). */
  clock?: Clock;
}) {
  const { db, storage, notifications } = deps;
  const clock = deps.clock ?? systemClock;

  /** Calls `each` for every member who saved the listing (never its owner), in batches. */
  async function forEachFavouriter(listingId: string, each: (userId: string) => Promise<unknown>) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await db.execute<{ id: string; user_id: string }>(sql`
        select f.id, f.user_id from ${favourites} f join ${listings} l on l.id = f.listing_id
        where f.listing_id = ${listingId} and f.id > ${after}::uuid and f.user_id <> l.user_id
        order by f.id limit ${BATCH}`);
      for (const row of rows.rows) await each(row.user_id);
      if (rows.rows.length < BATCH) return;
      after = rows.rows[rows.rows.length - 1]!.id;
    }
  }

  const jobHandlers: Record<string, JobHandler> = {
    [PRICE_DROP_JOB]: async (raw) => {
      const job = PriceDrop.parse(raw);
      const listing = (await db.select().from(listings).where(eq(listings.id, job.listingId)).limit(1))[0];
      if (!listing || listing.isSold) return;
      await forEachFavouriter(job.listingId, (userId) =>
        notifications.notify({
          userId,
          type: 'price_drop',
          data: {
            listingTitle: listing.title,
            oldPriceCents: job.oldPriceCents,
            priceCents: job.priceCents,
          },
          link: `/listing/${listing.id}`,
          groupKey: `price-drop:${listing.id}`,
        }),
      );
    },
    [SOLD_JOB]: async (raw) => {
      const job = Sold.parse(raw);
      const listing = (await db.select().from(listings).where(eq(listings.id, job.listingId)).limit(1))[0];
      if (!listing?.isSold) return;
      await forEachFavouriter(job.listingId, (userId) =>
        notifications.notify({
          userId,
          type: 'sale_update',
          data: { listingTitle: listing.title },
          link: `/listing/${listing.id}`,
          groupKey: `sold:${listing.id}`,
        }),
      );
    },
  };

  /**
   * Which of a page's listings a member saved: every member's page of cards asks, so the statement is
   * built once and runs by name (planned once a connection), the ids as one array.
   */
  const savedAmongStatement = db
    .select({ listingId: favourites.listingId })
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, sql.placeholder('userId')),
        sql`${favourites.listingId} = any(${sql.placeholder('listingIds')}::uuid[])`,
      ),
    )
    .prepare('favourites_saved_among');

  return {
    jobHandlers,

    /** Called when an owner changes a price: a lower price tells the members who saved it. */
    /** A listing's price changed: tell those who saved it about a drop, later (in the caller's transaction). */
    async priceChanged(executor: Executor, listingId: string, oldPriceCents: number, priceCents: number) {
      if (priceCents >= oldPriceCents) return;
      await enqueueJob(executor, PRICE_DROP_JOB, { listingId, oldPriceCents, priceCents });
    },

    /** A listing was sold: tell those who saved it, later (in the caller's transaction). */
    async sold(executor: Executor, listingId: string) {
      await enqueueJob(executor, SOLD_JOB, { listingId }, { dedupeKey: `${SOLD_JOB}:${listingId}` });
    },

    async add(userId: string, listingId: string): Promise<void> {
      if (!isUuid(listingId)) throw new ApiError(404, 'NOT_FOUND');
      const listing = (
        await db.select({ title: listings.title }).from(listings).where(eq(listings.id, listingId)).limit(1)
      )[0];
      if (!listing) throw new ApiError(404, 'NOT_FOUND');
      await db.insert(favourites).values({ userId, listingId, title: listing.title }).onConflictDoNothing();
    },

    /** By the listing's id (the heart) or the favourite's own id (a removed listing in the list). */
    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
      await db
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), or(eq(favourites.id, id), eq(favourites.listingId, id))));
    },

    /** Which of these listings the member saved (for the hearts on a page of cards). */
    async savedAmong(userId: string, listingIds: string[]): Promise<Set<string>> {
      if (listingIds.length === 0) return new Set();
      const rows = await savedAmongStatement.execute({ userId, listingIds });
      return new Set(rows.flatMap((r) => (r.listingId ? [r.listingId] : [])));
    },

    /** The member's favourites, newest first, optionally those whose title matches. */
    async list(userId: string, search?: string): Promise<Favourite[]> {
      const term = search?.trim().toLowerCase();
      const rows = await db.execute<{
        id: string;
        title: string;
        created_at: string;
        listing_id: string | null;
      }>(sql`
        select f.id, coalesce(l.title, f.title) as title, f.created_at, l.id as listing_id
        from ${favourites} f left join ${listings} l on l.id = f.listing_id
        where f.user_id = ${userId}
          ${term ? sql`and lower(coalesce(l.title, f.title)) like ${containsPattern(term)}` : sql``}
        order by f.created_at desc limit 200`);
      const ids = rows.rows.flatMap((r) => (r.listing_id ? [r.listing_id] : []));
      const [found, prices] = ids.length
        ? await Promise.all([
            db.select().from(listings).where(inArray(listings.id, ids)),
            db.execute<{ listing_id: string; latest: number; previous: number | null }>(sql`
              select h.listing_id, h.prices[1] as latest, h.prices[2] as previous from (
                select l.id as listing_id, array(
                  select price_cents from listing_price_history p where p.listing_id = l.id
                  order by p.created_at desc, p.id desc limit 2) as prices
                from ${listings} l where l.id in ${ids}) h`),
          ])
        : [[], { rows: [] }];
      const byId = new Map(found.map((l) => [l.id, l]));
      const drops = new Map(
        prices.rows.flatMap((p) =>
          p.previous !== null && p.latest < p.previous
            ? [[p.listing_id, { fromCents: p.previous, toCents: p.latest }] as const]
            : [],
        ),
      );
      const now = clock();
      return rows.rows.map((row) => {
        const listing = row.listing_id ? byId.get(row.listing_id) : undefined;
        return {
          id: row.id,
          listing: listing ? Object.assign(toCard(storage, listing, now), { favourite: true }) : null,
          title: row.title,
          available: Boolean(listing && !listing.isSold),
          priceDrop: listing ? (drops.get(listing.id) ?? null) : null,
          createdAt: new Date(row.created_at).toISOString(),
        };
      });
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
