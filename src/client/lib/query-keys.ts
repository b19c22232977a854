import type { NotificationType } from '@common/schemas/notifications';

/** `?search=…&make=…` for the filters that are set, in a stable order (it keys the cache too). */
export function queryString(query: Partial<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  params.sort();
  return params.toString();
}

/**
 * Every query key of the app, in one place: a feature's `api.ts` builds its queries from these, and a
 * mutation invalidates another feature's data through them without importing that feature.
 * The first element names the server resource; `invalidateQueries({ queryKey: keys.x.all })` covers
 * every query under it.
 */
export const queryKeys = {
  session: ['session'] as const,
  site: ['site'] as const,
  authProviders: ['auth', 'providers'] as const,
  listings: {
    all: ['listings'] as const,
    browse: (query: Partial<Record<string, unknown>>) => ['listings', 'browse', queryString(query)] as const,
    latest: ['listings', 'latest'] as const,
    forYou: ['listings', 'for-you'] as const,
    detail: (id: string) => ['listings', 'detail', id] as const,
  },
  dashboard: ['dashboard'] as const,
  reviews: {
    all: ['reviews'] as const,
    seller: (id: string) => ['reviews', 'seller', id] as const,
    sale: (listingId: string) => ['reviews', 'sale', listingId] as const,
    buyers: (listingId: string) => ['reviews', 'buyers', listingId] as const,
  },
  /** Under the dashboard's key: refreshed with it. */
  dashboardAnalytics: ['dashboard', 'analytics'] as const,
  boosts: ['boosts'] as const,
  fleet: ['vehicles'] as const,
  saved: {
    all: ['saved'] as const,
    searches: (search: string) => ['saved', 'searches', search] as const,
    favourites: (search: string) => ['saved', 'favourites', search] as const,
  },
  wanted: {
    all: ['wanted'] as const,
    browse: (query: Partial<Record<string, unknown>>) => ['wanted', 'browse', queryString(query)] as const,
    detail: (id: string) => ['wanted', 'detail', id] as const,
    /** How many open posts each of my listings matches ("N members want this"). */
    demand: ['wanted', 'demand'] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    lists: ['conversations', 'list'] as const,
    list: (search: string) => ['conversations', 'list', search] as const,
    thread: (id: string) => ['conversations', 'thread', id] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (type: NotificationType | 'all') => ['notifications', 'list', type] as const,
    settings: ['notifications', 'settings'] as const,
  },
  /** Both nav badges: unread messages and notifications. */
  counts: ['counts'] as const,
  community: {
    all: ['community'] as const,
    feed: ['community', 'feed'] as const,
    comments: (postId: string) => ['community', 'comments', postId] as const,
  },
  billing: ['billing'] as const,
  orders: {
    all: ['orders'] as const,
    list: (status: 'open' | 'closed') => ['orders', 'list', status] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
    checkout: (listingId: string) => ['orders', 'checkout', listingId] as const,
    payouts: ['orders', 'payouts'] as const,
    /** Under the orders' key: an order's step may change what a referral earned. */
    referrals: ['orders', 'referrals'] as const,
  },
  profile: ['profile'] as const,
  place: (zip: string) => ['places', zip] as const,
  blocks: {
    all: ['blocks'] as const,
    list: ['blocks', 'list'] as const,
    between: (memberId: string) => ['blocks', 'between', memberId] as const,
  },
  admin: {
    all: ['admin'] as const,
    overview: ['admin', 'overview'] as const,
    reports: ['admin', 'reports'] as const,
    audit: ['admin', 'audit'] as const,
    payments: ['admin', 'payments'] as const,
    disputes: ['admin', 'disputes'] as const,
    dispute: (id: string) => ['admin', 'dispute', id] as const,
  },
  account: {
    all: ['account'] as const,
    details: ['account', 'details'] as const,
    sessions: ['account', 'sessions'] as const,
  },
};
