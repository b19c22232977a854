import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Bodies smaller than this go out as they are: the saving would not pay for the work and the headers. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli quality for answers compressed per request: 4 is about as fast as gzip's default level and
 * still smaller. The built files are compressed once, at the highest quality (vite.config.ts).
 */
export const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip';

/** JSON, HTML, JavaScript and CSS, and the other text the server sends (XML sitemaps, SVG, plain text). */
const COMPRESSIBLE =
  /^\s*(?:text\/(?:html|css|javascript|plain|xml)|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/**
 * The encoding to send for an `Accept-Encoding` header: the one with the highest weight, brotli on a tie,
 * none when neither is acceptable. An encoding the header does not name takes the weight of `*`.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Each content coding is a representation of its own, so it gets an entity tag of its own: `"abc"`
 * becomes `"abc.br"` or `"abc.gz"`. A weak tag already allows for it and stays as it is.
 */
const TAG_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export function encodedTag(tag: string, encoding: Encoding): string {
  return tag.startsWith('"') ? `${tag.slice(0, -1)}${TAG_SUFFIX[encoding]}"` : tag;
}

/** The opaque part of an entity tag as `encodedTag` may have extended it, without the encoding's suffix. */
export function unencodedOpaqueTag(opaque: string): string {
  return opaque.replace(/\.(?:br|gz)$/, '');
}

/** Adds names to a `Vary` header, once each. */
export function addVary(headers: Headers, ...names: string[]): void {
  const current = headers.get('Vary');
  if (current?.trim() === '*') return;
  const listed = new Set(current?.split(',').map((name) => name.trim().toLowerCase()) ?? []);
  const missing = names.filter((name) => !listed.has(name.toLowerCase()));
  if (missing.length) headers.set('Vary', [current, ...missing].filter(Boolean).join(', '));
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses on the zlib thread pool, so a big body does not hold up other requests. */
export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: GZIP_LEVEL });
}

/**
 * Compresses answers on the fly with brotli or gzip, as the request's `Accept-Encoding` allows (brotli
 * preferred): JSON, HTML, JavaScript, CSS and other text of at least `COMPRESS_MIN_BYTES`. Left as they
 * are: HEAD requests, answers without a body (204, 304), partial content, answers already encoded (the
 * built files, precompressed), `Cache-Control: no-transform`, event streams (not a compressible type)
 * and WebSocket handshakes. Any answer whose form depends on `Accept-Encoding` says so in `Vary`.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'HEAD' || c.req.header('Upgrade')) return;
    const res = c.res;
    if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return;
    // Status and headers first: looking at `body` turns the server's lightweight answer into a full one.
    if (res.headers.has('Content-Encoding') || !isCompressible(res.headers.get('Content-Type'))) return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;

    const declared = res.headers.get('Content-Length');
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    if (declared !== null && Number(declared) < COMPRESS_MIN_BYTES) return;
    if (declared !== null || !encoding) {
      // Known size, or nothing to encode for this client: the body goes out as it is, unread (a client
      // without an encoding is told Vary whatever the size: harmless, and cheaper than reading it).
      addVary(res.headers, 'Accept-Encoding');
      if (!encoding) return;
    }
    if (!res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const replace = (content: Uint8Array<ArrayBuffer>) => {
      c.res = undefined;
      c.res = new Response(content, { status: res.status, statusText: res.statusText, headers });
    };
    if (body.byteLength < COMPRESS_MIN_BYTES) return replace(body);
    addVary(headers, 'Accept-Encoding');

    const compressed = await compress(body, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(compressed.byteLength));
    const tag = headers.get('ETag');
    if (tag) headers.set('ETag', encodedTag(tag, encoding));
    // zlib's output is an ordinary buffer (never shared memory).
    replace(compressed as Uint8Array<ArrayBuffer>);
  };
}
