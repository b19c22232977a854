import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from './schema';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the schema', () => {
  it('attaches one identity at a provider to one member only', async () => {
    const { db } = database;
    await db.insert(users).values([
      { id: 'member-a', name: 'A', email: 'a@example.com' },
      { id: 'member-b', name: 'B', email: 'b@example.com' },
    ]);
    await db
      .insert(accounts)
      .values({ id: 'acc-1', userId: 'member-a', providerId: 'google', accountId: 'g-42' });
    await expect(
      db
        .insert(accounts)
        .values({ id: 'acc-2', userId: 'member-b', providerId: 'google', accountId: 'g-42' }),
    ).rejects.toThrow();
    // The same id at another provider is another identity.
    await db
      .insert(accounts)
      .values({ id: 'acc-3', userId: 'member-b', providerId: 'apple', accountId: 'g-42' });
  });
});
