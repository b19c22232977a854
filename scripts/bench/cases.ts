/** The cases of issues 13, 16, 17 and 38, and what a leg reports for each. */
import type { LegName } from './config';
import type { Stats } from './load';
import { BENCH_ORDER_ID, BENCH_WANTED_ID } from './generate';
import { CATEGORY_MAKE, COMMON_TYPO, COMMON_WORD, RARE_WORD, TWO_WORDS } from './vocabulary';

export type CaseKind = 'health' | 'browse' | 'filter' | 'search' | 'detail' | 'detail-busy';

export interface CaseDefinition {
  id: string;
  label: string;
  kind: CaseKind;
  /** A fixed path; the deep page's and detail's are worked out during the run. */
  path?: string;
  /** Sent signed in as the benchmark's member. */
  member?: boolean;
}

/** Near searches: a city dense with listings, a wide radius, and a place none are near (Missoula, MT). */
const NEAR_CITY = { near: '90012', radius: '25' };
const NEAR_WIDE = { near: '60601', radius: '250' };
const NEAR_NONE = { near: '59801', radius: '50' };

const listings = (query: Record<string, string>) => `/api/listings?${new URLSearchParams(query).toString()}`;

/** How many times the deep-page case follows nextCursor. */
export const DEEP_PAGES = 40;

export const CASES: CaseDefinition[] = [
  { id: 'health', label: 'health', kind: 'health', path: '/api/health' },
  { id: 'best', label: 'browse Best match (the default), page 1', kind: 'browse', path: '/api/listings' },
  { id: 'newest', label: 'browse newest, page 1', kind: 'browse', path: listings({ sort: 'newest' }) },
  { id: 'deep', label: `browse Best match, ${DEEP_PAGES} cursors deep`, kind: 'browse' },
  { id: 'category-make', label: 'category + make', kind: 'filter', path: listings(CATEGORY_MAKE) },
  { id: 'price', label: 'price, low to high', kind: 'browse', path: listings({ sort: 'price_asc' }) },
  {
    id: 'common',
    label: `common word "${COMMON_WORD}"`,
    kind: 'search',
    path: listings({ search: COMMON_WORD }),
  },
  { id: 'rare', label: `rare word "${RARE_WORD}"`, kind: 'search', path: listings({ search: RARE_WORD }) },
  { id: 'typo', label: `typo "${COMMON_TYPO}"`, kind: 'search', path: listings({ search: COMMON_TYPO }) },
  {
    id: 'two-words',
    label: `"${TWO_WORDS.search}" + ${TWO_WORDS.make}`,
    kind: 'search',
    path: listings({ search: TWO_WORDS.search, make: TWO_WORDS.make }),
  },
  {
    id: 'fits',
    label: 'fits my vehicles (member)',
    kind: 'filter',
    path: listings({ fits: 'any' }),
    member: true,
  },
  {
    id: 'near-city',
    label: 'near a ZIP code: 25 mi of downtown LA',
    kind: 'filter',
    path: listings(NEAR_CITY),
  },
  {
    id: 'near-wide',
    label: 'near a ZIP code: 250 mi of Chicago, newest',
    kind: 'filter',
    path: listings({ ...NEAR_WIDE, sort: 'newest' }),
  },
  {
    id: 'near-none',
    label: 'near a ZIP code with no listings near',
    kind: 'filter',
    path: listings(NEAR_NONE),
  },
  {
    id: 'for-you',
    label: 'For you (member, home page)',
    kind: 'filter',
    path: '/api/listings/for-you?limit=3',
    member: true,
  },
  {
    id: 'pending',
    label: 'pending sales (member: open orders as buyer and seller)',
    kind: 'filter',
    path: '/api/orders?status=open',
    member: true,
  },
  {
    id: 'order',
    label: 'an order page (member)',
    kind: 'filter',
    path: `/api/orders/${BENCH_ORDER_ID}`,
    member: true,
  },
  { id: 'wanted', label: 'parts wanted, page 1', kind: 'browse', path: '/api/wanted' },
  {
    id: 'wanted-post',
    label: 'a wanted post with the listings matching it',
    kind: 'filter',
    path: `/api/wanted/${BENCH_WANTED_ID}`,
  },
  { id: 'detail', label: 'listing detail', kind: 'detail' },
  { id: 'detail-busy', label: 'listing detail, slowest search beside', kind: 'detail-busy' },
];

export interface StatementSummary {
  /** The statement, whitespace folded, cut short. */
  sql: string;
  /** Its time in the app during the recorded request (one request, no load). */
  ms: number | null;
}

export interface CaseResult {
  id: string;
  label: string;
  kind: CaseKind;
  path: string;
  api: Stats;
  floor: Stats | null;
  /** The same floor with every statement sent unnamed (BENCH_UNNAMED_FLOOR=1). */
  unnamedFloor?: Stats;
  /** What the recorded response held (matches for a browse). */
  answer: string;
  /** The statements the floor replays, in order. */
  statements: StatementSummary[];
  /** Detail under load: the search running beside it. */
  background?: { id: string; label: string; connections: number; api: Stats; floor: Stats | null };
}

export interface LegResult {
  leg: LegName;
  listings: number;
  sellers: number;
  generateSeconds: number;
  analyzeSeconds: number;
  chunk: number;
  databaseVersion: string;
  /** listings with its indexes and TOAST. */
  listingsBytes: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  backgroundConnections: number;
  /** Pool size of the floor (the app's: one connection on the embedded database). */
  floorPool: number;
  cases: CaseResult[];
  startedAt: string;
  explainFile?: string;
}
