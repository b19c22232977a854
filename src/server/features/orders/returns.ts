import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '@common/schemas/auth';
import type { Order } from '@common/schemas/orders';
import {
  RETURN_ANSWER_DAYS,
  RETURN_SEND_DAYS,
  type AnswerReturnSchema,
  type RequestReturnSchema,
  type SendReturnSchema,
} from '@common/schemas/returns';
import { secondsAfter, systemClock, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orderReturns, orders } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob } from '../../jobs/queue';
import { resolvePhotos } from '../../photos/uploads';
import { ORDER_JOBS, applyTransition, memberSteps, parcelOf, tell, type DeadlineJob } from './orders.service';
import { mayRequestReturn, releaseAt, returnUntil, type OrderRow, type ReturnRow } from './order-view';

const DAY = 86_400;
/** Days a refused or lapsed return leaves the buyer before the order completes: time to open a dispute. */
export const DISPUTE_GRACE_DAYS = 3;

/** Queues a deadline of the order's return or dispute. */
export const deadline = (tx: Tx, orderId: string, kind: z.infer<typeof DeadlineJob>['kind'], runAt: Date) =>
  enqueueJob(tx, ORDER_JOBS.deadline, { orderId, kind }, { runAt });

/** Records a step of the return in the order's timeline and tells the other side. */
async function returnStep(
  tx: Tx,
  row: OrderRow,
  event: 'return_requested' | 'return_accepted' | 'return_refused' | 'return_sent',
  actorId: string | null,
  now: Date,
) {
  await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, row.id));
  await tx.insert(orderEvents).values({ orderId: row.id, kind: event, actorId, at: now });
  await tell(tx, row.id, event);
}

/**
 * A return that ended without the part coming back (refused, or never sent): the order completes by
 * itself again, no sooner than DISPUTE_GRACE_DAYS from now.
 */
export async function putOffRelease(tx: Tx, row: OrderRow, now: Date): Promise<void> {
  const releaseAfter = secondsAfter(now, DISPUTE_GRACE_DAYS * DAY);
  await tx.update(orders).set({ releaseAfter, updatedAt: now }).where(eq(orders.id, row.id));
  if (row.deliveredAt)
    await enqueueJob(
      tx,
      ORDER_JOBS.release,
      { orderId: row.id },
      { runAt: releaseAt({ ...row, releaseAfter }) },
    );
}

/** Marks a requested return accepted (by the seller, or by their silence) and queues the buyer's deadlines. */
export async function acceptReturn(tx: Tx, row: OrderRow, actorId: string | null, now: Date) {
  await tx
    .update(orderReturns)
    .set({ status: 'accepted', answerBy: null, updatedAt: now })
    .where(eq(orderReturns.orderId, row.id));
  await returnStep(tx, row, 'return_accepted', actorId, now);
  await deadline(tx, row.id, 'return_send_reminder', secondsAfter(now, (RETURN_SEND_DAYS - 2) * DAY));
  await deadline(tx, row.id, 'return_send_lapse', secondsAfter(now, RETURN_SEND_DAYS * DAY));
}

/**
 * Returns within 7 days (docs/payments.md, "Returns"), each step in one transaction on the order's
 * locked row: the buyer asks, the seller answers (or their silence accepts), the buyer sends the part
 * back, the seller confirms it came back and the buyer is refunded in full. "Doesn't fit" on a listing
 * that claimed to fit the buyer's fleet vehicle is accepted at once, whatever the seller's policy (the
 * fit guarantee). A held payment stays held while a return is open.
 */
