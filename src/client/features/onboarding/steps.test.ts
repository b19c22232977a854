import { describe, expect, it } from 'vitest';
import { stepOf } from './steps';

describe('onboarding steps', () => {
  it('counts three steps for a buyer or a seller', () => {
    expect(stepOf('role', 'buyer')).toEqual({ step: 1, total: 3, progress: 33 });
    expect(stepOf('buyer', 'buyer')).toEqual({ step: 2, total: 3, progress: 67 });
    expect(stepOf('seller', 'seller')).toEqual({ step: 2, total: 3, progress: 67 });
    expect(stepOf('done', 'seller')).toEqual({ step: 3, total: 3, progress: 100 });
  });
  it('adds the seller step for both', () => {
    expect((['role', 'buyer', 'seller', 'done'] as const).map((page) => stepOf(page, 'both'))).toEqual([
      { step: 1, total: 4, progress: 25 },
      { step: 2, total: 4, progress: 50 },
      { step: 3, total: 4, progress: 75 },
      { step: 4, total: 4, progress: 100 },
    ]);
  });
  it('counts three steps before a role is chosen', () => {
    expect(stepOf('role', null)).toEqual({ step: 1, total: 3, progress: 33 });
  });
});
