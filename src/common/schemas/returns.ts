import { z } from 'zod';
import { MAX_PHOTOS, PhotoViewSchema, StoredPhotoSchema } from './listings';
import { TrackingSchema } from './tracking';

/**
 * Returns within 7 days (docs/payments.md, "Returns"): the buyer asks with a reason and photos, the
 * seller answers within 3 days (silence accepts), the buyer sends the part back with its tracking
 * number, and the seller's confirming it came back refunds the buyer.
 */
export const RETURN_DAYS = 7;
/** Days the seller has to answer a return; silence accepts it. */
export const RETURN_ANSWER_DAYS = 3;

export const RETURN_REASONS = ['not_as_described', 'damaged', 'doesnt_fit', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Days the buyer has to send an accepted return back before it lapses. */
export const RETURN_SEND_DAYS = 7;

/**
 * `requested`, then `accepted` (by the seller, by silence, or at once under the fit guarantee) or
 * `refused`; an accepted return is `sent` back, then `received` (the buyer refunded), or `lapsed` when
 * it was never sent.
 */
export const RETURN_STATUSES = ['requested', 'accepted', 'refused', 'sent', 'received', 'lapsed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const words = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** Photos of a return or a dispute statement: up to six of the member's uploads. */
export const EVIDENCE_PHOTOS = Math.min(6, MAX_PHOTOS);
export const evidencePhotos = () =>
  z.array(StoredPhotoSchema).max(EVIDENCE_PHOTOS, 'validation.tooManyPhotos').default([]);

export const RequestReturnSchema = z
  .object({
    reason: z.enum(RETURN_REASONS, { error: 'validation.required' }),
    details: words(2000),
    photos: evidencePhotos(),
  })
  .meta({ id: 'RequestReturn' });
export type RequestReturnInput = z.input<typeof RequestReturnSchema>;

/** The seller's answer: accept, or refuse with the reason the buyer will read. */
export const AnswerReturnSchema = z
  .discriminatedUnion('answer', [
    z.object({ answer: z.literal('accept') }),
    z.object({ answer: z.literal('refuse'), note: words(1000) }),
  ])
  .meta({ id: 'AnswerReturn' });
export type AnswerReturnInput = z.input<typeof AnswerReturnSchema>;

/** The buyer sends the part back: the parcel's tracking. */
export const SendReturnSchema = TrackingSchema.meta({ id: 'SendReturn' });

export const OrderReturnSchema = z
  .object({
    reason: z.enum(RETURN_REASONS),
    details: z.string(),
    photos: z.array(PhotoViewSchema),
    status: z.enum(RETURN_STATUSES),
    /** Accepted under the fit guarantee: the seller could not refuse it. */
    guaranteed: z.boolean(),
    /** While requested: when silence accepts it. */
    answerBy: z.string().nullable(),
    /** The seller's reason for refusing. */
    refusal: z.string().nullable(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OrderReturn' });
export type OrderReturn = z.infer<typeof OrderReturnSchema>;
