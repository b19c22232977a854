import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { CATEGORIES, MAKES } from '@common/catalog';
import type { WantedQuery } from '@common/schemas/wanted';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { WaitingInput, WaitingSelect } from '@client/components/ui/waiting';
import { cn } from '@client/lib/cn';
import { useAddressDraft } from '@client/lib/use-address-draft';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { WANTED_FILTERS, type WantedFilter } from './query';

type Draft = Record<WantedFilter, string>;

const toDraft = (query: Partial<WantedQuery>): Draft =>
  Object.fromEntries(
    WANTED_FILTERS.map((key) => [key, query[key] === undefined ? '' : String(query[key])]),
  ) as Draft;

/** The filters that are set, for the address. */
const cleaned = (draft: Draft): Record<string, string> =>
  Object.fromEntries(
    Object.entries(draft).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : [])),
  );

/**
 * The search box and the filters of the wanted list, as browse has them: category, make, model, year.
 * A choice applies at once, the model and year once typing pauses, the search on Enter or Search.
 */
export function WantedFilters({
  query,
  queryKey,
  onApply,
}: {
  query: Partial<WantedQuery>;
  /** The filters in the address, as one string: the form follows them when they change (back, a link). */
  queryKey: string;
  /** Puts the filters in the address; answers the address's key they lead to. */
  onApply: (filters: Record<string, string>) => string;
}) {
  const { t } = useTranslation(['wanted', 'market']);
  const labels = useCatalogLabels();
  const { draft, choose, type, submit } = useAddressDraft<WantedFilter>({
    queryKey,
    fromAddress: () => toDraft(query),
    // A year still being typed is not asked for yet.
    search: (next) => (/^\d{1,3}$/.test(next.year) ? null : onApply(cleaned(next))),
  });

  return (
    <form
      role="search"
      aria-label={t('list.searchLabel')}
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex gap-2">
        <label htmlFor="wanted-search" className="sr-only">
          {t('list.searchLabel')}
        </label>
        <WaitingInput
          id="wanted-search"
          type="search"
          className={cn(inputClass, 'min-w-0 flex-1')}
          placeholder={t('list.searchPlaceholder')}
          value={draft.search}
          maxLength={100}
          enterKeyHint="search"
          onChange={(event) => type('search', event.target.value)}
        />
        <Button type="submit" size="lg" className="shrink-0 max-sm:px-3 sm:px-5">
          <Search aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('browse.apply', { ns: 'market' })}</span>
        </Button>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Field label={t('browse.category', { ns: 'market' })}>
          <WaitingSelect
            className={inputClass}
            value={draft.category}
            onChange={(event) => choose('category', event.target.value)}
          >
            <option value="">{t('browse.anyCategory', { ns: 'market' })}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {labels.category(category)}
              </option>
            ))}
          </WaitingSelect>
        </Field>
        <Field label={t('browse.make', { ns: 'market' })}>
          <WaitingSelect
            className={inputClass}
            value={draft.make}
            onChange={(event) => choose('make', event.target.value)}
          >
            <option value="">{t('browse.anyMake', { ns: 'market' })}</option>
            {MAKES.map((make) => (
              <option key={make} value={make}>
                {labels.make(make)}
              </option>
            ))}
          </WaitingSelect>
        </Field>
        <Field label={t('browse.model', { ns: 'market' })}>
          <WaitingInput
            className={inputClass}
            value={draft.model}
            maxLength={80}
            placeholder={t('browse.modelPlaceholder', { ns: 'market' })}
            onChange={(event) => type('model', event.target.value)}
          />
        </Field>
        <Field label={t('browse.year', { ns: 'market' })}>
          <WaitingInput
            className={inputClass}
            value={draft.year}
            inputMode="numeric"
            placeholder={t('browse.yearPlaceholder', { ns: 'market' })}
            onChange={(event) => type('year', event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </Field>
      </div>
    </form>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="block min-w-0 text-sm font-medium text-slate-800">
      <span className="mb-1 block">{label}</span>
      {children}
    </label>
  );
}
