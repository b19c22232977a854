import { z } from 'zod';
import { MAX_CENTS } from './money';
import { Cursor } from './paging';
import { CATEGORIES, CONDITIONS } from '../catalog';

/**
 * Browse's filters, orders and page sizes, shared by the browser and the API (messages: `validation.*`).
 * Apart from the listing forms' rules (`./listings`): a browse page loads these, and building schemas
 * it does not use was part of a slow phone's wait before the page answered.
 */

export const BROWSE_PAGE_SIZE = 24;
/** Above this many matches the count reads "1,000+" instead of being counted exactly. */
export const COUNT_LIMIT = 1000;
/** `best`: "Best match", the default when words are typed (docs/search.md). */
export const SORTS = ['best', 'newest', 'price_asc', 'price_desc'] as const;
export type Sort = (typeof SORTS)[number];

/** The distances, in miles, a member can search within (onboarding's "how far" and browse's "Near"). */
export const RADIUS_OPTIONS = [10, 25, 50, 100, 250] as const;
/** Browse's distance when a ZIP code is given without one (and the member has none saved). */
export const DEFAULT_RADIUS_MILES = 50;

export const optionalInt = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return undefined;
      const number = Number(value);
      if (!Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    })
    // The API document states the rule the transform enforces (a whole number in the range).
    .meta({ type: 'integer', minimum: min, maximum: max } as Record<string, unknown>);

/** Browse filters as they appear in the URL (`/browse?search=…&make=…`) and the API query. */
export const BrowseQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.enum(CATEGORIES).optional(),
  make: z.string().trim().max(50).optional(),
  model: z.string().trim().max(80).optional(),
  year: optionalInt(1900, 2100, 'validation.yearInvalid'),
  /** Whole cents, as every amount of money (the filter fields show dollars). */
  minPriceCents: optionalInt(0, MAX_CENTS, 'validation.priceInvalid'),
  maxPriceCents: optionalInt(0, MAX_CENTS, 'validation.priceInvalid'),
  condition: z.enum(CONDITIONS).optional(),
  sort: z.enum(SORTS).optional(),
  /** Members: only parts that fit one of my vehicles (`any`) or the one with this id. */
  fits: z.union([z.literal('any'), z.uuid()]).optional(),
  /** Only listings within `radius` miles of this US ZIP code (listings without a ZIP code are left out). */
  near: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'validation.zipInvalid')
    .optional(),
  /** One of RADIUS_OPTIONS; without it, DEFAULT_RADIUS_MILES. */
  radius: optionalInt(1, 1000, 'validation.radiusInvalid')
    .refine(
      (miles) => miles === undefined || (RADIUS_OPTIONS as readonly number[]).includes(miles),
      'validation.radiusInvalid',
    )
    .meta({
      type: 'integer',
      enum: [...RADIUS_OPTIONS],
      description: `Miles around \`near\` (${DEFAULT_RADIUS_MILES} when left out).`,
    } as Record<string, unknown>),
  cursor: Cursor.optional(),
  limit: optionalInt(1, 48, 'validation.invalid').meta({
    type: 'integer',
    minimum: 1,
    maximum: 48,
    description: `Listings on the page (${BROWSE_PAGE_SIZE} when left out).`,
  } as Record<string, unknown>),
});
export type BrowseQuery = z.output<typeof BrowseQuerySchema>;
/**
 * The browse filters in a URL, each checked on its own: a bad value (an old link, a hand-edited one)
 * is dropped instead of failing the whole search.
 */
export function browseQueryFromParams(params: URLSearchParams): BrowseQuery {
  const query: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(BrowseQuerySchema.shape)) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = (schema as z.ZodType).safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') query[key] = parsed.data;
  }
  return query as BrowseQuery;
}

/** The filters a person sets (everything but paging). */
export const FILTER_KEYS = [
  'search',
  'category',
  'make',
  'model',
  'year',
  'minPriceCents',
  'maxPriceCents',
  'condition',
  'sort',
  'fits',
  'near',
  'radius',
] as const;

/** How many filters narrow a search (sort does not; a distance is part of its ZIP code's filter). */
export function filterCount(query: Partial<BrowseQuery>): number {
  return FILTER_KEYS.filter(
    (key) => key !== 'sort' && key !== 'search' && key !== 'radius' && query[key] !== undefined,
  ).length;
}
