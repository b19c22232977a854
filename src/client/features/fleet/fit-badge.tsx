import { useTranslation } from 'react-i18next';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { Fit, Misfit } from '@common/schemas/vehicles';
import { cn } from '@client/lib/cn';

/**
 * "Fits your 1998 Toyota Supra", shown to a member whose fleet has a vehicle this part fits; or
 * "Doesn't fit your 1996 Nissan 240SX: fits 1989-1994" when the member has one of its make and model
 * that it does not fit.
 */
export function FitBadge({
  fit,
  misfit,
  className,
}: {
  fit: Fit | undefined;
  misfit?: Misfit | undefined;
  className?: string;
}) {
  const { t } = useTranslation('market');
  if (!fit && !misfit) return null;
  const Icon = fit ? CircleCheck : TriangleAlert;
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-2xl px-2 py-0.5 text-xs font-semibold ring-1',
        fit ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200',
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5 shrink-0" />
      {/* What does not fit is read whole (it says which years do); what fits may be cut short. */}
      <span className={fit ? 'truncate' : 'min-w-0 leading-snug'}>
        {fit
          ? t('fits.badge', { vehicle: fit.label })
          : t('fits.misfit', { vehicle: misfit!.label, years: misfit!.years })}
      </span>
    </span>
  );
}
