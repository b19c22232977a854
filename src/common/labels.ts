/**
 * How a listing's fitment years and a seller's public name read, for the server and the client alike;
 * kept apart from the schemas so that a page showing listing cards does not load the schema library.
 */

/** The year rule of the fitment card: `start-end`, `start+`, or nothing. */
export function yearRange(start: number | null, end: number | null): string | null {
  if (start && end) return `${start}-${end}`;
  if (start) return `${start}+`;
  return null;
}

/** The public seller name: first name and last initial, or null (shown as "Anonymous"). */
export function publicName(first: string | null, last: string | null): string | null {
  const given = first?.trim();
  if (!given) return null;
  const initial = last?.trim().charAt(0);
  return initial ? `${given} ${initial.toUpperCase()}.` : given;
}
