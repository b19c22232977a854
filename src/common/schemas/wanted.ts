import { z } from 'zod';
import { CATEGORIES, CONDITIONS } from '../catalog';
import { partNumberKey } from '../part-numbers';
import { optionalInt, RADIUS_OPTIONS } from './browse';
import { cents, optionalCents, optionalDollarsInput, parseDollars } from './money';
import { NextCursorSchema } from './paging';
import { PhotoViewSchema, StoredPhotoSchema, ListingCardSchema } from './listings';
import { RatingSchema } from './rating';

/** Parts wanted: a member posts the part they hunt, matching listings tell them (docs/wanted.md). */

/** A wanted post is open this many days from its posting or last renewal. */
export const WANTED_DAYS = 30;
/** Part numbers one post may carry. */
export const WANTED_PART_NUMBERS = 5;
/** Posts on one page of `/parts-wanted`. */
export const WANTED_PAGE = 24;
/** Listings shown on a post as already matching it. */
export const WANTED_MATCHES_SHOWN = 12;
/** Open wanted posts one member may have at once. */
export const WANTED_OPEN_LIMIT = 20;

const NULLABLE_YEAR = { type: ['integer', 'null'], minimum: 1900, maximum: 2100 } as Record<string, unknown>;

/** One part number as typed: kept as written, and it must be one (`partNumberKey`). */
const PartNumberSchema = z
  .string()
  .trim()
  .max(40, 'validation.tooLong')
  .refine((value) => partNumberKey(value) !== null, 'validation.partNumberInvalid');

/** Every field of the wanted form but its price, which the API and the form carry differently. */
const WantedFieldsSchema = z.object({
  /** What the part is: its words must all be in a listing (title, description…) for a fitment match. */
  title: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  description: z.string().trim().max(1000, 'validation.tooLong').default(''),
  category: z.enum(CATEGORIES, { error: 'validation.required' }),
  make: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  model: z.string().trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
  yearStart: optionalInt(1900, 2100, 'validation.yearInvalid').meta(NULLABLE_YEAR),
  yearEnd: optionalInt(1900, 2100, 'validation.yearInvalid').meta(NULLABLE_YEAR),
  partNumbers: z
    .array(PartNumberSchema)
    .max(WANTED_PART_NUMBERS, 'validation.tooManyPartNumbers')
    .default([]),
  /** Acceptable conditions; none: any. */
  conditions: z.array(z.enum(CONDITIONS)).max(CONDITIONS.length).default([]),
  /** Near this US ZIP code, within `radius` miles (local pickup). */
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'validation.zipInvalid')
    .optional()
    .transform((value) => value || null),
  radius: optionalInt(1, 1000, 'validation.radiusInvalid')
    .refine(
      (value) => value === undefined || (RADIUS_OPTIONS as readonly number[]).includes(value),
      'validation.radiusInvalid',
    )
    .meta({ type: 'integer', enum: [...RADIUS_OPTIONS] } as Record<string, unknown>),
  /** Listings that ship match wherever they are. */
  shipsToMe: z.boolean().default(true),
  photo: StoredPhotoSchema.nullable().optional(),
});

type WantedFields = z.output<typeof WantedFieldsSchema>;

/** The rules across fields, for the API's input and the form alike. */
function checkWanted(value: WantedFields, ctx: z.RefinementCtx) {
  if (value.yearStart && value.yearEnd && value.yearEnd < value.yearStart)
    ctx.addIssue({ code: 'custom', path: ['yearEnd'], message: 'validation.yearRange' });
  if (!value.zip && !value.shipsToMe)
    ctx.addIssue({ code: 'custom', path: ['zip'], message: 'validation.wantedPlace' });
  const keys = value.partNumbers.map(partNumberKey);
  if (new Set(keys).size !== keys.length)
    ctx.addIssue({ code: 'custom', path: ['partNumbers'], message: 'validation.partNumberTwice' });
}

/** A wanted post as the API takes it (create and edit): its maximum price in whole cents. */
export const WantedInputSchema = WantedFieldsSchema.extend({ maxPriceCents: optionalCents() })
  .superRefine(checkWanted)
  .meta({
    id: 'WantedInput',
    description:
      'Across fields: `yearEnd` is not before `yearStart`; a `zip` or `shipsToMe` (or both) says where; ' +
      'no part number twice (numbers are compared without spaces, dashes, dots or case).',
  });
