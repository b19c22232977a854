import { LRUCache } from 'lru-cache';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listings } from '../../db/schema';

/**
 * What a typed search means (docs/search.md): its words as the index holds them, each known word also
 * as a prefix, and a word the catalogue does not have replaced by its nearest known words (a typo).
 */

/** At most this many words of a search count. */
const MAX_WORDS = 8;
/** A corrected word searches for at most this many known words (the closest, most listed first). */
const FORMS_PER_WORD = 3;
/** Shorter words are searched exactly as typed: too short to correct or to take as a beginning. */
const MIN_LOOKED_UP = 3;
/** Words that say nothing about a part; dropped when the search has other words. */
const FILLER_WORDS = new Set([
  'a',
  'an',
  'and',
  'for',
  'of',
  'the',
  'to',
  'with',
  'con',
  'de',
  'del',
  'el',
  'la',
  'para',
  'y',
]);
/** How long what the vocabulary said about a word is trusted. */
const CACHE_MS = 60_000;
const EDIT_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A known word a typed word searches for, with how many unsold listings have it (from the vocabulary). */
export interface SearchForm {
  word: string;
  listings: number;
  titleListings: number;
}

export interface SearchTerm {
  /** The word as typed (normalised). */
  word: string;
  /**
   * The words it matches (any of them): a known word and the most listed known words that begin with it
   * (`turbo`: turbo, turbocharger); for an unknown word, itself and its nearest known words.
   */
  forms: SearchForm[];
  /** The word was not known and was matched to near words. */
  corrected: boolean;
  /** The forms' counts are known (false for numbers, short words and other scripts). */
  counted: boolean;
}

export interface UnderstoodSearch {
  terms: SearchTerm[];
  /** The search with corrected words, for a "Did you mean" line; null when nothing was corrected. */
  didYouMean: string | null;
  /** Unsold listings, about (the planner's own figure): for estimating how many match. */
  catalogue: number;
}

/**
 * The words of a search as the index holds them: lower case, codes with inner punctuation joined up
 * (`GT-R` → `gtr`, `2JZ-GTE` → `2jzgte`, like `search_joined_codes` on the listing side), filler
 * words dropped unless nothing else is left, no repeats.
 */
export function searchWords(search: string): string[] {
  const words = search
    .toLowerCase()
    .replace(/([\p{L}\p{N}])[-.'/&+]+(?=[\p{L}\p{N}])/gu, '$1')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word));
  return [...new Set(joinSplitCodes(meaningful.length ? meaningful : words))].slice(0, MAX_WORDS);
}

const SHORT_LETTERS = /^[a-z]{1,3}$/;
const SHORT_NUMBER = /^[0-9]{1,3}$/;

/**
 * A code written apart is one word: a number of up to 3 digits beside a word of up to 3 letters,
 * either way round (`240 sx` → `240sx`, `s 15` → `s15`, `rx 7` → `rx7`), as `search_joined_codes`
 * joins them on the listing side. Longer numbers (years) and longer words stay apart.
 */
export function joinSplitCodes(words: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    const codePair =
      next !== undefined &&
      ((SHORT_NUMBER.test(word) && SHORT_LETTERS.test(next)) ||
        (SHORT_LETTERS.test(word) && SHORT_NUMBER.test(next)));
    if (codePair) {
      joined.push(word + next);
      i++;
    } else joined.push(word);
  }
  return joined;
}

/** Only plain ASCII words with a letter are in the vocabulary (numbers and other scripts are not corrected). */
function correctable(word: string): boolean {
  return word.length >= MIN_LOOKED_UP && /^[a-z0-9]+$/.test(word) && /[a-z]/.test(word);
}

/** A known word that rare is offered a correction (when a word one edit away is in many more listings). */
const RARE_WORD_LISTINGS = 3;
/** How many times more listings the word one edit away must be in. */
const LIKELIER_FACTOR = 5;
/** Shorter known words are never corrected: too many real words are one edit from each other. */
const MIN_CORRECTED_KNOWN = 5;

/**
 * `form` is likely what was meant by the known word `typed`: `typed` is rare, `form` is in many times
 * more listings, and the two are not a word and its plural (`turbos`, `turbo`).
 */
export function likelierSpelling(typed: SearchForm, form: SearchForm): boolean {
  const plural = typed.word === `${form.word}s` || form.word === `${typed.word}s`;
  return (
    typed.word.length >= MIN_CORRECTED_KNOWN &&
    !plural &&
    typed.listings <= RARE_WORD_LISTINGS &&
    form.listings >= Math.max(1, typed.listings) * LIKELIER_FACTOR
  );
}

/** Every word one edit away: a letter dropped, two neighbours swapped, one replaced or one added. */
export function oneEditAway(word: string): string[] {
  const edits = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of EDIT_ALPHABET) {
      if (tail) edits.add(head + letter + tail.slice(1));
      edits.add(head + letter + tail);
    }
  }
  edits.delete(word);
  return [...edits];
}

