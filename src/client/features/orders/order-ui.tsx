import { useTranslation } from 'react-i18next';
import { FlaskConical, ShieldCheck } from 'lucide-react';
import { formatPercent, formatPrice } from '@common/i18n/format';
import type { OrderStatus } from '@common/schemas/orders';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';

/** "Demo payments": on every payment screen while PAYMENTS_DEMO is on. */
export function DemoNote({ className }: { className?: string }) {
  const { t } = useTranslation('orders');
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900',
        className,
      )}
    >
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('demo')}
    </p>
  );
}

/** "Payment held until delivery", with what it means for the buyer. */
export function HeldBadge({ held, explain = false }: { held: boolean; explain?: boolean }) {
  const { t } = useTranslation('orders');
  if (!held) return explain ? <p className="text-sm text-slate-600">{t('notHeldHelp')}</p> : null;
  return (
    <div className="text-sm">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 font-medium text-emerald-800">
        <ShieldCheck aria-hidden className="size-4" />
        {t('held')}
      </span>
      {explain ? <p className="mt-1.5 text-slate-600">{t('heldHelp')}</p> : null}
    </div>
  );
}

const STATUS_TONES: Record<OrderStatus, string> = {
  awaiting_payment: 'bg-amber-50 text-amber-900',
  paid: 'bg-sky-50 text-sky-900',
  shipped: 'bg-sky-50 text-sky-900',
  ready_for_pickup: 'bg-sky-50 text-sky-900',
  delivered: 'bg-sky-50 text-sky-900',
  picked_up: 'bg-sky-50 text-sky-900',
  completed: 'bg-emerald-50 text-emerald-800',
  cancelled: 'bg-slate-100 text-slate-700',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_TONES[status])}>
      {t(`status.${status}`)}
    </span>
  );
}

interface Amounts {
  itemCents: number;
  shippingCents: number;
  totalCents: number;
  feeCents?: number;
  feeBasisPoints?: number;
  processingCents?: number;
  payoutCents?: number;
}

/** What the buyer pays, and for the seller what they receive after the fee and processing. */
export function AmountsTable({ amounts, seller }: { amounts: Amounts; seller: boolean }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const money = (cents: number) => formatPrice(cents, { cents: true });
  const rows: [string, string, boolean?][] = [
    [t('amounts.item'), money(amounts.itemCents)],
    [t('amounts.shipping'), amounts.shippingCents ? money(amounts.shippingCents) : t('amounts.free')],
    [t('amounts.total'), money(amounts.totalCents), true],
  ];
  if (seller && amounts.feeCents !== undefined && amounts.processingCents !== undefined)
    rows.push(
      [
        t('amounts.fee', { rate: formatPercent((amounts.feeBasisPoints ?? 0) / 10_000, language) }),
        `−${money(amounts.feeCents)}`,
      ],
      [t('amounts.processing'), `−${money(amounts.processingCents)}`],
      [t('amounts.payout'), money(amounts.payoutCents ?? 0), true],
    );
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value, strong]) => (
        <div
          key={label}
          className={cn('flex justify-between gap-4 py-2', strong && 'font-semibold text-slate-900')}
        >
          <dt className={strong ? undefined : 'text-slate-600'}>{label}</dt>
          <dd className="whitespace-nowrap tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
