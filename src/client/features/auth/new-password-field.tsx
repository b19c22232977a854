import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '@client/lib/form-errors';
import { TextField } from '@client/components/ui/field';
import { PasswordRequirements } from './password-requirements';

/**
 * A new password's field (sign-up, reset, settings): while its rules are unmet they are listed under
 * it (once `showRules`), in place of the "too weak" message.
 */
export function NewPasswordField({
  label,
  password,
  showRules,
  error,
  ...field
}: UseFormRegisterReturn & {
  label: string;
  /** The value typed so far (watched by the form). */
  password: string;
  showRules: boolean;
  /** The field's error, as the schema's `validation.*` key. */
  error: string | undefined;
}): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      error={error === 'validation.passwordWeak' ? undefined : fieldMessage(error, t)}
      {...field}
    >
      {showRules ? (
        <div className="mt-2">
          <PasswordRequirements password={password} />
        </div>
      ) : null}
    </TextField>
  );
}
