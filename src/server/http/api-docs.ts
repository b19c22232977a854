import { createRequire } from 'node:module';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';

/**
 * The API docs page: Swagger UI served from the installed package (no CDN), reading /api/openapi.json.
 */
export function apiDocs() {
  const require = createRequire(import.meta.url);
  const assetsDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const allowed = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);
  const types: Record<string, string> = {
    '.css': 'text/css; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.png': 'image/png',
  };

  const app = new Hono();
  app.get('/', (c) =>
    c.html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>ModMarket API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`),
  );
  app.get('/init.js', (c) => {
    c.header('Content-Type', types['.js']!);
    return c.body("window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });\n");
  });
  app.get('/:file', async (c) => {
    const file = c.req.param('file');
    if (!allowed.has(file)) return c.notFound();
    c.header('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await readFile(path.join(assetsDir, file)));
  });
  return app;
}
