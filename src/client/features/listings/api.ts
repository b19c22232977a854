import type { BrowseQuery, BrowseResponse, ListingDetail } from '@common/schemas/listings';
import { api } from '@client/lib/api';

/** `?search=…&make=…` for the filters that are set, in a stable order (it keys the cache too). */
export function queryString(query: Partial<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  params.sort();
  return params.toString();
}

export function fetchListings(query: Partial<BrowseQuery>, cursor?: string | null): Promise<BrowseResponse> {
  const qs = queryString({ ...query, cursor: cursor ?? undefined });
  return api<BrowseResponse>(`/listings${qs ? `?${qs}` : ''}`);
}

export function fetchListing(id: string): Promise<ListingDetail> {
  return api<ListingDetail>(`/listings/${encodeURIComponent(id)}`);
}

export const listingKeys = {
  all: ['listings'] as const,
  browse: (query: BrowseQuery) => ['listings', 'browse', queryString(query)] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
  dashboard: ['dashboard'] as const,
};
