import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Rocket } from 'lucide-react';
import { formatDate } from '@common/i18n/format';
import { paths } from '@common/routes';
import { Button } from '@client/components/ui/button';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { boostQueries, useBoostListing } from './api';

/**
 * The owner's Boost action for an active listing: while it is boosted, until when; otherwise a
 * button that says how many boosts are left this month, or where boosts come from (Gold and
 * Platinum) when the plan has none.
 */
export function BoostAction({
  listingId,
  boostedUntil,
  isSold,
}: {
  listingId: string;
  boostedUntil: string | null;
  isSold: boolean;
}) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const allowance = useQuery(boostQueries.allowance());
  const boost = useBoostListing();
  if (isSold || !allowance.data) return null;

  if (boostedUntil)
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-violet-800">
        <Rocket aria-hidden className="size-4" />
        {t('boost.until', { date: formatDate(boostedUntil, language) })}
      </p>
    );
  const { perMonth, left, renewsAt } = allowance.data;
  if (perMonth === 0)
    return (
      <Link to={paths.upgrade.href()} className="text-sm font-medium text-brand-700 hover:underline">
        {t('boost.upgrade')}
      </Link>
    );
  if (left === 0)
    return (
      <p className="text-sm text-slate-600">
        {t('boost.noneLeft', { date: formatDate(renewsAt, language) })}
      </p>
    );

  const start = () =>
    boost.mutate(listingId, {
      onSuccess: (result) =>
        toast.success(t('boost.done'), {
          description: t('boost.doneBody', {
            date: formatDate(result.boostedUntil, language),
            count: result.allowance.left,
          }),
        }),
      onError: (error) => toast.error(t('boost.error'), { description: errorMessage(error, t) }),
    });
  return (
    <Button variant="secondary" size="sm" disabled={boost.isPending} onClick={start}>
      <Rocket aria-hidden className="size-4" />
      {t('boost.action', { count: left })}
    </Button>
  );
}
