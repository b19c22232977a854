import { z } from 'zod';

/**
 * A parcel's carrier (optional: the number names it) and tracking number, as the seller ships an order
 * or the buyer sends a return back. The number is read without spaces or dashes; the server checks it
 * against the carriers' formats.
 */
export const TrackingSchema = z.object({
  carrier: z.string().trim().max(60, 'validation.tooLong').default(''),
  trackingNumber: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(40, 'validation.tooLong')
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase()),
});
