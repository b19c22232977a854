import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import type { ListingDetail } from '@common/schemas/listings';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/session';
import { HeldBadge, ReturnPolicy } from './order-ui';

/**
 * Buy now on a listing whose seller takes payments here (Pay now for the buyer whose offer was
 * accepted), with how it can reach the buyer and whether the payment is held until delivery.
 */
export function BuyPanel({ listing: l }: { listing: ListingDetail }) {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const accepted = l.myOffer?.status === 'accepted';
  if (!l.checkout.offered || l.isOwner || l.isSold || (l.pending && !accepted)) return null;
  const checkout = paths.checkout.href(l.id);
  const to = user ? checkout : paths.auth.href({ mode: 'signin', redirect: checkout });
  const ways = [
    l.checkout.shippingCents !== null
      ? `${t('checkout.ship')}: ${l.checkout.shippingCents ? formatPrice(l.checkout.shippingCents, { cents: true }) : t('amounts.free')}`
      : null,
    l.checkout.localPickup ? t('checkout.pickup') : null,
  ].filter(Boolean);
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Button asChild size="lg" className="w-full">
        <Link to={to}>
          <ShoppingBag aria-hidden className="size-5" />
          {accepted ? t('payNow') : t('buyNow')}
        </Link>
      </Button>
      {ways.length ? <p className="text-sm text-slate-600">{ways.join(' · ')}</p> : null}
      <HeldBadge held={l.checkout.held} />
      <ReturnPolicy accepts={l.checkout.acceptsReturns} fitVehicle={l.fits ?? null} />
    </div>
  );
}
