import { PAGE_CHUNKS_ID } from '@common/rendering';
import { keepEarlyPresses } from './lib/early-presses';
import './styles.css';

const PRELOADS_PER_TASK = 6;

/**
 * The browser's entry. A page the server rendered paints with its HTML and stylesheet alone; the
 * app's scripts are asked for once it has, together: the app (`main.tsx`, with what it imports)
 * and the chunks the server listed for this page. On a phone's network the first paint does not
 * share the line with the scripts. A page opened in a background tab paints nothing until shown,
 * so there the scripts are asked for at once.
 */
function start() {
  const list = document.getElementById(PAGE_CHUNKS_ID)?.textContent;
  const chunks = list ? (JSON.parse(list) as string[]) : [];
  // A few preloads a task, so a tap right after the first paint is not held up behind them.
  const preload = (from: number) => {
    for (const href of chunks.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + PRELOADS_PER_TASK < chunks.length) setTimeout(() => preload(from + PRELOADS_PER_TASK), 0);
    else run(chunks, 0);
  };
  preload(0);
}

/**
 * Runs the page's chunks one task each, in the server's order (each after the chunks it imports, so a
 * task runs one chunk's modules), then the app, which finds them run. On a slow phone the framework,
 * the app's shell, the schema library and the page's own code are several short tasks, between which a
 * tap is answered, instead of one long one. A chunk that cannot be fetched (a deploy replaced it) is
 * the app's to handle: it is started at once.
 */
function run(chunks: string[], next: number) {
  const href = chunks[next];
  if (href === undefined) {
    void import('./main');
    return;
  }
  import(/* @vite-ignore */ href).then(
    () => setTimeout(() => run(chunks, next + 1), 0),
    () => void import('./main'),
  );
}

/** Runs `then` once the page has painted something: at once in a background tab, which paints nothing. */
function afterFirstPaint(then: () => void) {
  if (
    document.visibilityState === 'hidden' ||
    performance.getEntriesByName('first-contentful-paint').length
  ) {
    then();
    return;
  }
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The frame's callbacks run before it is painted; the timer's, after.
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint' });
}

// A tap on a button before the app has taken the page over is made once it has.
keepEarlyPresses();
afterFirstPaint(start);
