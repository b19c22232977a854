import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import { cn } from '@client/lib/cn';

/**
 * Content wider than the screen (a comparison table on a phone) that scrolls sideways: a named,
 * keyboard-focusable region (arrow keys scroll it), with a fading edge and a hint while more of it
 * lies to the right.
 */
export function ScrollArea({
  label,
  className,
  boxClassName,
  children,
}: {
  /** The region's accessible name (usually the table's caption). */
  label: string;
  className?: string;
  /** The frame around the scrolling content (border, rounding, background). */
  boxClassName?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const area = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const update = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  return (
    <div className={className}>
      <div className={cn('relative', boxClassName)}>
        <div
          ref={area}
          role="region"
          aria-label={label}
          tabIndex={0}
          className="overflow-x-auto rounded-[inherit] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {children}
        </div>
        {more ? (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-0 w-12 rounded-r-[inherit] bg-gradient-to-l from-white to-transparent"
          />
        ) : null}
      </div>
      {more ? (
        <p className="mt-2 flex items-center justify-end gap-1 text-xs font-medium text-slate-600">
          {t('scrollMore')}
          <ChevronRight aria-hidden className="size-3.5" />
        </p>
      ) : null}
    </div>
  );
}
