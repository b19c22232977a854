/** Who is signed in: the session context, the guards of member pages, and the profile prompt. */
export { useSession, userMenuLabel, type Session, type SessionUser } from './session';
export { SessionProvider } from './session-provider';
export { sessionQueries, useSessionQuery } from './api';
export { RequireMember } from './require-member';
export { IncompleteProfileRedirect } from './profile-guard';
export { CompleteProfileModal } from './complete-profile-modal';
