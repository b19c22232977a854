import { z } from 'zod';
import { cents } from './money';
import { ListingCardSchema } from './listings';

export const FavouriteSchema = z
  .object({
    id: z.string(),
    /** The listing as it is now; null when it was deleted. */
    listing: ListingCardSchema.nullable(),
    title: z.string(),
    /** Sold or deleted. */
    available: z.boolean(),
    /** More than one price on record and the latest is lower than the one before. */
    priceDrop: z.object({ fromCents: cents(), toCents: cents() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Favourite' });
export type Favourite = z.infer<typeof FavouriteSchema>;

export const FavouriteListSchema = z
  .object({ favourites: z.array(FavouriteSchema) })
  .meta({ id: 'FavouriteList' });
