import type { Role } from '@common/schemas/auth';

export type OnboardingPage = 'role' | 'buyer' | 'seller' | 'done';

/** Where a page stands in onboarding: "both" adds the seller step (four steps instead of three). */
export function stepOf(page: OnboardingPage, role: Role | null) {
  const both = role === 'both';
  const total = both ? 4 : 3;
  switch (page) {
    case 'role':
      return { step: 1, total, progress: both ? 25 : 33 };
    case 'buyer':
      return { step: 2, total, progress: both ? 50 : 75 };
    case 'seller':
      return { step: both ? 3 : 2, total, progress: both ? 75 : 66 };
    case 'done':
      return { step: total, total, progress: 100 };
  }
}
