// Compiles the server to dist/server/main.js (one ESM file, packages left to node_modules) with the
// esbuild that tsx and vite already bring. `import.meta.url` keeps meaning "this source file", so
// paths such as ../../migrations resolve as they do under tsx. See decision 083.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// esbuild is not a dependency of its own: it comes with tsx (and is usually hoisted to node_modules).
const require = createRequire(import.meta.url);
const { build } = (() => {
  try {
    return require('esbuild');
  } catch {
    return createRequire(require.resolve('tsx/package.json'))('esbuild');
  }
})();
export const serverOut = path.join(root, 'dist/server/main.js');

const sourceUrls = (outdir) => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      if (text.includes('import.meta.url')) {
        const rel = path.relative(outdir, args.path).split(path.sep).join('/');
        text = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
});

/**
 * Builds the server (main.js) and the operator command line (cli.js, for images without tsx) into
 * `outdir`. It must stay inside the project (the topology test builds to .tmp/): a bundle finds its
 * packages in the project's node_modules and its data files relative to its own location.
 */
export async function buildServer(outdir = path.dirname(serverOut)) {
  await build({
    entryPoints: {
      main: path.join(root, 'server/main.ts'),
      cli: path.join(root, 'server/cli.ts'),
      // The tracker's lines thread (decision 341), started from main.js by its file beside it.
      'lines-worker': path.join(root, 'server/modules/measurements/tracking/lines-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceUrls(outdir)],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  await buildServer();
  console.log(
    `server built: ${path.relative(root, path.dirname(serverOut))}/{main,cli,lines-worker}.js (${Date.now() - t0} ms)`,
  );
}
