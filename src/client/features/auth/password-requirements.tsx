import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { unmetPasswordRules } from '@common/schemas/auth';

/** The requirements the password does not meet yet, listed while there are any. */
export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const unmet = unmetPasswordRules(password);
  if (unmet.length === 0) return null;
  return (
    <div
      id={id}
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      aria-live="polite"
    >
      <p className="font-medium">{t('requirements.heading')}</p>
      <ul className="mt-1.5 space-y-1">
        {unmet.map((rule) => (
          <li key={rule} className="flex items-center gap-1.5">
            <X aria-hidden className="size-3.5 shrink-0" />
            {t(`requirements.${rule}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
