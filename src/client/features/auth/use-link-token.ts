import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The `token` of a link from an email. Once the page has rendered, it is taken out of the address
 * bar, so it is not kept in the history, bookmarked or shown over a shoulder. Reading stays pure: a
 * render that suspends and starts over still finds the token in the address.
 */
export function useLinkToken(): string | null {
  const { search } = useLocation();
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return token;
}
