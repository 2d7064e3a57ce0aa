import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md's checkable claims, checked against the code (issue 53, decision 254): the files it
 * names exist, `server/env.ts` is the only reader of `process.env`, `server/lib/` and `server/db/` hold no
 * Fastify code, and a web feature without an `index.ts` is used by screens only.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
const doc = read('docs/ARCHITECTURE.md');
/** The doc's text on one line (a claim may wrap). */
const flat = doc.replace(/\s+/g, ' ');

const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.git',
  'test-results',
  'playwright-report',
  'data',
  'coverage',
]);
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(path.join(root, dir))) return out;
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(rel));
    else out.push(rel);
  }
  return out;
}
const isProduction = (f: string) =>
  /\.(?:ts|tsx)$/.test(f) && !/\.(?:test|spec|bench)\.|\.d\.ts$|\.fixtures\.ts$|(?:^|\/)test\//.test(f);
/** Code without its comments (a comment may name what the rule forbids). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('docs/ARCHITECTURE.md is true to the code', () => {
  const all = filesUnder('');

  it('names only files and folders that exist', () => {
    const named = new Set<string>();
    for (const m of doc.matchAll(/`([\w@./-]+\.(?:ts|tsx|mjs|js|md|json))`/g)) named.add(m[1]);
    for (const m of doc.matchAll(/\]\((decisions\/[\w.-]+\.md|[\w./-]+\.md)\)/g)) named.add(m[1]);
    expect(named.size).toBeGreaterThan(40);
    const missing = [...named].filter(
      (n) =>
        !all.some(
          (f) => f === n || f.endsWith(`/${n}`) || f === `docs/${n}` || f === n.replace(/^\.\.\//, ''),
        ),
    );
    expect(missing).toEqual([]);
    const folders = new Set<string>();
    for (const m of doc.matchAll(
      /`((?:server|web|contract|e2e|bench|migrations|docs|scripts)\/[\w./<>-]*\/)`/g,
    ))
      if (!m[1].includes('<')) folders.add(m[1]);
    expect([...folders].filter((d) => !existsSync(path.join(root, d)))).toEqual([]);
  });

  it('server/env.ts is the only reader of process.env in the server', () => {
    expect(flat).toContain('`server/env.ts` is the only reader of `process.env`');
    const readers = all
      .filter((f) => f.startsWith('server/') && isProduction(f))
      .filter((f) => /\bprocess\.env\b/.test(code(read(f))));
    expect(readers).toEqual(['server/env.ts']);
  });

  it('server/lib/ and server/db/ hold no Fastify code', () => {
    expect(flat).toMatch(/`server\/lib\/` and `server\/db\/` hold no Fastify code/);
    const fastify = all
      .filter((f) => (f.startsWith('server/lib/') || f.startsWith('server/db/')) && isProduction(f))
      .filter((f) => /from\s+['"](?:fastify|fastify-plugin|@fastify\/[\w-]+)['"]/.test(code(read(f))));
    expect(fastify).toEqual([]);
  });

  it('a web feature with no index.ts is used by screens only; the doc says so', () => {
    expect(flat).toMatch(/a feature that no other feature uses has no `index\.ts`/);
    const features = readdirSync(path.join(root, 'web/features')).filter((d) =>
      statSync(path.join(root, 'web/features', d)).isDirectory(),
    );
    const webFiles = all.filter((f) => f.startsWith('web/') && isProduction(f));
    const wrong: string[] = [];
    for (const feature of features) {
      if (existsSync(path.join(root, 'web/features', feature, 'index.ts'))) continue;
      const re = new RegExp(
        `['"](?:@/features/${feature}|(?:\\.\\./)+features/${feature}|\\.\\./${feature})(?:/|['"])`,
      );
      for (const f of webFiles)
        if (!f.startsWith(`web/features/${feature}/`) && !f.startsWith('web/app/') && re.test(read(f)))
          wrong.push(`${f} uses ${feature}, which has no index.ts`);
    }
    expect(wrong).toEqual([]);
  });

  it('every server module has its index.ts', () => {
    expect(flat).toMatch(
      /`server\/modules\/<feature>\/`: one feature\. `index\.ts` registers its routes and is its public surface/,
    );
    const modules = readdirSync(path.join(root, 'server/modules')).filter((d) =>
      statSync(path.join(root, 'server/modules', d)).isDirectory(),
    );
    expect(modules.filter((m) => !existsSync(path.join(root, 'server/modules', m, 'index.ts')))).toEqual([]);
  });
});
