import type { Context, Hono } from 'hono';
import { PatternRouter } from 'hono/router/pattern-router';
import { errorBody } from './api-error';
import type { AppEnv } from './app-env';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The API's answer when no route took a request: 405 with `Allow` when the path is an operation's
 * under another method, else 404. The route table is read once, on the first such request (it does
 * not change at run time). The pattern router lets a trailing slash through where the app's routes do
 * not: no operation's address ends in one, so such a path is 404 under any method (`/listings/` is not
 * `/listings`, and `/listings/.` reaches the server as `/listings/`).
 */
export function unknownRoute(api: Hono<AppEnv>, base: string) {
  let operations: PatternRouter<string> | undefined;
  return (c: Context<AppEnv>) => {
    if (!operations) {
      operations = new PatternRouter<string>();
      for (const route of api.routes)
        if (route.method !== 'ALL') operations.add(route.method, route.path, route.method);
    }
    const path = c.req.path.slice(base.length) || '/';
    if (path.length > 1 && path.endsWith('/')) return c.json(errorBody(c, 'NOT_FOUND'), 404);
    const allowed: string[] = METHODS.filter((method) => operations!.match(method, path)[0].length > 0);
    if (!allowed.length) return c.json(errorBody(c, 'NOT_FOUND'), 404);
    if (allowed.includes('GET')) allowed.push('HEAD');
    c.header('Allow', allowed.join(', '));
    return c.json(errorBody(c, 'METHOD_NOT_ALLOWED'), 405);
  };
}
