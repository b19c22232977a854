import { and, eq, or } from 'drizzle-orm';
import { ApiError } from '../../http/api-error';
import type { Executor, Tx } from '../../db/client';
import { blocks, sales } from '../../db/schema';
import type { NotificationsService } from '../notifications/notifications.service';

/** Whether either of two members blocked the other. */
export async function eitherBlocked(executor: Executor, a: string, b: string): Promise<boolean> {
  const found = await executor
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/**
 * Refuses a sale's step (marking it sold to them, confirming it, reviewing it) between two members
 * when either blocked the other, as messages and offers are refused.
 */
export async function assertSaleNotBlocked(executor: Executor, a: string, b: string): Promise<void> {
  if (await eitherBlocked(executor, a, b)) throw new ApiError(403, 'SALE_BLOCKED');
}

/**
 * What marking a listing sold or available does to its sales (docs/trust.md, "Reviews"), called in
 * the listing's transaction.
 */
export function createSaleEvents(deps: { notifications: NotificationsService }) {
  return {
    /**
     * Sold to a buyer: a new sale waits for them to confirm it, and they are asked ("Did you buy
     * this?"). A buyer who already confirmed buying this listing is not asked again: the listing points
     * at that sale once more, and its reviews (written or not) stay as they are. Answers what to do
     * once the transaction has committed (tell the buyer's open tabs), or null.
     */
    async soldTo(
      tx: Tx,
      sale: {
        listingId: string;
        title: string;
        sellerId: string;
        sellerName: string | null;
        buyerId: string;
      },
    ): Promise<(() => Promise<void>) | null> {
      await assertSaleNotBlocked(tx, sale.sellerId, sale.buyerId);
      const [confirmed] = await tx
        .select({ id: sales.id })
        .from(sales)
        .where(
          and(
            eq(sales.listingId, sale.listingId),
            eq(sales.buyerId, sale.buyerId),
            eq(sales.status, 'confirmed'),
          ),
        );
      if (confirmed) return null;
      await tx.insert(sales).values({
        listingId: sale.listingId,
        listingTitle: sale.title,
        sellerId: sale.sellerId,
        buyerId: sale.buyerId,
      });
      const notification = await deps.notifications.store(tx, {
        userId: sale.buyerId,
        // Read in this transaction: it holds the embedded database's only connection.
        settings: await deps.notifications.settingsFor(sale.buyerId, tx),
        type: 'sale_update',
        data: {
          action: 'confirm',
          listingTitle: sale.title,
          ...(sale.sellerName ? { name: sale.sellerName } : {}),
        },
        link: `/listing/${sale.listingId}`,
        groupKey: `sale:${sale.listingId}`,
      });
      return notification ? () => deps.notifications.deliver(sale.buyerId, notification) : null;
    },

    /** Back on the market: a sale its buyer has not confirmed is withdrawn (confirmed ones stay). */
    async relisted(tx: Tx, listingId: string): Promise<void> {
      await tx
        .update(sales)
        .set({ status: 'withdrawn' })
        .where(and(eq(sales.listingId, listingId), eq(sales.status, 'awaiting')));
    },
  };
}
