import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { createServerDatabase, postgresServerUrl } from '../../test/test-database';

// A database at the migration before money became cents, with amounts of dollars in every place that
// kept one; then the migration: each amount must come out as exactly its cents. On the embedded
// database, or a new one on the PostgreSQL server of TEST_DATABASE_URL.
const MIGRATION = 'money_in_cents';

let database: Database;
let drop: (() => Promise<void>) | undefined;
let before: string;

beforeAll(async () => {
  const serverUrl = postgresServerUrl();
  if (serverUrl) {
    const created = await createServerDatabase('modmarket_money');
    database = await openDatabase({ url: created.url, poolMax: 2, statementTimeoutMs: 30_000 });
    drop = created.drop;
  } else {
    database = await openDatabase({ dataDir: 'memory://', inThread: true, statementTimeoutMs: 30_000 });
  }
  // The migrations folder as it was before this one: its journal ends at the migration before.
  before = mkdtempSync(path.join(tmpdir(), 'modmarket-migrations-'));
  cpSync(path.resolve('drizzle'), before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${MIGRATION}`));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  await migrate(database.db, { migrationsFolder: before });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
  if (before) rmSync(before, { recursive: true, force: true });
});

it('turns every stored amount of dollars into exactly its cents', async () => {
  const { db } = database;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    values ('seller', 'Seller', 'seller@example.com', true), ('buyer', 'Buyer', 'buyer@example.com', true)`);
  const prices = ['19.99', '0.10', '1234567.89', '10000000.00', '0.29', '48.50'];
  const listingIds: string[] = [];
  for (const [i, price] of prices.entries()) {
    const rows = await db.execute<{ id: string }>(sql`
      insert into listings (user_id, title, price, offer_floor, referral_amount, category, condition, make, model)
      values ('seller', ${`Part ${i}`}, ${price}::numeric, ${i === 0 ? '0.1' : null}::numeric,
              ${i === 0 ? '1234567.89' : null}::numeric, 'exhaust', 'good', 'Nissan', 'Silvia')
      returning id`);
    const id = rows.rows[0]!.id;
    listingIds.push(id);
    await db.execute(
      sql`insert into listing_price_history (listing_id, price) values (${id}, ${price}::numeric)`,
    );
  }
  const first = listingIds[0]!;
  const conversation = await db.execute<{ id: string }>(sql`
    insert into conversations (listing_id, listing_price, buyer_id, seller_id)
    values (${first}, 19.99, 'buyer', 'seller') returning id`);
  const conversationId = conversation.rows[0]!.id;
  const offer = await db.execute<{ id: string }>(sql`
    insert into offers (listing_id, conversation_id, buyer_id, seller_id, amount, "by", expires_at)
    values (${first}, ${conversationId}, 'buyer', 'seller', 17.35, 'buyer', now() + interval '2 days')
    returning id`);
  const offerId = offer.rows[0]!.id;
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, receiver_id, content, offer)
    values (${conversationId}, 'buyer', 'seller', '',
            ${JSON.stringify({ offerId, action: 'made', amount: '17.35' })}::jsonb)`);
  await db.execute(sql`
    insert into notifications (user_id, type, data) values
      ('buyer', 'price_drop', ${JSON.stringify({ listingTitle: 'Part 0', oldPrice: '220.00', price: '180.50' })}::jsonb),
      ('seller', 'offer', ${JSON.stringify({ listingTitle: 'Part 0', price: '17.35', action: 'made' })}::jsonb),
      ('seller', 'message', ${JSON.stringify({ listingTitle: 'Part 0', preview: 'Hi' })}::jsonb)`);
  await db.execute(sql`
    insert into saved_searches (user_id, name, query) values
      ('buyer', 'Both', ${JSON.stringify({ make: 'Nissan', minPrice: 12.5, maxPrice: 1500 })}::jsonb),
      ('buyer', 'Neither', ${JSON.stringify({ make: 'Nissan' })}::jsonb)`);
  await db.execute(sql`
    insert into jobs (kind, payload) values
      ('favourites.price-drop', ${JSON.stringify({ listingId: first, oldPrice: '220.00', price: '180.50' })}::jsonb)`);

  await migrateDatabase(database.db);

  const listingRows = await db.execute<{
    title: string;
    price_cents: number;
    offer_floor_cents: number | null;
    referral_amount_cents: number | null;
  }>(sql`select title, price_cents, offer_floor_cents, referral_amount_cents from listings order by title`);
  expect(listingRows.rows.map((row) => row.price_cents)).toEqual([
    1999, 10, 123456789, 1_000_000_000, 29, 4850,
  ]);
  expect(listingRows.rows[0]).toMatchObject({ offer_floor_cents: 10, referral_amount_cents: 123456789 });
  expect(listingRows.rows[1]).toMatchObject({ offer_floor_cents: null, referral_amount_cents: null });
  const history = await db.execute<{ price_cents: number }>(
    sql`select price_cents from listing_price_history order by id`,
  );
  expect(history.rows.map((row) => row.price_cents)).toEqual([1999, 10, 123456789, 1_000_000_000, 29, 4850]);
  const kept = await db.execute<{ listing_price_cents: number }>(
    sql`select listing_price_cents from conversations`,
  );
  expect(kept.rows[0]?.listing_price_cents).toBe(1999);
  const offers = await db.execute<{ amount_cents: number }>(sql`select amount_cents from offers`);
  expect(offers.rows[0]?.amount_cents).toBe(1735);
  const message = await db.execute<{ offer: unknown }>(sql`select offer from messages`);
  expect(message.rows[0]?.offer).toEqual({ offerId, action: 'made', amountCents: 1735 });
  const notes = await db.execute<{ type: string; data: unknown }>(
    sql`select type, data from notifications order by id`,
  );
  expect(Object.fromEntries(notes.rows.map((row) => [row.type, row.data]))).toEqual({
    price_drop: { listingTitle: 'Part 0', oldPriceCents: 22000, priceCents: 18050 },
    offer: { listingTitle: 'Part 0', priceCents: 1735, action: 'made' },
    message: { listingTitle: 'Part 0', preview: 'Hi' },
  });
  const searches = await db.execute<{ name: string; query: unknown }>(
    sql`select name, query from saved_searches order by name`,
  );
  expect(searches.rows).toEqual([
    { name: 'Both', query: { make: 'Nissan', minPriceCents: 1250, maxPriceCents: 150_000 } },
    { name: 'Neither', query: { make: 'Nissan' } },
  ]);
  const job = await db.execute<{ payload: unknown }>(
    sql`select payload from jobs where kind = 'favourites.price-drop'`,
  );
  expect(job.rows[0]?.payload).toEqual({ listingId: first, oldPriceCents: 22000, priceCents: 18050 });

  // The cheapest-first index still serves the price order, now on cents.
  const index = await db.execute<{ indexdef: string }>(
    sql`select indexdef from pg_indexes where indexname = 'listings_unsold_price_idx'`,
  );
  expect(index.rows[0]?.indexdef).toContain('(price_cents, id)');
  const columns = await db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    select table_name, column_name, data_type from information_schema.columns
    where column_name in ('price_cents', 'offer_floor_cents', 'referral_amount_cents', 'listing_price_cents',
                          'amount_cents', 'price', 'amount', 'offer_floor', 'referral_amount', 'listing_price')
      and table_schema = 'public' and table_name in ('listings', 'listing_price_history', 'conversations', 'offers')`);
  expect(
    columns.rows.every((column) => column.data_type === 'integer' && column.column_name.endsWith('_cents')),
  ).toBe(true);
  expect(columns.rows).toHaveLength(6);
}, 120_000);
