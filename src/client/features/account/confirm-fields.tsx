import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@client/components/ui/field';

type FieldProps = UseFormRegisterReturn & { error: string | undefined };

/** The current password, which every change that proves who is asking requires. */
export function CurrentPasswordField(props: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('password.current')}
      type="password"
      autoComplete="current-password"
      required
      {...props}
    />
  );
}

/** With two-step sign-in on: a code from the app, or a recovery code. */
export function TwoFactorCodeField(props: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('twoFactor.codeOrRecovery')}
      autoComplete="one-time-code"
      maxLength={32}
      required
      {...props}
    />
  );
}
