import { safeRedirectPath } from '@common/schemas/auth';

/**
 * Where a visitor was going when they signed up ("Sign in to contact the seller" on a listing), kept in
 * this browser until the sign-up is confirmed, so the new member lands there rather than anywhere else.
 * Local storage: the link is often opened in another tab of the same browser.
 */
const KEY = 'modmarket.afterSignUp';

export function rememberWhereTo(path: string | null): void {
  try {
    if (path) localStorage.setItem(KEY, path);
    else localStorage.removeItem(KEY);
  } catch {
    // Without storage the new member lands on the home page.
  }
}

/** The page to land on once signed in after sign-up (home when none was kept); forgotten once read. */
export function takeWhereTo(): string {
  try {
    const kept = safeRedirectPath(localStorage.getItem(KEY));
    localStorage.removeItem(KEY);
    return kept ?? '/';
  } catch {
    return '/';
  }
}
