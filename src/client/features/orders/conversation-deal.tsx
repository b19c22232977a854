import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PackageCheck, ShoppingBag } from 'lucide-react';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import type { Thread } from '@common/schemas/messages';
import { Button } from '@client/components/ui/button';

/**
 * In a conversation, above the composer: the order placed from it (its status and a link to its page),
 * or "Pay now" for the buyer whose offer the seller accepted, when the seller takes payment here.
 */
export function ConversationDeal({ thread }: { thread: Thread }) {
  const { t } = useTranslation('orders');
  const { order, offer, conversation } = thread;
  const listingId = conversation.listing.id;
  if (order)
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
        <PackageCheck aria-hidden className="size-4 text-brand-700" />
        <span>{t('conversation.order', { status: t(`status.${order.status}`) })}</span>
        <Link to={paths.order.href(order.id)} className="font-semibold text-brand-700 underline">
          {t('viewOrder')}
        </Link>
      </p>
    );
  if (!thread.checkout || !listingId || conversation.role !== 'buyer' || offer?.status !== 'accepted')
    return null;
  return (
    <section
      aria-label={t('payNow')}
      className="flex flex-wrap items-center justify-between gap-2 border-t border-emerald-200 bg-emerald-50 px-4 py-3 text-sm"
    >
      <p className="text-slate-800">
        {t('conversation.accepted', { amount: formatPrice(offer.amountCents) })}
      </p>
      <Button asChild size="sm">
        <Link to={paths.checkout.href(listingId)}>
          <ShoppingBag aria-hidden className="size-4" />
          {t('payNow')}
        </Link>
      </Button>
    </section>
  );
}
