import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_RADIUS_MILES } from '@common/schemas/browse';
import type { Executor } from '../../db/client';
import { EARTH_RADIUS_MILES } from '../../geo/zip';
import { enqueueJob } from '../../jobs/queue';

/**
 * When a listing matches a wanted post (docs/wanted.md, "Matching"): the one rule, over a wanted post
 * `w` and a listing `l`, that both directions use (a listing published finds its posts, a post created
 * finds its listings).
 */

/** The job that matches a newly published listing against the open wanted posts. */
export const WANTED_MATCH_JOB = 'wanted.match-listing';
/** The job that emails a post's owner about a listing that matched it. */
export const WANTED_EMAIL_JOB = 'wanted.match-email';

/** A wanted post anyone may still answer: not found, not hidden, not expired. */
export const openPost = sql`w.found_at is null and w.hidden_at is null and w.expires_at > now()`;

/** Miles between the post's ZIP code and the listing's. */
const distance = sql`2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
  power(sin(radians(l.latitude - w.latitude) / 2), 2)
  + cos(radians(w.latitude)) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - w.longitude) / 2), 2))))`;

/**
 * Listing `l` on the market matches post `w` (open, of another member, neither having blocked the
 * other) when it carries one of the post's part numbers, or has its category, make and model with
 * overlapping years and every word of its title; and its price, condition and place suit the post.
 */
export const listingMatchesPost: SQL = sql`l.is_sold = false and w.user_id <> l.user_id
  and (
    l.part_number_key = any(w.part_number_keys)
    or (l.category = w.category and l.make = w.make and lower(l.model) = lower(w.model)
      and (w.year_end is null or l.year_start is null or l.year_start <= w.year_end)
      and (w.year_start is null or l.year_end is null or l.year_end >= w.year_start)
      and l.search @@ plainto_tsquery('simple', w.title))
  )
  and (w.max_price_cents is null or l.price_cents <= w.max_price_cents)
  and (cardinality(w.conditions) = 0 or l.condition = any(w.conditions))
  and ((w.ships_to_me and l.shipping_cents is not null)
    or (w.latitude is not null and l.latitude is not null and l.local_pickup
      and ${distance} <= coalesce(w.radius, ${DEFAULT_RADIUS_MILES})::float8))
  and not exists (select 1 from blocks b
    where (b.blocker_id = w.user_id and b.blocked_id = l.user_id)
       or (b.blocker_id = l.user_id and b.blocked_id = w.user_id))`;

/**
 * The open posts listing `listingId` matches: the posts naming its part number (one read of the part
 * numbers' index) and the posts of its fitment (one read of the fitment index), then the whole rule.
 */
export function postsMatchingListing(listingId: string): SQL {
  return sql`
    select w.id, w.user_id, w.title
    from listings l
    cross join lateral (
      select c.id from wanted_posts c
      where c.found_at is null and c.hidden_at is null
        and l.part_number_key is not null and c.part_number_keys @> array[l.part_number_key]
      union
      select c.id from wanted_posts c
      where c.found_at is null and c.hidden_at is null
        and c.category = l.category and c.make = l.make and lower(c.model) = lower(l.model)
    ) candidate
    join wanted_posts w on w.id = candidate.id
    where l.id = ${listingId} and ${openPost} and ${listingMatchesPost}`;
}

/**
 * A listing went live: its matching against the wanted posts is queued in the listing's own transaction
 * (the job exists exactly when the listing does), as saved searches' is.
 */
export async function wantedListingPublished(executor: Executor, listingId: string): Promise<void> {
  await enqueueJob(executor, WANTED_MATCH_JOB, { listingId });
}
