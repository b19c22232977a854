import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { z } from 'zod';
import { publicName } from '@common/labels';
import type { SessionUser } from '@common/schemas/auth';
import {
  DISPUTE_ANSWER_DAYS,
  type DecideDisputeSchema,
  type Dispute,
  type DisputeStatementSchema,
} from '@common/schemas/disputes';
import type { Order } from '@common/schemas/orders';
import type { StoredPhoto } from '@common/photos';
import { secondsAfter, systemClock, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { after, decodeKeyset, exactTime, keysetPage } from '../../db/keyset';
import { literalLimit } from '../../db/named-statements';
import {
  disputeEntries,
  disputes,
  messages,
  moderationActions,
  orderEvents,
  orders,
  users,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { enqueueJob } from '../../jobs/queue';
import { resolvePhotos } from '../../photos/uploads';
import type { Storage } from '../../storage/storage';
import { photoView } from '../../cards/listing-card';
import { idOf } from '../billing/stripe-events';
import { ORDER_JOBS, applyTransition, lockedOrder, memberSteps, tell } from './orders.service';
import { mayDispute, releaseAt, type OrderRow } from './order-view';
import { deadline } from './returns';

const DAY = 86_400;
/** Disputes per page of the desk's queue; messages of the conversation shown beside one. */
const PAGE = 20;
const DESK_MESSAGES = 100;

type EntryJson = {
  side: 'buyer' | 'seller' | 'moderator';
  first: string | null;
  last: string | null;
  body: string;
  photos: StoredPhoto[];
  at: string;
};

/**
 * The order's dispute as its members and the desk see it (an open one first, else the newest), and
 * whether its members opened one already: one statement, built once and run by name, since every order
 * page reads it. Outside a transaction; the caller has checked the id is a UUID.
 */
export function disputeReader(db: Db, storage: Storage) {
  const statement = db
    .select({
      dispute: disputes,
      memberDispute: sql<boolean>`exists (select 1 from ${disputes} m where m.order_id = "disputes"."order_id" and m.opened_by <> 'card')`,
      entries: sql<EntryJson[]>`coalesce((
        select json_agg(json_build_object('side', e.side, 'first', u.first_name, 'last', u.last_name,
          'body', e.body, 'photos', e.photos,
          'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by e.id)
        from ${disputeEntries} e left join ${users} u on u.id = e.author_id
        where e.dispute_id = "disputes"."id"), '[]'::json)`,
    })
    .from(disputes)
    .where(eq(disputes.orderId, sql.placeholder('orderId')))
    .orderBy(sql`${disputes.status} = 'open' desc`, desc(disputes.createdAt))
    .limit(literalLimit(1))
    .prepare('order_dispute');

  return async (orderId: string): Promise<{ view: Dispute; memberDispute: boolean } | null> => {
    const [found] = await statement.execute({ orderId });
    if (!found) return null;
    const row = found.dispute;
    return {
      memberDispute: found.memberDispute,
      view: {
        id: row.id,
        openedBy: row.openedBy,
        status: row.status,
        cardReason: row.cardReason,
        answerBy: row.status === 'open' && row.answerBy ? row.answerBy.toISOString() : null,
        outcome: row.outcome,
        refundCents: row.refundCents,
        note: row.note,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        entries: found.entries.map((entry) => ({
          side: entry.side,
          name: entry.side === 'moderator' ? null : publicName(entry.first, entry.last),
          body: entry.body,
          photos: entry.photos.map((photo) => photoView(storage, photo)),
          at: entry.at,
        })),
      },
    };
  };
}

/** Whether the order still has a dispute open besides `exceptId`: it stays frozen then. */
async function otherOpen(tx: Tx, orderId: string, exceptId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), eq(disputes.status, 'open'), ne(disputes.id, exceptId)))
    .limit(1);
  return Boolean(open);
}

