import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button } from '@client/components/ui/button';

/**
 * "More details": what a listing can do without on a first go (description, location, offers,
 * delivery, verification), folded under one button. Its fields stay in the form while folded, so their
 * values are kept and sent; the form opens it when one of them is in error.
 */
export function MoreDetails({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('market');
  const panel = useId();
  const hint = useId();
  return (
    <div className="space-y-6">
      <div>
        <Button
          variant="secondary"
          size="lg"
          className="w-full justify-between!"
          aria-expanded={open}
          aria-controls={panel}
          aria-describedby={hint}
          onClick={() => onOpenChange(!open)}
        >
          {t('form.moreDetails')}
          <ChevronDown aria-hidden className={cn('size-5 transition-transform', open && 'rotate-180')} />
        </Button>
        <p id={hint} className="mt-2 text-sm text-slate-600">
          {t('form.moreDetailsHint')}
        </p>
      </div>
      <div id={panel} hidden={!open} className="space-y-6">
        {children}
      </div>
    </div>
  );
}
