import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Minus } from 'lucide-react';
import { PLANS, PLAN_DETAILS, type Plan } from '@common/catalog';
import { formatPrice } from '@common/i18n/format';
import { cn } from '@client/lib/cn';
import { ScrollArea } from '@client/components/ui/scroll-area';
import { useLanguage } from '@client/lib/use-language';

/** The plan comparison: each row's value per plan, as translation keys. */
const PLAN_ROWS = [
  { key: 'listings', values: ['3', '10', 'unlimited'] },
  { key: 'messages', values: ['10', 'unlimited', 'unlimited'] },
  { key: 'partsWanted', values: ['browseOnly', 'fiveContacts', 'unlimited'] },
  { key: 'verifiedBadge', values: ['no', 'yes', 'yes'] },
  { key: 'analytics', values: ['no', 'basic', 'advanced'] },
  { key: 'ai', values: ['no', 'basic', 'advanced'] },
  { key: 'escrow', values: ['no', 'optional', 'included'] },
  { key: 'support', values: ['no', 'yes', 'yes'] },
  { key: 'boost', values: ['no', '2x', '5x'] },
  { key: 'placement', values: ['no', 'yes', 'yes'] },
] as const;

function PlanCell({ value }: { value: string }) {
  const { t } = useTranslation('home');
  if (value === 'yes')
    return <Check aria-label={t('plans.values.yes')} className="mx-auto size-5 text-green-700" />;
  if (value === 'no')
    return <Minus aria-label={t('plans.values.no')} className="mx-auto size-5 text-slate-400" />;
  return <span>{/^\d/.test(value) ? value : t(`plans.values.${value}`)}</span>;
}

/**
 * Bronze, Gold ("Most Popular") and Platinum side by side: on the home page, and on /upgrade with the
 * member's current plan marked and a button per plan (`action`).
 */
export function PlanTable({
  className,
  current,
  action,
}: {
  className?: string;
  current?: Plan;
  action?: (plan: Plan) => ReactNode;
}) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  return (
    <ScrollArea
      label={t('plans.title')}
      className={className}
      boxClassName="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{t('plans.title')}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="sticky left-0 bg-white p-4 text-left font-semibold text-slate-700">
              {t('plans.feature')}
            </th>
            {PLANS.map((plan) => (
              <th
                key={plan}
                scope="col"
                className={cn('p-4 text-center', plan === current && 'bg-brand-50')}
                aria-current={plan === current ? 'true' : undefined}
              >
                <span className="block text-base font-bold text-slate-900">{t(`plans.names.${plan}`)}</span>
                <span className="block text-slate-600">
                  {PLAN_DETAILS[plan].priceCents === 0
                    ? t('plans.free')
                    : t('plans.perMonth', {
                        price: formatPrice(PLAN_DETAILS[plan].priceCents / 100, language),
                      })}
                </span>
                {plan === 'gold' ? (
                  <span className="mt-1 inline-block rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('plans.mostPopular')}
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_ROWS.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="sticky left-0 bg-white p-4 text-left font-medium text-slate-800">
                {t(`plans.rows.${row.key}`)}
              </th>
              {row.values.map((value, i) => (
                <td
                  key={i}
                  className={cn('p-4 text-center text-slate-800', PLANS[i] === current && 'bg-brand-50')}
                >
                  <PlanCell value={value} />
                </td>
              ))}
            </tr>
          ))}
          {action ? (
            <tr>
              <td className="sticky left-0 bg-white" />
              {PLANS.map((plan) => (
                <td key={plan} className={cn('p-4 text-center', plan === current && 'bg-brand-50')}>
                  {action(plan)}
                </td>
              ))}
            </tr>
          ) : null}
        </tbody>
      </table>
    </ScrollArea>
  );
}
