import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiClientError } from '@client/lib/api';
import { authErrorMessage } from './messages';

const t = ((key: string) => `[${key}]`) as unknown as TFunction<'auth'>;

describe('the sign-in error catalogue', () => {
  it('says the server cannot be reached when the request never arrives', () => {
    expect(authErrorMessage(new ApiClientError(0, 'NETWORK_ERROR', ''), t)).toBe('[errors.cannotConnect]');
  });
  it('says the service is unavailable on a server failure', () => {
    expect(authErrorMessage(new ApiClientError(503, 'SERVICE_UNAVAILABLE', 'down'), t)).toBe(
      '[errors.unavailable]',
    );
  });
  it("shows the server's translated message otherwise", () => {
    const error = new ApiClientError(
      403,
      'EMAIL_NOT_CONFIRMED',
      'Email not confirmed. Please check your email.',
    );
    expect(authErrorMessage(error, t)).toBe('Email not confirmed. Please check your email.');
  });
  it('falls back to the unexpected-error message', () => {
    expect(authErrorMessage(new Error('boom'), t)).toBe('[errors.unexpected]');
  });
});