export function createReturns(deps: {
  db: Db;
  clock?: Clock;
  wakeJobs: () => void;
  /** The order as its member sees it after the step. */
  getOrder: (user: SessionUser, orderId: string) => Promise<Order | null>;
}) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  const step = memberSteps({ db, clock, wakeJobs: deps.wakeJobs, getOrder: deps.getOrder });

  /** One step on the order's locked row and its return, by the side that takes it. */
  const onReturn = (
    user: SessionUser,
    orderId: string,
    side: 'buyer' | 'seller',
    act: (tx: Tx, row: OrderRow, ret: ReturnRow | null, now: Date) => Promise<void>,
  ) =>
    step(user, orderId, async (tx, row, now) => {
      if ((side === 'buyer' ? row.buyerId : row.sellerId) !== user.id)
        throw new ApiError(403, 'ORDER_NOT_YOURS');
      const [ret] = await tx.select().from(orderReturns).where(eq(orderReturns.orderId, row.id));
      await act(tx, row, ret ?? null, now);
    });

  const expect = (ret: ReturnRow | null, ...statuses: ReturnRow['status'][]): ReturnRow => {
    if (!ret) throw new ApiError(404, 'RETURN_NOT_FOUND');
    if (!statuses.includes(ret.status)) throw new ApiError(409, 'RETURN_STATE');
    return ret;
  };

  return {
    /** The buyer asks to return the part, with a reason, words and photos. */
    request: (user: SessionUser, orderId: string, input: z.output<typeof RequestReturnSchema>) =>
      onReturn(user, orderId, 'buyer', async (tx, row, ret, now) => {
        if (ret) throw new ApiError(409, 'RETURN_EXISTS');
        if (row.frozen) throw new ApiError(409, 'ORDER_CASE_OPEN');
        const guaranteed = input.reason === 'doesnt_fit' && row.fitVehicle !== null;
        if (!row.returnsAccepted && !guaranteed) throw new ApiError(409, 'RETURNS_NOT_ACCEPTED');
        if (!mayRequestReturn(row, null, now)) {
          const until = returnUntil(row);
          throw new ApiError(409, until && now >= until ? 'RETURN_WINDOW_CLOSED' : 'ORDER_STATE');
        }
        const photos = await resolvePhotos(tx, user.id, input.photos);
        const answerBy = secondsAfter(now, RETURN_ANSWER_DAYS * DAY);
        await tx.insert(orderReturns).values({
          orderId: row.id,
          reason: input.reason,
          details: input.details,
          photos,
          status: 'requested',
          guaranteed,
          answerBy: guaranteed ? null : answerBy,
          createdAt: now,
          updatedAt: now,
        });
        await returnStep(tx, row, 'return_requested', user.id, now);
        if (guaranteed) {
          await acceptReturn(tx, row, null, now);
          return;
        }
        await deadline(
          tx,
          row.id,
          'return_answer_reminder',
          secondsAfter(now, (RETURN_ANSWER_DAYS - 1) * DAY),
        );
        await deadline(tx, row.id, 'return_answer', answerBy);
      }),

    /** The seller accepts, or refuses with a reason (the buyer may then open a dispute). */
    answer: (user: SessionUser, orderId: string, input: z.output<typeof AnswerReturnSchema>) =>
      onReturn(user, orderId, 'seller', async (tx, row, ret, now) => {
        expect(ret, 'requested');
        if (input.answer === 'accept') {
          await acceptReturn(tx, row, user.id, now);
          return;
        }
        await tx
          .update(orderReturns)
          .set({ status: 'refused', refusal: input.note, answerBy: null, updatedAt: now })
          .where(eq(orderReturns.orderId, row.id));
        await returnStep(tx, row, 'return_refused', user.id, now);
        await putOffRelease(tx, row, now);
      }),

    /** The buyer sends the part back: the parcel's tracking number, checked as a shipment's is. */
    send: (user: SessionUser, orderId: string, input: z.output<typeof SendReturnSchema>) =>
      onReturn(user, orderId, 'buyer', async (tx, row, ret, now) => {
        expect(ret, 'accepted');
        const parcel = parcelOf(input);
        await tx
          .update(orderReturns)
          .set({
            status: 'sent',
            ...parcel,
            updatedAt: now,
          })
          .where(eq(orderReturns.orderId, row.id));
        await returnStep(tx, row, 'return_sent', user.id, now);
        await deadline(tx, row.id, 'return_receive_reminder', secondsAfter(now, 5 * DAY));
      }),

    /** The seller confirms the part came back: the buyer is refunded in full, the listing back on sale. */
    received: (user: SessionUser, orderId: string) =>
      onReturn(user, orderId, 'seller', async (tx, row, ret, now) => {
        expect(ret, 'accepted', 'sent');
        await tx
          .update(orderReturns)
          .set({ status: 'received', updatedAt: now })
          .where(eq(orderReturns.orderId, row.id));
        await applyTransition(tx, row, 'returnReceived', 'seller', { actorId: user.id, now });
      }),
  };
}

export type Returns = ReturnType<typeof createReturns>;
