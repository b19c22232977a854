import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One of `scripts/` as an operator runs it (`npm run backup`, `npm run admin`), with these settings. */
export function runScript(file: string, args: string[], settings: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', file, ...args], { env: { ...process.env, ...settings } });
}
