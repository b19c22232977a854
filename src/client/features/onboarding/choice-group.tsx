import { useId, useState } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OTHER_TEXT_MAX_LENGTH } from '@common/schemas/auth';
import { CheckboxField, inputClass } from '@client/components/ui/field';

/** A set of checkboxes plus "Other" with its free text (up to 100 characters). */
export function ChoiceGroup<T extends string>({
  legend,
  options,
  label,
  selected,
  onChange,
  other,
  onOtherChange,
  otherLabel,
  error,
}: {
  legend: string;
  options: readonly T[];
  label: (option: T) => string;
  selected: T[];
  onChange: (next: T[]) => void;
  other: { checked: boolean; text: string };
  onOtherChange: (next: { checked: boolean; text: string }) => void;
  otherLabel: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation('onboarding');
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-2.5 sm:grid-cols-3">
        {options.map((option) => (
          <CheckboxField
            key={option}
            label={label(option)}
            checked={selected.includes(option)}
            onChange={(event) =>
              onChange(event.target.checked ? [...selected, option] : selected.filter((s) => s !== option))
            }
          />
        ))}
        <CheckboxField
          label={t('other')}
          checked={other.checked}
          onChange={(event) => onOtherChange({ ...other, checked: event.target.checked })}
        />
      </div>
      {other.checked ? (
        <div className="mt-3">
          <label className="sr-only" htmlFor={`${errorId}-other`}>
            {otherLabel}
          </label>
          <input
            id={`${errorId}-other`}
            className={inputClass}
            maxLength={OTHER_TEXT_MAX_LENGTH}
            placeholder={t('otherPlaceholder')}
            value={other.text}
            onChange={(event) => onOtherChange({ ...other, text: event.target.value })}
          />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Binds a ChoiceGroup to two fields of a form: the list of choices and the "Other" text. Whether
 * "Other" is ticked is the group's own state: the text counts only while it is.
 */
export function useChoices<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, FieldValues>,
  list: Path<Values>,
  otherText: Path<Values>,
  /** The "Other" text already stored, if any: ticked with it. */
  initialOther = '',
) {
  const [other, setOther] = useState({ checked: initialOther !== '', text: initialOther });
  const selected = (useWatch({ control: form.control, name: list }) ?? []) as string[];
  const revalidate = form.formState.isSubmitted;
  return {
    selected,
    onChange: (next: string[]) =>
      form.setValue(list, next as PathValue<Values, Path<Values>>, { shouldValidate: revalidate }),
    other,
    onOtherChange: (next: { checked: boolean; text: string }) => {
      setOther(next);
      form.setValue(otherText, (next.checked ? next.text : '') as PathValue<Values, Path<Values>>, {
        shouldValidate: revalidate,
      });
    },
  };
}
