import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@common/routes';
import { useSession } from './session';

/** Paths where a member with an unfinished profile is left alone. */
const EXEMPT = [
  '/onboarding',
  '/auth',
  '/reset-password',
  '/forgot-password',
  '/email-confirmation',
  '/confirm-signup',
  '/password-reset',
];

export function isProfileCheckExempt(pathname: string): boolean {
  return EXEMPT.some((path) => pathname.includes(path));
}

/**
 * When a member arrives (page load or sign-in) with onboarding not complete, and not on an exempt
 * path, sends them to /onboarding/role. It checks once per arrival, so a member who then walks away
 * from onboarding sees the home page's reminder instead of being pulled back.
 */
export function IncompleteProfileRedirect() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const checkedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user) {
      checkedFor.current = null;
      return;
    }
    if (checkedFor.current === user.id) return;
    checkedFor.current = user.id;
    if (!user.onboardingCompleted && !isProfileCheckExempt(pathname)) {
      void navigate(paths.onboardingRole.href(), { replace: true });
    }
  }, [user, pathname, navigate]);
  return null;
}
