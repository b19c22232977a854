import { SELLER_LEVELS } from '../fees';
import { z } from 'zod';
import { ListingCardSchema } from './listings';
import { RatingSchema } from './rating';

/** How long after a sale its buyer and seller may review each other. */
export const REVIEW_DAYS = 30;
export const REVIEW_TEXT_MAX = 1000;

const text = z
  .string()
  .trim()
  .min(1, 'validation.reviewTextRequired')
  .max(REVIEW_TEXT_MAX, 'validation.tooLong');

/** One review per side of a sale: 1 to 5 stars and a few words. */
export const WriteReviewSchema = z
  .object({
    rating: z.number({ error: 'validation.ratingRequired' }).int().min(1, 'validation.ratingRequired').max(5),
    text,
  })
  .meta({ id: 'WriteReview' });
export type WriteReviewInput = z.input<typeof WriteReviewSchema>;

/** The buyer's answer to "Did you buy this?": only a confirmed purchase can be reviewed. */
export const PurchaseAnswerSchema = z
  .object({ bought: z.boolean({ error: 'validation.required' }) })
  .meta({ id: 'PurchaseAnswer' });

/** The member a review is about answers it once. */
export const ReviewReplySchema = z.object({ text }).meta({ id: 'ReviewReply' });

export const ReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number(),
    text: z.string(),
    /** The reviewer's public name; null once they deleted their account. */
    reviewer: z.string().nullable(),
    /** What the reviewer was in the sale. */
    role: z.enum(['buyer', 'seller']),
    listingTitle: z.string(),
    createdAt: z.string(),
    reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ReviewSchema>;

/**
 * On a sold listing's page, for its seller and the buyer it was sold to: whether the buyer confirmed
 * the purchase, whether they may still review the other, and what they wrote.
 */
export const SaleReviewStateSchema = z
  .object({
    role: z.enum(['buyer', 'seller']),
    /** The other side's public name. */
    other: z.string().nullable(),
    /**
     * awaiting: the buyer has not yet answered "Did you buy this?"; confirmed: they did, and the two
     * may review each other; declined: the buyer said they did not buy it (nobody reviews).
     */
    status: z.enum(['awaiting', 'confirmed', 'declined']),
    /** Until when the buyer may answer (while awaiting). */
    answerBy: z.string(),
    /** Until when reviews can be written (null until the buyer confirms), and whether that is still ahead. */
    windowEndsAt: z.string().nullable(),
    open: z.boolean(),
    /** This member's review, if written (published or waiting for the other's). */
    mine: z.object({ rating: z.number(), text: z.string(), published: z.boolean() }).nullable(),
  })
  .meta({ id: 'SaleReviewState' });
export type SaleReviewState = z.infer<typeof SaleReviewStateSchema>;

/** /seller/{id}: what a buyer may know of a seller. */
export const SellerProfileSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    memberSince: z.string(),
    verified: z.boolean(),
    rating: RatingSchema,
    /** The seller level from their completed orders (docs/payments.md, "Fees"), and how many. */
    level: z.enum(SELLER_LEVELS),
    completedSales: z.number().int(),
    activeListings: z.array(ListingCardSchema),
    /** Counted up to the page's size (more: "24+"). */
    activeCount: z.object({ value: z.number(), more: z.boolean() }),
    reviews: z.array(ReviewSchema),
  })
  .meta({ id: 'SellerProfile' });
export type SellerProfile = z.infer<typeof SellerProfileSchema>;
