import type { NotificationType } from '@common/schemas/notifications';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (type: NotificationType | 'all') => ['notifications', 'list', type] as const,
  settings: ['notifications', 'settings'] as const,
  /** Both nav badges: unread messages and notifications. */
  counts: ['counts'] as const,
};
