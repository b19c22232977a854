// Writes a migrated embedded database into the folder given, as the app's first start on an empty data
// folder leaves it (its `<DATA_DIR>/db`). scripts/e2e-servers.mjs makes one for the journey servers to
// start from a copy: creating a database and migrating it costs about 6 s of CPU a start.
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: tsx scripts/migrated-database.ts <folder>');
  process.exit(2);
}
const database = await openDatabase({ dataDir: folder, inThread: true, statementTimeoutMs: 60_000 });
try {
  await migrateDatabase(database.db);
} finally {
  await database.close();
}
