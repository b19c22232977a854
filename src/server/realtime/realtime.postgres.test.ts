import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import { TestSocket } from '../../test/test-socket';
import { createPostgresBus } from './bus';
import { okBody } from '../../test/test-browser';

// Runs only against a PostgreSQL server (TEST_DATABASE_URL; see vitest.config.ts): two instances
// of the app on one database, as when scaled out behind a load balancer.
const bus = (database: TestApp['database']) => {
  if (!database.url) throw new Error('needs TEST_DATABASE_URL');
  return createPostgresBus({ url: database.url, pool: database.pool, logger: pino({ level: 'silent' }) });
};

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ realtimeBus: bus });
  second = await createTestApp({ database: first.database, realtimeBus: bus });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

it('delivers a message sent through one instance to a socket held by another', async () => {
  const secondHost = await second.listen();
  const seller = await signedInMember(first);
  const buyer = await signedInMember(first);
  const item = await okBody(
    seller.browser.api.listings.$post({
      json: {
        title: 'Civic Type R wing',
        priceCents: 60000,
        category: 'exterior',
        condition: 'good',
        make: 'Honda',
        model: 'Civic',
      },
    }),
  );
  // The seller's socket is on the second instance; the buyer's request goes to the first.
  const sellerTab = await TestSocket.open(secondHost, seller.browser);
  // LISTEN is asynchronous: wait until the feed answers before sending.
  await expect
    .poll(async () => {
      await first.app.realtime.publish([seller.id], [{ type: 'pong' }]);
      return sellerTab.events.some((e) => e.type === 'pong');
    })
    .toBe(true);
  await buyer.browser.api.listings[':id'].messages.$post({
    param: { id: item.id },
    json: { content: 'Shipping to Denver?' },
  });
  const pushed = await sellerTab.next('message');
  expect(pushed.message?.content).toBe('Shipping to Denver?');
  await sellerTab.next('counts', (e) => e.messages === 1);
  await sellerTab.close();
});
