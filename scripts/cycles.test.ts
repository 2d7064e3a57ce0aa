import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The project's cycle check (`scripts/cycles.mjs`, decisions 173 and 176) in the unit tests: ESLint's
 * import-x/no-cycle skips type imports, so a lazy part importing a type from the module that loads it
 * went unseen (issue 53). Each run starts node and reads the sources with TypeScript's parser: seconds on a
 * loaded machine, so the tests allow a minute.
 */
const script = fileURLToPath(new URL('./cycles.mjs', import.meta.url));
const run = (...args: string[]) => {
  try {
    return { code: 0, out: execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' }) };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { code: err.status, out: err.stdout };
  }
};

const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import cycle check', () => {
  it('finds no cycle in server/, contract/, web/, bench/ and scripts/, type and dynamic imports counted', () => {
    const { code, out } = run();
    expect(out).toMatch(/No import cycles/);
    expect(code).toBe(0);
  }, 60_000);

  it('sees a cycle closed by a type import and a dynamic import', () => {
    writeFileSync(
      path.join(dir, 'dialog.ts'),
      "export const Form = () => import('./form');\nexport interface Draft { notes: string }\n",
    );
    writeFileSync(
      path.join(dir, 'form.ts'),
      "import type { Draft } from './dialog';\nexport const d: Draft[] = [];\n",
    );
    const { code, out } = run(dir);
    expect(code).toBe(1);
    expect(out).toMatch(/dialog\.ts[\s\S]*form\.ts/);
    // Without the dynamic import's edge (as before issue 53) it was not seen.
    expect(run('--static', dir).code).toBe(0);
  }, 60_000);
});
