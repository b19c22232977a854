import { z } from 'zod';

/** Where a US ZIP code is: shown beside the ZIP in the listing form, and as a listing's location. */
export const PlaceSchema = z
  .object({ zip: z.string(), city: z.string(), state: z.string() })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof PlaceSchema>;

/** How a place is shown on cards, listing pages and filters: "Beverly Hills, CA". */
export function placeLabel(place: Pick<Place, 'city' | 'state'>): string {
  return `${place.city}, ${place.state}`;
}
