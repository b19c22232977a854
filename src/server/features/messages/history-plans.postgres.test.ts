import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BULK_LOAD_TIMEOUT_MS } from '../../../test/test-database';
import { signedInMember } from '../../../test/members';
import { seedHistory } from '../../../test/histories';
import {
  explainRequest,
  planNodes,
  recordStatements,
  rowsLookedAt,
  type PlanNode,
  type Statement,
} from '../../../test/query-plans';
import { readAnswer, okBody } from '../../../test/test-browser';

/**
 * The plans behind a long-time member's inbox and a long thread, on PostgreSQL with generated history
 * (docs/decisions.md, "Long histories"): the member has 10,000 conversations and one thread of 5,000
 * messages, among other members' 100,000. Timings are not tested; what each statement reads is: it walks
 * the member's indexes from the page's position and reads about a page of rows, never the tables.
 */
const CONVERSATIONS = 10_000;
const THREAD = 5_000;
/** Rows of `conversations` or `messages` one statement may look at for one page. */
const PAGE_BUDGET = 400;

describe('long histories on PostgreSQL', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let threadId: string;
  let recorded: Statement[] = [];

  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: BULK_LOAD_TIMEOUT_MS });
    const { db } = t.database;
    member = await signedInMember(t);
    ({ threadId } = await seedHistory(db, {
      memberId: member.id,
      tag: 'plans',
      conversations: CONVERSATIONS,
      threadMessages: THREAD,
    }));
    // Other members' history around it: 100,000 conversations of their own, a message each.
    const others = await signedInMember(t);
    await seedHistory(db, { memberId: others.id, tag: 'others', conversations: 100_000, threadMessages: 10 });
    await db.execute(sql`vacuum analyze`);
    recorded = recordStatements(t.database, /"(conversations|messages)"/);
  }, 300_000);
  afterAll(() => t.close());

  const plans = (request: () => Promise<unknown>) => explainRequest(t.database, recorded, request);

  /** No sequential scan of either table, and no more than `budget` rows of each looked at. */
  function expectIndexed(explained: { text: string; plan: PlanNode }[], label: string, budget = PAGE_BUDGET) {
    for (const { text, plan } of explained) {
      const all = planNodes(plan);
      const described = `${label}\n${text}\n${JSON.stringify(plan, null, 1)}`;
      for (const table of ['conversations', 'messages']) {
        const on = all.filter((node) => node['Relation Name'] === table);
        expect(
          on.filter((node) => node['Node Type'] === 'Seq Scan'),
          described,
        ).toEqual([]);
        expect(rowsLookedAt(on), described).toBeLessThanOrEqual(budget);
      }
    }
  }

  const indexesUsed = (explained: { plan: PlanNode }[]) =>
    new Set(explained.flatMap(({ plan }) => planNodes(plan).flatMap((node) => node['Index Name'] ?? [])));

  it('the inbox: its first page and a page far back read about a page, from each side’s index', async () => {
    const first = await plans(() => readAnswer(member.browser.api.conversations.$get({ query: {} })));
    expectIndexed(first, 'first page');
    const used = indexesUsed(first);
    expect(used).toContain('conversations_buyer_recent_idx');
    expect(used).toContain('conversations_seller_recent_idx');

    // Page 200 of 334: the position is where the index walk starts, not rows skipped.
    let cursor = (await okBody(member.browser.api.conversations.$get({ query: {} }))).nextCursor!;
    for (let page = 2; page < 200; page += 1)
      cursor = (await okBody(member.browser.api.conversations.$get({ query: { cursor: cursor } })))
        .nextCursor!;
    const farBack = await plans(() =>
      readAnswer(member.browser.api.conversations.$get({ query: { cursor: cursor } })),
    );
    expectIndexed(farBack, 'page 200');
  }, 120_000);

  it('a search of the inbox walks the member’s own conversations only, never the table', async () => {
    // "Zelda" is the member's oldest conversation: the search reads all of theirs, and nobody else's.
    const explained = await plans(() =>
      readAnswer(member.browser.api.conversations.$get({ query: { search: 'zelda' } })),
    );
    expectIndexed(explained, 'search', CONVERSATIONS + PAGE_BUDGET);
    expect(indexesUsed(explained)).toContain('conversations_seller_recent_idx');
  });

  it('a thread of 5,000 messages: its newest page and a page far back read about a page', async () => {
    const opened = await plans(() =>
      readAnswer(member.browser.api.conversations[':id'].$get({ param: { id: threadId } })),
    );
    expectIndexed(opened, 'thread');
    expect(indexesUsed(opened)).toContain('messages_conversation_time_idx');

    let older = (await okBody(member.browser.api.conversations[':id'].$get({ param: { id: threadId } })))
      .nextCursor!;
    for (let page = 2; page < 80; page += 1)
      older = (
        await okBody(
          member.browser.api.conversations[':id'].messages.$get({
            param: { id: threadId },
            query: { cursor: older },
          }),
        )
      ).nextCursor!;
    const farBack = await plans(() =>
      readAnswer(
        member.browser.api.conversations[':id'].messages.$get({
          param: { id: threadId },
          query: { cursor: older },
        }),
      ),
    );
    expectIndexed(farBack, 'page 80 of the thread');
    expect(indexesUsed(farBack)).toContain('messages_conversation_time_idx');
  }, 120_000);
});
