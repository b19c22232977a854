import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListingDetail } from '@common/schemas/listings';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/session';
import { ContactSeller } from './contact-seller';

/**
 * Contact Seller for a listing that is still for sale (Sign in to contact for a visitor); on phones a
 * bar pinned to the bottom of the screen, with the price.
 */
export function ContactBar({ listing: l }: { listing: ListingDetail }) {
  const { t } = useTranslation('market');
  const { user } = useSession();
  return (
    <div
      data-sticky-bar
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none"
    >
      <p aria-hidden className="shrink-0 text-lg font-bold text-slate-900 lg:hidden">
        {formatPrice(l.priceCents)}
      </p>
      <div className="min-w-0 flex-1">
        {user ? (
          <ContactSeller listingId={l.id} title={l.title} />
        ) : (
          // The label wraps rather than clips: in Spanish it is longer than a phone's bar is wide.
          <Button
            asChild
            size="lg"
            className="h-auto! min-h-12 w-full py-2 text-center leading-tight whitespace-normal!"
          >
            <Link to={paths.auth.href({ mode: 'signin', redirect: paths.listing.href(l.id) })}>
              {t('listing.signInToContact')}
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
