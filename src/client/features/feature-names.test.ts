import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name per feature across the stack (docs/decisions.md): the calls to each part of the API are
 * made by the client feature of the server feature's name, or by the one named for its screen in the
 * table there. A feature's code does not live in another feature's folder.
 */
const CALLERS: Record<string, string[]> = {
  account: ['account'],
  admin: ['admin'],
  auth: ['auth', 'session'],
  billing: ['plans'],
  blocks: ['trust'],
  boosts: ['boosts'],
  community: ['community'],
  contact: ['company'],
  conversations: ['messages'],
  dashboard: ['dashboard'],
  favourites: ['saved'],
  // A listing's offers, its buyers (for a review) and its checkout are asked under the listing's path.
  listings: ['listings', 'offers', 'reviews', 'orders'],
  notifications: ['notifications'],
  offers: ['offers'],
  orders: ['orders'],
  payouts: ['orders'],
  photos: ['photos'],
  places: ['listings'],
  profile: ['onboarding'],
  referrals: ['orders'],
  reports: ['trust'],
  reviews: ['reviews'],
  'saved-searches': ['saved'],
  sellers: ['reviews'],
  site: ['site'],
  vehicles: ['fleet'],
  wanted: ['wanted'],
};

const FEATURES = path.resolve(__dirname);

describe('client features', () => {
  it('each part of the API is called from its own feature', () => {
    const calls = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => {
        const feature = file.split(path.sep)[0]!;
        const text = readFileSync(path.join(FEATURES, file), 'utf8');
        return [...text.matchAll(/\bclient(?:\.([a-z]+)|\['([a-z-]+)'\])/g)].map((m) => ({
          feature,
          api: (m[1] ?? m[2])!,
        }));
      });
    expect(calls.length).toBeGreaterThan(50);
    for (const { feature, api } of calls)
      expect(CALLERS[api] ?? [], `client.${api} in ${feature}/`).toContain(feature);
  });
});
