import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { formatDate } from '@common/i18n/format';
import type { ListingDetail } from '@common/schemas/listings';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { FormDialog } from '@client/components/ui/modal';

/** The review form: its code (and the form library's) loads when the form is shown. */
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

/**
 * On a listing's page, for the buyer of a confirmed sale of it while their review of the seller is
 * open (`reviewOpenUntil`): "How was buying from Mika?", and Leave a review, which opens the review
 * form in a dialog. Gone once they have written it, or when the window closes.
 */
export function LeaveReviewCard({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  if (!listing.reviewOpenUntil) return null;
  const name = listing.seller.name;
  const until = formatDate(listing.reviewOpenUntil, language);
  return (
    <section
      aria-labelledby="leave-review-title"
      className="order-1 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-full bg-amber-100">
          <Star className="size-5 fill-amber-400 text-amber-500" />
        </span>
        <div className="min-w-0">
          <h2 id="leave-review-title" className="font-semibold text-slate-900">
            {name ? t('card.title', { name }) : t('card.titleNoName')}
          </h2>
          <p className="mt-1 text-slate-700">{t('card.body', { date: until })}</p>
        </div>
      </div>
      <Button className="mt-3 w-full sm:w-auto" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('card.action')}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={name ? t('panel.title', { name }) : t('panel.titleNoName')}
        description={t('panel.intro', { name: name ?? '—', date: until })}
      >
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <ReviewForm listingId={listing.id} onWritten={() => setOpen(false)} />
        </Suspense>
      </FormDialog>
    </section>
  );
}
