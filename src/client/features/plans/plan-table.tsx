import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Minus } from 'lucide-react';
import { PLANS, PLAN_DETAILS, type Plan } from '@common/catalog';
import { paymentHeld } from '@common/fees';
import { formatNumber, formatPrice } from '@common/i18n/format';
import { cn } from '@client/lib/cn';
import { ScrollArea } from '@client/components/ui/scroll-area';
import { useLanguage } from '@client/lib/use-language';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';

/**
 * What one plan gets in one row: a number, `unlimited`, `yes` or `no`, a level, `optional` (the member
 * chooses, per listing), `browseOnly` (parts wanted without answering), or a monthly allowance.
 */
type PlanValue =
  | number
  | 'unlimited'
  | 'yes'
  | 'no'
  | 'basic'
  | 'advanced'
  | 'optional'
  | 'browseOnly'
  | { perMonth: number }
  | { answersPerMonth: number };

interface PlanRow {
  key: string;
  values: readonly [PlanValue, PlanValue, PlanValue];
  /**
   * Sold but not built yet (docs/product.md §3): every plan that is to get it shows its planned value
   * with a "Coming soon" tag and never a check mark. Delete the flag when the feature ships.
   */
  soon?: true;
}

const perPlan = <T,>(value: (plan: Plan) => T) => PLANS.map(value) as unknown as readonly [T, T, T];
const yesNo = (included: boolean) => (included ? 'yes' : 'no');
/** A plan's level of a benefit, or `no` when it has none. */
const levelOf = (level: 'none' | 'basic' | 'advanced') => (level === 'none' ? 'no' : level);
/** Escrow as the server decides it (docs/payments.md, "Escrow by plan"): always, per listing, or never. */
const escrowOf = (plan: Plan) =>
  paymentHeld(plan, false) ? 'yes' : paymentHeld(plan, true) ? 'optional' : 'no';

/**
 * The plan comparison. What is built is read from the catalogue (PLAN_DETAILS) and, for escrow, from
 * the rule the orders apply (`paymentHeld`), so the table cannot promise more than the server
 * enforces; the rest is marked `soon`.
 */
const PLAN_ROWS: readonly PlanRow[] = [
  { key: 'listings', values: perPlan((plan) => PLAN_DETAILS[plan].activeListings ?? 'unlimited') },
  { key: 'messages', values: perPlan((plan) => PLAN_DETAILS[plan].newConversationsPerMonth ?? 'unlimited') },
  {
    key: 'ai',
    values: perPlan((plan) => levelOf(PLAN_DETAILS[plan].aiLevel)),
  },
  { key: 'verifiedBadge', values: perPlan((plan) => yesNo(PLAN_DETAILS[plan].verifiedBadge)) },
  { key: 'support', values: perPlan((plan) => yesNo(PLAN_DETAILS[plan].prioritySupport)) },
  {
    key: 'analytics',
    values: perPlan((plan) => levelOf(PLAN_DETAILS[plan].analytics)),
  },
  {
    key: 'boost',
    values: perPlan((plan) => {
      const perMonth = PLAN_DETAILS[plan].boostsPerMonth;
      return perMonth ? { perMonth } : 'no';
    }),
  },
  { key: 'placement', values: perPlan((plan) => yesNo(PLAN_DETAILS[plan].priorityPlacement)) },
  {
    key: 'partsWanted',
    values: perPlan((plan) => {
      const perMonth = PLAN_DETAILS[plan].wantedAnswersPerMonth;
      return perMonth === null ? 'unlimited' : perMonth === 0 ? 'browseOnly' : { answersPerMonth: perMonth };
    }),
  },
  { key: 'escrow', values: perPlan(escrowOf) },
];

function SoonTag({ label }: { label: string }) {
  return (
    <span className="mt-1 block">
      <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
        {label}
      </span>
    </span>
  );
}

function PlanCell({ cell: value, soon }: { cell: PlanValue; soon: boolean }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const text = (value: Exclude<PlanValue, 'yes' | 'no'>) => {
    if (typeof value === 'number') return formatNumber(value, language);
    if (typeof value === 'object')
      return 'answersPerMonth' in value
        ? t('plans.values.answersPerMonth', {
            count: value.answersPerMonth,
            amount: formatNumber(value.answersPerMonth, language),
          })
        : t('plans.values.perMonth', { amount: formatNumber(value.perMonth, language) });
    return t(`plans.values.${value}`);
  };
  if (value === 'no')
    return <Minus aria-label={t('plans.values.no')} className="mx-auto size-5 text-slate-400" />;
  // A feature still to come gets no check mark: its planned amount, if it has one, and the tag.
  if (soon)
    return (
      <>
        {value === 'yes' ? null : <span className="block">{text(value)}</span>}
        <SoonTag label={t('plans.values.soon')} />
      </>
    );
  if (value === 'yes')
    return <Check aria-label={t('plans.values.yes')} className="mx-auto size-5 text-green-700" />;
  return <span className="block">{text(value)}</span>;
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
  const labels = useCatalogLabels();
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
                <span className="block text-base font-bold text-slate-900">{labels.plan(plan)}</span>
                <span className="block text-slate-600">
                  {PLAN_DETAILS[plan].priceCents === 0
                    ? t('plans.free')
                    : t('plans.perMonth', {
                        price: formatPrice(PLAN_DETAILS[plan].priceCents),
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
              {row.values.map((cell, i) => (
                <td
                  key={i}
                  className={cn('p-4 text-center text-slate-800', PLANS[i] === current && 'bg-brand-50')}
                >
                  <PlanCell cell={cell} soon={row.soon === true} />
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
