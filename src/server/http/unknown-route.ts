import type { Context, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { errorBody } from './api-error';
import type { AppEnv } from './app-env';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The API's answer when no route took a request: 405 with `Allow` when the path is an operation's
 * under another method, else 404. The route table is read once, on the first such request (it does
 * not change at run time). Matched as strictly as the app's own routes are (Hono's trie router): a
 * trailing slash is another address, so `/listings/` (and `/listings/.`, which arrives so) is 404.
 */
export function unknownRoute(api: Hono<AppEnv>, base: string) {
  let operations: TrieRouter<string> | undefined;
  return (c: Context<AppEnv>) => {
    if (!operations) {
      operations = new TrieRouter<string>();
      for (const route of api.routes)
        if (route.method !== 'ALL') operations.add(route.method, route.path, route.method);
    }
    const path = c.req.path.slice(base.length) || '/';
    const allowed: string[] = METHODS.filter((method) => operations!.match(method, path)[0].length > 0);
    if (!allowed.length) return c.json(errorBody(c, 'NOT_FOUND'), 404);
    if (allowed.includes('GET')) allowed.push('HEAD');
    c.header('Allow', allowed.join(', '));
    return c.json(errorBody(c, 'METHOD_NOT_ALLOWED'), 405);
  };
}
