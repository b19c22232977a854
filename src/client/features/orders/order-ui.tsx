import { useTranslation } from 'react-i18next';
import { ExternalLink, FlaskConical, RotateCcw, ShieldCheck } from 'lucide-react';
import { formatPercent, formatPrice } from '@common/i18n/format';
import type { PhotoView } from '@common/schemas/listings';
import type { OrderStatus } from '@common/schemas/orders';
import type { Fit } from '@common/schemas/vehicles';
import { cn } from '@client/lib/cn';
import { ListingPhoto } from '@client/features/photos';
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
  refunded: 'bg-slate-100 text-slate-700',
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
  /** What was (or is being) refunded to the buyer. */
  refundCents?: number | null;
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
  if (amounts.refundCents) rows.push([t('amounts.refund'), `−${money(amounts.refundCents)}`]);
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

/** Money as the order screens show it: dollars and cents. */
export const money = (cents: number) => formatPrice(cents, { cents: true });

/**
 * The seller's return policy, as checkout and the listing show it, and the fit guarantee's line when the
 * listing claims to fit the buyer's vehicle.
 */
export function ReturnPolicy({
  accepts,
  fitVehicle = null,
  className,
}: {
  accepts: boolean;
  fitVehicle?: Fit;
  className?: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <div className={cn('space-y-1 text-sm text-slate-700', className)}>
      <p className="flex items-start gap-1.5">
        <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
        {accepts ? t('policy.returns') : t('policy.noReturns')}
      </p>
      {fitVehicle ? <FitGuarantee vehicle={fitVehicle.label} /> : null}
    </div>
  );
}

/** "Fit guarantee: the listing said it fits your …": "Doesn't fit" is always accepted. */
export function FitGuarantee({ vehicle }: { vehicle: string }) {
  const { t } = useTranslation('orders');
  return (
    <p className="flex items-start gap-1.5 font-medium text-emerald-800">
      <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('policy.fitGuarantee', { vehicle })}
    </p>
  );
}

/** A return's or a dispute statement's photos: thumbnails, each opening the largest size. */
export function EvidencePhotos({ photos, label }: { photos: PhotoView[]; label: string }) {
  const { t } = useTranslation('orders');
  if (!photos.length) return null;
  return (
    <ul aria-label={label} className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
      {photos.map((photo, index) => (
        <li key={photo.key}>
          <a
            href={photo.sources.at(-1)?.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('evidence.open', { index: index + 1, count: photos.length })}
            className="block overflow-hidden rounded-lg border border-slate-200 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ListingPhoto photo={photo} alt="" sizes="96px" className="aspect-square w-full" emptyLabel="" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A parcel's carrier and tracking number, and a link to follow it at the carrier when there is one:
 * the order's parcel, or the return's.
 */
export function ParcelTracking({
  carrier,
  trackingNumber,
  trackingUrl,
}: {
  carrier: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
}) {
  const { t } = useTranslation('orders');
  return (
    <>
      {t('order.tracking', { carrier: carrier ?? '', number: trackingNumber })}
      {trackingUrl ? (
        <>
          {' '}
          <a
            href={trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
          >
            {t('order.trackIt')}
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        </>
      ) : null}
    </>
  );
}
