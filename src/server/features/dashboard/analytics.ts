import { sql } from 'drizzle-orm';
import { PLAN_DETAILS, type Plan } from '@common/catalog';
import type { Analytics, AnalyticsListing, MarketInsight } from '@common/schemas/analytics';
// Active listings of a pair are counted as browse counts them: up to this, then "1,000+".
import { COUNT_LIMIT } from '@common/schemas/browse';
import type { Db } from '../../db/client';

/** The period analytics cover, ending today. */
export const ANALYTICS_DAYS = 30;
/** Listings shown, most viewed first. */
const TOP_LISTINGS = 50;
/** Listings whose views are drawn day by day (advanced). */
const CHARTED_LISTINGS = 5;
/** Make and category pairs in the market insights (the seller's most listed). */
const MARKET_PAIRS = 5;
/** A pair's median price is taken over at most this many of its listings (Best match's first ones). */
const MARKET_SAMPLE = 500;

// A type, not an interface: rows must be indexable records.
type PairFigures = {
  make: string;
  category: string;
  median: number | null;
  active: number;
  watching: number;
};

/**
 * A seller's analytics (docs/decisions.md, "Seller analytics"), read from `listing_daily_stats`, which
 * the events fill as they happen: a few index reads whatever the seller's number of listings, never a
 * count over their events.
 */
export async function sellerAnalytics(db: Db, user: { id: string; plan: Plan }): Promise<Analytics> {
  const level = PLAN_DETAILS[user.plan].analytics;
  if (level === 'none') return { level, days: ANALYTICS_DAYS, daily: [], listings: [], market: [] };
  const since = sql`current_date - ${ANALYTICS_DAYS - 1}::int`;

  const [daily, totals] = await Promise.all([
    db.execute<{
      day: string;
      views: number;
      impressions: number;
      favourites: number;
      conversations: number;
    }>(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.views, 0) as views,
        coalesce(s.impressions, 0) as impressions, coalesce(s.favourites, 0) as favourites,
        coalesce(s.conversations, 0) as conversations
      from generate_series(${since}, current_date, interval '1 day') as d(day)
      left join (
        select day, sum(views)::int as views, sum(impressions)::int as impressions,
          sum(favourites)::int as favourites, sum(conversations)::int as conversations
        from listing_daily_stats where user_id = ${user.id} and day >= ${since}
        group by day) as s on s.day = d.day::date
      order by d.day`),
    db.execute<{
      id: string;
      title: string;
      price_cents: number;
      is_sold: boolean;
      make: string;
      category: string;
      views: number;
      impressions: number;
      favourites: number;
      conversations: number;
    }>(sql`
      with totals as (
        select listing_id, sum(views)::int as views, sum(impressions)::int as impressions,
          sum(favourites)::int as favourites, sum(conversations)::int as conversations
        from listing_daily_stats where user_id = ${user.id} and day >= ${since}
        group by listing_id
        order by sum(views) desc, sum(conversations) desc, listing_id limit ${TOP_LISTINGS})
      select l.id, l.title, l.price_cents, l.is_sold, l.make, l.category, t.views, t.impressions,
        t.favourites, t.conversations
      from totals t join listings l on l.id = t.listing_id
      order by t.views desc, t.conversations desc, l.id`),
  ]);
  const days = daily.rows.map((row) => row.day);
  const basic = (row: (typeof totals.rows)[number]): AnalyticsListing => ({
    id: row.id,
    title: row.title,
    priceCents: row.price_cents,
    isSold: row.is_sold,
    views: row.views,
    favourites: row.favourites,
    conversations: row.conversations,
  });
  if (level === 'basic')
    return {
      level,
      days: ANALYTICS_DAYS,
      daily: daily.rows.map((row) => ({ ...row, impressions: 0 })),
      listings: totals.rows.map(basic),
      market: [],
    };

  // Advanced: the most viewed listings day by day, and the market around the seller's listings.
  const charted = totals.rows.slice(0, CHARTED_LISTINGS).map((row) => row.id);
  const ownPairs = await db.execute<{ make: string; category: string }>(sql`
    select make, category from listings where user_id = ${user.id} and not is_sold
    group by make, category order by count(*) desc, make, category limit ${MARKET_PAIRS}`);
  const pairs = new Map<string, { make: string; category: string }>();
  for (const pair of [...ownPairs.rows, ...totals.rows])
    pairs.set(`${pair.make}\u0000${pair.category}`, { make: pair.make, category: pair.category });
  const pairList = [...pairs.values()];
  const [byDay, figures] = await Promise.all([
    charted.length
      ? db.execute<{ listing_id: string; day: string; views: number }>(sql`
          select listing_id, to_char(day, 'YYYY-MM-DD') as day, views from listing_daily_stats
          where listing_id = any(${sql.param(charted)}::uuid[]) and day >= ${since}`)
      : Promise.resolve({ rows: [] }),
    pairList.length
      ? db.execute<PairFigures>(sql`
          select p.make, p.category,
            (select round(percentile_cont(0.5) within group (order by sample.price_cents))::int
              from (select price_cents from listings where not is_sold and category = p.category and make = p.make
                    order by rank desc limit ${MARKET_SAMPLE}) as sample) as median,
            (select count(*)::int from (select 1 from listings where not is_sold and category = p.category
                    and make = p.make limit ${COUNT_LIMIT + 1}) as counted) as active,
            (select count(*)::int from saved_searches where query->>'make' = p.make) as watching
          from unnest(${sql.param(pairList.map((p) => p.make))}::text[],
                      ${sql.param(pairList.map((p) => p.category))}::text[]) as p(make, category)`)
      : Promise.resolve({ rows: [] as PairFigures[] }),
  ]);
  const viewsOn = new Map(byDay.rows.map((row) => [`${row.listing_id}|${row.day}`, row.views]));
  const figuresOf = new Map(figures.rows.map((row) => [`${row.make}\u0000${row.category}`, row]));
  const market: MarketInsight[] = ownPairs.rows.map((pair) => {
    const f = figuresOf.get(`${pair.make}\u0000${pair.category}`);
    return {
      make: pair.make,
      category: pair.category,
      medianPriceCents: f?.median ?? null,
      activeListings: { value: Math.min(f?.active ?? 0, COUNT_LIMIT), more: (f?.active ?? 0) > COUNT_LIMIT },
      savedSearches: f?.watching ?? 0,
    };
  });
  return {
    level,
    days: ANALYTICS_DAYS,
    daily: daily.rows,
    listings: totals.rows.map((row) => ({
      ...basic(row),
      impressions: row.impressions,
      conversion: row.views ? row.conversations / row.views : null,
      medianPriceCents: figuresOf.get(`${row.make}\u0000${row.category}`)?.median ?? null,
      ...(charted.includes(row.id)
        ? { dailyViews: days.map((day) => viewsOn.get(`${row.id}|${day}`) ?? 0) }
        : {}),
    })),
    market,
  };
}