/**
 * What a match asks of the words: `titleOnly` restricts each word to the title and fitment (weight
 * A); `asTyped` leaves corrections out; `also`, words every match must have as well, anywhere
 * (`filterWords`).
 */
export interface MatchOptions {
  titleOnly?: boolean;
  asTyped?: boolean;
  also?: string[];
}

/** The tsquery text for the terms: every term, as any of its forms (`MatchOptions`). */
export function tsqueryText(terms: SearchTerm[], options: MatchOptions = {}): string {
  const weight = options.titleOnly ? ':A' : '';
  return [
    ...terms.map((term) => {
      const forms = (
        options.asTyped && term.corrected ? [term.word] : term.forms.map((form) => form.word)
      ).map((word) => word + weight);
      return forms.length > 1 ? `(${forms.join(' | ')})` : forms[0];
    }),
    ...(options.also ?? []),
  ].join(' & ');
}

/**
 * The words a make or category filter puts in the search document of every listing it keeps (the
 * document holds the listing's make and category: docs/search.md), so that the text index finds a
 * search's words and its filters in one scan: `Alfa Romeo` gives `alfa` and `romeo`, `Mercedes-Benz`
 * `mercedes` and `benz` (the parser also indexes a hyphenated word's parts). Other listings may have
 * them too (in a title or a description): the filter itself is still tested on each match.
 */
export function filterWords(filter: { make?: string | undefined; category?: string | undefined }): string[] {
  return [filter.make, filter.category].flatMap((value) =>
    value
      ? value
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean)
      : [],
  );
}

/** The listing matches every term (`tsqueryText`'s options: only in the title, only as typed). */
export function matchesSearch(terms: SearchTerm[], options: MatchOptions = {}): SQL {
  return sql`${listings.search} @@ to_tsquery('simple', ${tsqueryText(terms, options)})`;
}

/**
 * "Best match" tier of a listing that matches: 2 when every word is in the title or what the part fits
 * (else the description has some), plus 1 when it has the words as typed (else only corrections).
 */
export function bestMatchTier(search: UnderstoodSearch): SQL {
  const inTitle = sql`(${matchesSearch(search.terms, { titleOnly: true })})::int * 2`;
  return search.didYouMean
    ? sql`(${inTitle} + (${matchesSearch(search.terms, { asTyped: true })})::int)`
    : sql`(${inTitle} + 1)`;
}

/** A "Best match" tier: 3 in the title as typed, 2 in the title corrected, 1 and 0 likewise elsewhere. */
export type Tier = 0 | 1 | 2 | 3;

/** The tiers a search's results fall in, best first. */
export function tiersOf(search: UnderstoodSearch): Tier[] {
  if (!search.didYouMean) return [3, 1];
  // A word is corrected only when no unsold listing has it as typed (by the vocabulary, up to its
  // cache's minute): then nothing matches as typed, and its tiers are not looked for.
  const typedUnknown = search.terms.some(
    (term) => term.corrected && term.counted && term.forms[0]!.listings === 0,
  );
  return typedUnknown ? [2, 0] : [3, 2, 1, 0];
}

/**
 * What a tier's listings must match, for the text index to find them: the words in the title (tiers 3
 * and 2), as typed (tiers 3 and 1, when words were corrected).
 */
export function tierWords(tier: Tier): { titleOnly: boolean; asTyped: boolean } {
  return { titleOnly: tier >= 2, asTyped: tier % 2 === 1 };
}

/**
 * With `tierWords`, exactly the listings of one tier: what the tier's match does not already say (not
 * in the title for tiers 1 and 0, not as typed for tiers 2 and 0), or null when it says it all. As
 * `x is false`, a test the planner estimates from the word statistics but never serves from the text
 * index, as a walk wants. (Repeating what the match says would count its selectivity twice.)
 */
export function tierCondition(search: UnderstoodSearch, tier: Tier): SQL | null {
  const conditions: SQL[] = [];
  if (tier < 2) conditions.push(sql`(${matchesSearch(search.terms, { titleOnly: true })}) is false`);
  if (search.didYouMean && tier % 2 === 0)
    conditions.push(sql`(${matchesSearch(search.terms, { asTyped: true })}) is false`);
  return conditions.length ? sql.join(conditions, sql` and `) : null;
}

/**
 * About how many unsold listings match every term, taking words as independent: in all, and in each
 * tier. Null when a term's count is not known.
 */
