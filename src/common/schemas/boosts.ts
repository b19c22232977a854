import { z } from 'zod';

/** My boosts this calendar month: how many my plan gives, how many are used, and when they renew. */
export const BoostAllowanceSchema = z
  .object({
    perMonth: z.number().int(),
    used: z.number().int(),
    left: z.number().int(),
    /** The first moment of next month (UTC), when the count starts again. */
    renewsAt: z.string(),
  })
  .meta({ id: 'BoostAllowance' });
export type BoostAllowance = z.infer<typeof BoostAllowanceSchema>;

export const BoostRequestSchema = z.object({ listingId: z.uuid() }).meta({ id: 'BoostRequest' });

export const BoostResultSchema = z
  .object({ listingId: z.string(), boostedUntil: z.string(), allowance: BoostAllowanceSchema })
  .meta({ id: 'BoostResult' });
export type BoostResult = z.infer<typeof BoostResultSchema>;
