import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('the HTTP app', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'modmarket-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths).toHaveProperty('/health');
    expect(doc.components.schemas).toHaveProperty('Health');
    expect(doc.components.schemas).toHaveProperty('ErrorResponse');
  });

  it('serves the API docs page without any outside script', async () => {
    const response = await t.app.request('/api/docs');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    expect((await t.app.request('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
    expect((await t.app.request('/api/docs/package.json')).status).toBe(404);
  });

  it('answers an unknown API path with a JSON 404 in the asker language', async () => {
    const response = await t.app.request('/api/nope', { headers: { 'Accept-Language': 'zh-CN' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: '找不到您要查找的内容。' },
    });
  });

  it('serves the app for every page of the route table, and 404 for other paths', async () => {
    for (const page of ['/', '/browse', '/listing/123', '/terms', '/onboarding/done']) {
      const response = await t.app.request(page);
      expect(response.status, page).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const missing = await t.app.request('/no/such/page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year, and a missing one’s 404 not at all', async () => {
    const response = await t.app.request('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const missing = await t.app.request('/assets/missing.js');
    expect(missing.status).toBe(404);
    // A missing file's answer is never kept: the next deploy may bring it.
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect((await t.app.request('/terms')).headers.get('cache-control')).toBe('no-cache');
    expect((await t.app.request('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends security headers with a same-origin content policy', async () => {
    const response = await t.app.request('/');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Connections (fetch and the WebSocket) go to this origin only.
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('permissions-policy')).toContain('geolocation=()');
    // No framing (clickjacking), no <base> rewriting, no full URLs (with their tokens) to other sites.
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("base-uri 'none'");
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // HSTS only in production, where the site is https.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    // Answers about who is signed in are never cached.
    expect((await t.app.request('/api/auth/session')).headers.get('cache-control')).toBe('no-store');
  });

  it('grants no other site access to its answers (no CORS), echoes no TRACE, serves no source files', async () => {
    const read = await t.app.request('/api/listings', { headers: { Origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.app.request('/api/vehicles', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    // TRACE over a real connection (fetch refuses to send one).
    const host = await t.listen();
    const trace = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `http://${host}/`,
        { method: 'TRACE', headers: { Cookie: 'mm_session=secret-value' } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(trace.status).toBeGreaterThanOrEqual(400);
    expect(trace.body).not.toContain('secret-value');
    for (const path of ['/.git/config', '/.env', '/package.json', '/src/server/app.ts'])
      expect((await t.app.request(path)).status).toBe(404);
  });

  it('sends HSTS in production', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SECRETS_KEY: 'ab'.repeat(32),
        PUBLIC_URL: 'https://modmarket.example',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
    });
    try {
      const response = await production.app.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await production.close();
    }
  });

  it('does not serve media outside the storage keys', async () => {
    expect((await t.app.request('/media/listings/../../etc/passwd')).status).toBe(404);
    expect((await t.app.request('/media/listings/none/320.webp')).status).toBe(404);
  });
});
