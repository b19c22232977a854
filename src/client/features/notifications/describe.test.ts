import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Notification } from '@common/schemas/notifications';
import { describeNotification } from './describe';

// Stands in for i18next: the key and the parameters the text would be built from.
const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key}${JSON.stringify(params)}` : key) as unknown as TFunction;

const notification = (type: Notification['type'], data: Notification['data']) =>
  ({ id: 'n', type, data, read: false, link: null, createdAt: '' }) as Notification;

describe('describeNotification', () => {
  it('formats a price drop, kept in cents, in US dollars', () => {
    const { description } = describeNotification(
      t,
      notification('price_drop', { title: 'Exhaust', priceCents: 45_050, oldPriceCents: 150_000 }),
    );
    expect(description).toContain('"price":"$450.50"');
    expect(description).toContain('"oldPrice":"$1,500"');
  });

  it('names the sender of a message when known, and counts the messages', () => {
    const named = describeNotification(t, notification('message', { name: 'Ana', count: 3 }));
    expect(named.title).toMatch(/^item\.message\.title/);
    expect(named.description).toContain('"count":3');
    expect(describeNotification(t, notification('message', {})).title).toBe('item.message.titleNoName');
  });

  it('falls back for a system notice without a title, and leaves out a missing body', () => {
    expect(describeNotification(t, notification('system', {}))).toEqual({
      title: 'item.system.fallback',
      description: '',
    });
  });

  it('asks either side of a sale to review the other, by name when known', () => {
    const buyer = describeNotification(
      t,
      notification('sale_update', { action: 'review.buyer', name: 'Rita M.', listingTitle: 'Seat' }),
    );
    expect(buyer.title).toMatch(/^item\.saleReview\.buyer\.title\{.*"name":"Rita M\."/);
    expect(buyer.description).toBe('item.saleReview.buyer.description');
    const seller = describeNotification(
      t,
      notification('sale_update', { action: 'review.seller', listingTitle: 'Seat' }),
    );
    expect(seller.title).toMatch(/^item\.saleReview\.seller\.titleNoName/);
  });
});
