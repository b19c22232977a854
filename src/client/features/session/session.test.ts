import { describe, expect, it } from 'vitest';
import { userMenuLabel } from './session';

describe("the user menu's label", () => {
  it('is the first name when there is one', () => {
    expect(userMenuLabel({ email: 'mika@example.com', firstName: '  Mika ' })).toBe('Mika');
  });
  it('is the part of the email before the @ otherwise', () => {
    expect(userMenuLabel({ email: 'mika.h@example.com', firstName: null })).toBe('mika.h');
    expect(userMenuLabel({ email: 'mika.h@example.com', firstName: '   ' })).toBe('mika.h');
  });
  it('is null when neither gives a name', () => {
    expect(userMenuLabel({ email: '@example.com', firstName: null })).toBeNull();
  });
});
