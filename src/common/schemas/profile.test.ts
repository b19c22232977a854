import { describe, expect, it } from 'vitest';
import { ONBOARDING_MAKES, splitOther, withOther } from './profile';

describe('preference lists', () => {
  it('reads back what was stored: the choices and the Other text', () => {
    const stored = withOther(['BMW', 'Honda', 'BMW'], 'Datsun');
    expect(stored).toEqual(['BMW', 'Honda', 'Other: Datsun']);
    expect(splitOther(stored, ONBOARDING_MAKES)).toEqual({ choices: ['BMW', 'Honda'], other: 'Datsun' });
  });

  it('reads nothing stored as no choices, and drops what is no longer offered', () => {
    expect(splitOther(null, ONBOARDING_MAKES)).toEqual({ choices: [], other: '' });
    expect(splitOther(['Yugo', 'Audi'], ONBOARDING_MAKES)).toEqual({ choices: ['Audi'], other: '' });
  });
});