export function estimateMatches(
  search: UnderstoodSearch,
): { all: number; tiers: Record<Tier, number> } | null {
  if (search.terms.some((term) => !term.counted)) return null;
  const n = Math.max(search.catalogue, 1);
  const product = (count: (term: SearchTerm) => number) =>
    search.terms.reduce((estimate, term) => estimate * Math.min(1, count(term) / n), n);
  const sum = (forms: SearchForm[], key: 'listings' | 'titleListings') =>
    forms.reduce((total, form) => total + form[key], 0);
  const typed = (term: SearchTerm) => (term.corrected ? term.forms.slice(0, 1) : term.forms);
  const all = product((term) => sum(term.forms, 'listings'));
  const inTitle = product((term) => sum(term.forms, 'titleListings'));
  const allTyped = search.didYouMean ? product((term) => sum(typed(term), 'listings')) : all;
  const titleTyped = search.didYouMean ? product((term) => sum(typed(term), 'titleListings')) : inTitle;
  return {
    all,
    tiers: {
      3: titleTyped,
      2: inTitle - titleTyped,
      1: allTyped - titleTyped,
      0: Math.max(0, all - allTyped - (inTitle - titleTyped)),
    },
  };
}

/** How many times over a count an estimate must be for the count to be left out. */
export const SURELY_FACTOR = 4;

/**
 * More than `count` listings surely match, so none need be counted ("1,000+"): one term alone has more
 * (its most listed form), when nothing else narrows the search; or the estimate from the words'
 * shares (the vocabulary) and the make's and category's (`share`, from the planner's statistics) is
 * SURELY_FACTOR times over, when nothing but those narrows it. `share`: 1 with no filter, null when
 * a filter's share is not known or another filter narrows the search.
 */
export function surelyMoreThan(search: UnderstoodSearch, count: number, share: number | null): boolean {
  const [only] = search.terms;
  if (share === 1 && search.terms.length === 1 && only!.counted)
    if (Math.max(...only!.forms.map((form) => form.listings)) > count) return true;
  const estimate = share === null ? null : estimateMatches(search);
  return estimate !== null && estimate.all * share! >= SURELY_FACTOR * count;
}

/** About how many listings there are: the planner's own figure, not a count of the table. */
const CATALOGUE_SIZE = sql`select greatest(reltuples, 0)::int from pg_class where oid = 'listings'::regclass`;

/**
 * Reads the vocabulary (`search_words`) to understand typed words. Answers are kept a minute per word,
 * so a popular search costs no extra round trip; a new word in the catalogue is searchable at once
 * (the listing's own document has it) and corrected towards within the minute.
 */
