import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { CATEGORIES, CONDITIONS, MAKES } from '@common/catalog';
import { DEFAULT_RADIUS_MILES, RADIUS_OPTIONS } from '@common/schemas/browse';
import { FILTER_KEYS, SORTS, type BrowseQuery } from '@common/schemas/browse';
import { vehicleLabel, type Vehicle } from '@common/vehicle-label';
import { formatPrice } from '@common/i18n/format';
import { centsToTyped, parseDollars } from '@common/schemas/money';
import { inputClass } from '@client/components/ui/field';
import { cn } from '@client/lib/cn';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { useAddressDraft } from '@client/lib/use-address-draft';
import { WaitingButton, WaitingInput, WaitingSelect } from '@client/components/ui/waiting';

export type FilterKey = (typeof FILTER_KEYS)[number];
/** The filter fields as typed: the two prices in dollars, under the keys that carry them in cents. */
export type Draft = Record<FilterKey, string>;

const PRICE_KEYS = new Set<FilterKey>(['minPriceCents', 'maxPriceCents']);

export function toDraft(query: Partial<BrowseQuery>): Draft {
  return Object.fromEntries(
    FILTER_KEYS.map((key) => {
      const value = query[key];
      if (value === undefined) return [key, ''];
      return [key, PRICE_KEYS.has(key) ? centsToTyped(value as number) : String(value)];
    }),
  ) as Draft;
}

/** The URL's filters from the typed ones: empty ones left out, the typed prices as cents (a bad one too). */
export function draftParams(draft: Draft): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft).flatMap(([key, typed]) => {
      const value = typed.trim();
      if (!value) return [];
      if (!PRICE_KEYS.has(key as FilterKey)) return [[key, value]];
      const cents = parseDollars(value);
      return cents === null ? [] : [[key, String(cents)]];
    }),
  );
}

/** A minimum above the maximum matches nothing: said next to the fields instead of searched. */
export function pricesConflict(values: { minPriceCents?: number; maxPriceCents?: number }): boolean {
  const { minPriceCents: min, maxPriceCents: max } = values;
  return min !== undefined && max !== undefined && min > max;
}

/** The same for the typed prices of the form. */
function typedPricesConflict(draft: Draft): boolean {
  return pricesConflict({
    minPriceCents: parseDollars(draft.minPriceCents) ?? undefined,
    maxPriceCents: parseDollars(draft.maxPriceCents) ?? undefined,
  });
}

/** A ZIP code still being typed (1 to 4 digits): not searched yet. */
function zipUnfinished(values: { near?: string }): boolean {
  return /^\d{1,4}$/.test(values.near ?? '');
}

/**
 * Where "Near" starts for a member: their own ZIP code and distance from onboarding or settings, when
 * they gave a US one.
 */
export interface NearDefaults {
  zip: string | null;
  radius: number;
}

/**
 * The filter form's values and when the search follows them (see `useAddressDraft`), never while the
 * prices contradict each other or a ZIP code is half typed. `apply` puts the values in the address and
 * answers the key the address will have.
 */
export function useFilterDraft(query: BrowseQuery, queryKey: string, apply: (draft: Draft) => string) {
  return useAddressDraft<FilterKey>({
    queryKey,
    fromAddress: () => toDraft(query),
    search: (next) => (typedPricesConflict(next) || zipUnfinished(next) ? null : apply(next)),
  });
}

type Filters = ReturnType<typeof useFilterDraft>;

