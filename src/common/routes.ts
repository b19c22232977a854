/**
 * Every page of the app, shared by the client's router and the server,
 * which answers 404 for anything else. `href()` builds a link; `pattern` is the router's path.
 */
const route = <P extends string>(pattern: P) => ({ pattern, href: () => pattern });

export const paths = {
  home: route('/'),
  auth: {
    pattern: '/auth',
    href: (
      query: { mode?: 'signin' | 'signup'; redirect?: string; email?: string; reset?: 'success' } = {},
    ) => withQuery('/auth', query),
  },
  confirmSignup: route('/confirm-signup'),
  emailConfirmation: {
    pattern: '/email-confirmation',
    href: (query: { email?: string } = {}) => withQuery('/email-confirmation', query),
  },
  forgotPassword: route('/forgot-password'),
  resetPassword: route('/reset-password'),
  passwordReset: route('/password-reset'),
  onboardingRole: route('/onboarding/role'),
  onboardingBuyer: route('/onboarding/buyer'),
  onboardingSeller: route('/onboarding/seller'),
  onboardingDone: route('/onboarding/done'),
  browse: {
    pattern: '/browse',
    href: (query: Record<string, string | undefined> = {}) => withQuery('/browse', query),
  },
  create: route('/create'),
  listing: { pattern: '/listing/:id', href: (id: string) => `/listing/${encodeURIComponent(id)}` },
  seller: { pattern: '/seller/:id', href: (id: string) => `/seller/${encodeURIComponent(id)}` },
  editListing: {
    pattern: '/listing/:id/edit',
    href: (id: string) => `/listing/${encodeURIComponent(id)}/edit`,
  },
  dashboard: route('/dashboard'),
  messages: route('/messages'),
  conversation: {
    pattern: '/messages/:id',
    href: (id: string) => `/messages/${encodeURIComponent(id)}`,
  },
  myFleet: route('/my-fleet'),
  community: route('/community'),
  upgrade: route('/upgrade'),
  savedSearches: route('/saved-searches'),
  notifications: route('/notifications'),
  sellingGuide: route('/selling-guide'),
  buyingGuide: route('/buying-guide'),
  contact: route('/contact'),
  about: route('/about'),
  shop: route('/shop'),
  dataDeletion: route('/data-deletion'),
  privacy: route('/privacy'),
  terms: route('/terms'),
  /** Open wanted posts (filters in the query), or the member's own with `mine=1`. */
  partsWanted: {
    pattern: '/parts-wanted',
    href: (query: Record<string, string | undefined> = {}) => withQuery('/parts-wanted', query),
  },
  partsWantedNew: route('/parts-wanted/new'),
  partsWantedPost: {
    pattern: '/parts-wanted/:id',
    href: (id: string) => `/parts-wanted/${encodeURIComponent(id)}`,
  },
  partsWantedEdit: {
    pattern: '/parts-wanted/:id/edit',
    href: (id: string) => `/parts-wanted/${encodeURIComponent(id)}/edit`,
  },
  pendingSales: route('/pending-sales'),
  history: route('/history'),
  checkout: {
    pattern: '/checkout/:id',
    href: (listingId: string) => `/checkout/${encodeURIComponent(listingId)}`,
  },
  order: { pattern: '/orders/:id', href: (id: string) => `/orders/${encodeURIComponent(id)}` },
  /** A referral link as shared (`${PUBLIC_URL}/r/{code}`): remembered, then on to its listing. */
  referral: { pattern: '/r/:code', href: (code: string) => `/r/${encodeURIComponent(code)}` },
  settings: route('/settings'),
  confirmEmailChange: route('/confirm-email-change'),
  undoEmailChange: route('/undo-email-change'),
  admin: route('/admin'),
} as const;

export type PathName = keyof typeof paths;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const matchers = Object.values(paths).map(
  ({ pattern }) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
);

/** True when the path (without query) is one of the app's pages. */
export function isAppPath(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}
