import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { MOCKING_TEST_FILES } from './mocking-files';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

it('every server test file that uses vi.mock runs with a module graph of its own, and only those', () => {
  const mocking = testFiles('server').filter((f) =>
    /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, f), 'utf8').replace(/\/\/.*$/gm, '')),
  );
  expect(mocking.sort()).toEqual([...MOCKING_TEST_FILES].sort());
});
