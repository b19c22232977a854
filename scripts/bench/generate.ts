/**
 * Generates the benchmark's data in SQL (`insert … select … from generate_series`), a chunk of listings
 * per statement, through ordinary INSERT statements: whatever triggers the schema has run as they would
 * for a seller listing parts. Everything is derived from the row number, so a run is repeatable and
 * each band of the vocabulary has the frequency vocabulary.ts promises.
 */
import type pg from 'pg';
import { MAKES, type Make } from '../../src/common/catalog';
import { hashToken } from '../../src/server/security/secrets';
import { placeLabel } from '../../src/common/schemas/places';
import { lookupZip } from '../../src/server/geo/zip';
import {
  BRANDS,
  CLOSERS,
  CONDITION_SENTENCES,
  EXTRA_SENTENCES,
  FIRST_NAMES,
  FITMENTS,
  HEADS,
  LAST_NAMES,
  LOCATION_ZIPS,
  MEMBER_PREFERENCES,
  MEMBER_VEHICLES,
  MID_WORDS,
  MODIFIERS,
  OPENERS,
  OTHER_BRANDS,
  RARE_FIRST,
  RARE_STEP,
  RARE_WORDS,
  type Fitment,
} from './vocabulary';

export const MEMBER_ID = 'bench-member';
/** The member's session cookie value (the session row holds its hash, as the app's own do). */
export const MEMBER_TOKEN = 'bench-member-session-token-0123456789abcdef';

/** Two years of listings, newest now (unless the run asks for another window: BENCH_LISTED_WITHIN). */
const SPREAD_SECONDS = 2 * 365 * 24 * 3600;
/** Share of listings already sold, in percent. */
const SOLD_PERCENT = 7;

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
const texts = (values: readonly string[]) => `array[${values.map(quote).join(',')}]::text[]`;
const ints = (values: readonly number[]) => `array[${values.join(',')}]::int[]`;
const floats = (values: readonly number[]) => `array[${values.join(',')}]::float8[]`;

/** The places of LOCATION_ZIPS, from the data set the server looks ZIP codes up in. */
const places = LOCATION_ZIPS.map((zip) => {
  const place = lookupZip(zip);
  if (!place) throw new Error(`Unknown ZIP code ${zip}`);
  return place;
});

/** Repeats each index by its weight: picking a slot uniformly picks an index in proportion. */
function slots(weights: number[]): number[] {
  return weights.flatMap((weight, index) => Array<number>(weight).fill(index + 1));
}

const fitments = (MAKES as readonly Make[]).flatMap((make) =>
  (FITMENTS[make] as Fitment[]).map((fitment) => ({ make, ...fitment })),
);

export interface Sizes {
  listings: number;
  sellers: number;
}

export function sellersFor(listings: number): number {
  return Math.max(1_000, Math.round(listings / 40));
}

