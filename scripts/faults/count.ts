/**
 * What the database holds after an experiment, for the keys of the writes made: how many rows each
 * key has, and which sign-ups still have their email job waiting in the queue. The embedded database
 * is read once the app has stopped (only one process may open it), through the app's own PGlite host.
 */
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/server/db/embedded/start-embedded';
import type { WriteKind } from './workload';

export interface Stored {
  /** Rows per key, for each kind of write. */
  rows: Record<WriteKind, Map<string, number>>;
  /** Sign-up addresses whose confirmation email is still a job in the queue (not failed). */
  queuedEmails: Set<string>;
}

async function countWith(client: pg.Client, keys: Record<WriteKind, string[]>): Promise<Stored> {
  const grouped = async (sql: string, values: string[]) => {
    const result = await client.query<{ key: string; n: number }>(sql, [values]);
    return new Map(result.rows.map((row) => [row.key, Number(row.n)]));
  };
  const rows = {
    message: await grouped(
      'select client_id as key, count(*)::int as n from messages where client_id = any($1) group by client_id',
      keys.message,
    ),
    listing: await grouped(
      'select title as key, count(*)::int as n from listings where title = any($1) group by title',
      keys.listing,
    ),
    'sign-up': await grouped(
      'select email as key, count(*)::int as n from pending_registration where email = any($1) group by email',
      keys['sign-up'],
    ),
  };
  const queued = await client.query<{ email: string }>(
    `select distinct r.email from pending_registration r
       join jobs j on j.kind in ('auth.sign-up', 'auth.resend-confirmation')
        and j.failed_at is null
        and (j.payload->>'registrationId' = r.id or j.payload->>'email' = r.email)
     where r.email = any($1)`,
    [keys['sign-up']],
  );
  return { rows, queuedEmails: new Set(queued.rows.map((row) => row.email)) };
}

export async function countInPostgres(url: string, keys: Record<WriteKind, string[]>): Promise<Stored> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 60_000,
  });
  await client.connect();
  try {
    return await countWith(client, keys);
  } finally {
    await client.end();
  }
}

export async function countInEmbedded(dbDir: string, keys: Record<WriteKind, string[]>): Promise<Stored> {
  const server = await startEmbeddedPostgres({ dataDir: dbDir, inThread: true });
  const client = new pg.Client({
    host: server.socketDir,
    database: 'postgres',
    user: 'postgres',
    connectionTimeoutMillis: 10_000,
    statement_timeout: 60_000,
  });
  try {
    await client.connect();
    return await countWith(client, keys);
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}
