import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './encryption';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const first = sealSecret('JBSWY3DPEHPK3PXP', key);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret('JBSWY3DPEHPK3PXP', key)).not.toBe(first);
    expect(openSecret(first, key)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key and a tampered value', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', key);
    expect(() => openSecret(sealed, randomBytes(32))).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret([version, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow();
    expect(() => openSecret('plain', key)).toThrow();
  });
});