/** One statement inserting listings `from`..`to` (row numbers, inclusive). */
export function listingsStatement(
  from: number,
  to: number,
  sellers: number,
  spreadSeconds = SPREAD_SECONDS,
): string {
  const headSlots = slots(HEADS.map((head) => head.percent));
  if (headSlots.length !== 100) throw new Error('head percentages must add up to 100');
  // Modifiers on a Zipf curve: the k-th is chosen about 1/k as often as the first.
  const modifierSlots = slots(MODIFIERS.map((_, k) => Math.max(1, Math.round(60 / (k + 1)))));
  const fitmentSlots = slots(fitments.map((fitment) => fitment.weight));
  const conditionSlots = [
    ...Array<string>(20).fill('new'),
    ...Array<string>(20).fill('like_new'),
    ...Array<string>(35).fill('good'),
    ...Array<string>(18).fill('fair'),
    ...Array<string>(7).fill('poor'),
  ];
  const hash = (k: number) => `(hashint8(i * 32 + ${k}) & 2147483647)`;
  return `
insert into listings (user_id, title, description, price_cents, category, condition, make, model, year_start,
  year_end, location, zip, latitude, longitude, negotiable, part_id, part_brand, part_brand_other, photos, is_sold, views,
  created_at, updated_at)
select user_id, title, description, price_cents, category, condition, make, model, year_start, year_end,
  location, zip, latitude, longitude, negotiable, part_id, part_brand, part_brand_other, photos, is_sold, views, created_at, created_at
from (
  select
    'bench-s' || floor(${sellers} * power(h11 / 2147483648.0, 2))::int as user_id,
    concat_ws(' ', case when h3 % 10 < 6 then brand_name end, rare_word, mid_word, m1, m2, head,
      case when universal then 'universal fit'
           when h6 % 100 < 85 then 'for ' || make || ' ' || model end,
      chassis, engine) as title,
    concat_ws(' ',
      (${texts(OPENERS)})[1 + h12 % ${OPENERS.length}] || ' ' || concat_ws(' ', brand_name, m1, head)
        || case when universal then ', fits most cars.'
                else ' off a ' || coalesce(year_start, 2000) || ' ' || make || ' ' || model
                  || coalesce(' ' || chassis, '') || '.' end,
      (${texts(CONDITION_SENTENCES)})[1 + h13 % ${CONDITION_SENTENCES.length}],
      case when h13 % 7 < 4 then (${texts(EXTRA_SENTENCES)})[1 + h14 % ${EXTRA_SENTENCES.length}] end,
      case when part_id is not null then 'Part number ' || part_id || '.' end,
      case when engine is not null then 'Made for the ' || engine || ' engine.' end,
      (${texts(CLOSERS)})[1 + h15 % ${CLOSERS.length}]) as description,
    round(exp(2.7 + (h9 % 100000) / 100000.0 * 7.0))::int * 100
      + case when h9 % 4 = 0 then 99 else 0 end as price_cents,
    category, condition, make, model, year_start, year_end,
    -- Nine in ten with a ZIP code: its city, and a position spread over the metro area around it.
    case when h13 % 10 > 0 then (${texts(places.map((place) => placeLabel(place)))})[1 + h15 % ${places.length}] end as location,
    case when h13 % 10 > 0 then (${texts(places.map((place) => place.zip))})[1 + h15 % ${places.length}] end as zip,
    case when h13 % 10 > 0 then (${floats(places.map((place) => place.latitude))})[1 + h15 % ${places.length}]
      + ((h8 / 7) % 1000 / 1000.0 - 0.5) * 0.8 end as latitude,
    case when h13 % 10 > 0 then (${floats(places.map((place) => place.longitude))})[1 + h15 % ${places.length}]
      + ((h12 / 7) % 1000 / 1000.0 - 0.5) * 1.0 end as longitude,
    h12 % 3 > 0 as negotiable,
    part_id,
    case when other_brand is null then brand_name else 'Other' end as part_brand,
    other_brand as part_brand_other,
    case when h16 % 10 = 0 then '[]'::jsonb else (
      select jsonb_agg(jsonb_build_object(
        'key', 'listings/bench-s' || floor(${sellers} * power(h11 / 2147483648.0, 2))::int || '/'
          || md5(i::text || '-' || p)::uuid,
        'width', 1600, 'height', 1200, 'variants', jsonb_build_array(320, 640, 1280)))
      from generate_series(1, 1 + h16 % 4) as p) end as photos,
    h10 % 100 < ${SOLD_PERCENT} as is_sold,
    h10 % 400 as views,
    now() - make_interval(secs => h8 / 2147483648.0 * ${spreadSeconds}) as created_at
  from (
    select s.*, f.*,
      (${texts(HEADS.map((head) => head.word))})[head_index] as head,
      (${texts(HEADS.map((head) => head.category))})[head_index] as category,
      (array[${HEADS.map((head) => (head.engine ? 'true' : 'false')).join(',')}])[head_index] as engine_head,
      (${texts(conditionSlots)})[1 + h4 % 100] as condition,
      case when h2 % 100 < 15 then (${texts(OTHER_BRANDS)})[1 + (h2 / 100) % ${OTHER_BRANDS.length}] end
        as other_brand,
      case when h2 % 100 < 15 then (${texts(OTHER_BRANDS)})[1 + (h2 / 100) % ${OTHER_BRANDS.length}]
           else (${texts(BRANDS)})[1 + (h2 / 100) % ${BRANDS.length}] end as brand_name,
      case when h5 % 100 < 60 then (${texts(MODIFIERS)})[(${ints(modifierSlots)})[1 + (h5 / 100) % ${modifierSlots.length}]] end
        as m1,
      case when h7 % 100 < 15 then (${texts(MODIFIERS)})[(${ints(modifierSlots)})[1 + (h7 / 100) % ${modifierSlots.length}]] end
        as m2_raw,
      case when (i * 7) % 5000 < ${MID_WORDS.length} then (${texts(MID_WORDS)})[1 + (i * 7) % 5000] end
        as mid_word,
      case when i % 100000 >= ${RARE_FIRST} and (i % 100000 - ${RARE_FIRST}) % ${RARE_STEP} = 0
            and (i % 100000 - ${RARE_FIRST}) / ${RARE_STEP} < ${RARE_WORDS.length}
           then (${texts(RARE_WORDS)})[1 + (i % 100000 - ${RARE_FIRST}) / ${RARE_STEP}] end as rare_word
    from (
      select i, ${Array.from({ length: 17 }, (_, k) => `${hash(k)} as h${k}`).join(', ')},
        (${ints(headSlots)})[1 + ${hash(0)} % 100] as head_index,
        (${ints(fitmentSlots)})[1 + ${hash(1)} % ${fitmentSlots.length}] as fitment_index
      from generate_series(${from}, ${to}) as g(i)
    ) s
    cross join lateral (
      select
        (${texts(fitments.map((f) => f.make))})[fitment_index] as make,
        (${texts(fitments.map((f) => f.model))})[fitment_index] as model,
        (${texts(fitments.map((f) => f.model))})[fitment_index] = 'Universal' as universal,
        string_to_array((${texts(fitments.map((f) => f.chassis.join('|')))})[fitment_index], '|') as chassis_list,
        string_to_array((${texts(fitments.map((f) => f.engines.join('|')))})[fitment_index], '|') as engine_list,
        (${ints(fitments.map((f) => f.years?.[0] ?? 0))})[fitment_index] as first_year,
        (${ints(fitments.map((f) => f.years?.[1] ?? 0))})[fitment_index] as last_year
    ) f
  ) t
  cross join lateral (
    select
      nullif(m2_raw, m1) as m2,
      case when h6 % 10 < 7 and cardinality(chassis_list) > 0
           then chassis_list[1 + (h6 / 10) % cardinality(chassis_list)] end as chassis,
      case when engine_head and h7 % 2 = 0 and cardinality(engine_list) > 0
           then engine_list[1 + (h7 / 2) % cardinality(engine_list)] end as engine,
      case when first_year > 0 then first_year + h14 % (last_year - first_year + 1) end as year_start,
      case when h3 % 10 < 7 then
        upper(left(regexp_replace(brand_name, '[^A-Za-z0-9]', '', 'g'), 4)) || '-'
          || lpad((h3 % 100000)::text, 5, '0') || chr(65 + h3 % 26) end as part_id
  ) c
  cross join lateral (
    select case when year_start is not null
      then year_start + (h14 / 64) % (last_year - year_start + 1) end as year_end
  ) y
) listing`;
}

