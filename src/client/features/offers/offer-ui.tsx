import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HandCoins } from 'lucide-react';
import { formatDateTime, formatPrice } from '@common/i18n/format';
import type { Offer, OfferEvent } from '@common/schemas/offers';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { Skeleton } from '@client/components/ui/skeleton';
import { FormDialog } from '@client/components/ui/modal';
import { NameGate } from '@client/features/account';
import { useAnswerOffer, useMakeOffer, useReleaseListing } from './api';

/** The offer form: its code (and the form library's) loads when a dialog or an answer first shows it. */
const OfferForm = lazy(() => import('./offer-form'));

/**
 * On a listing's page, for a signed-in buyer: where their offer stands, and "Make an offer" while
 * the seller takes offers and none of theirs is open or accepted.
 */
export function ListingOffer({
  listingId,
  title,
  negotiable,
  pending,
  offer,
}: {
  listingId: string;
  title: string;
  negotiable: boolean;
  pending: boolean;
  offer: Offer | null;
}) {
  const { t } = useTranslation('offers');
  const language = useLanguage();
  const make = useMakeOffer(listingId);
  const [open, setOpen] = useState(false);
  const mine = offer && offer.status === 'accepted';
  const live = offer && (offer.status === 'open' || mine);
  const params = offer
    ? { amount: formatPrice(offer.amountCents), time: formatDateTime(offer.expiresAt, language) }
    : {};
  const status = offer
    ? offer.status === 'open'
      ? offer.yourTurn
        ? t('status.countered', params)
        : t('status.waiting', params)
      : t(`status.${offer.status}`, params)
    : null;

  return (
    <div className="space-y-2">
      {pending && !mine ? <Alert>{t('pendingNote')}</Alert> : null}
      {status ? (
        <Alert tone={offer?.status === 'accepted' ? 'success' : 'info'}>
          {status}{' '}
          <Link
            to={paths.conversation.href(offer!.conversationId)}
            className="font-semibold whitespace-nowrap underline"
          >
            {t('openConversation')}
          </Link>
        </Alert>
      ) : null}
      {negotiable && !pending && !live ? (
        <Button variant="secondary" size="lg" className="w-full" onClick={() => setOpen(true)}>
          <HandCoins aria-hidden className="size-5" />
          {t('make')}
        </Button>
      ) : null}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t('dialogTitle')}
        description={t('dialogDescription', { title })}
      >
        <div className="mt-4">
          <NameGate>
            <Suspense fallback={<Skeleton className="h-48 w-full" />}>
              <OfferForm
                amountLabel={t('amountLabel')}
                noteLabel={t('noteLabel')}
                notePlaceholder={t('notePlaceholder')}
                submitLabel={t('send')}
                onCancel={() => setOpen(false)}
                errorTitle={t('error')}
                onSubmit={async (input) => {
                  const made = await make.mutateAsync(input);
                  setOpen(false);
                  if (made.status === 'declined')
                    toast.error(t('autoDeclined'), { description: t('autoDeclinedBody') });
                  else toast.success(t('sent'), { description: t('sentBody') });
                }}
              />
            </Suspense>
          </NameGate>
        </div>
      </FormDialog>
    </div>
  );
}

/** For the seller of a pending listing: what it means, and Release. */
export function OwnerPending({ listingId }: { listingId: string }) {
  const { t } = useTranslation('offers');
  const release = useReleaseListing(listingId);
  return (
    <Alert>
      <p>{t('ownerPending')}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        disabled={release.isPending}
        onClick={() =>
          release.mutate(undefined, {
            onSuccess: () => toast.success(t('released'), { description: t('releasedBody') }),
            onError: (error) => toast.error(t('answer.error'), { description: errorMessage(error, t) }),
          })
        }
      >
        {t('release')}
      </Button>
    </Alert>
  );
}

/** A step of an offer in the conversation: the amount in words, then its note. */
export function OfferEventCard({ event, note }: { event: OfferEvent; note: string }) {
  const { t } = useTranslation('offers');
  return (
    <div className="flex items-start gap-2">
      <HandCoins aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">
          {t(`event.${event.action}`, { amount: formatPrice(event.amountCents) })}
        </p>
        {note ? <p className="mt-1 wrap-anywhere whitespace-pre-wrap">{note}</p> : null}
      </div>
    </div>
  );
}

/**
 * Above the composer while an offer is open: Accept, Decline or Counter for the side whose turn it
 * is, and what is awaited for the other.
 */
export function OfferAnswer({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const language = useLanguage();
  const answer = useAnswerOffer(offer.id);
  const [countering, setCountering] = useState(false);
  const amount = formatPrice(offer.amountCents);
  const time = formatDateTime(offer.expiresAt, language);
  if (offer.status !== 'open') return null;
  if (!offer.yourTurn)
    return (
      <p className="border-t border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
        {t('answer.waiting', { amount, time })}
      </p>
    );
  const run = (action: 'accept' | 'decline', done: string) =>
    answer.mutate(
      { action },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(t('answer.error'), { description: errorMessage(error, t) }),
      },
    );
  return (
    <section
      aria-label={t('answer.title', { amount })}
      className="border-t border-amber-200 bg-amber-50 px-4 py-3 text-sm"
    >
      <p className="font-semibold text-slate-900">{t('answer.title', { amount })}</p>
      <p className="text-slate-700">{t('answer.expires', { time })}</p>
      {countering ? (
        <div className="mt-3">
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <OfferForm
              amountLabel={t('answer.counterLabel')}
              noteLabel={t('answer.counterNote')}
              submitLabel={t('answer.sendCounter')}
              onCancel={() => setCountering(false)}
              errorTitle={t('answer.error')}
              onSubmit={async (input) => {
                await answer.mutateAsync({ action: 'counter', ...input });
                setCountering(false);
                toast.success(t('answer.countered'));
              }}
            />
          </Suspense>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" disabled={answer.isPending} onClick={() => run('accept', t('answer.accepted'))}>
            {t('answer.accept')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={answer.isPending}
            onClick={() => setCountering(true)}
          >
            {t('answer.counter')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={answer.isPending}
            onClick={() => run('decline', t('answer.declined'))}
          >
            {t('answer.decline')}
          </Button>
        </div>
      )}
    </section>
  );
}
