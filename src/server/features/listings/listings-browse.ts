import { systemClock, type Clock } from '../../clock';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { CATEGORIES, MAKES } from '@common/catalog';
import { splitOther } from '@common/schemas/profile';
import type { BrowseResponse, ForYou } from '@common/schemas/listings';
import { COUNT_LIMIT, BROWSE_PAGE_SIZE, type BrowseQuery } from '@common/schemas/browse';
import { referenceSearch } from '@common/listing-reference';
import { partNumberKey } from '@common/part-numbers';
import type { Vehicle } from '@common/schemas/vehicles';
import type { Db } from '../../db/client';
import { listings, profiles } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { fitmentFor } from '../fleet/fleet.service';
import { cardFromText, cardJson, readCards, type MadeCard, withFields } from '../../cards/listing-card';
import { literal, literalLimit, arrayRows, renderedOnce } from '../../db/named-statements';
import {
  afterCursor,
  assertKnownPlace,
  bestCursor,
  boundedCount,
  browseConditions,
  decodeCursor,
  eachAlternative,
  effectiveSort,
  encodeCursor,
  fitsFilter,
  hidden,
  newestOrder,
  orderFor,
  rankOrder,
  referenceCondition,
  searchPlan,
  type Selection,
  wordsCursor,
  wordsPhase,
} from './browse-query';
import {
  bestMatchTier,
  tierCondition,
  tierWords,
  tiersOf,
  createSearchVocabulary,
  estimateMatches,
  filterWords,
  matchesSearch,
  surelyMoreThan,
  SURELY_FACTOR,
  type MatchOptions,
} from './search';

/** Not a listing of these sellers (the ones a member blocked with their listings hidden). */
const notFrom = (sellers: string[]) => sql`${listings.userId} <> all(${sql.param(sellers)}::text[])`;

/** How long a browse count over COUNT_LIMIT stands for the same search (`overLimit`). */
export const OVER_LIMIT_MS = 60_000;

/** Builds a statement's text and parameters without running it (the count cache's key). */
const dialect = new PgDialect();

/** Listings with impressions waiting to be written before a write is forced (between timed flushes). */
const MAX_PENDING_IMPRESSIONS = 10_000;

/**
 * Browse and search: a page of cards (filters, words, fitment, distance, the orders), For you, a
 * seller's listings, and the bounded counts saved searches use; with the search impressions they count.
 */
