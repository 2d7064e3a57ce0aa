// `npm start`: builds the web app and the server only when a build is missing or older than its
// sources, then runs the server from dist/ with plain node (decision 083).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const at = (p) => path.join(root, p);

/** Newest modification time under the given files and folders (0 if none exist). */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && !e.startsWith('.')) visit(path.join(p, e));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) visit(at(p));
  return max;
}

const built = (file) => (existsSync(at(file)) ? statSync(at(file)).mtimeMs : 0);
const shared = ['contract', 'package.json', 'package-lock.json', 'tsconfig.json'];
const webStale = built('dist/web/index.html') < newest(['web', 'vite.config.ts', ...shared]);
const serverStale = built('dist/server/main.js') < newest(['server', 'scripts/build-server.mjs', ...shared]);

// WEB_DIST_DIR points the server at another build: then only the server is ours to build.
const customWeb = Boolean(process.env.WEB_DIST_DIR);
if (webStale && !customWeb) {
  console.log('Building the web app (sources changed since the last build)...');
  const r = spawnSync(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (serverStale) {
  console.log('Building the server (sources changed since the last build)...');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
// `--build-only` (the browser tests' setup): bring the build up to date, start nothing.
if (!process.argv.includes('--build-only')) await import(pathToFileURL(at('dist/server/main.js')).href);
