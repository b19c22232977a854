import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiClientError } from './api';
import { errorMessage } from './error-message';

// Stands in for i18next: shows which key of which namespace was asked for.
const t = ((key: string, options?: { ns?: string }) => `[${options?.ns ?? 'common'}:${key}]`) as TFunction;

describe('errorMessage', () => {
  it("says the server's message, already in the reader's language", () => {
    expect(errorMessage(new ApiClientError(409, 'SAME_PLAN', 'Ya tienes este plan.'), t)).toBe(
      'Ya tienes este plan.',
    );
  });

  it('says no network in the errors namespace', () => {
    expect(errorMessage(new ApiClientError(0, 'NETWORK_ERROR', ''), t)).toBe('[errors:NETWORK_ERROR]');
  });

  it('says an outage when a 5xx came without a message', () => {
    expect(errorMessage(new ApiClientError(502, 'SERVICE_UNAVAILABLE', ''), t)).toBe(
      '[errors:SERVICE_UNAVAILABLE]',
    );
  });

  it('says something went wrong for anything else', () => {
    expect(errorMessage(new Error('boom'), t)).toBe('[errors:INTERNAL_ERROR]');
    expect(errorMessage(new ApiClientError(400, 'X', ''), t)).toBe('[errors:INTERNAL_ERROR]');
  });
});
