import { describe, expect, it } from 'vitest';
import { phoneProblem, safeRedirectPath, unmetPasswordRules, EmailSchema } from './auth';

describe('safeRedirectPath', () => {
  it.each([
    ['/saved-searches', '/saved-searches'],
    ['/browse?make=Nissan#top', '/browse?make=Nissan#top'],
    ['//other.example', null],
    ['/\\other.example', null],
    ['https://other.example/x', null],
    ['javascript:alert(1)', null],
    ['/%2F%2Fother.example', '/%2F%2Fother.example'],
    ['/\tother', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('account rules', () => {
  it('lists the unmet password requirements in order', () => {
    expect(unmetPasswordRules('')).toEqual(['minLength', 'number', 'special', 'uppercase', 'lowercase']);
    expect(unmetPasswordRules('abcdefgh')).toEqual(['number', 'special', 'uppercase']);
    expect(unmetPasswordRules('Abcdef1!')).toEqual([]);
  });

  it('checks phones after stripping spaces, dashes and parentheses', () => {
    expect(phoneProblem('(415) 867-2309')).toBeNull();
    expect(phoneProblem('+44 20 7946 0958')).toBeNull();
    expect(phoneProblem('867-2309')).toBe('validation.phoneTooShort');
    expect(phoneProblem('415.867.2309')).toBe('validation.phoneInvalid');
    expect(phoneProblem('12345678901234567')).toBe('validation.phoneInvalid');
    for (const fake of ['4155552309', '4150002309', '9123456789', '9111111789'])
      expect(phoneProblem(fake)).toBe('validation.phoneNotReal');
  });

  it('trims and lower-cases emails, and wants a real domain', () => {
    expect(EmailSchema.parse('  Kenji@Example.COM ')).toBe('kenji@example.com');
    expect(EmailSchema.safeParse('kenji@gmail').error?.issues[0]?.message).toBe('validation.emailNotReal');
    expect(EmailSchema.safeParse('kenji at example.com').error?.issues[0]?.message).toBe(
      'validation.emailInvalid',
    );
  });
});