/** Sellers: a few shops on the paid plans with many listings, many members with a few. */
function sellersStatement(from: number, to: number): string {
  return `
insert into "user" (id, name, email, email_verified, first_name, last_name, plan, created_at, updated_at)
select 'bench-s' || k,
  (${texts(FIRST_NAMES)})[1 + k % ${FIRST_NAMES.length}] || ' ' || (${texts(LAST_NAMES)})[1 + (k / 10) % ${LAST_NAMES.length}],
  'seller' || k || '@bench.example', true,
  (${texts(FIRST_NAMES)})[1 + k % ${FIRST_NAMES.length}],
  (${texts(LAST_NAMES)})[1 + (k / 10) % ${LAST_NAMES.length}],
  case when k % 50 = 0 then 'platinum' when k % 10 = 1 then 'gold' else 'bronze' end,
  now() - make_interval(days => 800 + k % 400), now()
from generate_series(${from}, ${to}) as k`;
}

export interface Generated {
  listings: number;
  sellers: number;
  seconds: number;
  chunks: number;
}

/** The order the benchmark's "order page" case opens: the member's, as buyer. */
export const BENCH_ORDER_ID = '00000000-0000-4000-8000-00000000b0b0';

/**
 * Orders on one listing in ten, in every state (most completed), between sellers; the member is the
 * buyer of the first 60, each with its timeline (placed, paid).
 */
function ordersStatement(sellers: number): string {
  return `
with picked as (
  select id, title, user_id, price_cents, n from (
    select id, title, user_id, price_cents, row_number() over (order by id) as n from listings
  ) l where n % 10 = 0
), placed as (
  insert into orders (id, listing_id, listing_title, buyer_id, seller_id, status, delivery, address,
    item_cents, shipping_cents, total_cents, fee_cents, fee_basis_points, processing_cents, payout_cents,
    seller_level, held, demo, payout, paid_at, created_at, updated_at)
  select case when n = 10 then '${BENCH_ORDER_ID}'::uuid else gen_random_uuid() end,
    id, title,
    case when n <= 600 then '${MEMBER_ID}' else 'bench-s' || ((n / 10 * 7) % ${sellers}) end,
    user_id,
    (array['completed', 'completed', 'completed', 'cancelled', 'paid', 'shipped', 'delivered', 'ready_for_pickup'])[1 + (n / 10) % 8],
    'ship', '{"name":"Bench Member","line1":"1 Bench St","line2":"","city":"Austin","state":"TX","zip":"78701"}'::jsonb,
    price_cents, 1000, price_cents + 1000, (price_cents * 350 + 5000) / 10000, 350,
    ((price_cents + 1000) * 290 + 5000) / 10000 + 30,
    price_cents + 1000 - (price_cents * 350 + 5000) / 10000 - (((price_cents + 1000) * 290 + 5000) / 10000 + 30),
    'new', false, true, 'pending',
    now() - make_interval(mins => n::int), now() - make_interval(mins => n::int), now() - make_interval(mins => n::int)
  from picked
  returning id, buyer_id, created_at
)
insert into order_events (order_id, kind, at)
select id, kind, created_at from placed cross join (values ('created'), ('paid')) k(kind)
where buyer_id = '${MEMBER_ID}'`;
}

