import type { ListingInput } from '@common/schemas/listings';
/** The fields a listing needs, for tests that only need some part to exist. */
export const partInput = (title: string): ListingInput => ({
  title,
  priceCents: 10000,
  category: 'engine',
  condition: 'good',
  make: 'Toyota',
  model: 'Supra',
});
