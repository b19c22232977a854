// Debian's nginx with the committed site file (deploy/nginx/modmarket.conf), its two instances and its
// port swapped for a local run's, in a folder of its own: used by the several-instances journeys
// (scripts/cluster.mjs) and the fault experiments (scripts/faults/nginx.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Debian installs it in /usr/sbin, often outside a user's PATH.
export const NGINX_BIN = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/**
 * Writes `site.conf` and `nginx.conf` into `folder`; returns the arguments that run nginx on them in the
 * foreground. `errorLog` is a file path or `stderr`.
 */
export function writeNginxConfig(folder, { port, appPorts, errorLog }) {
  const site = readFileSync(path.join(root, 'deploy/nginx/modmarket.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${appPorts[0]} `)
    .replace(/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${appPorts[1]} `)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(`127.0.0.1:${appPorts[1]}`) || !site.includes(`listen 127.0.0.1:${port}`))
    throw new Error('deploy/nginx/modmarket.conf no longer has the lines this rewrites');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'site.conf'), site);
  writeFileSync(
    path.join(folder, 'nginx.conf'),
    `worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${errorLog} warn;
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
  return ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-g', 'daemon off;'];
}
