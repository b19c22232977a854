import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env';
import { errorBody, requestLanguage } from './api-error';
import { translator } from '../i18n/translate';

/**
 * A router whose request validation failures answer 400 with a translated message per field,
 * in the shape every other error uses (404 for a malformed id in the path).
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      // A malformed id names no row: the same answer as a missing one, on every route.
      if (result.target === 'param') return c.json(errorBody(c, 'NOT_FOUND'), 404);
      const t = translator(requestLanguage(c));
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        if (fields[key]) continue;
        // The shared schemas name their own messages (`validation.*` keys of the errors namespace).
        if (issue.message.startsWith('validation.')) fields[key] = t(issue.message);
        else if (issue.code === 'too_big' && 'maximum' in issue)
          fields[key] = t('field.tooLong', { max: issue.maximum });
        else if (issue.code === 'too_small' && 'minimum' in issue && Number(issue.minimum) > 1)
          fields[key] = t('field.tooShort', { min: issue.minimum });
        else if (issue.code === 'invalid_type' && issue.input === undefined)
          fields[key] = t('field.required');
        else fields[key] = t('field.invalid');
      }
      return c.json(errorBody(c, 'VALIDATION_ERROR', {}, fields), 400);
    },
  });
}
