import { createContext, useContext } from 'react';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
}

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
}

/**
 * Who is signed in. Until accounts land, nobody is: the provider in app/providers.tsx gives the
 * signed-out session, and every screen already renders from this one source.
 */
export const SessionContext = createContext<Session>({ user: null, isLoading: false });

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
