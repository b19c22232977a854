import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the embedded defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.SEED_DEMO).toBe(true);
  });

  it('honours PORT, PUBLIC_URL, DATA_DIR and SEED_DEMO', () => {
    const env = loadEnv({
      PORT: '4100',
      PUBLIC_URL: 'https://parts.example/',
      DATA_DIR: '/srv/mm',
      SEED_DEMO: 'false',
    });
    expect(env.PORT).toBe(4100);
    expect(env.PUBLIC_URL).toBe('https://parts.example');
    expect(env.DATA_DIR).toBe('/srv/mm');
    expect(env.SEED_DEMO).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('names the bad variable in %o', (source, name) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`${name}:`));
  });
});
