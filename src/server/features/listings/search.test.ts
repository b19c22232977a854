import { describe, expect, it } from 'vitest';
import { filterWords, surelyMoreThan, tsqueryText, type SearchTerm, type UnderstoodSearch } from './search';

const term = (word: string, listings: number, counted = true): SearchTerm => ({
  word,
  forms: [{ word, listings, titleListings: listings }],
  corrected: false,
  counted,
});
const searchOf = (terms: SearchTerm[], catalogue = 1_000_000): UnderstoodSearch => ({
  terms,
  didYouMean: null,
  catalogue,
});

describe('the words of a make and a category', () => {
  it('are the words the parser indexes for them', () => {
    expect(filterWords({ make: 'Alfa Romeo', category: 'exhaust' })).toEqual(['alfa', 'romeo', 'exhaust']);
    expect(filterWords({ make: 'Mercedes-Benz' })).toEqual(['mercedes', 'benz']);
    expect(filterWords({})).toEqual([]);
  });

  it('join the typed words in the text query', () => {
    const terms = [term('stainless', 10), term('exhaust', 10)];
    expect(tsqueryText(terms, { titleOnly: true, also: ['nissan'] })).toBe(
      'stainless:A & exhaust:A & nissan',
    );
    expect(tsqueryText(terms)).toBe('stainless & exhaust');
  });
});

describe('a count surely over the limit', () => {
  it('is known from one common word alone, when nothing else narrows the search', () => {
    expect(surelyMoreThan(searchOf([term('exhaust', 1_001)]), 1_000, 1)).toBe(true);
    expect(surelyMoreThan(searchOf([term('exhaust', 1_000)]), 1_000, 1)).toBe(false);
  });

  it("is known from the words' and the filters' shares when the estimate is four times over", () => {
    // 150,000 × 50,000 / 1,000,000 = 7,500 with both words; a make in 14% leaves 1,050.
    const two = searchOf([term('stainless', 150_000), term('exhaust', 50_000)]);
    expect(surelyMoreThan(two, 1_000, 1)).toBe(true);
    expect(surelyMoreThan(two, 1_000, 0.14)).toBe(false);
    expect(surelyMoreThan(two, 1_000, 0.6)).toBe(true);
    // A filter the statistics do not know (or any other filter): counted.
    expect(surelyMoreThan(two, 1_000, null)).toBe(false);
    // A word without a count (a number): counted.
    expect(surelyMoreThan(searchOf([term('exhaust', 500_000), term('350', 0, false)]), 1_000, 1)).toBe(false);
  });
});
