import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 ok when the database answers', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 with a translated error when the database cannot be reached', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const response = await broken.app.request('/api/health', { headers: { 'Accept-Language': 'es' } });
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.error.message).toMatch(/no está disponible/);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('GET /api/health/detail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows an admin how far behind the job queue is, and nobody else', async () => {
    const member = await signedInMember(t);
    const admin = await signedInMember(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    await t.database.db.execute(sql`insert into jobs (kind, payload, run_at) values
      ('contact.support', '{}'::jsonb, now() - interval '2 minutes'),
      ('contact.support', '{}'::jsonb, now() - interval '1 minute'),
      ('offers.expiry', '{}'::jsonb, now() - interval '30 seconds'),
      ('offers.expiry', '{}'::jsonb, now() + interval '1 day')`);

    expect((await new TestBrowser(t).api.health.detail.$get()).status).toBe(401);
    expect((await member.browser.api.health.detail.$get()).status).toBe(403);
    const detail = await readAnswer(admin.browser.api.health.detail.$get());
    expectStatus(detail, 200);
    expect(detail.body).toMatchObject({
      status: 'ok',
      jobs: { due: { 'contact.support': 2, 'offers.expiry': 1 }, failed: {} },
    });
    expect(detail.body.jobs.oldestDueSeconds).toBeGreaterThanOrEqual(120);
  });
});
