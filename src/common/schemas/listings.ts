import { z } from 'zod';
import { cents, dollarsInput, optionalCents, optionalDollarsInput, parseDollars } from './money';
import { RatingSchema } from './rating';
import { OfferSchema } from './offers';
import { FitSchema, MisfitSchema } from './vehicles';
import { CATEGORIES, CONDITIONS } from '../catalog';
import { optionalInt } from './browse';
import { referralInRange } from './referrals';

/** Listing forms and browse filters, shared by the browser and the API (messages: `validation.*`). */

export const MAX_PHOTOS = 10;
export const RECOMMENDED_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 12 * 1024 * 1024;
/** Part brands for the verification section: aftermarket and OEM, then Other. */
export const PART_BRANDS = [
  'Akrapovič',
  'Bilstein',
  'Bosch',
  'Borla',
  'Brembo',
  'BBS',
  'Eibach',
  'Enkei',
  'Garrett',
  'HKS',
  'KW',
  'K&N',
  'Magnaflow',
  'Mishimoto',
  'Recaro',
  'Rays',
  'Sparco',
  'Tein',
  'Tomei',
  'OEM',
  'Other',
] as const;

export const PhotoViewSchema = z
  .object({
    key: z.string(),
    width: z.number(),
    height: z.number(),
    /** URLs of the WebP variants, smallest first. */
    sources: z.array(z.object({ url: z.string(), width: z.number() })),
  })
  .meta({ id: 'Photo' });
export type PhotoView = z.infer<typeof PhotoViewSchema>;

export const ListingCardSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    priceCents: cents(),
    category: z.string(),
    condition: z.string(),
    make: z.string(),
    model: z.string(),
    yearStart: z.number().nullable(),
    yearEnd: z.number().nullable(),
    location: z.string().nullable(),
    /** Its part number as the seller wrote it, when it has one. */
    partNumber: z.string().optional(),
    photo: PhotoViewSchema.nullable(),
    isSold: z.boolean(),
    /** Only its owner ever sees it: a moderator hid it, or its seller is suspended. */
    hidden: z.literal(true).optional(),
    /** An accepted offer holds it for one buyer until it is sold or released. */
    pending: z.literal(true).optional(),
    createdAt: z.string(),
    /** For a signed-in member: the first of their vehicles this part fits. */
    fits: FitSchema.optional(),
    /** For a signed-in member none of whose vehicles it fits: one of theirs of its make and model it does not. */
    misfit: MisfitSchema.optional(),
    /** For a signed-in member: whether it is one of their favourites. */
    favourite: z.boolean().optional(),
    /** The seller is on Gold or Platinum (the verified badge). */
    sellerVerified: z.boolean().optional(),
    /** The seller's stars from published reviews. */
    sellerRating: RatingSchema.optional(),
    /** While a boost lasts, when it ends ("Boosted" on the card); null otherwise. */
    boostedUntil: z.string().nullable(),
  })
  .meta({ id: 'ListingCard' });
export type ListingCard = z.infer<typeof ListingCardSchema>;

export const BrowseResponseSchema = z
  .object({
    items: z.array(ListingCardSchema),
    nextCursor: z.string().nullable(),
    /** Exact up to COUNT_LIMIT; `more` says there are more than that. */
    count: z.object({ value: z.number(), more: z.boolean() }),
    /** The search with its unknown words corrected ("Did you mean"), when some were. */
    didYouMean: z.string().nullable().optional(),
  })
  .meta({ id: 'BrowseResponse' });
export type BrowseResponse = z.infer<typeof BrowseResponseSchema>;

/** At most this many "For you" listings in one request. */
export const FOR_YOU_MAX = 12;

/** The home page's "For you": the newest listings in the member's preferred makes and categories. */
export const ForYouSchema = z
  .object({
    items: z.array(ListingCardSchema),
    /** Whether the member chose any makes or categories (without, the page invites them to). */
    preferences: z.boolean(),
  })
  .meta({ id: 'ForYou' });
export type ForYou = z.infer<typeof ForYouSchema>;

export const StoredPhotoSchema = z
  .object({
    key: z.string().max(200),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    variants: z.array(z.number().int().positive()).max(5),
  })
  .meta({ id: 'StoredPhoto' });

const text = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .optional()
    .transform((value) => value || null);

/** A fitment year as the API document states it (left out or null: any year). */
const NULLABLE_YEAR = { type: ['integer', 'null'], minimum: 1900, maximum: 2100 } as Record<string, unknown>;

