import { z } from 'zod';
import { PhotoViewSchema } from './listings';
import { cents } from './money';
import { evidencePhotos } from './returns';

/**
 * Disputes (docs/payments.md, "Disputes"): either side of an order not completed opens one, the payout
 * freezes, both add words and photos, and the moderation desk decides: a full refund, a partial refund,
 * or release to the seller. A card dispute the buyer's bank opened (Stripe's `charge.dispute.*`) shows
 * on the desk too; the bank decides it (won or lost).
 */
export const DISPUTE_STATUSES = ['open', 'decided'] as const;
export const DISPUTE_OUTCOMES = [
  'refund_full',
  'refund_partial',
  'release',
  'card_won',
  'card_lost',
] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
/** Who opened it: one of the two members, or the buyer's card issuer. */
export const DISPUTE_OPENERS = ['buyer', 'seller', 'card'] as const;
export type DisputeOpener = (typeof DISPUTE_OPENERS)[number];
/** Days the other side has to give theirs, and after which the desk may decide on what it has. */
export const DISPUTE_ANSWER_DAYS = 3;

const words = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** What one side says (opening it, or adding to it): words and photos. */
export const DisputeStatementSchema = z
  .object({ body: words(2000), photos: evidencePhotos() })
  .meta({ id: 'DisputeStatement' });
export type DisputeStatementInput = z.input<typeof DisputeStatementSchema>;

/** The desk's decision, with the note both sides read (and the audit log keeps). */
export const DecideDisputeSchema = z
  .discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('refund_full'), note: words(1000) }),
    z.object({ outcome: z.literal('refund_partial'), refundCents: cents(1), note: words(1000) }),
    z.object({ outcome: z.literal('release'), note: words(1000) }),
  ])
  .meta({ id: 'DecideDispute' });
export type DecideDisputeInput = z.input<typeof DecideDisputeSchema>;

export const DisputeEntrySchema = z.object({
  side: z.enum(['buyer', 'seller', 'moderator']),
  name: z.string().nullable(),
  body: z.string(),
  photos: z.array(PhotoViewSchema),
  at: z.string(),
});

export const DisputeSchema = z
  .object({
    id: z.string(),
    openedBy: z.enum(DISPUTE_OPENERS),
    status: z.enum(DISPUTE_STATUSES),
    /** A card dispute's reason as the bank gave it (`fraudulent`, `product_not_received`, …). */
    cardReason: z.string().nullable(),
    /** Until when the side that did not open it has to give theirs. */
    answerBy: z.string().nullable(),
    outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
    refundCents: cents().nullable(),
    note: z.string().nullable(),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
    entries: z.array(DisputeEntrySchema),
  })
  .meta({ id: 'Dispute' });
export type Dispute = z.infer<typeof DisputeSchema>;

/** A row of the desk's dispute queue (open ones, oldest first). */
export const DisputeQueueItemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  listingTitle: z.string(),
  openedBy: z.enum(DISPUTE_OPENERS),
  totalCents: cents(),
  answerBy: z.string().nullable(),
  createdAt: z.string(),
});
export const DisputeQueueSchema = z
  .object({ items: z.array(DisputeQueueItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'DisputeQueue' });

/** A message of the order's conversation, as the desk reads it beside the dispute. */
export const DeskMessageSchema = z.object({
  side: z.enum(['buyer', 'seller']),
  body: z.string(),
  at: z.string(),
});
