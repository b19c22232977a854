import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg py-1 text-lg font-bold tracking-tight">
      <svg aria-hidden viewBox="0 0 64 64" className="size-8">
        <rect width="64" height="64" rx="14" fill="#1e293b" />
        <circle cx="32" cy="32" r="18" fill="none" stroke="#f97316" strokeWidth="6" />
        <circle cx="32" cy="32" r="6" fill="#f97316" />
      </svg>
      <span>{t('brand')}</span>
    </Link>
  );
}
