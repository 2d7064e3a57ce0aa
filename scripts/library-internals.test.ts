import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 53: production code reaches its libraries through their public API only. This scan of every
 * production file of `server/` and `web/` (tests, test helpers and fixtures left out) fails on
 * - an import (or require) of a library's private files: `fastify/lib/…`, `pino/lib/…`;
 * - pino's private symbols (`pino.symbols`, `lsCacheSym`, `chindingsSym`, …);
 * - node-postgres' private connection object (`client.connection.stream`: the listener makes its own socket);
 * - a database client's method replaced on its object (`client.query = …`, `tx[name] = (…) =>`).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** Files under server/ that only tests use (they measure or record statements). */
const TEST_SUPPORT = new Set(['server/db/statement-log.ts']);

/**
 * Client methods replaced in production code, per file: none. The database clients are subclasses given to
 * their drivers (`NamedStatementsPool`, `NotedPGlite`), so a new patch fails.
 */
const KNOWN_PATCHES: Readonly<Record<string, number>> = {};

const RULES: { what: string; re: RegExp }[] = [
  { what: "an import of a library's private files", re: /['"](?:fastify|pino)\/(?:lib|src)\//g },
  {
    what: "pino's private symbols",
    re: /\bpino\.symbols\b|\b(?:lsCacheSym|chindingsSym|asJsonSym|streamSym|serializersSym|formattersSym|mixinSym|messageKeySym|timeSym|endSym|hooksSym|needsMetadataGsym|msgPrefixSym|nestedKeySym|setLevelSym|getLevelSym|useOnlyCustomLevelsSym)\b|\{[^}]*\bsymbols\b[^}]*\}\s*from\s*['"]pino['"]/g,
  },
  {
    what: "node-postgres' private connection",
    re: /\.connection\??\.(?:stream|_ending|parsedStatements)\b/g,
  },
];

/** A client's method replaced: `x.query = …`, `(x as …).exec = …`, `(x as …)[name] = (…) =>`. */
const PATCH =
  /\.(?:query|exec|execute|transaction|connect|release|end|sql)\s*=(?![=>])|\)\[\w+\]\s*=\s*(?:\(|async\b|function\b)/g;

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (['test', 'node_modules', 'dist', 'fixtures'].includes(entry.name)) continue;
      out.push(...productionFiles(rel));
    } else if (
      /\.(?:ts|tsx|mts|js|mjs)$/.test(entry.name) &&
      !/\.(?:test|spec|bench)\.|\.d\.ts$/.test(entry.name)
    )
      if (!TEST_SUPPORT.has(rel)) out.push(rel);
  }
  return out;
}

/** The text without comments (a comment may name what it replaced). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe("production code uses its libraries' public API only (issue 53)", () => {
  const files = [...productionFiles('server'), ...productionFiles('web')];

  it('finds the files it scans', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('server/plugins/access-log.ts');
    expect(files.some((f) => f.includes('.test.'))).toBe(false);
  });

  it("imports no library's private files and uses no pino symbol", () => {
    const found: string[] = [];
    for (const file of files) {
      const text = code(readFileSync(path.join(root, file), 'utf8'));
      for (const { what, re } of RULES)
        for (const m of text.matchAll(re)) found.push(`${file}:${lineOf(text, m.index)}: ${what}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('replaces no client method', () => {
    const counts: Record<string, number> = {};
    const lines: string[] = [];
    for (const file of files) {
      const text = code(readFileSync(path.join(root, file), 'utf8'));
      for (const m of text.matchAll(PATCH)) {
        counts[file] = (counts[file] ?? 0) + 1;
        lines.push(`${file}:${lineOf(text, m.index)}: ${m[0]}`);
      }
    }
    for (const [file, n] of Object.entries(counts))
      expect(n, `${file} replaces client methods:\n${lines.join('\n')}`).toBeLessThanOrEqual(
        KNOWN_PATCHES[file] ?? 0,
      );
  });

  it('sees each kind of breach in a sample (the scan itself is tested)', () => {
    const samples: [string, boolean][] = [
      ["const s = createRequire(import.meta.url)('fastify/lib/symbols.js');", true],
      ["import { kReplyHeaders } from 'fastify/lib/symbols';", true],
      ['const S = pino.symbols;', true],
      ["import { symbols } from 'pino';", true],
      ['const head = r[lsCacheSym][30];', true],
      ["import pino, { type Logger } from 'pino';", false],
      ["import Fastify from 'fastify';", false],
    ];
    for (const [text, bad] of samples)
      expect(
        RULES.some(({ re }) => [...code(text).matchAll(re)].length > 0),
        text,
      ).toBe(bad);
    const patches: [string, boolean][] = [
      ['client.query = around(client.query);', true],
      ['(pool as { query: unknown }).query = (config) => query(config);', true],
      ['(tx as unknown as Record<string, AnyFn>)[name] = (...args) => fn(...args);', true],
      ['client.transaction = (async (cb) => cb(tx)) as T;', true],
      ['if (client.query === other) return;', false],
      ['const run = (q) => client.query(q);', false],
      ['rows[i] = (a + b) * 2;', false],
      ['// client.query = nothing, in a comment', false],
    ];
    for (const [text, bad] of patches) expect([...code(text).matchAll(PATCH)].length > 0, text).toBe(bad);
  });
});
