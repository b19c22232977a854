import { z } from 'zod';
import { cents, dollarsInput } from './money';

/** How long an amount stays on the table before it expires. */
export const OFFER_HOURS = 48;
export const OFFER_NOTE_MAX = 500;

export const OFFER_PARTIES = ['buyer', 'seller'] as const;
export type OfferParty = (typeof OFFER_PARTIES)[number];

/**
 * Where a negotiation stands: `open` (the party who did not name the amount answers), `accepted`
 * (the listing is pending for the buyer), `declined`, `expired`, or `released` (the seller let an
 * accepted offer go).
 */
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'released'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The steps shown in the conversation as event cards. */
export const OFFER_ACTIONS = [
  'made',
  'countered',
  'accepted',
  'declined',
  'auto-declined',
  'expired',
  'released',
] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** A step of an offer, stored with its message. */
export const OfferEventSchema = z
  .object({ offerId: z.string(), action: z.enum(OFFER_ACTIONS), amountCents: cents() })
  .meta({ id: 'OfferEvent' });
export type OfferEvent = z.infer<typeof OfferEventSchema>;

const note = z.string().trim().max(OFFER_NOTE_MAX, 'validation.tooLong').default('');

/** A buyer's offer on a listing, or either side's counter: more than $0. */
export const MakeOfferSchema = z.object({ amountCents: cents(1), note }).meta({ id: 'MakeOffer' });
/** The offer form: the amount as typed in dollars, cents once parsed. */
export const OfferFormSchema = z.object({ amount: dollarsInput(1), note });
export type MakeOfferInput = z.input<typeof MakeOfferSchema>;

/** The answer to an open offer by the party who did not name its amount. */
export const OfferAnswerSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('accept') }),
    z.object({ action: z.literal('decline') }),
    z.object({ action: z.literal('counter'), amountCents: cents(1), note }),
  ])
  .meta({ id: 'OfferAnswer' });
export type OfferAnswerInput = z.input<typeof OfferAnswerSchema>;

export const OfferSchema = z
  .object({
    id: z.string(),
    listingId: z.string(),
    conversationId: z.string(),
    amountCents: cents(),
    /** Who named the amount. */
    by: z.enum(OFFER_PARTIES),
    status: z.enum(OFFER_STATUSES),
    expiresAt: z.string(),
    /** For the member asking: the offer is open and theirs to answer. */
    yourTurn: z.boolean(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;
