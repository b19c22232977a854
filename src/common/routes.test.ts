import { describe, expect, it } from 'vitest';
import { isAppPath, paths } from './routes';

describe('routes', () => {
  it('knows every page of the route table', () => {
    for (const path of [
      '/',
      '/auth',
      '/listing/abc-123',
      '/onboarding/role',
      '/history',
      '/terms',
      '/browse/',
      '/parts-wanted',
      '/parts-wanted/new',
      '/parts-wanted/abc-123',
      '/parts-wanted/abc-123/edit',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('knows nothing else', () => {
    for (const path of [
      '/nope',
      '/listing',
      '/listing/a/b',
      '/onboarding',
      '/auth/extra',
      '/parts-wanted/a/b',
    ]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it('builds sign-in links with the page to come back to', () => {
    expect(paths.auth.href({ mode: 'signin', redirect: '/notifications' })).toBe(
      '/auth?mode=signin&redirect=%2Fnotifications',
    );
    expect(paths.listing.href('a b')).toBe('/listing/a%20b');
  });
});