export type WantedInput = z.input<typeof WantedInputSchema>;
export type WantedValues = z.output<typeof WantedInputSchema>;

/** The wanted form: its maximum price as typed in dollars (`wantedInputFromForm` makes it cents). */
export const WantedFormSchema = WantedFieldsSchema.extend({ maxPrice: optionalDollarsInput() }).superRefine(
  checkWanted,
);
export type WantedFormValues = z.input<typeof WantedFormSchema>;

/** What the form sends: its fields as typed, the price in cents (an empty one left out). */
export function wantedInputFromForm(values: WantedFormValues): WantedInput {
  const { maxPrice, ...fields } = values;
  return { ...fields, maxPriceCents: maxPrice?.trim() ? parseDollars(maxPrice) : null };
}

export const WANTED_STATES = ['open', 'found', 'expired', 'hidden'] as const;
export type WantedState = (typeof WANTED_STATES)[number];

/** A wanted post on `/parts-wanted`. */
export const WantedCardSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    category: z.string(),
    make: z.string(),
    model: z.string(),
    yearStart: z.number().nullable(),
    yearEnd: z.number().nullable(),
    partNumbers: z.array(z.string()),
    maxPriceCents: cents().nullable(),
    /** "City, ST" of its ZIP code, when it has one. */
    location: z.string().nullable(),
    shipsToMe: z.boolean(),
    photo: PhotoViewSchema.nullable(),
    state: z.enum(WANTED_STATES),
    createdAt: z.string(),
    expiresAt: z.string(),
    member: z.object({ id: z.string(), name: z.string().nullable(), rating: RatingSchema }),
  })
  .meta({ id: 'WantedCard' });
export type WantedCard = z.infer<typeof WantedCardSchema>;

export const WantedPageSchema = z
  .object({ items: z.array(WantedCardSchema), nextCursor: NextCursorSchema })
  .meta({ id: 'WantedPage' });
export type WantedPage = z.infer<typeof WantedPageSchema>;

/** A signed-in seller's "I have this" answers this month, by plan (null limit: unlimited). */
export const WantedAnswersSchema = z
  .object({
    used: z.number(),
    limit: z.number().nullable(),
    /** Answered this post already: the conversation it opened. */
    conversationId: z.string().nullable(),
  })
  .meta({ id: 'WantedAnswers' });
export type WantedAnswers = z.infer<typeof WantedAnswersSchema>;

export const WantedDetailSchema = WantedCardSchema.extend({
  description: z.string(),
  conditions: z.array(z.string()),
  zip: z.string().nullable(),
  radius: z.number().nullable(),
  isOwner: z.boolean(),
  /** For its owner's edit form: the photo as stored. */
  storedPhoto: StoredPhotoSchema.nullable().optional(),
  /** Listings on the market that match it now (at most WANTED_MATCHES_SHOWN). */
  matches: z.array(ListingCardSchema),
  /** For a signed-in member who is not its owner: their answers this month. */
  answers: WantedAnswersSchema.optional(),
}).meta({ id: 'WantedDetail' });
export type WantedDetail = z.infer<typeof WantedDetailSchema>;

export const WantedQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    category: z.enum(CATEGORIES).optional(),
    make: z.string().trim().max(50).optional(),
    model: z.string().trim().max(80).optional(),
    year: optionalInt(1900, 2100, 'validation.yearInvalid'),
    /** Only the signed-in member's own posts, whatever their state. */
    mine: z.enum(['1']).optional(),
    cursor: z.string().max(200).optional(),
  })
  .meta({ id: 'WantedQuery' });
export type WantedQuery = z.output<typeof WantedQuerySchema>;

/** "I have this": one of the seller's listings and a first message, opening a conversation. */
export const WantedAnswerSchema = z
  .object({
    listingId: z.string().trim().min(1, 'validation.required').max(64, 'validation.invalid'),
    content: z.string().trim().min(1, 'validation.messageRequired').max(2000, 'validation.tooLong'),
  })
  .meta({ id: 'WantedAnswer' });
export type WantedAnswerInput = z.input<typeof WantedAnswerSchema>;

export const WantedAnsweredSchema = z
  .object({ conversationId: z.string(), answers: WantedAnswersSchema })
  .meta({ id: 'WantedAnswered' });

/** How many open wanted posts a listing matches ("N members want this"), for its owner. */
export const WantedDemandSchema = z.object({ wantedBy: z.number() }).meta({ id: 'WantedDemand' });
