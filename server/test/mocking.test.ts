import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { MOCKING_TEST_FILES, WEB_MOCKING_TEST_FILES } from './mocking-files';

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
