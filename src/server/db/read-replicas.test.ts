import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLsn, isLsn, lagOf, parseLsn } from './read-replicas';

describe('WAL positions', () => {
  it('orders positions as PostgreSQL does (the high half first)', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(isLsn('0/16B3748')).toBe(true);
    for (const bad of ['', '0/', '16B3748', '0/1/2', '0/1; drop table users', 'G/0'])
      expect(isLsn(bad)).toBe(false);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (n) => {
        expect(parseLsn(formatLsn(n))).toBe(n);
      }),
    );
  });
});

describe('a replica’s lag', () => {
  const samples = [
    { at: 1_000, lsn: 100n },
    { at: 2_000, lsn: 100n },
    { at: 3_000, lsn: 250n },
    { at: 4_000, lsn: 400n },
  ];

  it('is nothing once it has replayed the newest position', () => {
    expect(lagOf(400n, samples, 4_500)).toBe(0);
    expect(lagOf(500n, samples, 4_500)).toBe(0);
  });

  it('is the time since the primary was last where the replica is', () => {
    // Replayed 100: the primary was still there at 2,000, so nothing it lacks is older than that.
    expect(lagOf(100n, samples, 4_500)).toBe(2_500);
    expect(lagOf(300n, samples, 4_500)).toBe(1_500);
  });

  it('is unbounded when every sample kept is past it', () => {
    expect(lagOf(50n, samples, 4_500)).toBe(Infinity);
  });
});
