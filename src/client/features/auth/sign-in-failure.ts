import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '@client/lib/form';
import { toast } from '@client/lib/toast';
import { authErrorMessage } from './messages';

/**
 * A refused sign-in, as the sign-in form and the finish-sign-up form show it: the reason above the
 * form (kept until the next try), on the fields it names, and in a toast.
 */
export function useSignInFailure() {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    show<Values extends FieldValues>(form: { setError: UseFormSetError<Values> }, error: unknown) {
      const message = authErrorMessage(error, t);
      showServerErrors(form, error);
      setFailure(message);
      toast.error(t('errors.signInFailed'), { description: message });
    },
  };
}
