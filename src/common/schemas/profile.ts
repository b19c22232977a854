import { z } from 'zod';
import type { Category, Make } from '../catalog';
import { OTHER_TEXT_MAX_LENGTH, ROLES } from './auth';
import { RADIUS_OPTIONS } from './browse';

/** Onboarding's lists. */
export const ONBOARDING_MAKES = [
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Porsche',
  'Volkswagen',
  'Ferrari',
  'Lamborghini',
  'McLaren',
  'Nissan',
  'Toyota',
  'Honda',
  'Ford',
  'Chevrolet',
  'Dodge',
] as const satisfies readonly Make[];

export const ONBOARDING_CATEGORIES = [
  'engine',
  'transmission',
  'suspension',
  'exhaust',
  'brakes',
  'interior',
  'exterior',
  'electronics',
  'wheels',
] as const satisfies readonly Category[];

/** "Other" free text: trimmed and cut to 100 characters; empty means none. */
export const OtherTextSchema = z
  .string()
  .max(1000)
  .optional()
  .transform((text) => (text ?? '').trim().slice(0, OTHER_TEXT_MAX_LENGTH));

/** The stored list: the choices plus `Other: …` when given; an empty list is stored as null. */
export function withOther(choices: readonly string[], other: string): string[] | null {
  const list = [...new Set(choices)];
  if (other) list.push(`${OTHER_PREFIX}${other}`);
  return list.length > 0 ? list : null;
}

const OTHER_PREFIX = 'Other: ';

/** A stored list read back for a form: the choices among `options`, and the `Other: …` text. */
export function splitOther<T extends string>(
  stored: readonly string[] | null,
  options: readonly T[],
): { choices: T[]; other: string } {
  const list = stored ?? [];
  const choices = list.filter((item): item is T => (options as readonly string[]).includes(item));
  const other = list.find((item) => item.startsWith(OTHER_PREFIX))?.slice(OTHER_PREFIX.length) ?? '';
  return { choices, other };
}

export const RoleRequestSchema = z
  .object({ role: z.enum(ROLES, { error: 'validation.roleRequired' }) })
  .meta({ id: 'RoleRequest' });

export const BuyerPreferencesSchema = z
  .object({
    zip: z.string().trim().min(1, 'validation.zipRequired').max(10, 'validation.zipInvalid'),
    radiusMiles: z
      .number()
      .refine((value) => (RADIUS_OPTIONS as readonly number[]).includes(value), 'validation.radiusInvalid')
      .nullable()
      .default(null),
    prefMakes: z.array(z.enum(ONBOARDING_MAKES)).max(ONBOARDING_MAKES.length).default([]),
    otherMake: OtherTextSchema,
    prefCategories: z.array(z.enum(ONBOARDING_CATEGORIES)).max(ONBOARDING_CATEGORIES.length).default([]),
    otherCategory: OtherTextSchema,
  })
  .meta({ id: 'BuyerPreferences' });
export type BuyerPreferencesInput = z.input<typeof BuyerPreferencesSchema>;

export const SellerPreferencesSchema = z
  .object({
    shipOk: z.boolean().default(false),
    localOk: z.boolean().default(false),
    sellerCategories: z.array(z.enum(ONBOARDING_CATEGORIES)).max(ONBOARDING_CATEGORIES.length).default([]),
    otherCategory: OtherTextSchema,
  })
  .refine((value) => value.sellerCategories.length > 0 || value.otherCategory.length > 0, {
    message: 'validation.sellerCategoryRequired',
    path: ['sellerCategories'],
  })
  .meta({
    id: 'SellerPreferences',
    description: 'At least one category: one of `sellerCategories`, or `otherCategory`.',
    anyOf: [
      { required: ['sellerCategories'], properties: { sellerCategories: { minItems: 1 } } },
      { required: ['otherCategory'], properties: { otherCategory: { minLength: 1 } } },
    ],
  } as Record<string, unknown>);
export type SellerPreferencesInput = z.input<typeof SellerPreferencesSchema>;

export const ProfileSchema = z
  .object({
    displayName: z.string().nullable(),
    role: z.enum(ROLES).nullable(),
    onboardingCompleted: z.boolean(),
    zip: z.string().nullable(),
    radiusMiles: z.number().nullable(),
    prefMakes: z.array(z.string()).nullable(),
    prefCategories: z.array(z.string()).nullable(),
    shipOk: z.boolean(),
    localOk: z.boolean(),
    sellerCategories: z.array(z.string()).nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;
