import { errorChain } from './errors';

/**
 * Whether an error means the database cannot be reached right now (restarting, failed over, the
 * network between us cut) rather than a mistake in the query: the answer is then 503, and the pool
 * reconnects by itself once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const code = e.code;
    if (typeof code === 'string') {
      // Class 08: connection exceptions; 57P01-57P03: the server is shutting down or starting up.
      if (code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
        return true;
    }
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}