export function createSearchVocabulary(db: Db) {
  const cache = new LRUCache<string, SearchTerm>({ max: 20_000, ttl: CACHE_MS });

  let catalogue: { size: number; until: number } | null = null;
  const rememberCatalogue = (size: number) => {
    catalogue = { size, until: Date.now() + CACHE_MS };
    return size;
  };
  /** Each make's and category's share of the listings (`make:Nissan`), from the planner's statistics. */
  let shares: { of: Map<string, number>; until: number } | null = null;

  async function filterShares(): Promise<Map<string, number>> {
    if (shares && shares.until > Date.now()) return shares.of;
    const rows = await db.execute<{ name: string; vals: string[] | null; freqs: number[] | null }>(sql`
      select attname as name, most_common_vals::text::text[] as vals, most_common_freqs as freqs
      from pg_stats where schemaname = 'public' and tablename = 'listings' and attname in ('make', 'category')`);
    const of = new Map<string, number>();
    for (const row of rows.rows)
      (row.vals ?? []).forEach((value, i) => of.set(`${row.name}:${value}`, Number(row.freqs?.[i] ?? 0)));
    shares = { of, until: Date.now() + CACHE_MS };
    return of;
  }

  async function lookUp(words: string[]): Promise<{ terms: Map<string, SearchTerm>; catalogue: number }> {
    const found = new Map<string, SearchTerm>();
    const size = catalogue && catalogue.until > Date.now() ? catalogue.size : null;
    if (!words.length && size !== null) return { terms: found, catalogue: size };
    // One round trip: each word as itself and as the beginning of longer known words (exact first, then
    // the most listed), the words one edit away from each, and the catalogue's size. Index probes of
    // the small vocabulary: no listing is read.
    const edits = new Map(words.map((word) => [word, oneEditAway(word)]));
    const rows = await db.execute<{
      typed: string | null;
      word: string;
      listings: number;
      title_listings: number;
      catalogue: number;
    }>(sql`
      select f.typed, f.word, f.listings, f.title_listings, 0 as catalogue
      from unnest(${sql.param(words)}::text[]) as w
      cross join lateral (
        select w as typed, word, listings, title_listings from search_words
        where word >= w and word < w || chr(1114111) and listings > 0
        order by word = w desc, listings desc, word limit ${FORMS_PER_WORD}
      ) as f
      union all
      select null, word, listings, title_listings, 0 from search_words
      where word = any(${sql.param([...edits.values()].flat())}::text[]) and listings > 0
      union all
      select null, '', 0, 0, (${CATALOGUE_SIZE})`);
    const catalogueSize = rows.rows.find((row) => row.word === '')?.catalogue ?? 0;
    rememberCatalogue(catalogueSize);
    const form = (row: { word: string; listings: number; title_listings: number }): SearchForm => ({
      word: row.word,
      listings: row.listings,
      titleListings: row.title_listings,
    });
    const near = rows.rows.filter((row) => row.typed === null && row.word !== '');
    for (const word of words) {
      const known = rows.rows.filter((row) => row.typed === word).map(form);
      const oneEdit = new Set(edits.get(word));
      const nearest = near
        .filter((row) => oneEdit.has(row.word))
        .sort((a, b) => b.listings - a.listings || a.word.localeCompare(b.word))
        .map(form);
      if (known.length) {
        // A known word can still be a typo that a few listings share ("exhuast"): when a word one edit
        // away is in many times more listings, it is offered as well, after the word as typed.
        const exact = known.find((known) => known.word === word);
        const likelier = exact ? nearest.filter((form) => likelierSpelling(exact, form)) : [];
        found.set(
          word,
          likelier.length
            ? { word, forms: [exact!, ...likelier.slice(0, FORMS_PER_WORD)], corrected: true, counted: true }
            : { word, forms: known, corrected: false, counted: true },
        );
        continue;
      }
      let corrections = nearest;
      if (!corrections.length) {
        // Two edits away (or a longer slip): the nearest words by trigram similarity, from the
        // vocabulary's trigram index.
        const similar = await db.execute<{ word: string; listings: number; title_listings: number }>(sql`
          select word, listings, title_listings from search_words
          where word % ${word} and listings > 0
          order by similarity(word, ${word}) desc, listings desc, word
          limit ${FORMS_PER_WORD}`);
        corrections = similar.rows.map(form);
      }
      // The word itself stays in the search (a listing that has it ranks first); nothing near: only it.
      found.set(word, {
        word,
        forms: [{ word, listings: 0, titleListings: 0 }, ...corrections.slice(0, FORMS_PER_WORD)],
        corrected: corrections.length > 0,
        counted: true,
      });
    }
    return { terms: found, catalogue: catalogueSize };
  }

  return {
    async understand(search: string): Promise<UnderstoodSearch | null> {
      const words = searchWords(search);
      if (!words.length) return null;
      const terms = new Map<string, SearchTerm>();
      const missing: string[] = [];
      for (const word of words) {
        if (!correctable(word)) {
          terms.set(word, {
            word,
            forms: [{ word, listings: 0, titleListings: 0 }],
            corrected: false,
            counted: false,
          });
          continue;
        }
        const cached = cache.get(word);
        if (cached) terms.set(word, cached);
        else missing.push(word);
      }
      const looked = await lookUp(missing);
      for (const [word, term] of looked.terms) {
        cache.set(word, term);
        terms.set(word, term);
      }
      const ordered = words.map((word) => terms.get(word)!);
      return {
        terms: ordered,
        didYouMean: ordered.some((term) => term.corrected)
          ? ordered.map((term) => (term.corrected ? term.forms[1]!.word : term.word)).join(' ')
          : null,
        catalogue: looked.catalogue,
      };
    },
    /** About how many listings there are (the planner's own figure), known for a minute. */
    async catalogue(): Promise<number> {
      if (catalogue && catalogue.until > Date.now()) return catalogue.size;
      const rows = await db.execute<{ n: number }>(sql`select (${CATALOGUE_SIZE}) as n`);
      return rememberCatalogue(rows.rows[0]?.n ?? 0);
    },
    /**
     * The share of the listings a make and a category keep (both: taken as independent), by the
     * planner's statistics; null when either is not among their most common values.
     */
    async filterShare(filter: {
      make?: string | undefined;
      category?: string | undefined;
    }): Promise<number | null> {
      if (!filter.make && !filter.category) return 1;
      const of = await filterShares();
      let share = 1;
      for (const [name, value] of [
        ['make', filter.make],
        ['category', filter.category],
      ] as const) {
        if (!value) continue;
        const found = of.get(`${name}:${value}`);
        if (found === undefined) return null;
        share *= found;
      }
      return share;
    },
    /** Forgets what was learnt (tests that change the catalogue and search again at once). */
    forget(): void {
      cache.clear();
      shares = null;
      catalogue = null;
    },
  };
}

export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
