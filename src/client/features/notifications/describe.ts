import type { TFunction } from 'i18next';
import type { Notification } from '@common/schemas/notifications';
import { formatPrice } from '@common/i18n/format';

/** A notification's title and description in the reader's language (namespace `notifications`); prices in US dollars. */
export function describeNotification(
  t: TFunction,
  notification: Notification,
): { title: string; description: string } {
  const d = notification.data;
  const params = {
    ...d,
    price: d.priceCents !== undefined ? formatPrice(d.priceCents) : '',
    oldPrice: d.oldPriceCents !== undefined ? formatPrice(d.oldPriceCents) : '',
  };
  switch (notification.type) {
    case 'message':
      return {
        title: d.name ? t('item.message.title', params) : t('item.message.titleNoName'),
        description: t('item.message.description', { ...params, count: d.count ?? 1 }),
      };
    case 'offer':
      return {
        title: t(`item.offer.${d.action ?? 'made'}.title`, { ...params, name: d.name ?? '' }),
        description: t(`item.offer.${d.action ?? 'made'}.description`, params),
      };
    case 'sale_update':
      // A step of an order on ModMarket (`order.shipped`, …), told to the other side.
      if (d.action?.startsWith('order.'))
        return {
          title: t('item.order.title', params),
          description: t(`item.order.steps.${d.action.slice('order.'.length)}`, params),
        };
      // The buyer a listing was marked sold to is asked to confirm the purchase.
      if (d.action === 'confirm')
        return {
          title: t('item.saleConfirm.title', params),
          description: t('item.saleConfirm.description', { ...params, name: d.name ?? '—' }),
        };
      // Either side of a confirmed sale is asked to review the other (`review.buyer`: the buyer).
      if (d.action === 'review.buyer' || d.action === 'review.seller') {
        const role = d.action.slice('review.'.length);
        return {
          title: d.name
            ? t(`item.saleReview.${role}.title`, params)
            : t(`item.saleReview.${role}.titleNoName`, params),
          description: t(`item.saleReview.${role}.description`),
        };
      }
      return {
        title: t('item.sale_update.title', params),
        description: t('item.sale_update.description', params),
      };
    case 'system':
      return {
        title: d.title ? t('item.system.title', params) : t('item.system.fallback'),
        description: d.body ? t('item.system.description', params) : '',
      };
    default:
      return {
        title: t(`item.${notification.type}.title`, params),
        description: t(`item.${notification.type}.description`, params),
      };
  }
}
