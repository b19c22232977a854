import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WantedAnswerSchema, type WantedDetail } from '@common/schemas/wanted';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { toast } from '@client/lib/toast';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { Alert, TextAreaField, inputClass } from '@client/components/ui/field';
import { FormDialog } from '@client/components/ui/modal';
import { Skeleton } from '@client/components/ui/skeleton';
import { WaitingSelect } from '@client/components/ui/waiting';
import { NameGate } from '@client/features/account';
import { dashboardQueries } from '@client/features/dashboard';
import { useAnswerWanted } from './api';
import { AnswersCount } from './answers-count';

/** Refusals the dialog explains beside the form, with the way to more answers. */
const PLAN_CODES = new Set(['WANTED_ANSWER_PLAN', 'WANTED_ANSWER_LIMIT']);

/**
 * "I have this": one of the member's listings on the market and a first message to the post's member,
 * which opens (or continues) their conversation about it. Loaded the first time the button is pressed.
 */
export default function AnswerDialog({
  post,
  open,
  onOpenChange: setOpen,
}: {
  post: WantedDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['wanted', 'errors']);
  const navigate = useNavigate();
  const answer = useAnswerWanted(post.id);
  const mine = useQuery({ ...dashboardQueries.mine(), enabled: open });
  const listings = (mine.data?.listings ?? []).filter((listing) => !listing.isSold && !listing.hidden);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useSchemaForm(WantedAnswerSchema, {
    defaultValues: { listingId: '', content: t('answer.defaultMessage', { title: post.title }) },
  });
  const message = useErrorText();
  const { errors, isSubmitting: sending } = form.formState;
  const listingId = useWatch({ control: form.control, name: 'listingId' });
  // The member's listing that matches the post, or their only one, is chosen for them.
  const suggested =
    listings.find((listing) => post.matches.some((match) => match.id === listing.id))?.id ??
    (listings.length === 1 ? listings[0]?.id : undefined);
  useEffect(() => {
    if (suggested && !form.getValues('listingId')) form.setValue('listingId', suggested);
  }, [suggested, form]);

  const send = form.handleSubmit(async (values) => {
    setRefused(null);
    try {
      const sent = await answer.mutateAsync(values);
      toast.success(t('answer.sent'), {
        description: t('answer.sentBody'),
        action: {
          label: t('answer.openConversation'),
          onClick: () => void navigate(paths.conversation.href(sent.conversationId)),
        },
      });
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiClientError && PLAN_CODES.has(error.code)) setRefused(error.message);
      showServerErrors(form, error);
      toast.error(t('answer.error'), { description: errorMessage(error, t) });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t('answer.title')}
      description={t('answer.description', { title: post.title })}
      wide
    >
      <NameGate>
        {mine.isPending ? (
          <div className="mt-4 space-y-3" aria-busy="true">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : mine.isError ? (
          <Alert tone="error" className="mt-4">
            {errorMessage(mine.error, t)}
          </Alert>
        ) : listings.length === 0 ? (
          <div className="mt-4 space-y-4">
            <Alert>{t('answer.noListings')}</Alert>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('answer.cancel')}
              </Button>
              <Button asChild>
                <Link to={paths.create.href()}>{t('answer.listPart')}</Link>
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={(event) => void send(event)} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor="answer-listing" className="mb-1.5 block text-sm font-medium text-slate-800">
                {t('answer.listing')}
              </label>
              <WaitingSelect
                id="answer-listing"
                className={inputClass}
                aria-invalid={errors.listingId ? true : undefined}
                aria-describedby={errors.listingId ? 'answer-listing-error' : undefined}
                {...form.register('listingId')}
              >
                <option value="">{t('answer.chooseListing')}</option>
                {listings.map((listing) => (
                  <option key={listing.id} value={listing.id}>
                    {`${listing.title} · ${formatPrice(listing.priceCents)}`}
                  </option>
                ))}
              </WaitingSelect>
              {errors.listingId ? (
                <p id="answer-listing-error" className="mt-1.5 text-sm text-red-700">
                  {message(errors.listingId.message)}
                </p>
              ) : null}
            </div>
            <TextAreaField
              label={t('answer.message')}
              rows={5}
              maxLength={2000}
              error={message(errors.content?.message)}
              {...form.register('content')}
            />
            {post.answers ? <AnswersCount answers={post.answers} /> : null}
            {refused ? (
              <Alert tone="error">
                {refused}{' '}
                <Link to={paths.upgrade.href()} className="font-semibold underline">
                  {t('answer.seePlans')}
                </Link>
              </Alert>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('answer.cancel')}
              </Button>
              <Button type="submit" disabled={sending || !listingId}>
                {sending ? t('answer.sending') : t('answer.send')}
              </Button>
            </div>
          </form>
        )}
      </NameGate>
    </FormDialog>
  );
}
