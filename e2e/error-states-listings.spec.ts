import type { Page } from '@playwright/test';
import { errorStateTests, newestListingId } from './support/error-states';

// The marketplace's screens: browse, a listing, home's latest parts, the dashboard, saved searches and
// favourites. Each is made to fail once, then Try again brings its data.
const firstCard = (page: Page) => page.locator('a[href^="/listing/"]').first();

errorStateTests([
  { name: 'browse', path: '/browse', request: /\/api\/listings(\?.*)?$/, loaded: firstCard },
  { name: "home's latest parts", path: '/', request: /\/api\/listings(\?.*)?$/, loaded: firstCard },
  {
    name: 'a listing',
    path: async (page) => `/listing/${await newestListingId(page)}`,
    request: /\/api\/listings\/[0-9a-f-]{36}$/,
    loaded: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    request: '**/api/dashboard',
    loaded: (page) => page.getByRole('tab', { name: 'My Listings' }),
  },
  {
    name: 'saved searches',
    path: '/saved-searches',
    request: /\/api\/saved-searches(\?.*)?$/,
    loaded: (page) => page.getByRole('heading', { name: 'No saved searches yet' }),
  },
  {
    name: 'favourites',
    path: '/saved-searches?tab=favourites',
    request: /\/api\/favourites(\?.*)?$/,
    loaded: (page) => page.getByRole('heading', { name: 'No favourites yet' }),
  },
]);
