/**
 * The container image without Docker (decision 161): the server bundled as `npm run build` does, and
 * a folder laid out by the runtime stage's COPY lines of the Dockerfile, with production dependencies
 * only, so the topology test runs the replicas from what the image would hold.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles main.js and cli.js into `outdir`, two levels under the project (like dist/server), so the
 * bundle is byte for byte what `npm run build` writes and its relative paths hold inside the image.
 */
export async function buildBundle(outdir: string) {
  if (path.relative(root, outdir).split(path.sep).length !== 2)
    throw new Error(`${outdir} must be two levels under the project`);
  if (existsSync(path.join(outdir, 'main.js'))) return;
  const script = pathToFileURL(path.join(root, 'scripts/build-server.mjs')).href;
  const { buildServer } = (await import(script)) as { buildServer: (dir: string) => Promise<void> };
  await buildServer(outdir);
}

interface Copy {
  from: string;
  sources: string[];
  dest: string;
}

/** The `COPY --from=<stage> <sources...> <dest>` lines of the Dockerfile's last stage, paths under /app. */
export function runtimeCopies(dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')): Copy[] {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  if (!/^WORKDIR \/app$/m.test(dockerfile)) throw new Error('the Dockerfile is expected to work in /app');
  return [...runtime.matchAll(/^COPY --from=(\S+) (.+)$/gm)].map((m) => {
    const parts = m[2].trim().split(/\s+/);
    const rel = (p: string) => p.replace(/^\/app\/?/, '').replace(/^\.\/?/, '');
    return { from: m[1], sources: parts.slice(0, -1).map(rel), dest: rel(parts.at(-1)!) };
  });
}

/** Whether .dockerignore keeps a project path out of the build context (the patterns this project uses). */
export function dockerignored(rel: string, ignore = readFileSync(path.join(root, '.dockerignore'), 'utf8')) {
  return ignore
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .some((pattern) => {
      if (pattern.startsWith('**/*')) return rel.endsWith(pattern.slice(4));
      if (pattern.startsWith('*')) return path.basename(rel).endsWith(pattern.slice(1));
      return rel === pattern || rel.startsWith(`${pattern}/`);
    });
}

/** Top-level packages `npm ci --omit=dev` installs, by the lock file (those present for this platform). */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([k, v]) => k.startsWith('node_modules/') && !k.slice(13).includes('/node_modules/') && !v.dev)
    .map(([k]) => k.slice(13))
    .filter((name) => existsSync(path.join(root, 'node_modules', name)));
}

/**
 * Lays out `dir` as the runtime stage would: the build stage's files come from the project (refused
 * when .dockerignore keeps them out of the context), its dist/ from the given bundle and web folders,
 * and the deps stage's node_modules holds production packages only.
 */
export function assembleImage(dir: string, build: { server: string; web: string }) {
  const fromBuild = (rel: string) => {
    if (rel === 'dist/server' || rel === 'dist/web') return rel === 'dist/server' ? build.server : build.web;
    if (rel === 'dist') throw new Error('dist is assembled from dist/server and dist/web');
    if (dockerignored(rel))
      throw new Error(`${rel} is copied from the build stage but .dockerignore leaves it out`);
    return path.join(root, rel);
  };
  for (const copy of runtimeCopies()) {
    const dest = path.join(dir, copy.dest);
    for (const source of copy.sources) {
      if (copy.from === 'deps') {
        if (source !== 'node_modules') throw new Error(`unexpected copy from deps: ${source}`);
        // Links to the installed packages: what the bundle imports must be among them. (A package's own
        // dependencies resolve from where it really lives; npm's lock file already marks those non-dev.)
        for (const name of productionPackages()) {
          mkdirSync(path.dirname(path.join(dest, name)), { recursive: true });
          symlinkSync(path.join(root, 'node_modules', name), path.join(dest, name), 'dir');
        }
      } else if (copy.from !== 'build') {
        throw new Error(`unexpected stage ${copy.from}`);
      } else if (source === 'dist') {
        // A directory's contents go to the destination, as COPY does.
        cpSync(fromBuild('dist/server'), path.join(dest, 'server'), { recursive: true });
        cpSync(fromBuild('dist/web'), path.join(dest, 'web'), { recursive: true });
      } else {
        // Several sources, or a destination folder: each goes in by its name; one source is the destination.
        const intoFolder = copy.sources.length > 1 || copy.dest === '' || copy.dest.endsWith('/');
        const target = intoFolder ? path.join(dest, path.basename(source)) : dest;
        mkdirSync(path.dirname(target), { recursive: true });
        cpSync(fromBuild(source), target, { recursive: true });
      }
    }
  }
}