/** The filter fields, laid out by the caller: a row of columns on wide screens, a sheet on phones. */
export function FilterFields({
  filters,
  fleet,
  near,
  nearError,
  className,
}: {
  filters: Filters;
  fleet: Vehicle[] | undefined;
  near: NearDefaults;
  /** Why the search refused the ZIP code (one nobody knows). */
  nearError?: string | undefined;
  className?: string;
}) {
  const { t } = useTranslation('market');
  const labels = useCatalogLabels();
  const { draft, choose, type, set } = filters;
  const conflict = typedPricesConflict(draft);
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
            {labels.category(c)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t('browse.make')} value={draft.make} onChange={(v) => choose('make', v)}>
        <option value="">{t('browse.anyMake')}</option>
        {MAKES.map((m) => (
          <option key={m} value={m}>
            {labels.make(m)}
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
      <div>
        <FilterInput
          label={t('browse.near')}
          value={draft.near}
          onChange={(v) => type('near', v.replace(/\D/g, '').slice(0, 5))}
          placeholder={t('browse.nearPlaceholder')}
          inputMode="numeric"
          invalid={Boolean(nearError)}
          error={nearError}
        />
        {near.zip && !draft.near ? (
          <WaitingButton
            className="mt-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            onClick={() => set({ near: near.zip!, radius: String(near.radius) })}
          >
            {t('browse.useMyZip', { zip: near.zip })}
          </WaitingButton>
        ) : null}
      </div>
      <FilterSelect
        label={t('browse.distance')}
        value={draft.radius || String(near.radius)}
        onChange={(v) => choose('radius', v)}
      >
        {RADIUS_OPTIONS.map((miles) => (
          <option key={miles} value={miles}>
            {t('browse.withinMiles', { miles })}
          </option>
        ))}
      </FilterSelect>
      <FilterInput
        label={t('browse.minPrice')}
        value={draft.minPriceCents}
        onChange={(v) => type('minPriceCents', price(v))}
        inputMode="decimal"
        invalid={conflict}
      />
      <FilterInput
        label={t('browse.maxPrice')}
        value={draft.maxPriceCents}
        onChange={(v) => type('maxPriceCents', price(v))}
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
            {labels.condition(c)}
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
  nearPlace,
  onRemove,
}: {
  query: BrowseQuery;
  fleet: Vehicle[] | undefined;
  /** The `near` ZIP code's city and state ("Portland, OR"), once known. */
  nearPlace: string | undefined;
  onRemove: (keys: FilterKey[]) => void;
}) {
  const { t } = useTranslation('market');
  const labels = useCatalogLabels();
  const chips: { keys: FilterKey[]; label: string }[] = [];
  if (query.search) chips.push({ keys: ['search'], label: `“${query.search}”` });
  if (query.category) chips.push({ keys: ['category'], label: labels.category(query.category) });
  if (query.make) chips.push({ keys: ['make'], label: labels.make(query.make) });
  if (query.model)
    chips.push({ keys: ['model'], label: `${t('browse.model')}: ${labels.model(query.model)}` });
  if (query.year !== undefined) chips.push({ keys: ['year'], label: `${t('browse.year')}: ${query.year}` });
  if (query.minPriceCents !== undefined)
    chips.push({
      keys: ['minPriceCents'],
      label: t('browse.fromPrice', { price: formatPrice(query.minPriceCents) }),
    });
  if (query.maxPriceCents !== undefined)
    chips.push({
      keys: ['maxPriceCents'],
      label: t('browse.upToPrice', { price: formatPrice(query.maxPriceCents) }),
    });
  if (query.condition) chips.push({ keys: ['condition'], label: labels.condition(query.condition) });
  if (query.fits) {
    const vehicle = fleet?.find((v) => v.id === query.fits);
    chips.push({
      keys: ['fits'],
      label: query.fits === 'any' ? t('fits.any') : vehicle ? vehicleLabel(vehicle) : t('fits.filter'),
    });
  }
  if (query.near)
    chips.push({
      keys: ['near', 'radius'],
      label: t('browse.nearChip', {
        miles: query.radius ?? DEFAULT_RADIUS_MILES,
        place: nearPlace ?? query.near,
      }),
    });
  if (chips.length === 0) return null;
  return (
    <ul aria-label={t('browse.activeFilters')} className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.keys.join()} className="max-w-full min-w-0">
          <WaitingButton
            aria-label={t('browse.removeFilter', { label: chip.label })}
            onClick={() => onRemove(chip.keys)}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <span className="truncate">{chip.label}</span>
            <X aria-hidden className="size-3.5 shrink-0" />
          </WaitingButton>
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
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1 block">{label}</span>
      <WaitingSelect className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </WaitingSelect>
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
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1 block">{label}</span>
      <WaitingInput
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
