import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { MEDIA_TEST_FILES, MOCKING_TEST_FILES, WEB_MOCKING_TEST_FILES } from './mocking-files';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string, ext = '.test.ts'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return testFiles(rel, ext);
    return e.name.endsWith(ext) ? [rel] : [];
  });
}

const mocks = (f: string) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, f), 'utf8').replace(/\/\/.*$/gm, ''));

it('every server test file that uses vi.mock runs with a module graph of its own, and only those', () => {
  expect(testFiles('server').filter(mocks).sort()).toEqual([...MOCKING_TEST_FILES].sort());
});

// A web file's vi.mock does nothing when another file of the same worker imported the module first
// (isolate: false): the workbench test passed alone and failed in the whole run.
it('every web component test file that uses vi.mock runs with a module graph of its own, and only those', () => {
  expect(testFiles('web', '.test.tsx').filter(mocks).sort()).toEqual([...WEB_MOCKING_TEST_FILES].sort());
});

/**
 * The modules a test file reads its setup from: the file itself and the fixture files it imports (`*.fixtures`),
 * as paths from the repository's root.
 */
function withFixtures(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const fixtures = [...text.matchAll(/from '(\.{1,2}\/[^']*\.fixtures)'/g)].map((m) =>
    path.posix.join(path.posix.dirname(file), `${m[1]}.ts`),
  );
  return [file, ...fixtures];
}

// The media files run once, without a database (decision 335): one that builds an app or opens a database
// belongs with the API tests, which run on PGlite and again on PostgreSQL.
it('every media test file exists and builds no app and opens no database, nor do the fixtures it imports', () => {
  const usesDatabase = (f: string) =>
    /from '[^']*(test\/helpers|\/db\/|\/app)'|\bbuildApp\(|\bopenDb\(/.test(
      readFileSync(path.join(root, f), 'utf8'),
    );
  for (const f of MEDIA_TEST_FILES) expect(existsSync(path.join(root, f)), f).toBe(true);
  expect(MEDIA_TEST_FILES.flatMap(withFixtures).filter(usesDatabase)).toEqual([]);
  // The check itself sees a file that does.
  expect(usesDatabase('server/modules/measurements/tracking/tracking-api.test.ts')).toBe(true);
});
