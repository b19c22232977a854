/** Notifications: the page, the nav badges' counts and desktop notifications. */
export { useUnreadCounts, type UnreadCounts } from './use-unread';
export { showSystemNotification } from './push';