/** Every field of the listing form but its prices, which the API and the form carry differently. */
const ListingFieldsSchema = z.object({
  title: text(120, 'validation.required'),
  description: z.string().trim().max(5000, 'validation.tooLong').default(''),
  category: z.enum(CATEGORIES, { error: 'validation.required' }),
  condition: z.enum(CONDITIONS, { error: 'validation.required' }),
  make: text(50, 'validation.required'),
  model: text(80, 'validation.required'),
  yearStart: optionalInt(1900, 2100, 'validation.yearInvalid').meta(NULLABLE_YEAR),
  /** Not before `yearStart`. */
  yearEnd: optionalInt(1900, 2100, 'validation.yearInvalid').meta(NULLABLE_YEAR),
  location: optionalText(120),
  /** A US ZIP code: the server looks its city and state up and shows them as the location. */
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'validation.zipInvalid')
    .optional()
    .transform((value) => value || null),
  negotiable: z.boolean().default(true),
  /** The buyer may collect it in person (with the order's hand-off code). */
  localPickup: z.boolean().default(true),
  /** "Payment held until delivery": a Gold seller's choice (Platinum sellers always hold). */
  holdPayment: z.boolean().default(false),
  /** The seller takes the part back within 7 days of delivery (the fit guarantee holds either way). */
  acceptsReturns: z.boolean().default(false),
  verification: z.boolean().default(false),
  partId: optionalText(80),
  partBrand: z.enum(PART_BRANDS).optional().nullable(),
  partBrandOther: optionalText(80),
  productUrl: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https?:\/\/\S+$/i.test(value), 'validation.urlInvalid'),
  receiptImage: StoredPhotoSchema.nullable().optional(),
  photos: z.array(StoredPhotoSchema).max(MAX_PHOTOS, 'validation.tooManyPhotos').default([]),
});

type ListingFields = z.output<typeof ListingFieldsSchema>;

/** The rules across fields, for the API's input and the form alike. */
function checkListing(
  value: ListingFields,
  prices: { price?: number; offerFloor?: number; floorPath: string; referral?: number; referralPath: string },
  ctx: z.RefinementCtx,
) {
  if (prices.referral && prices.price !== undefined && !referralInRange(prices.referral, prices.price))
    ctx.addIssue({ code: 'custom', path: [prices.referralPath], message: 'validation.referralRange' });
  if (prices.offerFloor !== undefined && prices.price !== undefined && prices.offerFloor >= prices.price)
    ctx.addIssue({ code: 'custom', path: [prices.floorPath], message: 'validation.offerFloorAbovePrice' });
  if (value.yearStart && value.yearEnd && value.yearEnd < value.yearStart)
    ctx.addIssue({ code: 'custom', path: ['yearEnd'], message: 'validation.yearRange' });
  if (value.verification) {
    if (!value.partId) ctx.addIssue({ code: 'custom', path: ['partId'], message: 'validation.required' });
    if (!value.partBrand)
      ctx.addIssue({ code: 'custom', path: ['partBrand'], message: 'validation.required' });
    if (value.partBrand === 'Other' && !value.partBrandOther)
      ctx.addIssue({ code: 'custom', path: ['partBrandOther'], message: 'validation.required' });
    if (!value.receiptImage)
      ctx.addIssue({ code: 'custom', path: ['receiptImage'], message: 'validation.required' });
  }
}

/** A listing as the API takes it: every price in whole cents. */
export const ListingInputSchema = ListingFieldsSchema.extend({
  priceCents: cents(),
  /** Offers below this are declined at once (only with a negotiable price). */
  offerFloorCents: optionalCents(),
  referralAmountCents: optionalCents(),
  /** Shipping offered at this price (0: free); left out: not shipped. */
  shippingCents: optionalCents(),
})
  .superRefine((value, ctx) =>
    checkListing(
      value,
      {
        price: value.priceCents,
        offerFloor: value.offerFloorCents,
        floorPath: 'offerFloorCents',
        referral: value.referralAmountCents,
        referralPath: 'referralAmountCents',
      },
      ctx,
    ),
  )
  .meta({
    id: 'ListingInput',
    description:
      'Across fields: `yearEnd` is not before `yearStart`; `offerFloorCents` is below `priceCents`; ' +
      '`referralAmountCents`, when given, is 2% to 10% of `priceCents`; with `verification`, `partId`, ' +
      '`partBrand` (and `partBrandOther` for Other) and `receiptImage` are required.',
  });
