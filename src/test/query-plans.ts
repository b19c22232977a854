import type { Database } from '@server/db/client';

/** A node of `EXPLAIN (FORMAT JSON)`'s plan, with the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface Statement {
  text: string;
  values: unknown[];
  /** The name it runs by (prepared once a connection), or none. */
  name?: string;
}

/** A plan and every node below it. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** A statement's text, from the first argument of `pool.query` (a text, or a query's config). */
export function statementText(query: unknown): string {
  return typeof query === 'string' ? query : (query as { text: string }).text;
}

/**
 * Records every statement the app sends through its pool that matches `pattern` (its text, e.g. a
 * quoted table name; a bare text such as the health check's `select 1` too),
 * with its values, to explain it afterwards: `recorded.length = 0`, make a request, read `recorded`.
 */
export function recordStatements(database: Database, pattern: RegExp): Statement[] {
  const recorded: Statement[] = [];
  const pool = database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const query = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string; values?: unknown[]; name?: string };
    const text = statementText(first);
    const values =
      (typeof first === 'object' ? first.values : undefined) ?? (args[1] as unknown[] | undefined);
    const name = typeof first === 'object' ? first.name : undefined;
    if (pattern.test(text)) recorded.push({ text, values: values ?? [], ...(name ? { name } : {}) });
    return query(...args);
  };
  return recorded;
}

/** Runs a recorded statement under `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)`; its plan. */
export async function explain(database: Database, statement: Statement): Promise<PlanNode> {
  const answer = await database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (analyze, buffers, format json) ${statement.text}`,
    statement.values,
  );
  return answer.rows[0]!['QUERY PLAN'][0].Plan;
}

/** Rows the nodes looked at: those they passed on and those their filter removed, over every loop. */
export function rowsLookedAt(nodes: PlanNode[]): number {
  return nodes.reduce(
    (sum, node) =>
      sum +
      ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
    0,
  );
}

/** Makes `request`, then explains each statement `recorded` caught meanwhile (at least one). */
export async function explainRequest(
  database: Database,
  recorded: Statement[],
  request: () => Promise<unknown>,
): Promise<{ text: string; plan: PlanNode }[]> {
  recorded.length = 0;
  await request();
  const statements = [...recorded];
  if (!statements.length) throw new Error('the request sent no statement the recorder looks for');
  const explained: { text: string; plan: PlanNode }[] = [];
  for (const statement of statements)
    explained.push({ text: statement.text, plan: await explain(database, statement) });
  return explained;
}
