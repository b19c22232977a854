import { use, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router';
import { paths, type PathName } from '@common/routes';
import { i18n } from '@client/lib/i18n';
import type { Prefetch } from '@client/lib/prefetch';
import { RequireMember } from '@client/features/session';
import { RootLayout } from './root-layout';

interface PageModule {
  default?: ComponentType;
  prefetch?: Prefetch;
  [component: string]: unknown;
}

// Every page module, each its own chunk: its code and its translation namespaces load in parallel
// when the route is entered. The keys are the source paths the build's manifest uses.
const pageModules = import.meta.glob<PageModule>('/src/client/features/*/*-page.tsx');

/** A route's page: its source module (and export), the translations it reads, whether it is members-only. */
export interface PageDefinition {
  /** The page's source file, as the build's manifest names it (to preload its chunks). */
  module: string;
  component: string;
  namespaces: string[];
  /** Members only: the server redirects a visitor to sign in, the browser does with `RequireMember`. */
  member: boolean;
  /**
   * Moderators only: everyone else, visitors included, gets the not-found page (404 from the server),
   * as for an address that does not exist; the page itself shows it in the browser.
   */
  moderators: boolean;
}

interface LoadedPage {
  Page: ComponentType;
  prefetch?: Prefetch;
}

const loads = new Map<PageDefinition, Promise<LoadedPage>>();

/**
 * Loads a page's code and translations, once. A page loaded before it renders (the server does, and
 * the browser before it takes over the server's HTML) renders without suspending. A failed load stays
 * failed, so the page shows the error page (whose Reload fetches the app anew): browsers do not fetch a
 * module again after it failed, so trying again within the page would only fail again.
 */
export function loadPage(definition: PageDefinition): Promise<LoadedPage> {
  const known = loads.get(definition);
  if (known) return known;
  const load = pageModules[definition.module];
  if (!load) throw new Error(`No page module ${definition.module}`);
  const tracked = Promise.all([load(), i18n.loadNamespaces(definition.namespaces)]).then(([module]) => ({
    Page: module[definition.component] as ComponentType,
    ...(module.prefetch ? { prefetch: module.prefetch } : {}),
  }));
  // React's `use` reads a promise's `status` and `value` and, once it has settled, does not suspend.
  Object.assign(tracked, { status: 'pending' });
  tracked.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  loads.set(definition, tracked);
  return tracked;
}

function PageRoute({ definition }: { definition: PageDefinition }) {
  // Suspends (the layout shows the page skeleton) until the page's code is here; a failure reaches
  // the layout's error boundary.
  const { Page } = use(loadPage(definition));
  return definition.member ? (
    <RequireMember>
      <Page />
    </RequireMember>
  ) : (
    <Page />
  );
}

/** A page of `features/<name>.tsx` (its default export, or the named one) with the namespaces it reads. */
function page(
  name: string,
  namespaces: string[] = [],
  {
    component = 'default',
    member = false,
    moderators = false,
  }: { component?: string; member?: boolean; moderators?: boolean } = {},
): PageDefinition {
  return { module: `/src/client/features/${name}.tsx`, component, namespaces, member, moderators };
}

const AUTH_NS = ['auth', 'errors'];
const ONBOARDING_NS = ['onboarding', 'errors'];
const MARKET_NS = ['market', 'saved', 'trust', 'offers', 'reviews', 'orders', 'errors'];
const MESSAGES_NS = ['messages', 'market', 'notifications', 'trust', 'offers', 'orders', 'errors'];
const NOTIFICATIONS_NS = ['notifications', 'errors'];
const ACCOUNT_NS = ['account', 'onboarding', 'auth', 'trust', 'errors'];
const ORDERS_NS = ['orders', 'market', 'errors'];
/** A post shows listing cards (market, saved) and Report and Block (trust); the form, the photo uploader. */
const WANTED_NS = ['wanted', 'market', 'saved', 'trust', 'errors'];
const MEMBERS = { member: true };

const pages: Record<PathName, PageDefinition> = {
  home: page('home/home-page', ['home', 'market', 'saved', 'errors']),
  auth: page('auth/auth-page', AUTH_NS),
  confirmSignup: page('auth/confirm-signup-page', AUTH_NS),
  emailConfirmation: page('auth/email-confirmation-page', AUTH_NS),
  forgotPassword: page('auth/forgot-password-page', AUTH_NS),
  resetPassword: page('auth/reset-password-page', AUTH_NS),
  passwordReset: page('auth/password-reset-page', AUTH_NS),
  onboardingRole: page('onboarding/role-page', ONBOARDING_NS),
  onboardingBuyer: page('onboarding/buyer-page', ONBOARDING_NS),
  onboardingSeller: page('onboarding/seller-page', ONBOARDING_NS),
  onboardingDone: page('onboarding/done-page', ONBOARDING_NS),
  browse: page('listings/browse-page', MARKET_NS),
  create: page('listings/create-page', MARKET_NS, MEMBERS),
  listing: page('listings/listing-page', MARKET_NS),
  seller: page('reviews/seller-page', MARKET_NS),
  editListing: page('listings/edit-page', MARKET_NS, MEMBERS),
  dashboard: page('dashboard/dashboard-page', MARKET_NS),
  messages: page('messages/messages-page', MESSAGES_NS, MEMBERS),
  conversation: page('messages/messages-page', MESSAGES_NS, MEMBERS),
  myFleet: page('fleet/my-fleet-page', ['fleet', 'errors'], MEMBERS),
  community: page('community/community-page', ['community', 'market', 'errors'], MEMBERS),
  upgrade: page('plans/upgrade-page', ['billing', 'home', 'errors'], MEMBERS),
  savedSearches: page('saved/saved-page', ['saved', 'market', 'errors'], MEMBERS),
  notifications: page('notifications/notifications-page', NOTIFICATIONS_NS, MEMBERS),
  sellingGuide: page('guides/selling-guide-page', ['guides']),
  buyingGuide: page('guides/buying-guide-page', ['guides']),
  contact: page('company/contact-page', ['company', 'errors']),
  about: page('company/about-page', ['company']),
  shop: page('shop/shop-page', ['shop']),
  dataDeletion: page('legal/data-deletion-page', ['legal']),
  privacy: page('legal/privacy-page', ['legal']),
  terms: page('legal/terms-page', ['legal']),
  partsWanted: page('wanted/wanted-page', WANTED_NS),
  partsWantedNew: page('wanted/wanted-new-page', WANTED_NS, MEMBERS),
  partsWantedPost: page('wanted/wanted-post-page', WANTED_NS),
  partsWantedEdit: page('wanted/wanted-edit-page', WANTED_NS, MEMBERS),
  pendingSales: page('orders/orders-list-page', ORDERS_NS, { ...MEMBERS, component: 'PendingSalesPage' }),
  history: page('orders/orders-list-page', ORDERS_NS, { ...MEMBERS, component: 'HistoryPage' }),
  checkout: page('orders/checkout-page', ORDERS_NS, MEMBERS),
  order: page('orders/order-page', ORDERS_NS, MEMBERS),
  referral: page('orders/referral-page', ORDERS_NS),
  settings: page('account/settings-page', ACCOUNT_NS, MEMBERS),
  confirmEmailChange: page('account/confirm-email-change-page', ACCOUNT_NS),
  undoEmailChange: page('account/undo-email-change-page', ACCOUNT_NS),
  admin: page('admin/admin-page', ['admin', 'trust', 'errors'], { moderators: true }),
};
/** The page for an address that does not exist. */
export const notFound = page('errors/not-found-page');

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...Object.entries(pages).map(([name, definition]) => ({
        path: paths[name as PathName].pattern,
        handle: definition,
        element: <PageRoute definition={definition} />,
      })),
      { path: '*', handle: notFound, element: <PageRoute definition={notFound} /> },
    ],
  },
];

/** The page for an address, with its path parameters (the not-found page for anything else). */
export function matchPage(pathname: string): { definition: PageDefinition; params: Params; found: boolean } {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const definition = (match?.route.handle as PageDefinition | undefined) ?? notFound;
  return { definition, params: match?.params ?? {}, found: definition !== notFound };
}

/** The app's pages inside the shell, for whichever router is around it (browser or server). */
export function AppRoutes() {
  return useRoutes(routes);
}
