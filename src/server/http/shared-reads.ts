import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { carriesOwnWrite } from './read-your-writes';

/**
 * Identical reads asked for while one is running share it: the second and later callers with the same
 * key get the running read's result (or its failure) instead of starting their own. Once it has
 * settled, the next caller starts a new one. Nothing is kept afterwards, so a result is never older than
 * the read it came from: a caller that joins gets what the database held at some moment after the read
 * started, a few milliseconds before the caller asked at most (what a shared cache's `s-maxage` already
 * allows visitors, `caching.ts`).
 *
 * Under load, when many visitors open the same page (the first browse page, a popular search, a listing
 * shared somewhere), one statement and one serialisation serve all who asked within its run, instead of
 * one each (issue 37's reads; docs/benchmarks.md).
 */
export function sharedReads<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, read) => {
    const joined = running.get(key);
    if (joined) return joined;
    const started = read();
    running.set(key, started);
    const settled = () => void running.delete(key);
    started.then(settled, settled);
    return started;
  };
}

/**
 * Whether this request's read may be shared with other requests': a visitor's (their answer is the same
 * as every visitor's), unless their browser made a change its reads must see (`carriesOwnWrite`), since
 * a read already running may have started before that change.
 */
export function sharesReads(c: Context<AppEnv>): boolean {
  return c.get('user') === null && !carriesOwnWrite(c);
}
