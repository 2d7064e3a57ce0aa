import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 51: no production file outside a kind's own code compares kind keys by name. Max Speed and IGA
 * are reached through the registry (`kindOfResultField`, their entries' metrics and credit keys, decisions
 * 279 and 284); the files below still write 'max_speed' or 'iga', each for the reason given.
 */
const ALLOWED: Record<string, string> = {
  'contract/analysis-kinds.ts': 'the registry: where the keys are defined',
  'server/db/schema/analysis.ts': "the request type's column default and the `max_speed` columns",
  'server/modules/coach/search.service.ts':
    'the search’s `sort=iga`, a name clients and saved searches rely on',
  'server/modules/iga/index.ts': 'IGA’s own module',
  'server/modules/max-speed/index.ts': 'Max Speed’s own module',
  'server/modules/sharing/public-profile.service.ts':
    "the public profile's `iga` field (the specification's name), as a type",
};
/** The seed registers the demo data of every kind by its key. */
const ALLOWED_UNDER = ['server/seed/'];

const root = fileURLToPath(new URL('..', import.meta.url));
const isProduction = (f: string) =>
  /\.tsx?$/.test(f) &&
  !/\.(?:test|spec|bench)\.|\.d\.ts$|[.-]fixtures\.ts$|test-kit\.ts$|(?:^|\/)test\//.test(f);
const files = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(`${dir}/${e.name}`)
      : isProduction(`${dir}/${e.name}`)
        ? [`${dir}/${e.name}`]
        : [],
  );
/** Code without its comments (a comment may name a kind). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('Max Speed and IGA by name', () => {
  it('are written only in their own modules, the registry, the schema, the seed and a name the search keeps', () => {
    const naming = ['server', 'contract']
      .flatMap(files)
      .filter((f) => !ALLOWED_UNDER.some((dir) => f.startsWith(dir)))
      .filter((f) => /'(?:max_speed|iga)'/.test(code(readFileSync(path.join(root, f), 'utf8'))))
      .sort();
    expect(naming).toEqual(Object.keys(ALLOWED).sort());
  });
});
