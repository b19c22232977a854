/** Who is signed in: the session context and the guards of member pages. */
export { useSession, userMenuLabel, type Session, type SessionUser } from './session';
export { SessionProvider } from './session-provider';
export { sessionQueries, useSessionQuery } from './api';
export { RequireMember } from './require-member';
