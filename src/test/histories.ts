import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';

/**
 * A long-time member's history, written straight into the database: `conversations` of theirs (half as
 * the seller of one listing, half as a buyer of other members' listings), each with a last message, and
 * one thread of `threadMessages` messages. Times repeat on purpose, as a busy database has them: three
 * conversations share each minute of last activity, and pairs of messages share a timestamp, pairs of
 * those one millisecond, so pages must break ties by id and keep microseconds.
 * The member's oldest conversation, alone in its minute, is with "Zelda", to be found by a search.
 */
export async function seedHistory(
  db: Db,
  options: { memberId: string; tag: string; conversations: number; threadMessages: number },
): Promise<{ threadId: string }> {
  return db.transaction(async (tx) => {
    // Seeded rows skip triggers: the day's statistics of one listing would be rewritten per row.
    await tx.execute(sql`set local session_replication_role = replica`);
    return write(tx, options);
  });
}

async function write(
  db: Tx,
  options: { memberId: string; tag: string; conversations: number; threadMessages: number },
): Promise<{ threadId: string }> {
  const { memberId, tag, conversations, threadMessages } = options;
  const half = Math.floor(conversations / 2);
  const prefix = `hist-${tag}-`;
  // The other members: one per conversation, each with a name the inbox shows.
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, first_name, last_name)
    select ${prefix} || i, 'Member', ${prefix} || i || '@history.example.com', true,
      case when i = ${conversations}::int then 'Zelda' else 'Trader' || i end, 'Quinn'
    from generate_series(1, ${conversations}::int) as i`);
  // The member's listing, bought by the first half; one listing each of the others, bought by the member.
  await db.execute(sql`
    insert into listings (user_id, title, description, price_cents, category, condition, make, model, year_start, year_end)
    select case when i = 0 then ${memberId} else ${prefix} || i end,
      case when i = 0 then ${`Long history turbo ${tag}`} else 'Bought part ' || i end, 'From the history seed.',
      10000, 'engine', 'good', 'Nissan', 'Silvia', 1995, 2002
    from (select 0 as i union all select i from generate_series(${half + 1}::int, ${conversations}::int) as i) as n`);
  // Conversation i: the larger i, the older; three share each minute of last activity.
  const lastActivity = sql`now() - ((s.i / 3 + case when s.i = ${conversations}::int then 1 else 0 end) || ' minutes')::interval`;
  await db.execute(sql`
    insert into conversations (listing_id, buyer_id, seller_id, created_at, last_message_at)
    select l.id, ${prefix} || s.i, ${memberId}, now() - interval '30 days', ${lastActivity}
    from generate_series(1, ${half}::int) as s(i)
    join listings l on l.user_id = ${memberId} and l.title = ${`Long history turbo ${tag}`}`);
  await db.execute(sql`
    insert into conversations (listing_id, buyer_id, seller_id, created_at, last_message_at)
    select l.id, ${memberId}, l.user_id, now() - interval '30 days', ${lastActivity}
    from generate_series(${half + 1}::int, ${conversations}::int) as s(i)
    join listings l on l.user_id = ${prefix} || s.i`);
  // Each conversation's last message, from the other member, read.
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, receiver_id, content, created_at, read_at)
    select c.id, case when c.buyer_id = ${memberId} then c.seller_id else c.buyer_id end, ${memberId},
      'Last word', c.last_message_at, c.last_message_at
    from conversations c where c.buyer_id = ${memberId} or c.seller_id = ${memberId}`);
  // The newest conversation gets the long thread, older than its last message.
  const newest = await db.execute<{ id: string; other: string }>(sql`
    select id, case when buyer_id = ${memberId} then seller_id else buyer_id end as other
    from conversations where buyer_id = ${memberId} or seller_id = ${memberId}
    order by last_message_at desc, id desc limit 1`);
  const thread = newest.rows[0]!;
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, receiver_id, content, created_at, read_at)
    select ${thread.id}, case when i % 2 = 0 then ${memberId} else ${thread.other} end,
      case when i % 2 = 0 then ${thread.other} else ${memberId} end,
      'Message ' || lpad(i::text, 5, '0'),
      now() - interval '1 hour' + ((i / 4) || ' milliseconds')::interval + (((i % 4) / 2) || ' microseconds')::interval,
      now()
    from generate_series(1, ${threadMessages}::int) as i`);
  return { threadId: thread.id };
}
