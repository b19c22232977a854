import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate, formatPrice } from '@common/i18n/format';
import { useLanguage } from '@client/lib/use-language';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { adminQueries } from './api';

/**
 * A dispute decision's reason as the server records it (`refund_partial 2500: the note`), in words:
 * the decision, the amount of a partial refund, then the note. Anything else is shown as it is.
 */
function reasonText(action: string, reason: string, t: TFunction<'admin'>): string {
  const decision = /^(refund_full|refund_partial|release)(?: (\d+))?: ([\s\S]*)$/.exec(reason);
  if (action !== 'decide-dispute' || !decision) return reason;
  const [, outcome, cents, note] = decision;
  const label = t(`disputes.decide.outcomes.${outcome}`);
  return `${cents ? `${label} (${formatPrice(Number(cents), { cents: true })})` : label} · ${note}`;
}

/** The "Audit log" tab: every moderation action, newest first, a page at a time. */
export function AuditLog() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const audit = useInfiniteQuery(adminQueries.audit());
  if (audit.isError) return <QueryError query={audit} />;
  if (!audit.data) return <Skeleton className="h-40 w-full rounded-2xl" />;
  const items = audit.data.pages.flatMap((page) => page.items);
  if (!items.length)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {t('audit.empty')}
      </p>
    );
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.when')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.who')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.what')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.target')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('audit.reason')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((entry) => (
              <tr key={entry.id}>
                <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                  {formatDate(entry.createdAt, language)}
                </td>
                <td className="px-4 py-2 text-slate-900">
                  {entry.admin ??
                    (entry.action === 'grant-admin' || entry.action === 'revoke-admin'
                      ? t('audit.operator')
                      : '—')}
                </td>
                <td className="px-4 py-2 text-slate-900">
                  {t(`audit.actions.${entry.action}`)}
                  {entry.until
                    ? ` · ${entry.until === 'forever' ? t('suspend.forever') : t('member.suspendedUntil', { date: formatDate(entry.until, language) })}`
                    : ''}
                </td>
                <td className="px-4 py-2 wrap-anywhere text-slate-900">
                  <span className="block text-xs text-slate-600">{t(`audit.kinds.${entry.kind}`)}</span>
                  {entry.target ?? '—'}
                  {entry.targetEmail ? (
                    <span className="block text-slate-600">{entry.targetEmail}</span>
                  ) : null}
                </td>
                <td className="px-4 py-2 wrap-anywhere text-slate-700">
                  {reasonText(entry.action, entry.reason, t)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore query={audit} label={t('more')} />
    </div>
  );
}
