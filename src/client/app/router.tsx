import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { paths, type PathName } from '@common/routes';
import { i18n } from '@client/lib/i18n';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of the app. Each page is its own chunk; its code and its translation namespaces load in
 * parallel when the route is entered.
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: string[] = [],
): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

const AUTH_NS = ['auth', 'errors'];
const ONBOARDING_NS = ['onboarding', 'errors'];
const MARKET_NS = ['market', 'saved', 'errors'];
const MESSAGES_NS = ['messages', 'market', 'notifications', 'errors'];
const NOTIFICATIONS_NS = ['notifications', 'errors'];

const comingSoon = () => import('@client/features/coming-soon/coming-soon-page');

const pages: Record<PathName, RouteObject> = {
  home: {
    lazy: page(() => import('@client/features/home/home-page'), ['home', 'market', 'saved', 'errors']),
  },
  auth: { lazy: page(() => import('@client/features/auth/auth-page'), AUTH_NS) },
  confirmSignup: { lazy: page(() => import('@client/features/auth/confirm-signup-page'), AUTH_NS) },
  emailConfirmation: { lazy: page(() => import('@client/features/auth/email-confirmation-page'), AUTH_NS) },
  forgotPassword: { lazy: page(() => import('@client/features/auth/forgot-password-page'), AUTH_NS) },
  resetPassword: { lazy: page(() => import('@client/features/auth/reset-password-page'), AUTH_NS) },
  passwordReset: { lazy: page(() => import('@client/features/auth/password-reset-page'), AUTH_NS) },
  onboardingRole: { lazy: page(() => import('@client/features/onboarding/role-page'), ONBOARDING_NS) },
  onboardingBuyer: { lazy: page(() => import('@client/features/onboarding/buyer-page'), ONBOARDING_NS) },
  onboardingSeller: { lazy: page(() => import('@client/features/onboarding/seller-page'), ONBOARDING_NS) },
  onboardingDone: { lazy: page(() => import('@client/features/onboarding/done-page'), ONBOARDING_NS) },
  browse: { lazy: page(() => import('@client/features/listings/browse-page'), MARKET_NS) },
  create: { lazy: page(() => import('@client/features/listings/create-page'), MARKET_NS) },
  listing: { lazy: page(() => import('@client/features/listings/listing-page'), MARKET_NS) },
  editListing: { lazy: page(() => import('@client/features/listings/edit-page'), MARKET_NS) },
  dashboard: { lazy: page(() => import('@client/features/dashboard/dashboard-page'), MARKET_NS) },
  messages: { lazy: page(() => import('@client/features/messages/messages-page'), MESSAGES_NS) },
  conversation: { lazy: page(() => import('@client/features/messages/messages-page'), MESSAGES_NS) },
  myFleet: { lazy: page(() => import('@client/features/fleet/my-fleet-page'), ['fleet', 'errors']) },
  community: {
    lazy: page(() => import('@client/features/community/community-page'), ['community', 'market', 'errors']),
  },
  upgrade: { lazy: page(() => import('@client/features/plans/upgrade-page'), ['billing', 'home', 'errors']) },
  savedSearches: {
    lazy: page(() => import('@client/features/saved/saved-page'), ['saved', 'market', 'errors']),
  },
  notifications: {
    lazy: page(() => import('@client/features/notifications/notifications-page'), NOTIFICATIONS_NS),
  },
  sellingGuide: { lazy: page(() => import('@client/features/guides/selling-guide-page'), ['guides']) },
  buyingGuide: { lazy: page(() => import('@client/features/guides/buying-guide-page'), ['guides']) },
  contact: { lazy: page(() => import('@client/features/company/contact-page'), ['company', 'errors']) },
  about: { lazy: page(() => import('@client/features/company/about-page'), ['company']) },
  shop: { lazy: page(() => import('@client/features/shop/shop-page'), ['shop']) },
  dataDeletion: { lazy: page(() => import('@client/features/legal/data-deletion-page'), ['legal']) },
  privacy: { lazy: page(() => import('@client/features/legal/privacy-page'), ['legal']) },
  terms: { lazy: page(() => import('@client/features/legal/terms-page'), ['legal']) },
  partsWanted: { lazy: async () => ({ Component: (await comingSoon()).PartsWantedPage }) },
  pendingSales: { lazy: async () => ({ Component: (await comingSoon()).PendingSalesPage }) },
  history: { lazy: async () => ({ Component: (await comingSoon()).HistoryPage }) },
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: null,
    // Should the shell itself fail, the error page still shows (without header and footer).
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails to load or render shows the error page inside the shell.
        errorElement: <RouteError />,
        children: [
          ...Object.entries(pages).map(([name, route]) => ({
            ...route,
            path: paths[name as PathName].pattern,
          })),
          { path: '*', lazy: page(() => import('@client/features/errors/not-found-page')) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
