import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@common/i18n/languages';
import { changeLanguage } from '@client/lib/i18n';
import { useLanguage } from '@client/lib/use-language';
import { cn } from '@client/lib/cn';
import { useWaiting } from '@client/lib/use-alive';

/** A native select: keyboard and screen-reader friendly on every device. */
export function LanguageSelect({
  tone = 'dark',
  className,
}: {
  tone?: 'dark' | 'light';
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const waiting = useWaiting();
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages
        aria-hidden
        className={cn('size-4', tone === 'dark' ? 'text-slate-300' : 'text-slate-500')}
      />
      <select
        {...waiting}
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className={cn(
          'h-9 cursor-pointer rounded-lg border px-2 text-sm',
          tone === 'dark'
            ? 'border-slate-700 bg-slate-800 text-slate-100 hover:bg-slate-700'
            : 'border-slate-300 bg-white text-slate-900',
        )}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
