/**
 * Debian's nginx with the committed site file (deploy/nginx/modmarket.conf), its instances and port
 * swapped for the experiment's, as scripts/cluster.mjs runs it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../bench/paths';

export const NGINX_BIN = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export function nginxInstalled(): boolean {
  return existsSync('/usr/sbin/nginx') || existsSync('/usr/bin/nginx');
}

export async function startNginx(
  folder: string,
  port: number,
  appPorts: [number, number],
  logFile: string,
): Promise<{ stop(): Promise<void> }> {
  const site = readFileSync(path.join(ROOT, 'deploy/nginx/modmarket.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${appPorts[0]} `)
    .replace(/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${appPorts[1]} `)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(`127.0.0.1:${appPorts[1]}`) || !site.includes(`listen 127.0.0.1:${port}`))
    throw new Error('deploy/nginx/modmarket.conf no longer has the lines this experiment rewrites');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'site.conf'), site);
  writeFileSync(
    path.join(folder, 'nginx.conf'),
    `worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${logFile} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  include ${folder}/site.conf;
}
`,
  );
  const nginx = spawn(NGINX_BIN, ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-g', 'daemon off;'], {
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
