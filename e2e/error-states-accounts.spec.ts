import { errorStateTests } from './support/error-states';

// Who is signed in is read once per page load. A member page (behind RequireMember) and onboarding wait
// on it: when it fails they say so, instead of taking the member for a visitor, and Try again reads it.

errorStateTests([
  {
    name: 'a member page',
    path: '/create',
    request: '**/api/auth/session',
    loaded: (page) => page.getByRole('heading', { name: 'List a Part', level: 1 }),
  },
  {
    name: 'onboarding',
    path: '/onboarding/role',
    request: '**/api/auth/session',
    loaded: (page) => page.getByRole('radio', { name: /^Buyer/ }),
  },
]);
