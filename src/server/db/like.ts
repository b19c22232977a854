/**
 * A `LIKE` pattern that finds `term` anywhere, with `%`, `_` and `\` in the term taken literally
 * (PostgreSQL's default escape character is the backslash).
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}
