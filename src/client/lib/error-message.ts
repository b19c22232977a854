import type { TFunction } from 'i18next';
import { ApiClientError } from './api';

/**
 * What to tell a person about a failed request: the server's message (already in their language), or
 * the errors namespace's words for no network, an outage or anything unexpected.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiClientError) {
    if (error.code === 'NETWORK_ERROR') return t('NETWORK_ERROR', { ns: 'errors' });
    if (error.message) return error.message;
    if (error.status >= 500) return t('SERVICE_UNAVAILABLE', { ns: 'errors' });
  }
  return t('INTERNAL_ERROR', { ns: 'errors' });
}
