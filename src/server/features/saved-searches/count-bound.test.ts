import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import type { FleetService } from '../fleet/fleet.service';
import type { ListingsService } from '../listings/listings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TemplateMailer } from '../../mail/templates';
import { COUNTS_AT_ONCE, createSavedSearchesService } from './saved-searches.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('saved-search counts', () => {
  it(`runs at most ${COUNTS_AT_ONCE} count queries at a time for one list request`, async () => {
    const { db } = database;
    await db.execute(sql`insert into "user" (id, name, email) values ('m1', 'M', 'm1@example.com')`);
    for (let i = 0; i < 25; i++)
      await db.execute(
        sql`insert into saved_searches (user_id, name, query) values ('m1', ${`Search ${i}`}, '{}')`,
      );
    let running = 0;
    let most = 0;
    let calls = 0;
    // Counting itself is the listings service's (tested there); here only how many run at once.
    const listings = {
      async countMatching() {
        calls++;
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
        return 7;
      },
    } as unknown as ListingsService;
    const service = createSavedSearchesService({
      db,
      listings,
      fleet: {} as FleetService,
      notifications: {} as NotificationsService,
      mailer: {} as TemplateMailer,
      publicUrl: 'http://localhost',
      wakeJobs: () => undefined,
    });
    const list = await service.list('m1');
    expect(list).toHaveLength(25);
    expect(list[0]?.results).toEqual({ value: 7, more: false });
    expect(calls).toBe(50);
    expect(most).toBe(COUNTS_AT_ONCE);
  });
});
