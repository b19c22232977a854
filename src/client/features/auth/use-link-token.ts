import { useState } from 'react';

/**
 * The `token` of a link from an email, read once. It is then taken out of the address bar, so it is
 * not kept in the history, bookmarked or shown over a shoulder.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get('token');
    if (value) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    return value;
  });
  return token;
}