export type ListingInput = z.input<typeof ListingInputSchema>;

/** The listing form: its prices as typed in dollars, parsed into cents (`listingInputFromForm`). */
export const ListingFormSchema = ListingFieldsSchema.extend({
  price: dollarsInput(),
  offerFloor: optionalDollarsInput(),
  referralAmount: optionalDollarsInput(),
  shipping: optionalDollarsInput(),
}).superRefine((value, ctx) =>
  checkListing(
    value,
    {
      price: value.price,
      offerFloor: value.offerFloor,
      floorPath: 'offerFloor',
      referral: value.referralAmount,
      referralPath: 'referralAmount',
    },
    ctx,
  ),
);
export type ListingFormValues = z.input<typeof ListingFormSchema>;

/**
 * What the form sends: its fields as typed, its prices in cents. Called once the form's schema accepted
 * the values, so every price parses; an empty optional one is left out.
 */
export function listingInputFromForm(values: ListingFormValues): ListingInput {
  const { price, offerFloor, referralAmount, shipping, ...fields } = values;
  return {
    ...fields,
    priceCents: parseDollars(price) ?? 0,
    offerFloorCents: offerFloor ? parseDollars(offerFloor) : null,
    referralAmountCents: referralAmount ? parseDollars(referralAmount) : null,
    shippingCents: shipping?.trim() ? parseDollars(shipping) : null,
  };
}

export const ListingDetailSchema = ListingCardSchema.extend({
  description: z.string(),
  photos: z.array(PhotoViewSchema),
  negotiable: z.boolean(),
  /** Its owner's auto-decline floor (only the owner sees it). */
  offerFloorCents: cents().nullable().optional(),
  /** For a signed-in buyer: their latest offer on it, open or answered. */
  myOffer: OfferSchema.nullable().optional(),
  /**
   * For a signed-in buyer of a confirmed sale of it: until when they may review its seller (null when
   * written, closed, blocked, or not theirs to write); the listing page's "Leave a review" card.
   */
  reviewOpenUntil: z.string().nullable().optional(),
  referralAmountCents: cents().nullable(),
  /** How it can be bought here: shipping at a price and/or local pickup, held payment, and whether checkout is on. */
  checkout: z.object({
    /** The seller takes payments on ModMarket (payouts ready, payments on): Buy now is offered. */
    offered: z.boolean(),
    shippingCents: cents().nullable(),
    localPickup: z.boolean(),
    /** Payment held until delivery (a Gold seller's choice, always for Platinum). */
    held: z.boolean(),
    /** Demo payments: nothing is charged. */
    demo: z.boolean(),
    /** For the owner's form: "Payment held until delivery" as they set it. */
    holdPayment: z.boolean().optional(),
    /** The seller accepts returns within 7 days. */
    acceptsReturns: z.boolean(),
  }),
  partId: z.string().nullable(),
  partBrand: z.string().nullable(),
  partBrandOther: z.string().nullable(),
  productUrl: z.string().nullable(),
  receiptImage: PhotoViewSchema.nullable(),
  views: z.number(),
  zip: z.string().nullable(),
  /** `ships` and `localPickup`: how the seller hands parts over (their selling preferences). */
  seller: z.object({
    /** To report or block them. */
    id: z.string(),
    name: z.string().nullable(),
    verified: z.boolean(),
    rating: RatingSchema,
    ships: z.boolean(),
    localPickup: z.boolean(),
  }),
  isOwner: z.boolean(),
  /** For the owner's edit form: the photos as stored. */
  storedPhotos: z.array(StoredPhotoSchema).optional(),
  storedReceipt: StoredPhotoSchema.nullable().optional(),
}).meta({ id: 'ListingDetail' });
export type ListingDetail = z.infer<typeof ListingDetailSchema>;

export const ContactSellerSchema = z
  .object({ content: z.string().trim().min(1, 'validation.messageRequired').max(2000, 'validation.tooLong') })
  .meta({ id: 'ContactSeller' });

export const ListingStatusSchema = z
  .object({
    isSold: z.boolean(),
    /** Sold to this member (one who messaged about it): the two may then review each other. */
    buyerId: z.string().trim().min(1).max(64).optional(),
  })
  .meta({ id: 'ListingStatus' });

/** The members who messaged about a listing: whom its seller may mark it sold to. */
export const ListingBuyersSchema = z
  .object({
    buyers: z.array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        /** The listing is held for them (their offer was accepted): the one it was most likely sold to. */
        heldFor: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ListingBuyers' });
