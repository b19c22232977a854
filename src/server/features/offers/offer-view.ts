import { desc, type SQL } from 'drizzle-orm';
import type { Offer, OfferParty } from '@common/schemas/offers';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema';
import { systemClock } from '../../clock';

/** An offer as the member asking sees it (whether it is theirs to answer). */
export function toOffer(row: typeof offers.$inferSelect, viewerId: string, now = systemClock()): Offer {
  const party: OfferParty = row.buyerId === viewerId ? 'buyer' : 'seller';
  // Past its 48 hours it is expired, whether or not the expiry job has run yet.
  const status = row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;
  return {
    id: row.id,
    listingId: row.listingId,
    conversationId: row.conversationId,
    amountCents: row.amountCents,
    by: row.by,
    status,
    expiresAt: row.expiresAt.toISOString(),
    yourTurn: status === 'open' && row.by !== party,
  };
}

/** The newest offer that `condition` picks (a buyer's on a listing, or a conversation's), as `viewerId` sees it. */
export async function newestOffer(
  db: Db,
  condition: SQL | undefined,
  viewerId: string,
  now = systemClock(),
): Promise<Offer | null> {
  const [row] = await db.select().from(offers).where(condition).orderBy(desc(offers.createdAt)).limit(1);
  return row ? toOffer(row, viewerId, now) : null;
}
