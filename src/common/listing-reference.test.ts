import { describe, expect, it } from 'vitest';
import { listingReference, referenceSearch } from './listing-reference';

const id = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const range = { first: '1a2b3c4d-0000-0000-0000-000000000000', last: '1a2b3c4d-ffff-ffff-ffff-ffffffffffff' };

describe('listing references', () => {
  it('is the first 8 hex digits of the id, upper case', () => {
    expect(listingReference(id)).toBe('1A2B3C4D');
  });

  it('reads a reference, as typed or as the page shows it, as the range of ids it begins', () => {
    for (const typed of [
      '1A2B3C4D',
      '1a2b3c4d',
      ' Ref. 1A2B3C4D ',
      'ref 1a2b3c4d',
      'Ref: 1A2B3C4D',
      '#1A2B3C4D',
    ])
      expect(referenceSearch(typed), typed).toEqual(range);
  });

  it("reads a whole id and a listing page's address as that id", () => {
    for (const typed of [
      id,
      id.toUpperCase(),
      `http://localhost:3000/listing/${id}`,
      `https://modmarket.example.com/listing/${id}/`,
      `modmarket.example.com/listing/${id}?from=share#photos`,
      `/listing/${id}`,
    ])
      expect(referenceSearch(typed), typed).toEqual({ id });
  });

  it('leaves every other search to the words', () => {
    for (const typed of [
      'exhaust',
      '1A2B3C4',
      '1A2B3C4D5',
      'borla 1A2B3C4D',
      '1A2B3C4G',
      `${id}x`,
      `http://localhost:3000/browse/${id}`,
      `http://localhost:3000/listing/${id} exhaust`,
      '',
    ])
      expect(referenceSearch(typed), typed).toBeNull();
  });
});
