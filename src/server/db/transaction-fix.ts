import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/**
 * drizzle-orm 0.45's `NodePgSession.transaction` sends BEGIN before its `try` block: when BEGIN fails
 * (the connection was lost as the database restarted), the pooled client is never released, and once
 * DB_POOL_MAX clients are lost that way every request waits for a connection for ever (the embedded
 * database has one). This is the same method with BEGIN inside the `try`; a client whose connection
 * failed is handed back as broken, so the pool drops it. Installed once, when `db/client.ts` loads.
 */
interface SessionInternals {
  client: pg.Pool | pg.PoolClient;
  dialect: unknown;
  schema: unknown;
  options: unknown;
}

type TransactionConfig = Parameters<NodePgTransaction<never, never>['setTransaction']>[0];

const prototype = NodePgSession.prototype as unknown as {
  transaction(run: (tx: unknown) => Promise<unknown>, config?: TransactionConfig): Promise<unknown>;
};

prototype.transaction = async function (this: SessionInternals, run, config) {
  const isPool = 'totalCount' in this.client;
  const client = isPool ? await (this.client as pg.Pool).connect() : (this.client as pg.PoolClient);
  const Session = NodePgSession as unknown as new (...args: unknown[]) => unknown;
  const Transaction = NodePgTransaction as unknown as new (...args: unknown[]) => {
    execute(query: unknown): Promise<unknown>;
    getTransactionConfigSQL(config: TransactionConfig): unknown;
  };
  const session = isPool ? new Session(client, this.dialect, this.schema, this.options) : this;
  const tx = new Transaction(this.dialect, session, this.schema);
  let failure: unknown;
  try {
    await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config)}` : undefined}`);
    const result = await run(tx);
    await tx.execute(sql`commit`);
    return result;
  } catch (error) {
    failure = error;
    // The transaction's own error is the one to report, even when the rollback fails too.
    await tx.execute(sql`rollback`).catch(() => undefined);
    throw error;
  } finally {
    if (isPool)
      (client as pg.PoolClient).release(
        failure instanceof Error && isDatabaseUnavailable(failure) ? failure : undefined,
      );
  }
};
