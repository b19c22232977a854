import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ListingFormSchema } from '@common/schemas/listings';

/** The listing form as its sections get it: one form, each section registering its own fields. */
export type ListingFormApi = UseFormReturn<
  z.input<typeof ListingFormSchema>,
  unknown,
  z.output<typeof ListingFormSchema>
>;

/** Each section of the listing form is a card. */
export const sectionClass = 'space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** A year field keeps digits only, four at most. */
export const yearDigits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/**
 * The form's fields in the order it shows them: photos, then the part and what it fits, on the first
 * screen; the rest under "More details". A refused form leads to its first field in error in this order.
 */
export const FIRST_SCREEN_FIELDS = [
  'photos',
  'title',
  'price',
  'category',
  'condition',
  'make',
  'model',
  'yearStart',
  'yearEnd',
] as const satisfies readonly ListingField[];
export const MORE_DETAILS_FIELDS = [
  'description',
  'zip',
  'location',
  'negotiable',
  'offerFloor',
  'referralAmount',
  'shipping',
  'localPickup',
  'holdPayment',
  'acceptsReturns',
  'verification',
  'partId',
  'partBrand',
  'partBrandOther',
  'receiptImage',
  'productUrl',
] as const satisfies readonly ListingField[];

export type ListingField = keyof z.input<typeof ListingFormSchema>;

/**
 * Of the fields in error (the form's names), the one the form shows first, and whether it is under
 * "More details" (which must then open to show it); null when none is the form's.
 */
export function firstInvalid(
  fields: Iterable<string>,
): { field: ListingField; inMoreDetails: boolean } | null {
  const invalid = new Set(fields);
  const first = FIRST_SCREEN_FIELDS.find((field) => invalid.has(field));
  if (first) return { field: first, inMoreDetails: false };
  const more = MORE_DETAILS_FIELDS.find((field) => invalid.has(field));
  return more ? { field: more, inMoreDetails: true } : null;
}
