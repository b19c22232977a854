import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import type { Fit } from '@common/schemas/vehicles';
import { cn } from '@client/lib/cn';

/** "Fits your 1998 Toyota Supra": shown to a member whose fleet has a vehicle this part fits. */
export function FitBadge({ fit, className }: { fit: Fit | undefined; className?: string }) {
  const { t } = useTranslation('market');
  if (!fit) return null;
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200',
        className,
      )}
    >
      <CircleCheck aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{t('fits.badge', { vehicle: fit.label })}</span>
    </span>
  );
}
