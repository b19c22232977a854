import { and, asc, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { z } from 'zod';
import { COUNT_LIMIT, filterCount } from '@common/schemas/browse';
import { formatPrice } from '@common/i18n/format';
import {
  SAVED_SEARCH_LIMIT,
  SavedQuerySchema,
  type SavedQuery,
  type SavedSearch,
} from '@common/schemas/saved-searches';
import { languageOrDefault } from '@common/i18n/languages';
import type { Db } from '../../db/client';
import { listings, savedSearchAlerts, savedSearches, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { insertWithinQuota } from '../../db/member-quota';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import type { FleetService } from '../fleet/fleet.service';
import { assertKnownPlace, type ListingsService } from '../listings/listings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { isUuid } from '../../http/ids';
import { containsPattern } from '../../db/like';
import { MATCH_JOB } from './listing-published';

type Row = typeof savedSearches.$inferSelect;
export const ALERT_EMAIL_JOB = 'saved-searches.alert-email';
const BATCH = 500;
const NEW_CAP = 99;
/** Count queries one request may run at the same time. */
export const COUNTS_AT_ONCE = 2;

const MatchJob = z.object({ listingId: z.string() });
const EmailJob = z.object({ userId: z.string(), searchId: z.string(), listingId: z.string() });

function storedQuery(row: { query: unknown }): SavedQuery {
  const parsed = SavedQuerySchema.safeParse(row.query);
  return parsed.success ? parsed.data : {};
}

function asParams(query: SavedQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
}

/**
 * Saved searches and their alerts. A published listing is matched against every search with alerts
 * on in a job (structured filters first in SQL, then the same browse conditions for the candidates),
 * and each (search, listing) pair alerts once: a notification, and an email in its own job.
 */
export function createSavedSearchesService(deps: {
  db: Db;
  listings: ListingsService;
  fleet: FleetService;
  notifications: NotificationsService;
  mailer: TemplateMailer;
  publicUrl: string;
  wakeJobs: () => void;
}) {
  const { db } = deps;

  async function owned(userId: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
    const rows = await db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .limit(1);
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND');
    return rows[0];
  }

  /**
   * A search with its counts. Each count stops at its cap, and one request runs at most
   * `COUNTS_AT_ONCE` of them at a time (`limit`), so a list of 25 searches never takes the whole pool.
   */
  async function view(row: Row, limit = pLimit(COUNTS_AT_ONCE)): Promise<SavedSearch> {
    const query = storedQuery(row);
    const fleet = query.fits ? await deps.fleet.list(row.userId) : null;
    const [results, fresh] = await Promise.all([
      limit(() => deps.listings.countMatching(query, fleet, { cap: COUNT_LIMIT + 1 })),
      limit(() => deps.listings.countMatching(query, fleet, { since: row.lastOpenedAt, cap: NEW_CAP })),
    ]);
    return {
      id: row.id,
      name: row.name,
      query: asParams(query),
      filterCount: filterCount(query),
      alerts: row.alerts,
      createdAt: row.createdAt.toISOString(),
      results: { value: Math.min(results, COUNT_LIMIT), more: results > COUNT_LIMIT },
      newResults: fresh,
    };
  }

  const jobHandlers: Record<string, JobHandler> = {
    [MATCH_JOB]: async (raw) => {
      const { listingId } = MatchJob.parse(raw);
      const listing = (await db.select().from(listings).where(eq(listings.id, listingId)).limit(1))[0];
      if (!listing || listing.isSold) return;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        // Candidates: searches with alerts on, of someone else, whose structured filters allow it.
        const candidates = await db.execute<{
          id: string;
          user_id: string;
          name: string;
          query: unknown;
        }>(sql`
          select s.id, s.user_id, s.name, s.query from ${savedSearches} s
          where s.alerts and s.id > ${after}::uuid and s.user_id <> ${listing.userId}
            and coalesce(s.query->>'category', ${listing.category}) = ${listing.category}
            and coalesce(s.query->>'make', ${listing.make}) = ${listing.make}
            and lower(coalesce(s.query->>'model', ${listing.model})) = lower(${listing.model})
            and coalesce(s.query->>'condition', ${listing.condition}) = ${listing.condition}
            and (s.query->>'minPriceCents' is null or (s.query->>'minPriceCents')::numeric <= ${listing.priceCents})
            and (s.query->>'maxPriceCents' is null or (s.query->>'maxPriceCents')::numeric >= ${listing.priceCents})
          order by s.id limit ${BATCH}`);
        for (const row of candidates.rows) {
          const search = { id: row.id, userId: row.user_id, name: row.name };
          const query = storedQuery(row);
          const fleet = query.fits ? await deps.fleet.list(search.userId) : null;
          if ((await deps.listings.countMatching(query, fleet, { listingId, cap: 1 })) === 0) continue;
          const settings = await deps.notifications.settingsFor(search.userId);
          // The pair's record, its notification and its email job commit together: a worker that dies
          // in between leaves none of them, and the retry alerts.
          const notification = await db.transaction(async (tx) => {
            const inserted = await tx
              .insert(savedSearchAlerts)
              .values({ savedSearchId: search.id, listingId })
              .onConflictDoNothing()
              .returning();
            if (inserted.length === 0) return undefined;
            if (settings.emailNotifications && settings.newListings)
              await enqueueJob(tx, ALERT_EMAIL_JOB, {
                userId: search.userId,
                searchId: search.id,
                listingId,
              });
            return deps.notifications.store(tx, {
              settings,
              userId: search.userId,
              type: 'new_listing',
              data: { searchName: search.name, listingTitle: listing.title },
              link: `/listing/${listingId}`,
              idempotencyKey: `saved-search:${search.id}:${listingId}`,
            });
          });
          if (notification) await deps.notifications.deliver(search.userId, notification);
        }
        if (candidates.rows.length < BATCH) break;
        after = candidates.rows[candidates.rows.length - 1]!.id;
      }
      deps.wakeJobs();
    },

    [ALERT_EMAIL_JOB]: async (raw) => {
      const job = EmailJob.parse(raw);
      const rows = await db.execute<{
        email: string;
        locale: string;
        first_name: string | null;
        name: string;
        title: string;
        price_cents: number;
      }>(sql`
        select u.email, u.locale, u.first_name, s.name, l.title, l.price_cents
        from ${savedSearches} s join ${users} u on u.id = s.user_id, ${listings} l
        where s.id = ${job.searchId} and u.id = ${job.userId} and l.id = ${job.listingId}
          and s.alerts and not l.is_sold`);
      const row = rows.rows[0];
      if (!row) return;
      const language = languageOrDefault(row.locale);
      await deps.mailer.send(
        deps.mailer.compose('newListingAlert', {
          to: row.email,
          language,
          name: row.first_name,
          link: `${deps.publicUrl}/listing/${job.listingId}`,
          params: {
            search: row.name,
            listing: row.title,
            price: formatPrice(row.price_cents),
            settings: `${deps.publicUrl}/saved-searches`,
          },
        }),
      );
    },
  };

  return {
    jobHandlers,

    async list(userId: string, search?: string): Promise<SavedSearch[]> {
      const term = search?.trim().toLowerCase();
      const rows = await db
        .select()
        .from(savedSearches)
        .where(
          and(
            eq(savedSearches.userId, userId),
            term ? sql`lower(${savedSearches.name}) like ${containsPattern(term)}` : undefined,
          ),
        )
        .orderBy(asc(savedSearches.createdAt));
      const limit = pLimit(COUNTS_AT_ONCE);
      return Promise.all(rows.reverse().map((row) => view(row, limit)));
    },

    async save(userId: string, input: { name: string; query: SavedQuery; alerts: boolean }) {
      assertKnownPlace(input.query);
      const row = await insertWithinQuota(
        db,
        {
          table: savedSearches,
          owner: savedSearches.userId,
          userId,
          limit: SAVED_SEARCH_LIMIT,
          error: 'SAVED_SEARCH_LIMIT',
        },
        async (tx) => {
          const rows = await tx
            .insert(savedSearches)
            .values({ userId, name: input.name, query: input.query, alerts: input.alerts })
            .returning();
          return rows[0]!;
        },
      );
      return view(row);
    },

    async update(
      userId: string,
      id: string,
      input: { name?: string | undefined; alerts?: boolean | undefined },
    ) {
      await owned(userId, id);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.alerts !== undefined ? { alerts: input.alerts } : {}),
      };
      // An empty change is a valid one that changes nothing: the search as it is.
      const rows = Object.keys(changes).length
        ? await db.update(savedSearches).set(changes).where(eq(savedSearches.id, id)).returning()
        : await db.select().from(savedSearches).where(eq(savedSearches.id, id));
      return view(rows[0]!);
    },

    /** Opening a search clears its "new" badge. */
    async open(userId: string, id: string) {
      await owned(userId, id);
      await db.update(savedSearches).set({ lastOpenedAt: new Date() }).where(eq(savedSearches.id, id));
    },

    async remove(userId: string, id: string) {
      await owned(userId, id);
      await db.delete(savedSearches).where(eq(savedSearches.id, id));
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
