/**
 * `term` with `%`, `_` and `\` taken literally in a `LIKE` pattern (PostgreSQL's default escape
 * character is the backslash): member text such as an address must never act as a wildcard.
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, '\\$&');
}

/**
 * A `LIKE` pattern that finds `term` anywhere, with `%`, `_` and `\` in the term taken literally
 * (PostgreSQL's default escape character is the backslash).
 */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
