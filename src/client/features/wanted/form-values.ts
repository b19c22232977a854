import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_RADIUS_MILES } from '@common/schemas/browse';
import { centsToTyped } from '@common/schemas/money';
import type { WantedDetail, WantedFormSchema, WantedFormValues } from '@common/schemas/wanted';

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
    maxPrice: centsToTyped(post?.maxPriceCents),
    zip: post?.zip ?? '',
    radius: String(post?.radius ?? DEFAULT_RADIUS_MILES),
    shipsToMe: post?.shipsToMe ?? true,
  };
}
