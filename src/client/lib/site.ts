/**
 * The site's public origin, for canonical links: the one the server renders pages with (its
 * `PUBLIC_URL`), handed to the browser with the page so both write the same links.
 */
let origin: string | undefined;

export function setSiteOrigin(value: string): void {
  origin = value;
}

export function siteOrigin(): string {
  return origin ?? globalThis.location?.origin ?? 'http://localhost';
}
