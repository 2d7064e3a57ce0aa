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

/**
 * Issue 51's goal: the 40 and the vertical jump are each named (by key, label or type) in at most 12
 * production files outside their own code: registration points such as the registry, the module index,
 * the contract's index and the seed. Their own code is every file or folder named for the kind.
 */
const REACH: { kind: string; names: RegExp; own: RegExp }[] = [
  { kind: 'the 40', names: /forty|40-yard/i, own: /forty/i },
  { kind: 'the vertical jump', names: /vertical_jump|verticalJump|vertical jump/i, own: /vertical|jump/i },
];

describe('a kind beyond its own code', () => {
  for (const { kind, names, own } of REACH)
    it(`${kind} is named in at most 12 production files outside its own code`, () => {
      const naming = ['server', 'contract', 'web']
        .flatMap(files)
        .filter((f) => !own.test(f))
        .filter((f) => names.test(code(readFileSync(path.join(root, f), 'utf8'))));
      expect(naming.length, naming.join('\n')).toBeLessThanOrEqual(12);
      // The registry is where every kind is named: a search that found nothing would prove nothing.
      expect(naming).toContain('contract/analysis-kinds.ts');
    });
});
