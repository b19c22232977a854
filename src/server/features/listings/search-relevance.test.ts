import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResponse } from '@common/schemas/listings';
import { DEMO_LISTINGS } from '../../seed/demo-catalog-data';
import { seedDemoCatalog } from '../../seed/seed-demo';
import { listings } from '../../db/schema';
import { CATEGORIES, MAKES } from '@common/catalog';
import { filterWords } from './search';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The judged query set (docs/search.md): searches a shopper types on the demo catalogue, each with the
 * listings that must come first (in any order among themselves) and those that must not appear at all.
 * Listings are named by a piece of their title. Runs on the embedded database and on PostgreSQL.
 */
interface Judgement {
  query: string;
  /** These come first, ahead of every other result. */
  first: string[];
  /** These are not in the results at all. */
  absent?: string[];
  /** The "Did you mean" line, when a word was corrected. */
  didYouMean?: string;
  /** Sort by newest instead of "Best match". */
  sort?: 'newest';
}

const EXHAUSTS = [
  'HKS Hi-Power Cat-Back',
  'Tomei Expreme Ti',
  'Magnaflow Cat-Back',
  'Borla ATAK',
  'Corsa Xtreme',
  'Flowmaster 40',
  'Supersprint Cat-Back',
];

export const JUDGED: Judgement[] = [
  {
    query: 'mustang exhaust',
    first: ['Borla ATAK'],
    absent: [
      'Supersprint Cat-Back',
      'Corsa Xtreme',
      'Tomei Expreme Ti',
      'Eibach Pro-Kit',
      'Magnaflow Cat-Back',
    ],
  },
  {
    query: 'gtr',
    first: ['Volk TE37', 'Brembo 4-Pot Front Calipers from R33 GT-R'],
    absent: ['Cobb Accessport', 'Tremec T56', 'GT350-Style', 'APR Stage 1 Flashed ECU'],
  },
  {
    query: 'GT-R',
    first: ['Volk TE37', 'Brembo 4-Pot Front Calipers from R33 GT-R'],
    absent: ['Cobb Accessport'],
  },
  {
    query: 'gt r brembo',
    first: ['Brembo 4-Pot Front Calipers from R33 GT-R'],
    absent: ['Porsche 997 Carrera S'],
  },
  { query: 'exhuast', first: EXHAUSTS, absent: ['Tein Flex Z'], didYouMean: 'exhaust' },
  { query: 'exhaust', first: EXHAUSTS },
  { query: '2jzgte', first: ['HKS GT2835'], absent: ['Garrett GT2871R'] },
  { query: '2JZ-GTE turbo', first: ['HKS GT2835'], absent: ['Garrett GT2871R', 'APR Stage 3 K04'] },
  { query: 's15', first: ['Tomei Poncams'], absent: ['Origin Lab', 'Tein Flex Z'] },
  {
    query: 'brembo calipers',
    first: ['Brembo 4-Pot', 'Porsche 997 Carrera S'],
    absent: ['Chevrolet Corvette C5', 'StopTech'],
  },
  {
    query: 'vw golf',
    first: ['Cobb Accessport', 'APR Stage 1 Flashed ECU', 'Momo Prototipo', '034Motorsport'],
    absent: ['Porsche 911 996 Carrera OEM'],
  },
  {
    query: 'volkswagen gti',
    first: ['Cobb Accessport', 'APR Stage 1 Flashed ECU', '034Motorsport', 'Momo Prototipo'],
  },
  {
    query: 'chevy camaro',
    first: ['Corsa Xtreme', 'Wilwood 6-Piston', 'Flowmaster 40', 'Billet Aluminum Fuel Door'],
    absent: ['Chevrolet Corvette C5', 'Tremec T56'],
  },
  {
    query: 'camaro brakes',
    first: ['Wilwood 6-Piston'],
    absent: ['Corsa Xtreme', 'Flowmaster 40', 'Chevrolet Corvette C5'],
  },
  {
    query: 'coilovers',
    first: ['Tein Flex Z', 'BC Racing BR', 'Bilstein B16'],
    absent: ['Eibach Pro-Kit', 'Weld RT-S'],
  },
  {
    query: 'bbs wheels',
    first: ['BBS RS 15x7', 'Subaru WRX STI OEM BBS'],
    absent: ['Enkei RPF1', 'Volk TE37'],
  },
  { query: 'ecu', first: ['Apexi Power FC', 'APR Stage 1 Flashed ECU'], absent: ['Brembo 4-Pot'] },
  { query: 'rx7', first: ['BC Racing BR', 'Apexi Power FC'], absent: ['Tomei Poncams'] },
  { query: 'rx-7 coilovers', first: ['BC Racing BR'], absent: ['Apexi Power FC', 'Tein Flex Z'] },
  { query: 'k&n intake', first: ['K&N Cold Air Intake'], absent: ['LS3 Intake Manifold'] },
  {
    query: 'mini cooper',
    first: ['Magnaflow Cat-Back', 'Weighted Delrin Shift Knob'],
    absent: ['Borla ATAK'],
  },
  { query: 'cuda', first: ['Hurst Pistol Grip', 'Dakota Digital RTX', "Plymouth 'Cuda Rear Bench"] },
  {
    query: 'miata seats',
    first: ['Mazda Miata NA'],
    absent: ['Chevrolet Corvette C6 Black Leather', 'Recaro Pole Position'],
  },
  {
    query: 'porsche 996',
    first: ['Bilstein B16', 'Porsche 996 G96', 'Porsche 911 996 Carrera OEM'],
    absent: ['Porsche 997 Carrera S'],
  },
  {
    query: 'e46 m3',
    first: ['Recaro Pole Position', 'Supersprint Cat-Back'],
    absent: ['BBS RS 15x7', 'Bilstein B8 Shocks'],
  },
  {
    query: 'bilstien',
    first: ['Bilstein B16', 'Bilstein B8 Shocks'],
    absent: ['Tein Flex Z'],
    didYouMean: 'bilstein',
  },
  {
    query: 'brembp calipers',
    first: ['Brembo 4-Pot', 'Porsche 997 Carrera S'],
    didYouMean: 'brembo calipers',
  },
  {
    query: 'corvete',
    first: ['Chevrolet Corvette C5', 'LS3 Intake Manifold', 'Chevrolet Corvette C6 Black Leather'],
    didYouMean: 'corvette',
  },
  {
    // The Hellcat wheels fit a Challenger too (their description says so): after the title match.
    query: 'challenger wheels',
    first: ['Weld RT-S'],
    absent: ['Dodge Challenger Shaker'],
  },
  { query: 'mercedes c63', first: ['Mercedes-Benz C63 AMG W204', 'Mercedes-Benz C63 AMG W205'] },
  { query: 'subaru sti', first: ['Subaru WRX STI OEM BBS', 'Subaru STI EJ257'] },
  { query: 'civic ek', first: ['Bride Zeta III', 'Exedy Stage 1'], absent: ['Enkei RPF1'] },
  {
    query: 'corvette seats',
    first: ['Chevrolet Corvette C6 Black Leather'],
    absent: ['Chevrolet Corvette C5', 'LS3 Intake Manifold'],
  },
  { query: 'gearbox', first: ['Toyota AE86 T50', 'Porsche 996 G96'] },
  {
    query: 'fox body mustang',
    first: ['Fox Body Mustang 17x9', 'Ford 5.0 HO Short Block', 'Maximum Motorsports'],
    absent: ['Magnaflow Cat-Back'],
  },
  { query: 'supra turbo', first: ['HKS GT2835'], absent: ['Garrett GT2871R'] },
  { query: 'hellcat', first: ['Dodge Charger Hellcat'], absent: ['Dodge Challenger Shaker'] },
  { query: 'the exhaust for a mustang', first: ['Borla ATAK'], absent: ['Supersprint Cat-Back'] },
  { query: 'turbo', first: ['Garrett GT2871R', 'HKS GT2835', 'APR Stage 3 K04'] },
  { query: 'qqzzxv', first: [] },
  // Codes written apart are one word.
  {
    query: '240 sx',
    first: ['Tein Flex Z', 'Garrett GT2871R', 'Origin Lab', 'Tomei Expreme', '240SX S13 Factory Service'],
    absent: ['Tomei Poncams', 'BC Racing BR'],
  },
  { query: 'Nissan 240-SX coilovers', first: ['Tein Flex Z'], absent: ['BC Racing BR'] },
  { query: 's 15', first: ['Tomei Poncams'], absent: ['Origin Lab', 'Tein Flex Z'] },
  { query: 'rx 7', first: ['BC Racing BR', 'Apexi Power FC'], absent: ['Tomei Poncams'] },
];

