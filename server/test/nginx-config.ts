import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './deploy-image';

export const nginxBin = () =>
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));

/**
 * deploy/nginx.conf with local upstreams, port and temp paths, changed the way the topology test
 * changes it: the one config, not a copy. Access logging is off (the callers record every answer).
 * `workers: 1` makes round robin strictly alternate.
 */
export function nginxConfig(prefix: string, port: number, upstreams: string[], o: { workers?: number } = {}) {
  const template = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const serverLine = /^(\s*)server app:5000 resolve([^;]*);$/m;
  const listenLine = /^(\s*)listen 80;$/m;
  if (!serverLine.test(template) || !listenLine.test(template))
    throw new Error(
      'deploy/nginx.conf no longer has the `server app:5000 resolve ...;` and `listen 80;` lines',
    );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `  ${k}_temp_path ${prefix}/${k};`)
    .join('\n');
  const conf = template
    .replace(serverLine, (_m, indent: string, params: string) =>
      upstreams.map((u) => `${indent}server ${u}${params};`).join('\n'),
    )
    .replace(listenLine, (_m, indent: string) => `${indent}listen 127.0.0.1:${port};`)
    .replace(/^\s*access_log .*;$/m, `  access_log off;`)
    .replace(/^http \{$/m, `http {\n${temp}`);
  return o.workers ? conf.replace(/^worker_processes .*;$/m, `worker_processes ${o.workers};`) : conf;
}
