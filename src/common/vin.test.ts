import { describe, expect, it } from 'vitest';
import { checkChassis, checkVin, identifyVehicle, vinCheckDigit } from './vin';
import { VehicleInputSchema, fits } from './schemas/vehicles';

const now = new Date('2026-11-22');

describe('VIN', () => {
  it('computes the check digit of known VINs', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('decodes the manufacturer and model year offline', () => {
    expect(checkVin('1HGCM82633A004352', now)).toMatchObject({
      errors: [],
      manufacturer: 'Honda USA',
      make: 'Honda',
      year: 2003,
      northAmerican: true,
    });
    // Position 7 is a digit on a North American VIN: the 1980–2009 cycle.
    expect(checkVin('1M8GDM9AXKP042788', now).year).toBe(1989);
    // A Japanese or European VIN with a correct check digit follows the same standard: a digit in
    // position 7 is the 1980–2009 cycle (V is 1997, not 2027), a letter the 2010 one.
    expect(checkVin('JT2JA82J7V0012345', now)).toMatchObject({ make: 'Toyota', year: 1997, warnings: [] });
    expect(checkVin('WP0AB2A93FS123456', now)).toMatchObject({ make: 'Porsche', year: 2015, warnings: [] });
    // Without a correct check digit there is no hint: the later cycle unless it is in the future.
    expect(checkVin('JF1GC8AA0XG000000', now)).toMatchObject({ make: 'Subaru', year: 1999 });
  });

  it('refuses a wrong length or I, O and Q, and a wrong check digit in North America only', () => {
    expect(checkVin('1HGCM82633A00435').errors).toEqual(['length']);
    expect(checkVin('1HGCM82633A00435O').errors).toContain('characters');
    expect(checkVin('1HGCM82643A004352').errors).toEqual(['checkDigit']);
    // A European or Japanese VIN need not carry the digit: a warning, not an error.
    expect(checkVin('JHMAP11467T000123')).toMatchObject({ errors: [], warnings: ['checkDigit'], year: 2007 });
    // Spaces, dashes and lower case are forgiven.
    expect(checkVin(' 1hgcm8263-3a004352 ').errors).toEqual([]);
  });

  it('takes a JDM chassis frame number and its chassis code', () => {
    expect(checkChassis('jza80-1234567')).toEqual({
      kind: 'chassis',
      chassisCode: 'JZA80',
      serial: '1234567',
      make: 'Toyota',
      model: 'Supra',
      years: [1993, 2002],
    });
    expect(checkChassis('ZZZ99-123456')).toMatchObject({ chassisCode: 'ZZZ99', make: null });
    expect(identifyVehicle('BNR32-012345').kind).toBe('chassis');
    expect(identifyVehicle('1HGCM82633A004352').kind).toBe('vin');
  });
});

describe('vehicle input', () => {
  const base = { make: 'Honda', model: 'Accord', year: 2003 };

  it('needs a VIN or a plate, and a valid VIN when given', () => {
    const none = VehicleInputSchema.safeParse(base);
    expect(none.error?.issues[0]).toMatchObject({ path: ['vin'], message: 'validation.vinOrPlate' });
    expect(VehicleInputSchema.parse({ ...base, licensePlate: '7ABC123' }).vin).toBeNull();
    expect(VehicleInputSchema.parse({ ...base, vin: '1hgcm82633a004352' }).vin).toBe('1HGCM82633A004352');
    expect(VehicleInputSchema.parse({ ...base, vin: 'jza80-1234567' }).vin).toBe('JZA80-1234567');
    expect(
      VehicleInputSchema.safeParse({ ...base, vin: '1HGCM82643A004352' }).error?.issues[0]?.message,
    ).toBe('validation.vinCheckDigit');
    expect(VehicleInputSchema.safeParse({ ...base, vin: 'ABC' }).error?.issues[0]?.message).toBe(
      'validation.vinLength',
    );
    expect(VehicleInputSchema.safeParse({ ...base, licensePlate: 'X', year: 1850 }).success).toBe(false);
  });
});

describe('fitment', () => {
  const vehicle = { make: 'Toyota', model: 'Supra', year: 1998 };
  const listing = (yearStart: number | null, yearEnd: number | null, model = 'Supra') => ({
    make: 'Toyota',
    model,
    yearStart,
    yearEnd,
  });

  it('matches make and model and the year range at its edges', () => {
    expect(fits(listing(1993, 1998), vehicle)).toBe(true);
    expect(fits(listing(1998, 2002), vehicle)).toBe(true);
    expect(fits(listing(1993, 1997), vehicle)).toBe(false);
    expect(fits(listing(1999, 2002), vehicle)).toBe(false);
    expect(fits(listing(1993, null), vehicle)).toBe(true);
    expect(fits(listing(1999, null), vehicle)).toBe(false);
    expect(fits(listing(null, null), vehicle)).toBe(false);
    expect(fits(listing(1993, 2002, ' supra '), vehicle)).toBe(true);
    expect(fits(listing(1993, 2002, 'Celica'), vehicle)).toBe(false);
    expect(fits({ ...listing(1993, 2002), make: 'Lexus' }, vehicle)).toBe(false);
  });
});
