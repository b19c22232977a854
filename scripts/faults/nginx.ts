/** Debian's nginx in front of the experiment's two instances (scripts/nginx-wrapper.mjs). */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { NGINX_BIN, writeNginxConfig } from '../nginx-wrapper.mjs';

export function nginxInstalled(): boolean {
  return existsSync('/usr/sbin/nginx') || existsSync('/usr/bin/nginx');
}

export async function startNginx(
  folder: string,
  port: number,
  appPorts: [number, number],
  logFile: string,
): Promise<{ stop(): Promise<void> }> {
  const nginx = spawn(NGINX_BIN, writeNginxConfig(folder, { port, appPorts, errorLog: logFile }), {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  for (let i = 0; i < 100; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): see ${logFile}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok)
      return {
        async stop() {
          nginx.kill('SIGTERM');
          await exited;
        },
      };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  nginx.kill('SIGKILL');
  throw new Error('nginx did not answer in time');
}
