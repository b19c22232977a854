import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextPage } from './paging';

const CLIENT = path.resolve(__dirname, '..');

/** The client's source files, as paths relative to `src/client`, with their text. */
function sources(): { file: string; text: string }[] {
  return readdirSync(CLIENT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({
      file: file.split(path.sep).join('/'),
      text: readFileSync(path.join(CLIENT, file), 'utf8'),
    }));
}

describe('paged lists in the client', () => {
  it('go on from the answer’s nextCursor, and stop on the last page', () => {
    expect(nextPage({ nextCursor: 'abc' })).toBe('abc');
    expect(nextPage({ nextCursor: null })).toBeUndefined();
  });

  it('all read the next page with nextPage', () => {
    const paged = sources().filter(({ text }) => /infiniteQueryOptions\(/.test(text));
    expect(paged.length).toBeGreaterThanOrEqual(5);
    for (const { file, text } of paged) {
      const readers = text.match(/getNextPageParam: [^,\n]+/g) ?? [];
      expect(readers.length, file).toBeGreaterThan(0);
      for (const reader of readers) expect(reader, file).toBe('getNextPageParam: nextPage');
    }
  });

  it('all end with the one LoadMore: no page asks for its next page itself', () => {
    const askers = sources()
      .filter(({ text }) => /\bfetchNextPage\(/.test(text))
      .map(({ file }) => file);
    expect(askers).toEqual(['components/ui/load-more.tsx']);
    const lists = sources().filter(({ text }) => /useInfiniteQuery\(/.test(text));
    expect(lists.length).toBeGreaterThanOrEqual(5);
    for (const { file, text } of lists) expect(text, file).toMatch(/<LoadMore\b/);
  });
});
