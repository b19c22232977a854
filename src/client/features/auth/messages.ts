import type { TFunction } from 'i18next';
import { ApiClientError } from '@client/lib/api';

/** The sign-in error catalogue: the server's translated message, or the network and outage messages. */
export function authErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (error instanceof ApiClientError) {
    if (error.code === 'NETWORK_ERROR') return t('errors.cannotConnect');
    if (error.status >= 500) return t('errors.unavailable');
    if (error.message) return error.message;
  }
  return t('errors.unexpected');
}
