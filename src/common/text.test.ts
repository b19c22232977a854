import { describe, expect, it } from 'vitest';
import { clip, firstCharacter } from './text';

describe('cutting typed text', () => {
  it('keeps whole characters: a cut inside a surrogate pair drops the pair', () => {
    expect(clip('abc', 5)).toBe('abc');
    expect(clip('abcdef', 3)).toBe('abc');
    expect(clip('ab😀', 3)).toBe('ab');
    expect(clip('ab😀c', 4)).toBe('ab😀');
    expect(firstCharacter('𝔘lloa')).toBe('𝔘');
    expect(firstCharacter('e\u0301mile')).toBe('e\u0301');
    expect(firstCharacter('')).toBe('');
  });
});
