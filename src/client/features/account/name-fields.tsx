import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@client/components/ui/field';

/** First and last name, side by side on wide screens: in Settings and where a name is first asked. */
export function NameFields({
  first,
  last,
  errors,
  autoFocus = false,
}: {
  first: UseFormRegisterReturn<'firstName'>;
  last: UseFormRegisterReturn<'lastName'>;
  /** Each field's message, translated. */
  errors: { firstName?: string; lastName?: string };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('details.firstName')}
        autoComplete="given-name"
        required
        autoFocus={autoFocus}
        error={errors.firstName}
        {...first}
      />
      <TextField
        label={t('details.lastName')}
        autoComplete="family-name"
        required
        error={errors.lastName}
        {...last}
      />
    </div>
  );
}
