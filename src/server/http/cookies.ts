import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export interface CookieSettings {
  /** True when the site is served over https (PUBLIC_URL). */
  secure: boolean;
}

/**
 * Every cookie the server sets goes through here. Over https each is `__Host-` prefixed: Secure, for
 * this exact host, path `/`, so no subdomain or plain-http page can set or shadow it. Plain http
 * (a developer's localhost) cannot use the prefix and gets the bare name.
 */
export function cookieName(settings: CookieSettings, name: string): string {
  return settings.secure ? `__Host-${name}` : name;
}

export function readCookie(c: Context, settings: CookieSettings, name: string): string | undefined {
  return getCookie(c, cookieName(settings, name));
}

/** Longest value a secret cookie of ours can hold (a 43-character token, with room to spare). */
const MAX_SECRET_LENGTH = 100;

/**
 * A cookie holding one of our random secrets, or undefined when absent or too long to be one (a
 * forged value is never hashed and looked up).
 */
export function readSecretCookie(c: Context, settings: CookieSettings, name: string): string | undefined {
  const value = readCookie(c, settings, name);
  return value && value.length <= MAX_SECRET_LENGTH ? value : undefined;
}

export function writeCookie(
  c: Context,
  settings: CookieSettings,
  name: string,
  value: string,
  options: { maxAge?: number; expires?: Date; crossSiteForm?: boolean } = {},
): void {
  setCookie(c, cookieName(settings, name), value, {
    httpOnly: true,
    secure: settings.secure,
    // A cross-site form POST (Apple's sign-in answer) carries only a SameSite=None cookie.
    sameSite: options.crossSiteForm && settings.secure ? 'None' : 'Lax',
    path: '/',
    ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
    ...(options.expires ? { expires: options.expires } : {}),
  });
}

export function clearCookie(c: Context, settings: CookieSettings, name: string): void {
  deleteCookie(c, cookieName(settings, name), { path: '/', secure: settings.secure });
}
