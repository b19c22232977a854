import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The first problem of each top-level field (`_` for the form itself), as the shared schemas word it. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path[0] ?? '_')] ??= issue.message;
  return found;
}

/** A form field's message: shared-schema keys (`validation.*`) are translated from the errors namespace. */
export function fieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message, { ns: 'errors' }) : message;
}

/** `fieldMessage` bound to the interface's language, for forms outside the auth screens. */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const { t } = useTranslation('errors');
  return (key) => fieldMessage(key, t);
}
