import { z } from 'zod';

/** Every API error: a stable machine code and a message already translated for the asker. */
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'VALIDATION_ERROR' }),
      message: z.string().meta({ example: 'Some fields are not valid.' }),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'LINK_INVALID',
  'LINK_EXPIRED',
  'PROVIDER_NOT_CONFIGURED',
  'PLAN_LIMIT',
  'PLAN_REQUIRED',
  'CONVERSATION_LIMIT',
  'PHOTO_TYPE',
  'PHOTO_TOO_LARGE',
  'PHOTO_NOT_STORED',
  'OWN_LISTING',
  'LISTING_SOLD',
  'FLEET_LIMIT',
  'SAVED_SEARCH_LIMIT',
  'SAME_PLAN',
  'BOOSTS_NOT_IN_PLAN',
  'BOOSTS_USED_UP',
  'ALREADY_BOOSTED',
  'BILLING_UNAVAILABLE',
  'WEBHOOK_SIGNATURE',
  'CROSS_SITE_REQUEST',
  'JSON_REQUIRED',
  'UPLOAD_LIMIT',
  'NO_PASSWORD',
  'EMAIL_TAKEN',
  'TWO_FACTOR_ON',
  'TWO_FACTOR_LOCKED',
  'SIGN_IN_EXPIRED',
  'SIGNUP_EXPIRED',
  'MEMBER_DELETED',
  'BLOCKED',
  'YOU_BLOCKED',
  'OWN_CONTENT',
  'ACCOUNT_SUSPENDED',
  'LISTING_HIDDEN',
  'LISTING_PENDING',
  'LISTING_NOT_PENDING',
  'OFFERS_OFF',
  'OFFER_OPEN',
  'OFFER_CLOSED',
  'OFFER_NOT_YOUR_TURN',
  'OFFER_OWN_LISTING',
  'OFFER_DECLINE_LIMIT',
  'REVIEW_WINDOW_CLOSED',
  'REVIEW_EXISTS',
  'REVIEW_REPLIED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
