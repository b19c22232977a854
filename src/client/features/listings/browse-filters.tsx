import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { CATEGORIES, CONDITIONS, MAKES } from '@common/catalog';
import { FILTER_KEYS, SORTS, type BrowseQuery } from '@common/schemas/listings';
import { vehicleLabel, type Vehicle } from '@common/schemas/vehicles';
import { formatPrice } from '@common/i18n/format';
import { inputClass } from '@client/components/ui/field';
import { cn } from '@client/lib/cn';
import { useAlive, useWaiting } from '@client/lib/use-alive';
import { useLanguage } from '@client/lib/use-language';

export type FilterKey = (typeof FILTER_KEYS)[number];
export type Draft = Record<FilterKey, string>;

/** How long typing in a filter field waits before the search follows it. */
export const TYPING_DELAY_MS = 400;

export function toDraft(query: Partial<BrowseQuery>): Draft {
  return Object.fromEntries(
    FILTER_KEYS.map((key) => [key, query[key] === undefined ? '' : String(query[key])]),
  ) as Draft;
}

/** A minimum above the maximum matches nothing: said next to the fields instead of searched. */
export function pricesConflict(values: { minPrice?: string | number; maxPrice?: string | number }): boolean {
  const min = Number(values.minPrice);
  const max = Number(values.maxPrice);
  return values.minPrice !== '' && values.maxPrice !== '' && min > max && Number.isFinite(min + max);
}

/**
 * The filter form's values and when the search follows them: choices at once, typing after a
 * short pause (or at once on Enter), never while the prices contradict each other.
 */
export function useFilterDraft(query: BrowseQuery, queryKey: string, apply: (draft: Draft) => void) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(query));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL changed (back button, a link, a removed chip): the form follows.
  const [draftKey, setDraftKey] = useState(queryKey);
  if (draftKey !== queryKey) {
    setDraftKey(queryKey);
    setDraft(toDraft(query));
  }

  const run = (next: Draft) => {
    clearTimeout(timer.current);
    if (!pricesConflict(next)) apply(next);
  };

  return {
    draft,
    /** A choice (a select): searched at once. */
    choose: (name: FilterKey, value: string) => {
      const next = { ...draft, [name]: value };
      setDraft(next);
      run(next);
    },
    /** Typing: searched once the member pauses. */
    type: (name: FilterKey, value: string) => {
      const next = { ...draft, [name]: value };
      setDraft(next);
      clearTimeout(timer.current);
      if (name !== 'search') timer.current = setTimeout(() => run(next), TYPING_DELAY_MS);
    },
    submit: () => run(draft),
  };
}

type Filters = ReturnType<typeof useFilterDraft>;

