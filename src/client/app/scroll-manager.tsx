import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited entry of the history was scrolled to, for Back and Forward. */
const positions = new Map<string, number>();

/** How long a page that comes back shorter than the place (its lower part still loading) is followed. */
const FOLLOW_MS = 2000;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls back to `y`. A page that comes back shorter than the place is followed as it grows, until
 * the place is reached, the reader moves, or two seconds pass. Returns what stops the following.
 */
function restore(y: number): () => void {
  window.scrollTo(0, y);
  if (window.scrollY >= y - 1) return () => undefined;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (window.scrollY >= y - 1) stop();
  });
  const timer = window.setTimeout(stop, FOLLOW_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const event of READER_INPUT) window.removeEventListener(event, stop);
  }
  observer.observe(document.documentElement);
  for (const event of READER_INPUT) window.addEventListener(event, stop, { passive: true });
  return stop;
}

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
    if (navigation === 'POP') return restore(positions.get(location.key) ?? 0);
    if (!samePage && !location.hash) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.pathname, location.hash, navigation]);

  return null;
}
