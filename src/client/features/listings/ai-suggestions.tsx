import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Plus, Tag } from 'lucide-react';
import { formatPrice } from '@common/i18n/format';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';

/** What a draft brings besides its title and description (Platinum's advanced writer). */
export interface AiExtras {
  highlights?: string[] | undefined;
  priceRange: { lowCents: number; highCents: number; basedOn: number } | null;
  notice: 'fallback' | 'limit' | null;
}

/** The middle of a suggested range, in cents of whole dollars (what "Use $X" puts in the price field). */
export function midpointOf(range: { lowCents: number; highCents: number }): number {
  return Math.round((range.lowCents + range.highCents) / 200) * 100;
}

/**
 * Under the form's basics after "Write with AI": why the basic writer answered (if it stood in), the
 * highlights (added to the description in one click) and the similar listings' price range (its middle
 * put in the price field in one click). Nothing when the draft has none of these.
 */
export function AiSuggestions({
  extras,
  onAddHighlights,
  onUsePrice,
}: {
  extras: AiExtras;
  onAddHighlights: (highlights: string[]) => void;
  onUsePrice: (priceCents: number) => void;
}) {
  const { t } = useTranslation('market');
  const [added, setAdded] = useState(false);
  const highlights = extras.highlights ?? [];
  const range = extras.priceRange;
  if (!extras.notice && highlights.length === 0 && !range) return null;
  const midpoint = range ? midpointOf(range) : 0;
  return (
    <div className="space-y-3" data-testid="ai-suggestions">
      {extras.notice ? <Alert tone="info">{t(`form.ai.${extras.notice}`)}</Alert> : null}
      {highlights.length > 0 ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{t('form.ai.highlights')}</h3>
            <Button
              variant="secondary"
              size="sm"
              disabled={added}
              onClick={() => {
                onAddHighlights(highlights);
                setAdded(true);
              }}
            >
              {added ? <Check aria-hidden className="size-4" /> : <Plus aria-hidden className="size-4" />}
              {added ? t('form.ai.highlightsAdded') : t('form.ai.addHighlights')}
            </Button>
          </div>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700">
            {highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {range ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <Tag aria-hidden className="size-4 shrink-0 text-slate-500" />
            {t('form.ai.priceRange', {
              low: formatPrice(range.lowCents),
              high: formatPrice(range.highCents),
              count: range.basedOn,
            })}
          </p>
          <Button variant="secondary" size="sm" onClick={() => onUsePrice(midpoint)}>
            {t('form.ai.useMidpoint', { price: formatPrice(midpoint) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