/** The filter fields, laid out by the caller: a row of columns on wide screens, a sheet on phones. */
export function FilterFields({
  filters,
  fleet,
  className,
}: {
  filters: Filters;
  fleet: Vehicle[] | undefined;
  className?: string;
}) {
  const { t } = useTranslation(['market', 'common']);
  const { draft, choose, type } = filters;
  const conflict = pricesConflict(draft);
  const price = (value: string) => value.replace(/[^\d.]/g, '');
  return (
    <div className={cn('gap-3', className)}>
      <FilterSelect
        label={t('browse.category')}
        value={draft.category}
        onChange={(v) => choose('category', v)}
      >
        <option value="">{t('browse.anyCategory')}</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`catalog.categories.${c}`, { ns: 'common' })}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t('browse.make')} value={draft.make} onChange={(v) => choose('make', v)}>
        <option value="">{t('browse.anyMake')}</option>
        {MAKES.map((m) => (
          <option key={m} value={m}>
            {m === 'Other' ? t('catalog.categories.other', { ns: 'common' }) : m}
          </option>
        ))}
      </FilterSelect>
      <FilterInput
        label={t('browse.model')}
        value={draft.model}
        onChange={(v) => type('model', v)}
        placeholder={t('browse.modelPlaceholder')}
      />
      <FilterInput
        label={t('browse.year')}
        value={draft.year}
        onChange={(v) => type('year', v.replace(/\D/g, '').slice(0, 4))}
        placeholder={t('browse.yearPlaceholder')}
        inputMode="numeric"
      />
      <FilterInput
        label={t('browse.minPrice')}
        value={draft.minPrice}
        onChange={(v) => type('minPrice', price(v))}
        inputMode="decimal"
        invalid={conflict}
      />
      <FilterInput
        label={t('browse.maxPrice')}
        value={draft.maxPrice}
        onChange={(v) => type('maxPrice', price(v))}
        inputMode="decimal"
        invalid={conflict}
        error={conflict ? t('browse.priceConflict') : undefined}
      />
      <FilterSelect
        label={t('browse.condition')}
        value={draft.condition}
        onChange={(v) => choose('condition', v)}
      >
        <option value="">{t('browse.anyCondition')}</option>
        {CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {t(`conditions.${c}`)}
          </option>
        ))}
      </FilterSelect>
      {fleet?.length ? (
        <FilterSelect label={t('fits.filter')} value={draft.fits} onChange={(v) => choose('fits', v)}>
          <option value="">{t('fits.all')}</option>
          <option value="any">{t('fits.any')}</option>
          {fleet.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicleLabel(vehicle)}
            </option>
          ))}
        </FilterSelect>
      ) : null}
      <FilterSelect label={t('browse.sort')} value={draft.sort} onChange={(v) => choose('sort', v)}>
        {/* Best match is the default order: chosen, it leaves the address without a sort. */}
        {SORTS.map((s) => (
          <option key={s} value={s === 'best' ? '' : s}>
            {t(`browse.sorts.${s}`)}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}

/** The filters in force, each a button that removes it. */
export function ActiveFilterChips({
  query,
  fleet,
  onRemove,
}: {
  query: BrowseQuery;
  fleet: Vehicle[] | undefined;
  onRemove: (keys: FilterKey[]) => void;
}) {
  const { t } = useTranslation(['market', 'common']);
  const language = useLanguage();
  const chips: { keys: FilterKey[]; label: string }[] = [];
  const alive = useAlive();
  if (query.search) chips.push({ keys: ['search'], label: `“${query.search}”` });
  if (query.category)
    chips.push({ keys: ['category'], label: t(`catalog.categories.${query.category}`, { ns: 'common' }) });
  if (query.make)
    chips.push({
      keys: ['make'],
      label: query.make === 'Other' ? t('catalog.categories.other', { ns: 'common' }) : query.make,
    });
  if (query.model) chips.push({ keys: ['model'], label: `${t('browse.model')}: ${query.model}` });
  if (query.year !== undefined) chips.push({ keys: ['year'], label: `${t('browse.year')}: ${query.year}` });
  if (query.minPrice !== undefined)
    chips.push({
      keys: ['minPrice'],
      label: t('browse.fromPrice', { price: formatPrice(query.minPrice, language) }),
    });
  if (query.maxPrice !== undefined)
    chips.push({
      keys: ['maxPrice'],
      label: t('browse.upToPrice', { price: formatPrice(query.maxPrice, language) }),
    });
  if (query.condition) chips.push({ keys: ['condition'], label: t(`conditions.${query.condition}`) });
  if (query.fits) {
    const vehicle = fleet?.find((v) => v.id === query.fits);
    chips.push({
      keys: ['fits'],
      label: query.fits === 'any' ? t('fits.any') : vehicle ? vehicleLabel(vehicle) : t('fits.filter'),
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label={t('browse.activeFilters')} className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.keys.join()}>
          <button
            type="button"
            aria-label={t('browse.removeFilter', { label: chip.label })}
            onClick={() => onRemove(chip.keys)}
            disabled={!alive}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <span className="truncate">{chip.label}</span>
            <X aria-hidden className="size-3.5 shrink-0" />
          </button>
        </li>
      ))}
    </ul>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  const waiting = useWaiting();
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1 block">{label}</span>
      <select
        {...waiting}
        className={inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </label>
  );
}

function FilterInput({
  label,
  value,
  onChange,
  placeholder,
  inputMode,
  invalid,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
  invalid?: boolean;
  error?: string | undefined;
}) {
  const errorId = `${label.replace(/\W+/g, '-')}-error`;
  const waiting = useWaiting();
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1 block">{label}</span>
      <input
        {...waiting}
        className={inputClass}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        aria-invalid={invalid || undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <span id={errorId} role="alert" className="mt-1 block text-sm font-normal text-red-700">
          {error}
        </span>
      ) : null}
    </label>
  );
}
