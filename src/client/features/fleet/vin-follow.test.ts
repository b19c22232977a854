import { describe, expect, it } from 'vitest';
import { followVin, followingAtFirst, vinDetails, type VinField } from './vin-follow';

const NOW = new Date('2026-06-01T12:00:00Z');
/** A Honda built in Japan for 2005, and the same VIN with its 10th character (the year) mistyped. */
const FIXED = 'JHMGD38475S012345';
const TYPO = 'JHMGD38476S012345';

const empty = { make: '', model: '', year: '' };

/** The form as a member uses it: each VIN typed runs the rule; each field typed stops following. */
function vehicleForm(values: Record<VinField, string> = empty) {
  let state = { values: { ...values }, following: followingAtFirst(values, {}) };
  return {
    typeVin(vin: string) {
      const { changes, following } = followVin(state.values, state.following, vinDetails(vin, NOW));
      state = { values: { ...state.values, ...changes }, following };
      return state.values;
    },
    typeField(field: VinField, value: string) {
      const following = new Set(state.following);
      following.delete(field);
      state = { values: { ...state.values, [field]: value }, following };
    },
  };
}

describe('vinDetails', () => {
  it('reads the make and the model year of a valid VIN, and a mistyped one outside North America', () => {
    expect(vinDetails(FIXED, NOW)).toEqual({ make: 'Honda', year: '2005' });
    // A wrong check digit is only a warning outside North America: the year it reads is the typo's.
    expect(vinDetails(TYPO, NOW)).toEqual({ make: 'Honda', year: '2006' });
  });
  it('reads the make and model of a known chassis code', () => {
    expect(vinDetails('JZA80-1234567', NOW)).toEqual({ make: 'Toyota', model: 'Supra' });
  });
  it('reads nothing from an incomplete VIN, a wrong North American check digit, or nothing', () => {
    expect(vinDetails('JHMGD3847', NOW)).toEqual({});
    expect(vinDetails('1HGCM82643A004352', NOW)).toEqual({});
    expect(vinDetails('  ', NOW)).toEqual({});
  });
});

describe('details filled from a VIN', () => {
  it('follow the VIN when a typo is fixed', () => {
    const form = vehicleForm();
    expect(form.typeVin(TYPO)).toEqual({ make: 'Honda', model: '', year: '2006' });
    expect(form.typeVin(FIXED)).toEqual({ make: 'Honda', model: '', year: '2005' });
  });

  it('stop following once the member changes them by hand', () => {
    const form = vehicleForm();
    form.typeVin(TYPO);
    form.typeField('year', '2004');
    expect(form.typeVin(FIXED)).toEqual({ make: 'Honda', model: '', year: '2004' });
  });

  it('leave what the member typed before the VIN alone', () => {
    const form = vehicleForm();
    form.typeField('make', 'Acura');
    form.typeField('model', 'RSX');
    expect(form.typeVin(FIXED)).toEqual({ make: 'Acura', model: 'RSX', year: '2005' });
  });

  it('go with the VIN when it is cleared, and hand-typed values stay', () => {
    const form = vehicleForm();
    form.typeVin(FIXED);
    form.typeField('model', 'Civic');
    form.typeField('year', '2006');
    expect(form.typeVin('')).toEqual({ make: '', model: 'Civic', year: '2006' });
  });

  it('empty while a VIN being retyped tells nothing, then follow it again', () => {
    const form = vehicleForm();
    form.typeVin(FIXED);
    expect(form.typeVin(FIXED.slice(0, 10))).toEqual(empty);
    expect(form.typeVin(TYPO)).toEqual({ make: 'Honda', model: '', year: '2006' });
  });

  it('of a JDM chassis number follow it to a VIN', () => {
    const form = vehicleForm();
    expect(form.typeVin('JZA80-1234567')).toEqual({ make: 'Toyota', model: 'Supra', year: '' });
    expect(form.typeVin(FIXED)).toEqual({ make: 'Honda', model: '', year: '2005' });
  });

  it('of a saved vehicle keep following its VIN; what differs from it was typed', () => {
    const saved = { make: 'Honda', model: 'Accord', year: '2006' };
    const following = followingAtFirst(saved, vinDetails(FIXED, NOW));
    expect([...following]).toEqual(['make']);
    expect(followVin(saved, following, vinDetails('JZA80-1234567', NOW)).changes).toEqual({ make: 'Toyota' });
  });
});
