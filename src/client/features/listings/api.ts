import type { BrowseQuery, BrowseResponse, ListingDetail } from '@common/schemas/listings';
import { api } from '@client/lib/api';
import { queryString } from '@client/lib/query-keys';

export function fetchListings(query: Partial<BrowseQuery>, cursor?: string | null): Promise<BrowseResponse> {
  const qs = queryString({ ...query, cursor: cursor ?? undefined });
  return api<BrowseResponse>(`/listings${qs ? `?${qs}` : ''}`);
}

export function fetchListing(id: string): Promise<ListingDetail> {
  return api<ListingDetail>(`/listings/${encodeURIComponent(id)}`);
}
