import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ListingInputSchema } from '@common/schemas/listings';

/** The listing form as its sections get it: one form, each section registering its own fields. */
export type ListingFormApi = UseFormReturn<
  z.input<typeof ListingInputSchema>,
  unknown,
  z.output<typeof ListingInputSchema>
>;

/** Each section of the listing form is a card. */
export const sectionClass = 'space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** A year field keeps digits only, four at most. */
export const yearDigits = (value: string) => value.replace(/\D/g, '').slice(0, 4);
