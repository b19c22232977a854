import type { Role } from '@common/schemas/auth';

export type OnboardingPage = 'role' | 'buyer' | 'seller' | 'done';

/**
 * Where a page stands in onboarding. A buyer or a seller has three steps (role, their
 * preferences, done); "both" has four (the buyer step, then the seller step). The role page
 * counts with the role being picked, so the total never changes between two pages.
 */
export function stepOf(page: OnboardingPage, role: Role | null) {
  const both = role === 'both';
  const total = both ? 4 : 3;
  const step = { role: 1, buyer: 2, seller: both ? 3 : 2, done: total }[page];
  return { step, total, progress: Math.round((step / total) * 100) };
}
