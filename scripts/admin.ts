// Grants or revokes the moderation desk (/admin) to a member, by email: never through the API.
//   npm run admin -- grant someone@example.com
//   npm run admin -- revoke someone@example.com
// With the app's own settings. The embedded database belongs to the running app: the command then asks
// it through DATA_DIR's operator socket; with the app stopped, or with DATABASE_URL, it writes directly.
import path from 'node:path';
import { loadEnv } from '../src/server/env';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { askRunningApp } from '../src/server/backup/operator-socket';
import { setAdmin } from '../src/server/features/admin/admin.service';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant|revoke <email>');
  process.exit(2);
}
const grant = command === 'grant';

async function directly(): Promise<boolean> {
  const env = loadEnv();
  const database = await openDatabase({
    ...(env.DATABASE_URL
      ? { url: env.DATABASE_URL }
      : { dataDir: path.join(path.resolve(env.DATA_DIR), 'db') }),
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
  });
  try {
    await migrateDatabase(database.db, database.kind === 'postgres' ? { shared: database.pool } : {});
    return await setAdmin(database.db, email!, grant);
  } finally {
    await database.close();
  }
}

const env = loadEnv();
const asked = env.DATABASE_URL
  ? null
  : await askRunningApp(path.resolve(env.DATA_DIR), 'POST', '/admin', { email, grant });
if (asked && asked.status !== 200 && asked.status !== 404) {
  console.error(`The running app could not change it (status ${asked.status}): see its log.`);
  process.exit(1);
}
const found = asked ? asked.status === 200 : await directly();
if (!found) {
  console.error(`No member has the email address ${email}.`);
  process.exitCode = 1;
} else
  console.log(
    grant
      ? `${email} can now use the moderation desk at /admin (from their next page load).`
      : `${email} no longer has the moderation desk.`,
  );
