import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@common/i18n/format';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { trustQueries, useUnblock } from '@client/features/trust';
import { SettingsCard } from './settings-card';

/** The members this member blocked, each with Unblock. */
export function BlockedMembersCard() {
  const { t } = useTranslation('trust');
  const language = useLanguage();
  const blocked = useQuery(trustQueries.blocked());
  const unblock = useUnblock();
  return (
    <SettingsCard title={t('blocked.title')} description={t('blocked.description')}>
      {blocked.isError ? (
        <QueryError query={blocked} />
      ) : !blocked.data ? (
        <Skeleton className="h-16 w-full" />
      ) : blocked.data.blocked.length === 0 ? (
        <p className="text-sm text-slate-600">{t('blocked.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {blocked.data.blocked.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{member.name || t('block.someone')}</p>
                <p className="text-sm text-slate-600">
                  {t('blocked.since', { date: formatDate(member.blockedAt, language) })}
                  {member.hideListings ? ` · ${t('blocked.hidesListings')}` : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={unblock.isPending}
                onClick={() =>
                  unblock.mutate(member.id, {
                    onSuccess: () =>
                      toast.success(t('block.undone', { name: member.name || t('block.someone') })),
                    onError: (error) =>
                      toast.error(t('block.error'), { description: errorMessage(error, t) }),
                  })
                }
              >
                {t('block.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