const titleOf = (piece: string) => {
  const found = DEMO_LISTINGS.filter((listing) => listing.title.includes(piece));
  if (found.length !== 1) throw new Error(`"${piece}" names ${found.length} demo listings`);
  return found[0]!.title;
};

describe('search on the demo catalogue (the judged query set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCatalog({
      db: t.database.db,
      storage: t.storage,
      logger: pino({ level: 'silent' }),
      maxPhotosPerListing: 0,
    });
  }, 120_000);
  afterAll(() => t.close());

  it.each(JUDGED)('$query', async (judgement) => {
    const params = new URLSearchParams({ search: judgement.query, limit: '48' });
    if (judgement.sort) params.set('sort', judgement.sort);
    const response = await t.app.request(`/api/listings?${params}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as BrowseResponse;
    const titles = page.items.map((item) => item.title);
    const first = judgement.first.map(titleOf);
    expect(new Set(titles.slice(0, first.length))).toEqual(new Set(first));
    for (const absent of (judgement.absent ?? []).map(titleOf)) expect(titles).not.toContain(absent);
    expect(page.didYouMean ?? undefined).toBe(judgement.didYouMean);
    if (!first.length) expect(titles).toEqual([]);
    expect(page.count).toEqual({ value: titles.length, more: false });
  });

  it.each(['exhaust', 'exhuast', 'mustang'])(
    'pages "%s" by keyset in Best match order, each listing once',
    async (query) => {
      const all = (await (
        await t.app.request(`/api/listings?search=${query}&limit=48`)
      ).json()) as BrowseResponse;
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams({ search: query, limit: '2', ...(cursor ? { cursor } : {}) });
        const page = (await (await t.app.request(`/api/listings?${params}`)).json()) as BrowseResponse;
        paged.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(all.items.length).toBeGreaterThan(2);
      expect(paged).toEqual(all.items.map((item) => item.id));
    },
  );

  /** Runs `check` with a demo listing retitled `title` (its id), then gives the listing its title back. */
  async function retitled(title: string, check: (id: string) => Promise<void>) {
    const [listing] = await t.database.db
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(eq(listings.title, titleOf('Works Bell Rapfix')));
    await t.database.db.update(listings).set({ title }).where(eq(listings.id, listing!.id));
    try {
      await check(listing!.id);
    } finally {
      await t.database.db.update(listings).set({ title: listing!.title }).where(eq(listings.id, listing!.id));
    }
  }
  const found = async (search: string) => {
    const response = await t.app.request(`/api/listings?${new URLSearchParams({ search, limit: '48' })}`);
    return (await response.json()) as BrowseResponse;
  };

  it('offers "Did you mean" for a typo that a listing shares, after that listing', async () => {
    await retitled('Straight Pipe Exhasut Tips', async (id) => {
      const page = await found('exhasut');
      expect(page.didYouMean).toBe('exhaust');
      expect(page.items[0]!.id).toBe(id);
      expect(page.items.map((item) => item.title)).toContain(titleOf('Borla ATAK'));
    });
  });

  it('finds a code written apart in a listing when it is typed together, and the other way round', async () => {
    await retitled('Kouki Tail Lights for a 240 SX or an S 14, 1997 model year', async (id) => {
      const ids = async (search: string) => (await found(search)).items.map((item) => item.id);
      expect(await ids('240sx tail lights')).toEqual([id]);
      expect(await ids('s14 kouki')).toContain(id);
      expect(await ids('240 SX kouki')).toContain(id);
      // A year is not a code: "1997 model" stays two words.
      const words = await t.database.db.execute<{ word: string }>(
        sql`select unnest(tsvector_to_array(search)) as word from listings where id = ${id}`,
      );
      expect(words.rows.map((row) => row.word)).toEqual(expect.arrayContaining(['240sx', 's14', '1997']));
      expect(words.rows.map((row) => row.word)).not.toContain('1997model');
    });
  });

  it("puts every make's and category's words in the search document of each of its listings", async () => {
    const pairs = MAKES.flatMap((make) => CATEGORIES.map((category) => ({ make, category })));
    const found = await t.database.db.execute<{ make: string; category: string; has: boolean }>(sql`
      select p.make, p.category,
        listing_search_document('Part', p.make, 'Model', p.category, null, null, null) @@ to_tsquery('simple', p.words) as has
      from unnest(${sql.param(pairs.map((pair) => pair.make))}::text[], ${sql.param(pairs.map((pair) => pair.category))}::text[],
        ${sql.param(pairs.map((pair) => filterWords(pair).join(' & ')))}::text[]) as p(make, category, words)`);
    expect(found.rows.filter((row) => !row.has)).toEqual([]);
    expect(found.rows).toHaveLength(pairs.length);
  });

  it('finds the same listings with a make and a category as the filters and the words alone do', async () => {
    // A universal part (make Other) whose title names Nissan: found by the word "nissan", never by the
    // make Nissan.
    await retitled('Nissan-style exhaust tips', async (id) => {
      for (const [search, make, category] of [
        ['exhaust', 'Nissan', undefined],
        ['nissan exhaust', 'Nissan', 'exhaust'],
        ['nissan', 'Other', undefined],
        ['turbo', undefined, 'engine'],
        ['cat back', 'Ford', 'exhaust'],
        ['exhuast', 'Nissan', undefined],
      ] as const) {
        const understood = (await found(search)).items.map((item) => item.id);
        const params = new URLSearchParams({
          search,
          limit: '48',
          ...(make ? { make } : {}),
          ...(category ? { category } : {}),
        });
        const page = (await (await t.app.request(`/api/listings?${params}`)).json()) as BrowseResponse;
        const expected = (
          await t.database.db
            .select({ id: listings.id, make: listings.make, category: listings.category })
            .from(listings)
            .where(
              sql`${listings.id} in ${understood.length ? understood : ['00000000-0000-0000-0000-000000000000']}`,
            )
        )
          .filter((row) => (!make || row.make === make) && (!category || row.category === category))
          .map((row) => row.id);
        expect(new Set(page.items.map((item) => item.id)), `${search} ${make} ${category}`).toEqual(
          new Set(expected),
        );
        expect(page.count).toEqual({ value: expected.length, more: false });
        if (make === 'Nissan') expect(page.items.map((item) => item.id)).not.toContain(id);
        if (make === 'Other' && search === 'nissan') expect(page.items.map((item) => item.id)).toContain(id);
      }
    });
  });

  it('keeps the vocabulary with the unsold listings through edits, sales and deletions', async () => {
    const count = async (word: string) =>
      (
        await t.database.db.execute<{ listings: number }>(
          sql`select listings from search_words where word = ${word}`,
        )
      ).rows[0]?.listings ?? 0;
    const exhausts = await count('exhaust');
    expect(exhausts).toBeGreaterThan(7);
    const [listing] = await t.database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.title, titleOf('Borla ATAK')));
    await t.database.db.update(listings).set({ isSold: true }).where(eq(listings.id, listing!.id));
    expect(await count('exhaust')).toBe(exhausts - 1);
    expect(await count('atak')).toBe(0);
    await t.database.db
      .update(listings)
      .set({ isSold: false, title: 'Borla Atak Exhaust' })
      .where(eq(listings.id, listing!.id));
    expect(await count('atak')).toBe(1);
    expect(await count('exhaust')).toBe(exhausts);
    await t.database.db.delete(listings).where(eq(listings.id, listing!.id));
    expect(await count('atak')).toBe(0);
    expect(await count('borla')).toBe(0);
  });
});
