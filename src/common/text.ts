/**
 * Cutting what people typed without breaking a character. JavaScript counts UTF-16 units, so a plain
 * `slice` can keep half of an emoji or of a letter outside the basic plane (𝔘): a lone surrogate,
 * which PostgreSQL's JSON refuses outright and which shows as a box everywhere else.
 */

/** At most `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

let graphemes: Intl.Segmenter | undefined;

/** The first character as a reader sees it (é written as e and its accent, 👩‍🔧, 𝔘), or ''. */
export function firstCharacter(text: string): string {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) return segment;
  return '';
}
