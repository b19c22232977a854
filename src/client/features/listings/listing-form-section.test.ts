import { describe, expect, it } from 'vitest';
import { ListingFormSchema } from '@common/schemas/listings';
import { FIRST_SCREEN_FIELDS, MORE_DETAILS_FIELDS, firstInvalid } from './listing-form-section';

describe('the listing form’s order', () => {
  it('places every field of the form once: on the first screen or under More details', () => {
    const placed = [...FIRST_SCREEN_FIELDS, ...MORE_DETAILS_FIELDS];
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual(Object.keys(ListingFormSchema.shape).sort());
  });

  it('puts the photos first, then the part and its fitment', () => {
    expect(FIRST_SCREEN_FIELDS).toEqual([
      'photos',
      'title',
      'price',
      'category',
      'condition',
      'make',
      'model',
      'yearStart',
      'yearEnd',
    ]);
  });

  it('leads to the first field in error as shown, the first screen before More details', () => {
    expect(firstInvalid(['description', 'model', 'price'])).toEqual({ field: 'price', inMoreDetails: false });
    expect(firstInvalid(['yearEnd', 'photos'])).toEqual({ field: 'photos', inMoreDetails: false });
  });

  it('opens More details when every field in error is under it', () => {
    expect(firstInvalid(['productUrl', 'zip'])).toEqual({ field: 'zip', inMoreDetails: true });
    expect(firstInvalid(['receiptImage', 'partId'])).toEqual({ field: 'partId', inMoreDetails: true });
  });

  it('finds nothing to lead to in an error the form does not show by field', () => {
    expect(firstInvalid([])).toBeNull();
    expect(firstInvalid(['root', 'priceCents'])).toBeNull();
  });
});
