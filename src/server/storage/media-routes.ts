import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { PRIVATE_PREFIX, STORAGE_KEY, type Storage } from './storage';

/** Serves stored files at /media/<key>. Keys name content that never changes, so they cache for a year. */
export function mediaRoutes(storage: Storage) {
  const app = new Hono<AppEnv>();
  app.get('/*', async (c) => {
    const key = c.req.path.replace(/^\/media\//, '');
    if (!STORAGE_KEY.test(key) || key.includes('..') || key.startsWith(PRIVATE_PREFIX)) return c.notFound();
    const file = await storage.get(key);
    if (!file) return c.notFound();
    c.header('Content-Type', file.contentType);
    c.header('Content-Length', String(file.size));
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(Readable.toWeb(file.body) as ReadableStream);
  });
  return app;
}
