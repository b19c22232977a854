import { describe, expect, it } from 'vitest';
import { jsonColumns } from './columns';
import { wantedPosts } from './schema';

describe('a table read as one JSON array a row', () => {
  const posts = jsonColumns(wantedPosts);

  it("writes a column under its table's and its own SQL names, and a time as whole milliseconds", () => {
    expect(posts.field('maxPriceCents')).toBe('"wanted_posts"."max_price_cents"');
    expect(posts.field('createdAt')).toBe(
      'floor(extract(epoch from "wanted_posts"."created_at") * 1000)::int8',
    );
  });

  it('reads the values back in the order asked, times as dates and a missing time as null', () => {
    const at = Date.UTC(2026, 11, 7, 15, 30, 0, 123);
    const row = posts.read(['id', 'createdAt', 'foundAt', 'partNumbers'] as const, ['p1', at, null, ['A-1']]);
    expect(row).toEqual({ id: 'p1', createdAt: new Date(at), foundAt: null, partNumbers: ['A-1'] });
    expect(row.createdAt).toBeInstanceOf(Date);
  });
});
