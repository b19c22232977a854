import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '@common/i18n/languages';
import { changeLanguage } from '@client/lib/i18n';
import { useLanguage } from '@client/lib/use-language';
import { cn } from '@client/lib/cn';
import { WaitingSelect } from '@client/components/ui/waiting';

/** A native select: keyboard and screen-reader friendly on every device. */
export function LanguageSelect({
  tone = 'dark',
  className,
  onChosen,
}: {
  tone?: 'dark' | 'light';
  className?: string;
  /** After the switch: a signed-in member's account keeps the choice (their emails follow it). */
  onChosen?: (language: Language) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages
        aria-hidden
        className={cn('size-4', tone === 'dark' ? 'text-slate-300' : 'text-slate-500')}
      />
      <WaitingSelect
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next).then(() => onChosen?.(next));
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
      </WaitingSelect>
    </div>
  );
}