/** The bank opened a card dispute on a payment: it shows on the desk and the order's payout freezes. */
export async function cardDisputeOpened(tx: Tx, dispute: Stripe.Dispute, now: Date): Promise<void> {
  const intent = idOf(dispute.payment_intent);
  if (!intent) return;
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intent));
  if (!order) return;
  const row = (await lockedOrder(tx, order.id))!;
  const [opened] = await tx
    .insert(disputes)
    .values({
      orderId: row.id,
      openedBy: 'card',
      stripeDisputeId: dispute.id,
      cardReason: dispute.reason,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: disputes.id });
  if (!opened) return;
  await tx.update(orders).set({ frozen: true, updatedAt: now }).where(eq(orders.id, row.id));
  await tx.insert(orderEvents).values({ orderId: row.id, kind: 'card_dispute', at: now });
  await tell(tx, row.id, 'card_dispute', ['buyer', 'seller']);
}

/**
 * The bank decided a card dispute. Won: the order goes on (it completes by itself when due). Lost:
 * the buyer has their money back from the bank; the order is refunded, and a seller already paid has
 * it taken back.
 */
export async function cardDisputeClosed(tx: Tx, dispute: Stripe.Dispute, now: Date): Promise<void> {
  if (dispute.status !== 'won' && dispute.status !== 'lost') return;
  const [found] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.stripeDisputeId, dispute.id), eq(disputes.status, 'open')))
    .for('update');
  if (!found) return;
  const row = (await lockedOrder(tx, found.orderId))!;
  const frozen = await otherOpen(tx, row.id, found.id);
  await tx
    .update(disputes)
    .set({
      status: 'decided',
      outcome: dispute.status === 'won' ? 'card_won' : 'card_lost',
      refundCents: dispute.status === 'lost' ? dispute.amount : null,
      decidedAt: now,
    })
    .where(eq(disputes.id, found.id));
  const refunded = { refund: 'refunded' as const, refundId: dispute.id, refundCents: dispute.amount, frozen };
  if (
    dispute.status === 'lost' &&
    row.status !== 'completed' &&
    row.status !== 'cancelled' &&
    row.status !== 'refunded'
  ) {
    await applyTransition(tx, row, 'chargedBack', 'system', { actorId: null, now, set: refunded });
    return;
  }
  if (dispute.status === 'lost' && row.refund === null) {
    // Completed and paid out already: the seller's transfer is taken back.
    await tx
      .update(orders)
      .set({ ...refunded, updatedAt: now })
      .where(eq(orders.id, row.id));
    if (row.payout === 'due' || row.payout === 'paid')
      await enqueueJob(tx, ORDER_JOBS.reversal, { orderId: row.id });
  } else {
    await tx.update(orders).set({ frozen, updatedAt: now }).where(eq(orders.id, row.id));
    if (!frozen && row.deliveredAt && (row.status === 'delivered' || row.status === 'picked_up'))
      await enqueueJob(tx, ORDER_JOBS.release, { orderId: row.id }, { runAt: releaseAt(row) });
  }
  await tx.insert(orderEvents).values({ orderId: row.id, kind: 'dispute_decided', at: now });
  await tell(tx, row.id, 'dispute_decided', ['buyer', 'seller']);
}

/** The side of the order a member is, and the other one. */
const sides = (row: OrderRow, userId: string) =>
  row.buyerId === userId ? (['buyer', 'seller'] as const) : (['seller', 'buyer'] as const);

/**
 * Disputes (docs/payments.md, "Disputes"): a member opens one and both add to it, each step on the
 * order's locked row; the moderation desk reads its queue and one dispute with the order, the
 * conversation and the timeline, and decides. Every decision goes to the audit log in the same
 * transaction, and both sides are told.
 */
