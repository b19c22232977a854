import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `npm run admin -- grant <email>` on the running e2e server's data folder, as its operator would on the
 * machine (it goes through the app's operator socket).
 */
export async function grantAdmin(baseURL: string, email: string): Promise<void> {
  const root = process.env.E2E_DATA_ROOT;
  if (!root) throw new Error('E2E_DATA_ROOT is not set (playwright.config.ts sets it)');
  const dataDir = path.join(root, new URL(baseURL).port);
  await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', email], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
}
