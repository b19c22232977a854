import { describe, expect, it } from 'vitest';
import { queryKeys, queryString } from './query-keys';

describe('queryString', () => {
  it('keeps the filters that are set, in a stable order', () => {
    expect(queryString({ search: 'turbo', make: 'Nissan', model: '', year: undefined, page: null })).toBe(
      'make=Nissan&search=turbo',
    );
    expect(queryString({ make: 'Nissan', search: 'turbo' })).toBe(
      queryString({ search: 'turbo', make: 'Nissan' }),
    );
  });

  it('is empty without filters', () => {
    expect(queryString({})).toBe('');
  });
});

describe('queryKeys', () => {
  it('puts every browse query under the listings key, so one invalidation covers them', () => {
    const browse = queryKeys.listings.browse({ search: 'exhaust' });
    expect(browse.slice(0, 1)).toEqual(queryKeys.listings.all);
    expect(queryKeys.listings.detail('x').slice(0, 1)).toEqual(queryKeys.listings.all);
  });

  it('puts every wanted query under the wanted key', () => {
    for (const key of [
      queryKeys.wanted.browse({ make: 'Nissan', mine: '1' }),
      queryKeys.wanted.detail('x'),
      queryKeys.wanted.demand,
    ])
      expect(key.slice(0, 1)).toEqual(queryKeys.wanted.all);
    expect(queryKeys.wanted.browse({ make: 'BMW', year: 2004 })).toEqual(
      queryKeys.wanted.browse({ year: 2004, make: 'BMW' }),
    );
  });

  it('keys the same filters the same way whatever their order', () => {
    expect(queryKeys.listings.browse({ make: 'BMW', sort: 'price_asc' })).toEqual(
      queryKeys.listings.browse({ sort: 'price_asc', make: 'BMW' }),
    );
  });
});
