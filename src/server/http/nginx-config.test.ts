import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS } from './http-server';

/** The directives of the committed nginx site file, by name (comments left out). */
async function directives(): Promise<Map<string, string[]>> {
  const text = await readFile('deploy/nginx/modmarket.conf', 'utf8');
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^\s*([a-z_]+)\s+([^;{#]*);/.exec(line);
    if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!.trim()]);
  }
  return found;
}

describe('the nginx site file', () => {
  it('retries on another instance only what is safe to send twice', async () => {
    const config = await directives();
    const [conditions] = config.get('proxy_next_upstream') ?? [];
    expect(conditions?.split(/\s+/)).toEqual(['error', 'timeout', 'http_503']);
    // A POST that reached an instance is never passed on to another one.
    expect(conditions).not.toContain('non_idempotent');
    expect(config.get('proxy_next_upstream_tries')).toEqual(['2']);
  });

  it('closes idle connections to an instance before the instance does', async () => {
    const [timeout] = (await directives()).get('keepalive_timeout') ?? [];
    expect(timeout).toMatch(/^\d+s$/);
    expect(Number.parseInt(timeout!, 10) * 1000).toBeLessThan(HTTP_TIMEOUTS.keepAliveTimeoutMs);
  });
});
