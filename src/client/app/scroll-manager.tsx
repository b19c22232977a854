import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited entry of the history was scrolled to, for Back and Forward. */
const positions = new Map<string, number>();

/**
 * Scrolls like a site of documents: a new page starts at the top, Back and Forward return to where
 * the reader was, and a change of the query alone (a browse filter) keeps the place.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigation = useNavigationType();
  const pathname = useRef(location.pathname);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const samePage = pathname.current === location.pathname;
    pathname.current = location.pathname;
    if (navigation === 'POP') window.scrollTo(0, positions.get(location.key) ?? 0);
    else if (!samePage && !location.hash) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigation]);

  return null;
}
