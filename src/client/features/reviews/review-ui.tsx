import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@common/i18n/format';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Alert } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { Stars } from './stars';
import { reviewQueries, useAnswerPurchase } from './api';
import { WaitingInput } from '@client/components/ui/waiting';

/** The review form: its code (and the form library's) loads when the form is shown. */
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

/**
 * On a sold listing's page, for its seller and the buyer it was sold to: the buyer's "Did you buy
 * this?", the seller's review of the buyer, or what either wrote and when it shows.
 */
export function ReviewPanel({ listingId }: { listingId: string }) {
  const { t } = useTranslation(['reviews', 'market', 'errors']);
  const language = useLanguage();
  const state = useQuery(reviewQueries.sale(listingId));
  const purchase = useAnswerPurchase(listingId);
  if (!state.data) return null;
  const sale = state.data;
  const name = sale.other ?? '';

  if (sale.status !== 'confirmed' || !sale.windowEndsAt) {
    if (sale.status === 'declined')
      return (
        <Alert>
          {sale.role === 'buyer' ? t('confirm.declinedBuyer') : t('confirm.declinedSeller', { name })}
        </Alert>
      );
    const answerBy = formatDate(sale.answerBy, language);
    if (!sale.open) return <Alert>{t('confirm.closed', { date: answerBy })}</Alert>;
    if (sale.role === 'seller')
      return <Alert>{t('confirm.waiting', { name: name || '—', date: answerBy })}</Alert>;
    const answer = async (bought: boolean) => {
      try {
        await purchase.mutateAsync(bought);
        toast.success(bought ? t('confirm.confirmed') : t('confirm.declined'));
      } catch (error) {
        toast.error(t('confirm.error'), { description: errorMessage(error, t) });
      }
    };
    return (
      <AskPanel
        id="purchase-confirm-title"
        title={t('confirm.title')}
        intro={t('confirm.intro', { name: name || '—', date: answerBy })}
      >
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={purchase.isPending} onClick={() => void answer(true)}>
            {t('confirm.yes')}
          </Button>
          <Button variant="secondary" disabled={purchase.isPending} onClick={() => void answer(false)}>
            {t('confirm.no')}
          </Button>
        </div>
      </AskPanel>
    );
  }
  const until = formatDate(sale.windowEndsAt, language);

  if (sale.mine)
    return (
      <Alert tone="success">
        <Stars value={sale.mine.rating} className="mb-1" />
        <p>
          {sale.mine.published
            ? t('panel.published', { count: sale.mine.rating })
            : t('panel.waiting', { count: sale.mine.rating, date: until })}
        </p>
      </Alert>
    );
  if (!sale.open) return <Alert>{t('panel.closed', { date: until })}</Alert>;
  // The buyer's review is written from the "Leave a review" card (LeaveReviewCard).
  if (sale.role === 'buyer') return null;
  return (
    <AskPanel
      id="review-panel-title"
      title={name ? t('panel.title', { name }) : t('panel.titleNoName')}
      intro={t('panel.intro', { name: name || '—', date: until })}
    >
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <ReviewForm listingId={listingId} />
      </Suspense>
    </AskPanel>
  );
}

/** The amber card a party of a sale answers in: the confirm question, then the review form. */
function AskPanel({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm">
      <h2 id={id} className="font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{intro}</p>
      {children}
    </section>
  );
}

/**
 * Mark Sold on a listing's page: who bought it, from the members who messaged about it (they may then
 * review each other), or someone else.
 */
export function SoldToDialog({
  listingId,
  open,
  onOpenChange,
  onConfirm,
}: {
  listingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (buyerId: string | undefined) => void;
}) {
  const { t } = useTranslation('reviews');
  const buyers = useQuery({ ...reviewQueries.buyers(listingId), enabled: open });
  // Preset to the buyer whose offer was accepted, until the seller picks someone.
  const [picked, setChosen] = useState<string | null>(null);
  const chosen = picked ?? buyers.data?.buyers.find((buyer) => buyer.heldFor)?.id ?? '';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('sold.title')}
      description={t('sold.description')}
    >
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">{t('sold.title')}</legend>
        {(buyers.data?.buyers ?? []).map((buyer) => (
          <label key={buyer.id} className="flex items-center gap-2 text-sm text-slate-800">
            <WaitingInput
              type="radio"
              name="sold-to"
              className="size-4 accent-brand-600"
              checked={chosen === buyer.id}
              onChange={() => setChosen(buyer.id)}
            />
            {buyer.name ?? '—'}
          </label>
        ))}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <WaitingInput
            type="radio"
            name="sold-to"
            className="size-4 accent-brand-600"
            checked={chosen === ''}
            onChange={() => setChosen('')}
          />
          {t('sold.someoneElse')}
        </label>
      </fieldset>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('sold.cancel')}
        </Button>
        <Button
          onClick={() => {
            onConfirm(chosen || undefined);
            onOpenChange(false);
          }}
        >
          {t('sold.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
