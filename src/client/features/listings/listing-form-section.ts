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
