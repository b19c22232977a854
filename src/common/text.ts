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

/**
 * Whether `text` starts with an ASCII character that is a whole character by itself. Nothing below
 * U+0300 joins the character before it (accents, joiners and the like come later), except a line feed
 * after a carriage return. The common case, a Latin name, then needs no segmenter: it was a tenth of
 * the listing page's own work (issue 37's profile).
 */
function startsWithLoneAscii(text: string): boolean {
  const first = text.charCodeAt(0);
  return first < 0x80 && first !== 0x0d && (text.length === 1 || text.charCodeAt(1) < 0x300);
}

/** The first character as a reader sees it (é written as e and its accent, 👩‍🔧, 𝔘), or ''. */
export function firstCharacter(text: string): string {
  if (text && startsWithLoneAscii(text)) return text[0]!;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) return segment;
  return '';
}