/** The wanted post the benchmark's "wanted post page" case opens (the listings matching it at scale). */
export const BENCH_WANTED_ID = '00000000-0000-4000-8000-00000000a0a0';

/**
 * Wanted posts, one for every ten listings (100,000 at a million), each made from a listing: its
 * fitment and years, one word of its title, and for half of them its part number, so that matches
 * exist as a live catalogue has them.
 */
function wantedStatement(sellers: number): string {
  return `
insert into wanted_posts (id, user_id, title, category, make, model, year_start, year_end, part_numbers,
  part_number_keys, ships_to_me, expires_at, created_at)
select case when n = 5 then '${BENCH_WANTED_ID}'::uuid else gen_random_uuid() end,
  'bench-s' || ((n * 13) % ${sellers}), coalesce(nullif(split_part(title, ' ', 2), ''), title),
  category, make, model, year_start, year_end,
  case when n % 20 = 5 and part_id is not null then array[part_id] else '{}'::text[] end,
  case when n % 20 = 5 and part_number_key is not null then array[part_number_key] else '{}'::text[] end,
  true, now() + interval '20 days', now() - make_interval(mins => n::int)
from (select title, category, make, model, year_start, year_end, part_id, part_number_key,
        row_number() over (order by id) as n from listings) l
where n % 10 = 5`;
}

/** Inserts sellers, listings (in chunks), orders, wanted posts, and the member with a session, preferences and three vehicles. */
export async function generateData(
  client: pg.ClientBase,
  options: {
    listings: number;
    chunk: number;
    /** Listings are listed within this many seconds before now. */
    spreadSeconds?: number;
    log: (line: string) => void;
  },
): Promise<Generated> {
  const started = performance.now();
  const sellers = sellersFor(options.listings);
  for (let from = 0; from < sellers; from += options.chunk)
    await client.query(sellersStatement(from, Math.min(sellers, from + options.chunk) - 1));
  let chunks = 0;
  for (let from = 1; from <= options.listings; from += options.chunk) {
    const to = Math.min(options.listings, from + options.chunk - 1);
    const chunkStart = performance.now();
    await client.query(listingsStatement(from, to, sellers, options.spreadSeconds));
    chunks++;
    options.log(
      `  listings ${from.toLocaleString('en')}–${to.toLocaleString('en')}: ${((performance.now() - chunkStart) / 1000).toFixed(1)} s`,
    );
  }
  await client.query(
    `insert into "user" (id, name, email, email_verified, first_name, last_name, plan)
     values ($1, 'Bench Member', 'member@bench.example', true, 'Bench', 'Member', 'gold')`,
    [MEMBER_ID],
  );
  await client.query(
    `insert into session (id, token, user_id, persistent, expires_at, ip_address)
     values ('bench-member-session', $1, $2, true, now() + interval '7 days', '127.0.0.1')`,
    [hashToken(MEMBER_TOKEN), MEMBER_ID],
  );
  // The member's buying preferences ("For you" on the home page).
  await client.query(
    `insert into profiles (user_id, role, onboarding_completed, zip, radius_miles, pref_makes, pref_categories)
     values ($1, 'buyer', true, '90012', 25, $2, $3)`,
    [MEMBER_ID, MEMBER_PREFERENCES.makes, MEMBER_PREFERENCES.categories],
  );
  for (const [n, vehicle] of MEMBER_VEHICLES.entries())
    await client.query(
      `insert into vehicles (user_id, license_plate, make, model, year) values ($1, $2, $3, $4, $5)`,
      [MEMBER_ID, `BENCH${n + 1}`, vehicle.make, vehicle.model, vehicle.year],
    );
  await client.query(ordersStatement(sellers));
  await client.query(wantedStatement(sellers));
  return {
    listings: options.listings,
    sellers,
    chunks,
    seconds: (performance.now() - started) / 1000,
  };
}
