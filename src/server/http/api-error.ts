import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode, ErrorResponse } from '@common/schemas/errors';
import { languageFromAcceptLanguage, type Language } from '@common/i18n/languages';
import { translator } from '../i18n/translate';

/** Thrown anywhere in a request; answered as `{ error: { code, message } }` in the asker's language. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, string>,
    /** What went wrong underneath (`cause`), for the log. */
    options?: ErrorOptions,
  ) {
    super(code, options);
  }
}

export function requestLanguage(c: Context): Language {
  return languageFromAcceptLanguage(c.req.header('accept-language'));
}

export function errorBody(
  c: Context,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  fields?: Record<string, string>,
): ErrorResponse {
  const t = translator(requestLanguage(c));
  // A field's message may be a `validation.*` key of the errors namespace, translated here.
  const translated =
    fields &&
    Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, value.startsWith('validation.') ? t(value) : value]),
    );
  return { error: { code, message: t(code, params), ...(translated ? { fields: translated } : {}) } };
}

export function errorResponse(c: Context, error: ApiError) {
  return c.json(errorBody(c, error.code, error.params, error.fields), error.status);
}
