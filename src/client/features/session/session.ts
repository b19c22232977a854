import { createContext, useContext } from 'react';
import type { SessionUser } from '@common/schemas/auth';

export type { SessionUser };

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
  /** Reads the session from the server again (after sign-in, confirmation or onboarding). */
  refresh: () => Promise<SessionUser | null>;
  /** Ends every session of the member on the server and forgets the user here. */
  signOut: () => Promise<void>;
  /** The server ended this session (signed out elsewhere): forgets the member and what they saw. */
  ended: () => void;
}

export const SessionContext = createContext<Session>({
  user: null,
  isLoading: false,
  refresh: () => Promise.resolve(null),
  signOut: () => Promise.resolve(),
  ended: () => undefined,
});

export function useSession(): Session {
  return useContext(SessionContext);
}

/** The user menu's label: the first name, else the part of the email before the @, else null (show "User"). */
export function userMenuLabel(user: Pick<SessionUser, 'email' | 'firstName'>): string | null {
  const first = user.firstName?.trim();
  if (first) return first;
  const local = user.email.split('@')[0]?.trim();
  return local || null;
}