export function createListingsBrowse(deps: {
  db: Db;
  /** Where browse and For you read (a replica when there are some). */
  reads?: Db | undefined;
  storage: Storage;
  /** The time cards are shown at (the system's when not given). */
  clock?: Clock;
}) {
  const { db, storage } = deps;
  const clock = deps.clock ?? systemClock;
  const reads = deps.reads ?? db;
  const vocabulary = createSearchVocabulary(db);
  /** A member's preferred makes and categories, for For you: built once and run by name. */
  const preferencesStatement = reads
    .select({ makes: profiles.prefMakes, categories: profiles.prefCategories })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(literalLimit(1))
    .prepare('for_you_preferences');
  /** Search impressions not yet added to the listings' days (`flushImpressions`). */
  const impressions = new Map<string, number>();

  /** Adds the counted impressions to each listing's day, in one statement. */
  async function flushImpressions(): Promise<void> {
    if (!impressions.size) return;
    const ids = [...impressions.keys()];
    const counts = ids.map((id) => impressions.get(id)!);
    impressions.clear();
    await db.execute(sql`
      insert into listing_daily_stats (listing_id, user_id, day, impressions)
      select l.id, l.user_id, current_date, seen.n
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(counts)}::int[]) as seen(id, n)
      join ${listings} l on l.id = seen.id
      on conflict (listing_id, day) do update
        set impressions = listing_daily_stats.impressions + excluded.impressions`);
  }

  /** A results page showed these listings (its seller's search impressions). */
  function countImpressions(ids: string[]): void {
    for (const id of ids) impressions.set(id, (impressions.get(id) ?? 0) + 1);
    // Bounded memory between flushes: a burst of searches writes early.
    if (impressions.size > MAX_PENDING_IMPRESSIONS) void flushImpressions().catch(() => undefined);
  }

  /**
   * The condition "has this part number" when the search is exactly one and a listing these filters
   * show has it (one probe of the part-number index), else null.
   */
  async function partNumberFilter(
    query: Partial<BrowseQuery>,
    fleet: Vehicle[] | null,
    hiddenSellers: string[] = [],
  ): Promise<SQL | null> {
    const key = query.search ? partNumberKey(query.search) : null;
    if (!key) return null;
    const condition = sql`${listings.partNumberKey} = ${key}`;
    const conditions = [...browseConditions({ ...query, search: undefined }), condition];
    if (hiddenSellers.length) conditions.push(notFrom(hiddenSellers));
    const found = await countOnly({ conditions, alternatives: fitsFilter(query, fleet) }, 1, reads);
    return found > 0 ? condition : null;
  }

  /**
   * Browse counts that came out over COUNT_LIMIT lately ("1,000+"), by their statement: for a minute a
   * page with the same search and filters is not counted again. Such a count is a full bounded count
   * (1,001 matches read through the indexes: 13 ms for two common words and a make at a million
   * listings, more than the page itself), and a minute cannot make "1,000+" wrong by much. Counts at
   * or under the limit are shown exactly and are always counted.
   */
  const overLimit = new LRUCache<string, true>({ max: 10_000, ttl: OVER_LIMIT_MS });

  /** What `overLimit` knows a count by: its SQL's text and parameters. */
  const countKey = (built: { sql: string; params: unknown[] }) =>
    `${built.sql}\u0000${JSON.stringify(built.params)}`;

  /** How many listings the selection holds, at most `cap`, in a statement of its own. */
  async function countOnly(selection: Selection, cap = COUNT_LIMIT + 1, on: Db = db): Promise<number> {
    const counted = await on.execute<{ n: number }>(sql`select ${boundedCount(selection, cap)} as n`);
    return counted.rows[0]?.n ?? 0;
  }

  const browsing = {
    flushImpressions,

    /**
     * One page of unsold listings, keyset-paginated on the sort key and the id, with a bounded count and
     * the sellers' verified badges: one statement, no transaction (docs/search.md).
     */
    async browse(
      asked: BrowseQuery,
      fleet: Vehicle[] | null = null,
      /** Sellers this member blocked with their listings hidden. */
      hiddenSellers: string[] = [],
    ): Promise<BrowseResponse> {
      assertKnownPlace(asked);
      // A search that is exactly a part number some listing shown here has finds the listings with it
      // first (the number as a filter, in the page's order, paged), then the listings its words find
      // that do not carry it (a description naming the number, another spelling of it); any other
      // search is words. The words' pages have cursors of their own (`wordsCursor`).
      const words = wordsPhase(asked.cursor);
      const key = asked.search ? partNumberKey(asked.search) : null;
      const notTheNumber = sql`${listings.partNumberKey} is distinct from ${key}`;
      if (words && key) {
        const page = await pageOf({ ...asked, cursor: words.after }, fleet, hiddenSellers, [notTheNumber]);
        return { ...page, nextCursor: page.nextCursor && wordsCursor(page.nextCursor) };
      }
      const part = words ? null : await partNumberFilter(asked, fleet, hiddenSellers);
      if (!part) return pageOf(asked, fleet, hiddenSellers, []);
      const numbered = await pageOf({ ...asked, search: undefined }, fleet, hiddenSellers, [part]);
      if (numbered.nextCursor) return numbered;
      // The number's last page: the words' first listings fill it.
      const limit = asked.limit ?? BROWSE_PAGE_SIZE;
      const room = limit - numbered.items.length;
      if (room === 0) return { ...numbered, nextCursor: wordsCursor(null) };
      const first = await pageOf({ ...asked, cursor: undefined, limit: room }, fleet, hiddenSellers, [
        notTheNumber,
      ]);
      const n = asked.cursor ? 0 : numbered.count.value + first.count.value + (first.count.more ? 1 : 0);
      return {
        items: [...numbered.items, ...first.items],
        nextCursor: first.nextCursor && wordsCursor(first.nextCursor),
        count: { value: Math.min(n, COUNT_LIMIT), more: n > COUNT_LIMIT },
        didYouMean: null,
      };
    },
  };

  /** One page of the browse `asked` with `extra` conditions (a part number's, or not it). */
  async function pageOf(
    asked: BrowseQuery,
    fleet: Vehicle[] | null,
    hiddenSellers: string[],
    extra: SQL[],
  ): Promise<BrowseResponse> {
    const query = asked;
    const sort = effectiveSort(query.sort);
    const limit = query.limit ?? BROWSE_PAGE_SIZE;
    const filters = browseConditions(query);
    filters.push(...extra);
    /** The filters as a walk down an order index tests them (the distance on each listing it passes). */
    const walked = query.near ? [...browseConditions(query, 'walk'), ...extra] : filters;
    /** The make's and category's words, which the text index finds with the typed ones. */
    const also = filterWords(query);
    /** The filters beside words the text index finds with `also` (the make and category tested). */
    const besideWords = also.length ? browseConditions(query, 'text') : filters;
    if (hiddenSellers.length) {
      const notBlocked = notFrom(hiddenSellers);
      for (const conditions of new Set([filters, walked, besideWords])) conditions.push(notBlocked);
    }
    const alternatives = fitsFilter(query, fleet);
    const cursor = decodeCursor(query.cursor, sort);

    /**
     * The page's cards, with fitment for a member's fleet (on a copy: a made card is shared); counted
     * as the sellers' impressions.
     */
    const cardsOf = (rows: readonly Pick<MadeCard, 'card' | 'listing'>[]) => {
      countImpressions(rows.map(({ listing }) => listing.id));
      return rows.map(({ card, listing }) => (fleet ? withFields(card, fitmentFor(fleet, listing)) : card));
    };

    // A search that is exactly a listing's reference, id or address finds the listing(s) it names,
    // with the filters, on one page (a reference names one listing, or very rarely a few); when no
    // listing shown here has it, the text is searched as words. Pages after the first are words.
    const reference = query.search && !cursor ? referenceSearch(query.search) : null;
    if (reference) {
      const where = [...filters, referenceCondition(reference)];
      const named = await readCards(
        reads,
        reads
          .select({ card: cardJson })
          .from(listings)
          .where(
            alternatives
              ? sql`${listings.id} in (${eachAlternative({ conditions: where, alternatives }, sql`${listings.id}`, [], COUNT_LIMIT + 1)})`
              : and(...where),
          )
          .orderBy(...(sort === 'best' ? rankOrder() : orderFor(sort)))
          .limit(limit),
        storage,
        clock,
      );
      if (named.length) {
        const n =
          named.length < limit
            ? named.length
            : await countOnly({ conditions: where, alternatives }, COUNT_LIMIT + 1, reads);
        return {
          items: cardsOf(named),
          nextCursor: null,
          count: { value: Math.min(n, COUNT_LIMIT), more: n > COUNT_LIMIT },
          didYouMean: null,
        };
      }
    }

    const search = query.search ? await vocabulary.understand(query.search) : null;
    const tier = search ? bestMatchTier(search) : sql`0`;
    const estimate = search ? estimateMatches(search) : null;
    // Near a place without words, matches may be a few around a small town or thousands in a city:
    // planned as a walk, which the bounded count below turns into collecting when they are few.
    let plan: 'walk' | 'collect' =
      !search && query.near ? 'walk' : searchPlan(estimate?.all ?? null, limit, search?.catalogue ?? 0);
    /**
     * The WHERE for a plan, with the words when `words` says how they must match. A walk goes down a
     * filter's index (or the newest one) in the page's order and tests the words on each listing: the
     * match is kept from the text index (`is true`). Collecting lets the indexes find the matches: the
     * text index finds the words with the make's and category's (one scan where a second index's
     * every listing of the make would be intersected with them), and a filter's index when it helps.
     */
    const whereFor = (how: 'walk' | 'collect', words: MatchOptions | null): SQL[] => {
      if (!search || !words) return [...(how === 'walk' ? walked : filters)];
      if (how === 'walk') return [...walked, hidden(matchesSearch(search.terms, words))];
      return [...besideWords, matchesSearch(search.terms, { ...words, also })];
    };
    /** Every condition of the search as the indexes can serve it (the count's). */
    const matching: Selection = { conditions: whereFor('collect', {}), alternatives };
    const narrowing = filters.length > 1 || alternatives !== null;
    /** Nothing but a make and a category narrows the search: the statistics know their shares. */
    const byMakeAndCategory =
      !alternatives && filters.length === 1 + (query.make ? 1 : 0) + (query.category ? 1 : 0);
    const share = byMakeAndCategory ? await vocabulary.filterShare(query) : null;
    // Without words, the catalogue's size and the filters' shares say when it is surely over.
    const countKnown = search
      ? surelyMoreThan(search, COUNT_LIMIT, share)
      : share !== null && (await vocabulary.catalogue()) * share >= SURELY_FACTOR * COUNT_LIMIT;
    // Counting stops after COUNT_LIMIT + 1 matches (never an exact count over a big result); it is
    // computed once for the statement, beside the page. Rendered once, when it may run: its text is the
    // count cache's key, and the page's statement carries it.
    const count = countKnown ? null : renderedOnce(boundedCount(matching, COUNT_LIMIT + 1));

    /**
     * Up to `take` listings of the page in `order` (one statement, with the count when asked; named when
     * it has no parameters, `arrayRows`), its rows mapped here.
     */
    const pageRows = async (take: number, where: SQL[], order: SQL[], withCount: boolean): Promise<Row[]> => {
      // Written as one SQL text rather than through the select builder: its selection and clauses
      // were a sixth of the app's time building a page (issue 37's profile).
      const statement = sql`select ${cardJson}, ${sort === 'best' ? tier : sql`0`}, ${withCount && count ? count.again : sql`null`} from ${listings} where ${
        alternatives
          ? sql`${listings.id} in (${eachAlternative({ conditions: where, alternatives }, sql`${listings.id}`, order, take)})`
          : and(...where)
      } order by ${sql.join(order, sql`, `)} limit ${literal(take)}`;
      const query = { toSQL: () => dialect.sqlToQuery(statement) };
      // The card as its text: one made from the same text before is shown as it was (`cardFromText`).
      const rows = await arrayRows(reads, query, 'text');
      const now = clock();
      return rows.map(([card, tier, matched]) => ({
        made: cardFromText(storage, card as string, now),
        tier: Number(tier),
        matched: matched === null ? null : Number(matched),
      }));
    };

    interface Row {
      made: MadeCard;
      tier: number;
      matched: number | null;
    }
    // The count, when a statement that carried it returned rows, or "1,000+" when it was lately.
    const key = count && countKey(count.built);
    let counted: number | null = key && overLimit.has(key) ? COUNT_LIMIT + 1 : null;
    /** The count of a statement that took it: remembered when it is over the limit. */
    const took = (n: number) => {
      if (key && n > COUNT_LIMIT) overLimit.set(key, true);
      return n;
    };
    if (counted === null && plan === 'walk' && narrowing && !countKnown) {
      // The words are common (or the search is near a place) but the filters may leave few listings
      // (the estimate knows the words only): the bounded count through the indexes says which, before a
      // walk that could pass thousands of listings of the make, category or elsewhere. It is also the
      // page's count.
      const matches = took(await countOnly(matching, COUNT_LIMIT + 1, reads));
      if (matches <= COUNT_LIMIT) plan = 'collect';
      if (!cursor) counted = matches;
    }
    const withCount = !cursor && !countKnown && counted === null;
    let rows: Row[];
    if (sort === 'best' && plan === 'walk' && estimate) {
      // "Best match" over many matches: tier by tier, each newest first, until the page is full; each
      // tier walked or collected by how many listings it has.
      rows = [];
      const tiers = tiersOf(search!);
      const from = cursor ? bestCursor(cursor) : null;
      const startTier = from ? from.tier : tiers[0]!;
      for (const t of tiers) {
        if (t > startTier || rows.length > limit) continue;
        const how = searchPlan(estimate.tiers[t], limit, search!.catalogue);
        const where = whereFor(how, tierWords(t));
        const only = tierCondition(search!, t);
        if (only) where.push(only);
        if (cursor && from && t === startTier)
          where.push(sql`(${listings.rank}, ${listings.id}) < (${from.rank}::bigint, ${cursor.id}::uuid)`);
        const first = withCount && t === tiers[0];
        const found = await pageRows(limit + 1 - rows.length, where, rankOrder(), first);
        if (first && found[0]) counted = took(found[0].matched!);
        for (const row of found) row.tier = t;
        rows.push(...found);
      }
    } else {
      const where = whereFor(plan, {});
      if (cursor) where.push(afterCursor(sort, cursor, tier));
      rows = await pageRows(
        limit + 1,
        where,
        sort === 'best' ? (search ? [desc(tier), ...rankOrder()] : rankOrder()) : orderFor(sort),
        withCount,
      );
      if (withCount && rows[0]) counted = took(rows[0].matched!);
    }
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const more = rows.length > limit && last;
    // Surely over the limit, and the page holds every match when there is no next one.
    const n = cursor
      ? 0
      : countKnown
        ? more
          ? COUNT_LIMIT + 1
          : items.length
        : (counted ?? took(await countOnly(matching, COUNT_LIMIT + 1, reads)));
    return {
      items: cardsOf(items.map(({ made }) => made)),
      nextCursor: more
        ? encodeCursor({
            value:
              sort === 'best'
                ? `${last.tier}|${last.made.listing.rank}`
                : sort === 'newest'
                  ? last.made.listing.listedAt.toISOString()
                  : String(last.made.listing.priceCents),
            id: last.made.listing.id,
          })
        : null,
      count: { value: Math.min(n, COUNT_LIMIT), more: n > COUNT_LIMIT },
      didYouMean: search?.didYouMean ?? null,
    };
  }

  /** How many listings the browse `query` with `extra` conditions finds, at most `cap`. */
  async function countWith(
    query: Partial<BrowseQuery>,
    fleet: Vehicle[] | null,
    options: { since?: Date; listingId?: string },
    extra: SQL[],
    cap: number,
  ): Promise<number> {
    let conditions = [...browseConditions(query), ...extra];
    const alternatives = fitsFilter(query, fleet);
    // What browse finds for the text: the listing(s) a reference names when one of them is shown,
    // else the words (found by the text index with the make's and category's, as browse does).
    const reference = query.search ? referenceSearch(query.search) : null;
    const named = reference ? referenceCondition(reference) : null;
    if (named && (await countOnly({ conditions: [...conditions, named], alternatives }, 1)) > 0)
      conditions.push(named);
    else {
      const search = query.search ? await vocabulary.understand(query.search) : null;
      if (search) {
        const also = filterWords(query);
        if (also.length) conditions = [...browseConditions(query, 'text'), ...extra];
        conditions.push(matchesSearch(search.terms, { also }));
      }
    }
    if (options.since)
      conditions.push(sql`${listings.createdAt} > ${options.since.toISOString()}::timestamptz`);
    if (options.listingId) conditions.push(eq(listings.id, options.listingId));
    return countOnly({ conditions, alternatives }, cap);
  }

  const service = {
    /**
     * "For you": the newest unsold listings in the member's preferred makes and categories (either
     * alone stands for all of the other; none, and there is nothing to show). Each make and category
     * pair gives its newest few from its index, and the newest of those make the page: never more than
     * `limit` listings read per pair, however big the catalogue.
     */
    async forYou(userId: string, limit: number): Promise<ForYou> {
      const rows = await preferencesStatement.execute({ userId });
      const makes = splitOther(rows[0]?.makes ?? null, MAKES).choices;
      const categories = splitOther(rows[0]?.categories ?? null, CATEGORIES).choices;
      if (!makes.length && !categories.length) return { preferences: false, items: [] };
      const pick = sql`select pick.id from unnest(${sql.param(makes.length ? makes : [...MAKES])}::text[]) as m(make)
        cross join unnest(${sql.param(categories.length ? categories : [...CATEGORIES])}::text[]) as c(category)
        cross join lateral (
          select ${listings.id} as id, ${listings.listedAt} as listed_at from ${listings}
          where ${listings.isSold} = false and ${listings.make} = m.make and ${listings.category} = c.category
          order by ${sql.join(newestOrder(), sql`, `)} limit ${limit}
        ) as pick
        order by pick.listed_at desc, pick.id desc limit ${limit}`;
      const found = await readCards(
        reads,
        reads
          .select({ card: cardJson })
          .from(listings)
          .where(sql`${listings.id} in (${pick})`)
          .orderBy(...newestOrder()),
        storage,
        clock,
      );
      return { preferences: true, items: found.map((made) => made.card) };
    },

    /**
     * A seller's listings on the market, newest first, for their page: `limit` of them, and whether
     * there are more (the seller's newest-first index, walked until the page is full).
     */
    async bySeller(sellerId: string, limit: number) {
      const found = await readCards(
        reads,
        reads
          .select({ card: cardJson })
          .from(listings)
          .where(and(eq(listings.userId, sellerId), eq(listings.isSold, false)))
          .orderBy(desc(listings.createdAt))
          .limit(limit + 1),
        storage,
        clock,
      );
      return {
        items: found.slice(0, limit).map((made) => made.card),
        count: { value: Math.min(found.length, limit), more: found.length > limit },
      };
    },

    /**
     * How many unsold listings match, at most `cap` (never an exact count over a big result);
     * optionally only those listed after `since`, or only the listing `listingId` (does it match?).
     */
    async countMatching(
      query: Partial<BrowseQuery>,
      fleet: Vehicle[] | null,
      options: { since?: Date; listingId?: string; cap?: number } = {},
    ): Promise<number> {
      const cap = options.cap ?? COUNT_LIMIT;
      // As browse finds them: a part number's listings, then those its words find without it.
      const part = await partNumberFilter(query, fleet);
      if (!part) return countWith(query, fleet, options, [], cap);
      const numbered = await countWith({ ...query, search: undefined }, fleet, options, [part], cap);
      if (numbered >= cap) return numbered;
      const key = partNumberKey(query.search!);
      const others = sql`${listings.partNumberKey} is distinct from ${key}`;
      return numbered + (await countWith(query, fleet, options, [others], cap - numbered));
    },
  };
  return { ...browsing, ...service };
}
