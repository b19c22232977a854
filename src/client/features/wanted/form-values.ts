import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_RADIUS_MILES } from '@common/schemas/browse';
import { centsToTyped, optionalDollarsInput, parseDollars } from '@common/schemas/money';
import { WantedInputSchema, type WantedDetail, type WantedInput } from '@common/schemas/wanted';

/**
 * The wanted form: the API's own schema (the server checks the same rules), its maximum price typed in
 * dollars and parsed into cents.
 */
export const WantedFormSchema = WantedInputSchema.safeExtend({ maxPriceCents: optionalDollarsInput() });
export type WantedFormValues = z.input<typeof WantedFormSchema>;
export type WantedFormApi = UseFormReturn<WantedFormValues, unknown, z.output<typeof WantedFormSchema>>;

/** The form's starting values: the post's when editing. */
export function initialValues(post?: WantedDetail): WantedFormValues {
  return {
    title: post?.title ?? '',
    description: post?.description ?? '',
    // Empty until chosen (the schema says so), whatever the enum's type allows.
    category: (post?.category ?? '') as WantedFormValues['category'],
    make: post?.make ?? '',
    model: post?.model ?? '',
    yearStart: post?.yearStart ? String(post.yearStart) : '',
    yearEnd: post?.yearEnd ? String(post.yearEnd) : '',
    partNumbers: post?.partNumbers ?? [],
    conditions: (post?.conditions ?? []) as WantedFormValues['conditions'],
    maxPriceCents: centsToTyped(post?.maxPriceCents),
    zip: post?.zip ?? '',
    radius: String(post?.radius ?? DEFAULT_RADIUS_MILES),
    shipsToMe: post?.shipsToMe ?? true,
  };
}

/**
 * What the form sends: its fields as typed (the server parses them with the same rules), the price in
 * cents. Called once the schema accepted the values, so the price parses.
 */
export function wantedInputFromForm(values: WantedFormValues): WantedInput {
  const typed = values.maxPriceCents?.trim();
  return { ...values, maxPriceCents: typed ? parseDollars(typed) : null };
}
