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

  // Each entry's place is noted as the reader scrolls. Read when leaving, it would already be the
  // next page's: the old page's content is gone by then and the browser has clamped the scroll to
  // the new one's height. The first page's place is noted at once, so the app taking it over (a POP)
  // leaves a reader who scrolled the server's HTML before the scripts arrived where they are.
  const current = useRef(location.key);
  useLayoutEffect(() => {
    const note = () => positions.set(current.current, window.scrollY);
    note();
    window.addEventListener('scroll', note, { passive: true });
    return () => window.removeEventListener('scroll', note);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const samePage = pathname.current === location.pathname;
    pathname.current = location.pathname;
    if (navigation === 'POP') window.scrollTo(0, positions.get(location.key) ?? 0);
    else if (!samePage && !location.hash) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigation]);

  return null;
}
