import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it("takes a name's first character as the segmenter does, whatever follows an ASCII letter", () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const segmented = (text: string) => [...segmenter.segment(text)][0]?.segment ?? '';
    // ASCII first (the shortcut's case), then anything: accents, joiners, emoji, CR LF, surrogates.
    const joiners = fc.constantFrom('\u0301', '\u200d', '\ufe0f', '\n', '\u0903', '\u{1f3fb}', '\ud800');
    const text = fc
      .tuple(
        fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 2 }),
        fc.array(fc.oneof(joiners, fc.string({ unit: 'grapheme', maxLength: 2 })), { maxLength: 3 }),
      )
      .map(([head, rest]) => head + rest.join(''));
    fc.assert(
      fc.property(text, (name) => firstCharacter(name) === segmented(name)),
      { numRuns: 2000 },
    );
    expect(firstCharacter('K\u0301ato')).toBe('K\u0301');
    expect(firstCharacter('\r\nx')).toBe('\r\n');
    expect(firstCharacter('Smith')).toBe('S');
  });
});
