/**
 * The realtime socket's own close code (outside the schemas, so the app's first load does not carry the
 * schema library): a socket closed with it belongs to a session that has ended, and the tab forgets the
 * member.
 */
export const SESSION_ENDED_CODE = 4401;
