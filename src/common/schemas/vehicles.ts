import { z } from 'zod';
import { checkChassis, checkVin, normalizeVin } from '../vin';

export const VIN_PROBLEM_MESSAGES = {
  length: 'validation.vinLength',
  characters: 'validation.vinCharacters',
  checkDigit: 'validation.vinCheckDigit',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * A vehicle of the member's fleet. The VIN field takes a 17-character VIN (checked; a wrong check
 * digit is refused on North American VINs only) or a Japanese chassis frame number (JZA80-1234567).
 * A VIN or a license plate is required.
 */
export const VehicleInputSchema = z
  .object({
    vin: z
      .string()
      .max(24, 'validation.vinLength')
      .optional()
      .nullable()
      .transform((value, ctx) => {
        const raw = value?.trim();
        if (!raw) return null;
        const chassis = checkChassis(raw);
        if (chassis) return `${chassis.chassisCode}-${chassis.serial}`;
        const vin = normalizeVin(raw);
        const problem = checkVin(vin).errors[0];
        if (problem) {
          ctx.addIssue({ code: 'custom', message: VIN_PROBLEM_MESSAGES[problem] });
          return z.NEVER;
        }
        return vin;
      }),
    licensePlate: optionalText(15),
    make: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
    model: z.string().trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
    year: z
      .union([z.number(), z.string()])
      .transform((value, ctx) => {
        const year = Number(value);
        if (value === '' || !Number.isInteger(year) || year < 1900 || year > 2100) {
          ctx.addIssue({ code: 'custom', message: 'validation.yearInvalid' });
          return z.NEVER;
        }
        return year;
      })
      .meta({ type: 'integer', minimum: 1900, maximum: 2100 } as Record<string, unknown>),
    color: optionalText(30),
  })
  // Said together with the other problems (`when`), so a form shows every one of them at once.
  .refine((value) => Boolean(value.vin || value.licensePlate), {
    path: ['vin'],
    message: 'validation.vinOrPlate',
    when: (payload) => {
      const value = payload.value as { vin?: unknown; licensePlate?: unknown } | undefined;
      return typeof value === 'object' && value !== null;
    },
  })
  .meta({
    id: 'VehicleInput',
    description:
      'A VIN (17 characters; the check digit is checked on North American VINs) or a Japanese chassis frame number (JZA80-1234567), or a license plate: one of the two is required.',
    anyOf: [
      { required: ['vin'], properties: { vin: { type: 'string', minLength: 1 } } },
      { required: ['licensePlate'], properties: { licensePlate: { type: 'string', minLength: 1 } } },
    ],
  } as Record<string, unknown>);
export type VehicleInput = z.input<typeof VehicleInputSchema>;

export const VehicleSchema = z
  .object({
    id: z.string(),
    vin: z.string().nullable(),
    /** A Japanese chassis code taken from a frame number (a fitment identifier), else null. */
    chassisCode: z.string().nullable(),
    licensePlate: z.string().nullable(),
    make: z.string(),
    model: z.string(),
    year: z.number(),
    color: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof VehicleSchema>;

export { vehicleLabel } from '../vehicle-label';

/** The same make and model, ignoring case and spaces at the ends. */
export function sameModel(
  listing: { make: string; model: string },
  vehicle: Pick<Vehicle, 'make' | 'model'>,
): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return same(listing.make, vehicle.make) && same(listing.model, vehicle.model);
}

/**
 * The fitment rule: same make and model (ignoring case and spaces at the ends), and the vehicle's year
 * within the listing's years (`start-end`, or `start+` when only the first is given). A listing with no
 * years states no fitment.
 */
export function fits(
  listing: { make: string; model: string; yearStart: number | null; yearEnd: number | null },
  vehicle: Pick<Vehicle, 'make' | 'model' | 'year'>,
): boolean {
  if (!sameModel(listing, vehicle)) return false;
  if (listing.yearStart === null) return false;
  return listing.yearStart <= vehicle.year && (listing.yearEnd === null || vehicle.year <= listing.yearEnd);
}

/** The first of the member's vehicles a listing fits, for its "Fits your …" badge. */
export const FitSchema = z.object({ vehicleId: z.string(), label: z.string() }).nullable();
export type Fit = z.infer<typeof FitSchema>;

/**
 * "Doesn't fit your 1996 Nissan 240SX: fits 1989-1994": a vehicle of the member's of the listing's make
 * and model that is outside its years, when none of their vehicles fits it.
 */
export const MisfitSchema = z
  .object({ vehicleId: z.string(), label: z.string(), years: z.string() })
  .nullable();
export type Misfit = z.infer<typeof MisfitSchema>;
