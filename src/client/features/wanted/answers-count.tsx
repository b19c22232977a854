import { useTranslation } from 'react-i18next';
import type { WantedAnswers } from '@common/schemas/wanted';
import { formatNumber } from '@common/i18n/format';
import { useLanguage } from '@client/lib/use-language';

/** "2 of 5 answers used this month", or "Unlimited answers" (Platinum). */
export function AnswersCount({ answers }: { answers: WantedAnswers }) {
  const { t } = useTranslation('wanted');
  const language = useLanguage();
  return (
    <p className="text-sm text-slate-600">
      {answers.limit === null
        ? t('answer.unlimited')
        : t('answer.used', {
            count: answers.limit,
            used: formatNumber(answers.used, language),
            limit: formatNumber(answers.limit, language),
          })}
    </p>
  );
}
