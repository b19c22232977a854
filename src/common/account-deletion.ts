/**
 * Deleting an account waits DELETION_GRACE_DAYS: the member is signed out and hidden, and signing in
 * before then restores the account; a reminder email goes DELETION_REMINDER_DAYS before it is erased.
 * The server schedules by these (`features/account/closing.ts`); the Data Deletion page says them.
 */
export const DELETION_GRACE_DAYS = 30;
/** The reminder goes this many days before the account is erased. */
export const DELETION_REMINDER_DAYS = 3;
