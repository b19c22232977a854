import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { listings } from './schema';
import { listLiteral, literal, renderedOnce } from './named-statements';

const dialect = new PgDialect();

describe('a fragment rendered once', () => {
  // Values that look like parameters or SQL stay values: only the text's own `$n` are parameters.
  const fragment = sql`(select count(*) from (select 1 from ${listings} where ${and(
    eq(listings.make, 'Honda $2'),
    inArray(listings.category, ['exhaust', "it's"]),
    gte(listings.priceCents, 1_500),
  )} limit ${literal(1001)}) as bounded)`;

  it('gives the text and parameters Drizzle renders for it', () => {
    const { built } = renderedOnce(fragment);
    expect(built).toEqual(dialect.sqlToQuery(fragment));
  });

  it('writes into a larger statement as the fragment itself does, its parameters numbered after those before it', () => {
    const { again } = renderedOnce(fragment);
    const around = (inner: typeof fragment) =>
      sql`select ${'first'}::text, ${inner} from ${listings} where ${eq(listings.condition, 'used')} limit 5`;
    const direct = dialect.sqlToQuery(around(fragment));
    const reused = dialect.sqlToQuery(around(again));
    expect(reused).toEqual(direct);
    expect(reused.params).toEqual(['first', 'Honda $2', 'exhaust', "it's", 1_500, 'used']);
    expect(reused.sql).toContain('limit 1001');
  });

  it('can be written into two statements', () => {
    const { again } = renderedOnce(fragment);
    const first = dialect.sqlToQuery(sql`select ${again}`);
    const second = dialect.sqlToQuery(sql`select ${1}::int, ${again}`);
    expect(first.params).toEqual(['Honda $2', 'exhaust', "it's", 1_500]);
    expect(second.params).toEqual([1, 'Honda $2', 'exhaust', "it's", 1_500]);
    expect(second.sql).toContain('$5');
  });
});

describe('a value of a fixed list written into the text', () => {
  const render = (fragment: ReturnType<typeof listLiteral>) => dialect.sqlToQuery(sql`select ${fragment}`);

  it('is quoted in the text, with no parameter', () => {
    expect(render(listLiteral('Mercedes-Benz', ['Honda', 'Mercedes-Benz']))).toEqual({
      sql: "select 'Mercedes-Benz'",
      params: [],
    });
  });

  it('is not written when it is off the list, or holds a quote, a dollar or a semicolon even on it', () => {
    expect(listLiteral('Trabant', ['Honda'])).toBeNull();
    for (const value of ["it's", 'Honda $1', 'a;b', "x' or '1'='1", ' leading', ''])
      expect(listLiteral(value, [value]), value).toBeNull();
  });
});
