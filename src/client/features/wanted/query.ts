import { WantedQuerySchema, type WantedQuery } from '@common/schemas/wanted';

/** The filters `/parts-wanted` keeps in its address (the list's own tab, `mine`, apart). */
export const WANTED_FILTERS = ['search', 'category', 'make', 'model', 'year'] as const;
export type WantedFilter = (typeof WANTED_FILTERS)[number];

/**
 * The list in the address: its filters, each checked on its own (a bad value of an old or hand-edited
 * link is dropped instead of failing the list), or `mine=1`, the member's own posts, without filters.
 */
export function wantedQueryFromParams(params: URLSearchParams): Partial<WantedQuery> {
  if (params.get('mine') === '1') return { mine: '1' };
  const query: Record<string, unknown> = {};
  for (const key of WANTED_FILTERS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = WantedQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  return query as Partial<WantedQuery>;
}

/** How many filters are set (the search included). */
export function wantedFilterCount(query: Partial<WantedQuery>): number {
  return WANTED_FILTERS.filter((key) => query[key] !== undefined).length;
}
