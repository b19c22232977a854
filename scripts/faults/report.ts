/** The table `npm run faults` prints (Markdown, as docs/operations.md shows it), and what fails a run. */
import type { Row } from './experiment';

const seconds = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** One row per experiment. */
export function table(rows: Row[]): string {
  const header = [
    'Case',
    'Database',
    'Acknowledged',
    'Stored',
    'Lost',
    'Doubled',
    'Failed',
    'Emails sent once',
    'Duplicate emails',
    'Emails missing (queued)',
    'Writes back (s)',
    'Mail caught up (s)',
  ];
  const lines = rows.map((row) => [
    row.case,
    row.database,
    String(row.acknowledged),
    String(row.stored),
    String(row.lost),
    String(row.doubled),
    String(row.failed),
    `${row.emailsOnce}/${row.emailsExpected}`,
    String(row.emailsDuplicated),
    row.emailsMissing ? `${row.emailsMissing} (${row.emailsQueued})` : '0',
    seconds(row.writesBackSeconds),
    seconds(row.mailCaughtUpSeconds),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (i < 2 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

/**
 * What makes the command exit 1: an acknowledged write the database does not hold, an expected email
 * neither delivered nor still queued, or (the orders case) money moved twice or owed and never moved.
 */
export function problems(rows: Row[]): string[] {
  return rows
    .filter((row) => row.lost > 0 || row.emailsMissing > row.emailsQueued || (row.moneyProblems ?? 0) > 0)
    .map(
      (row) =>
        `${row.case}/${row.database}: ${row.lost} acknowledged writes lost, ${row.emailsMissing - row.emailsQueued} expected emails never sent${row.moneyProblems ? `, ${row.moneyProblems} money problems (${row.details})` : ''}`,
    );
}
