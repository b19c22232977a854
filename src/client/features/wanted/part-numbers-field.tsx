import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { partNumberKey } from '@common/part-numbers';
import { WANTED_PART_NUMBERS } from '@common/schemas/wanted';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { WaitingButton } from '@client/components/ui/waiting';
import { cn } from '@client/lib/cn';
import { useErrorText } from '@client/lib/form-errors';

/**
 * Up to five part numbers, each a chip with its remove button: typed in the box and added with Enter
 * or Add, checked as the schema checks them (a part number, not one already listed). `draft` is the box,
 * kept by the form so that a number typed and never added is sent too.
 */
export function PartNumbersField({
  value,
  onChange,
  draft,
  onDraftChange,
  errors,
  inputRef,
}: {
  value: string[];
  onChange: (numbers: string[]) => void;
  draft: string;
  onDraftChange: (draft: string) => void;
  /** The form's messages: the list's own, then each number's (by its place in the list). */
  errors: { message?: string | undefined; items: (string | undefined)[] };
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation(['wanted', 'errors']);
  const message = useErrorText();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= WANTED_PART_NUMBERS;

  const add = () => {
    const typed = draft.trim();
    if (!typed) return;
    const problemOf = addProblem(typed, value);
    setProblem(problemOf);
    if (problemOf) return;
    onChange([...value, typed]);
    onDraftChange('');
  };
  const itemErrors = errors.items.flatMap((error, index) =>
    error ? [`${value[index] ?? ''}: ${message(error) ?? ''}`] : [],
  );
  const shown = [problem ? message(problem) : null, message(errors.message), ...itemErrors].filter(Boolean);

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {t('form.partNumbers')}
      </label>
      <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
        {t('form.partNumbersHint', { max: WANTED_PART_NUMBERS })}
      </p>
      {value.length ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t('form.partNumbersAdded')}>
          {value.map((number, index) => (
            <li key={`${number}-${index}`}>
              <WaitingButton
                aria-label={t('form.removePartNumber', { number })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                className={cn(
                  'inline-flex max-w-full items-center gap-1 rounded-full border py-1 pr-2 pl-3 font-mono text-sm font-medium hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                  errors.items[index]
                    ? 'border-red-300 bg-red-50 text-red-800'
                    : 'border-brand-200 bg-brand-50 text-brand-800',
                )}
              >
                <span className="break-all">{number}</span>
                <X aria-hidden className="size-3.5 shrink-0" />
              </WaitingButton>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="text-sm text-slate-600">{t('form.partNumbersFull', { max: WANTED_PART_NUMBERS })}</p>
      ) : (
        <div className="flex gap-2">
          <input
            id={id}
            ref={inputRef}
            className={cn(inputClass, 'min-w-0 flex-1 font-mono')}
            value={draft}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('form.partNumberPlaceholder')}
            aria-invalid={shown.length ? true : undefined}
            aria-describedby={`${id}-hint${shown.length ? ` ${id}-error` : ''}`}
            enterKeyHint="enter"
            onChange={(event) => {
              setProblem(null);
              onDraftChange(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ',') return;
              event.preventDefault();
              add();
            }}
          />
          <Button
            variant="secondary"
            size="lg"
            className="shrink-0 px-4!"
            onClick={add}
            disabled={!draft.trim()}
          >
            <Plus aria-hidden className="size-4" />
            {t('form.addPartNumber')}
          </Button>
        </div>
      )}
      {shown.length ? (
        <div id={`${id}-error`} className="mt-1.5 space-y-0.5 text-sm text-red-700">
          {shown.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Why a typed number cannot join the list (a `validation.*` key), or null when it can. */
export function addProblem(typed: string, numbers: string[]): string | null {
  const key = partNumberKey(typed);
  if (key === null) return 'validation.partNumberInvalid';
  if (numbers.some((number) => partNumberKey(number) === key)) return 'validation.partNumberTwice';
  if (numbers.length >= WANTED_PART_NUMBERS) return 'validation.tooManyPartNumbers';
  return null;
}
