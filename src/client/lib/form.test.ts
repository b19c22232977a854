import { describe, expect, it } from 'vitest';
import { ApiClientError } from './api';
import { showServerErrors } from './form';

function recorder() {
  const calls: { name: string; message: string | undefined; focus: boolean | undefined }[] = [];
  return {
    calls,
    setError: (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
      calls.push({ name, message: error.message, focus: options?.shouldFocus });
    },
  };
}

describe('showServerErrors', () => {
  it("puts each field's message on its field and focuses the first", () => {
    const form = recorder();
    const error = new ApiClientError(400, 'VALIDATION_ERROR', 'Check it', {
      model: 'Required',
      year: 'Invalid year',
    });
    expect(showServerErrors(form, error)).toBe(true);
    expect(form.calls).toEqual([
      { name: 'model', message: 'Required', focus: true },
      { name: 'year', message: 'Invalid year', focus: false },
    ]);
  });

  it('leaves a refusal without fields (or no API error) to the form as a whole', () => {
    const form = recorder();
    expect(showServerErrors(form, new ApiClientError(403, 'PLAN_LIMIT', 'Upgrade'))).toBe(false);
    expect(showServerErrors(form, new Error('network'))).toBe(false);
    expect(form.calls).toEqual([]);
  });
});
