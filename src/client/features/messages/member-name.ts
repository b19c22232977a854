import type { TFunction } from 'i18next';
import { dateFormat, formatDate } from '@common/i18n/format';

/** When a message was sent: the time today, the date before. */
export function time(iso: string, language: string) {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today
    ? dateFormat(language, { timeStyle: 'short' }).format(date)
    : formatDate(date, language as 'en');
}

/** The other member as this one sees them: first name and initial, or that they deleted their account. */
export function memberName(member: { name: string | null; deleted: boolean }, t: TFunction): string {
  return member.deleted ? t('deletedMember') : (member.name ?? t('anonymous'));
}