export function createDisputes(deps: {
  db: Db;
  clock?: Clock;
  wakeJobs: () => void;
  getOrder: (user: SessionUser, orderId: string) => Promise<Order | null>;
}) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  async function addEntry(
    tx: Tx,
    disputeId: string,
    user: SessionUser,
    side: 'buyer' | 'seller',
    input: z.output<typeof DisputeStatementSchema>,
    now: Date,
  ) {
    const photos = await resolvePhotos(tx, user.id, input.photos);
    await tx
      .insert(disputeEntries)
      .values({ disputeId, authorId: user.id, side, body: input.body, photos, at: now });
  }

  const member = memberSteps({ db, clock, wakeJobs: deps.wakeJobs, getOrder: deps.getOrder });

  return {
    /** Either side opens one: the payout freezes, the other side has 3 days to give theirs. */
    open: (user: SessionUser, orderId: string, input: z.output<typeof DisputeStatementSchema>) =>
      member(user, orderId, async (tx, row, now) => {
        const [mine, theirs] = sides(row, user.id);
        const [existing] = await tx
          .select({ id: disputes.id })
          .from(disputes)
          .where(and(eq(disputes.orderId, row.id), ne(disputes.openedBy, 'card')))
          .limit(1);
        if (existing) throw new ApiError(409, 'DISPUTE_EXISTS');
        if (!mayDispute(row, false)) throw new ApiError(409, 'ORDER_STATE');
        const answerBy = secondsAfter(now, DISPUTE_ANSWER_DAYS * DAY);
        const [opened] = await tx
          .insert(disputes)
          .values({ orderId: row.id, openedBy: mine, answerBy, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: disputes.id });
        if (!opened) throw new ApiError(409, 'DISPUTE_EXISTS');
        await addEntry(tx, opened.id, user, mine, input, now);
        await tx.update(orders).set({ frozen: true, updatedAt: now }).where(eq(orders.id, row.id));
        await tx
          .insert(orderEvents)
          .values({ orderId: row.id, kind: 'dispute_opened', actorId: user.id, at: now });
        await tell(tx, row.id, 'dispute_opened', [theirs]);
        await deadline(tx, row.id, 'dispute_reminder', secondsAfter(now, (DISPUTE_ANSWER_DAYS - 1) * DAY));
      }),

    /** Either side adds words and photos to the open dispute of its order. */
    add: (user: SessionUser, orderId: string, input: z.output<typeof DisputeStatementSchema>) =>
      member(user, orderId, async (tx, row, now) => {
        const [mine] = sides(row, user.id);
        const [open] = await tx
          .select({ id: disputes.id })
          .from(disputes)
          .where(
            and(eq(disputes.orderId, row.id), ne(disputes.openedBy, 'card'), eq(disputes.status, 'open')),
          );
        if (!open) throw new ApiError(409, 'DISPUTE_CLOSED');
        await addEntry(tx, open.id, user, mine, input, now);
        await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, row.id));
      }),

    /** The desk's queue: open disputes, oldest first. */
    async queue(cursor?: string) {
      const position = cursor ? decodeKeyset(cursor) : null;
      const rows = await db
        .select({
          dispute: disputes,
          at: exactTime(disputes.createdAt),
          listingTitle: orders.listingTitle,
          totalCents: orders.totalCents,
        })
        .from(disputes)
        .innerJoin(orders, eq(orders.id, disputes.orderId))
        .where(
          and(
            eq(disputes.status, 'open'),
            position ? after(disputes.createdAt, disputes.id, position) : undefined,
          ),
        )
        .orderBy(asc(disputes.createdAt), asc(disputes.id))
        .limit(PAGE + 1);
      const { page, nextCursor } = keysetPage(rows, PAGE, (row) => ({ at: row.at, id: row.dispute.id }));
      return {
        items: page.map((row) => ({
          id: row.dispute.id,
          orderId: row.dispute.orderId,
          listingTitle: row.listingTitle,
          openedBy: row.dispute.openedBy,
          totalCents: row.totalCents,
          answerBy: row.dispute.answerBy?.toISOString() ?? null,
          createdAt: row.dispute.createdAt.toISOString(),
        })),
        nextCursor,
      };
    },

    /** One dispute for the desk: the order (with its timeline and dispute) and its conversation. */
    async deskCase(admin: SessionUser, disputeId: string) {
      if (!isUuid(disputeId)) throw new ApiError(404, 'NOT_FOUND');
      const [found] = await db
        .select({ orderId: disputes.orderId })
        .from(disputes)
        .where(eq(disputes.id, disputeId));
      if (!found) throw new ApiError(404, 'NOT_FOUND');
      const order = (await deps.getOrder(admin, found.orderId))!;
      const said = order.conversationId
        ? await db
            .select({ senderId: messages.senderId, body: messages.content, at: messages.createdAt })
            .from(messages)
            .where(and(eq(messages.conversationId, order.conversationId), sql`${messages.removedAt} is null`))
            .orderBy(desc(messages.createdAt))
            .limit(DESK_MESSAGES)
        : [];
      return {
        order,
        messages: said.reverse().map((message) => ({
          side: message.senderId === order.buyer.id ? ('buyer' as const) : ('seller' as const),
          body: message.body,
          at: message.at.toISOString(),
        })),
      };
    },

    /**
     * The desk decides a members' dispute: a full refund (the order is refunded), a partial refund
     * (the rest released to the seller, the order completes) or release. Refused for a dispute decided
     * already (two moderators at once: the second gets 409) and for a card dispute (the bank decides).
     */
    async decide(admin: SessionUser, disputeId: string, input: z.output<typeof DecideDisputeSchema>) {
      if (!isUuid(disputeId)) throw new ApiError(404, 'NOT_FOUND');
      const now = clock();
      const orderId = await db.transaction(async (tx) => {
        const [found] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
        if (!found) throw new ApiError(404, 'NOT_FOUND');
        if (found.status !== 'open') throw new ApiError(409, 'DISPUTE_CLOSED');
        if (found.openedBy === 'card') throw new ApiError(409, 'DISPUTE_CARD');
        const row = (await lockedOrder(tx, found.orderId))!;
        const frozen = await otherOpen(tx, row.id, found.id);
        const options = { actorId: admin.id, now };
        if (input.outcome === 'refund_partial' && input.refundCents >= row.totalCents)
          throw new ApiError(400, 'REFUND_TOO_LARGE');
        if (input.outcome === 'refund_full')
          await applyTransition(tx, row, 'disputeRefund', 'system', { ...options, set: { frozen } });
        else {
          const partial =
            input.outcome === 'refund_partial'
              ? { refund: 'due' as const, refundCents: input.refundCents }
              : {};
          await applyTransition(tx, row, 'disputeSettle', 'system', {
            ...options,
            set: { frozen, ...partial },
          });
          await tell(tx, row.id, 'dispute_decided', ['buyer', 'seller']);
        }
        await tx
          .update(disputes)
          .set({
            status: 'decided',
            outcome: input.outcome,
            refundCents:
              input.outcome === 'refund_partial'
                ? input.refundCents
                : input.outcome === 'refund_full'
                  ? row.totalCents
                  : null,
            note: input.note,
            decidedBy: admin.id,
            decidedAt: now,
          })
          .where(eq(disputes.id, found.id));
        await tx
          .insert(disputeEntries)
          .values({ disputeId: found.id, authorId: admin.id, side: 'moderator', body: input.note, at: now });
        await tx.insert(moderationActions).values({
          adminId: admin.id,
          action: 'decide-dispute',
          kind: 'order',
          targetId: row.id,
          reason: `${input.outcome}${input.outcome === 'refund_partial' ? ` ${input.refundCents}` : ''}: ${input.note}`,
          subject: { label: row.listingTitle },
        });
        return row.id;
      });
      deps.wakeJobs();
      return (await deps.getOrder(admin, orderId))!;
    },
  };
}

export type Disputes = ReturnType<typeof createDisputes>;
