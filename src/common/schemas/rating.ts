import { z } from 'zod';

/** Stars from published reviews: a null average before the first. */
export const RatingSchema = z
  .object({ average: z.number().nullable(), count: z.number() })
  .meta({ id: 'Rating' });
export type Rating = z.infer<typeof RatingSchema>;

/** The rating from the stored sum of stars and count of reviews, to one decimal. */
export function ratingOf(sum: number, count: number): Rating {
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count };
}
