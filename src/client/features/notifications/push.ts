import type { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { Notification } from '@common/schemas/notifications';
import { currentLanguage } from '@client/lib/i18n';
import { describeNotification } from './describe';
import { notificationQueries } from './api';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/**
 * "Push notifications": while ModMarket is open in a background tab, a notification also shows as a
 * desktop notification, when the member turned it on and the browser allows it.
 */
export function showSystemNotification(queryClient: QueryClient, notification: Notification) {
  if (!pushSupported() || window.Notification.permission !== 'granted' || !document.hidden) return;
  void (async () => {
    const settings = await queryClient.fetchQuery(notificationQueries.settings());
    if (!settings.pushNotifications) return;
    await i18n.loadNamespaces('notifications');
    const language = currentLanguage();
    const { title, description } = describeNotification(
      i18n.getFixedT(language, 'notifications'),
      notification,
    );
    const shown = new window.Notification(title, { body: description, tag: notification.id });
    shown.onclick = () => {
      window.focus();
      if (notification.link) window.location.assign(notification.link);
    };
  })().catch(() => undefined);
}
