import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './vite-precompress';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs the plugin over a build folder holding `files`, as Vite would after writing the bundle. */
async function built(files: Record<string, string | Buffer>) {
  const root = mkdtempSync(path.join(tmpdir(), 'va-precompress-'));
  dirs.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, 'dist', name)), { recursive: true });
    writeFileSync(path.join(root, 'dist', name), content);
  }
  const plugin = precompress() as unknown as {
    configResolved(c: { root: string; build: { outDir: string } }): void;
    closeBundle(): Promise<void>;
  };
  plugin.configResolved({ root, build: { outDir: 'dist' } });
  await plugin.closeBundle();
  return (name: string) => path.join(root, 'dist', name);
}

describe('the web build writes compressed copies of its text files (decision 233)', () => {
  it('writes a brotli and a gzip copy of each text file worth it, each the same bytes once decoded', async () => {
    const code = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i })))};`;
    const css = `.a{color:red}\n`.repeat(200);
    const at = await built({
      'assets/index-AbCdEf12.js': code,
      'assets/index-AbCdEf12.css': css,
      'index.html': code,
    });
    for (const [name, content] of [
      ['assets/index-AbCdEf12.js', code],
      ['assets/index-AbCdEf12.css', css],
      ['index.html', code],
    ]) {
      expect(brotliDecompressSync(readFileSync(at(`${name}.br`))).toString(), name).toBe(content);
      expect(gunzipSync(readFileSync(at(`${name}.gz`))).toString(), name).toBe(content);
      expect(readFileSync(at(`${name}.br`)).length).toBeLessThan(content.length / 5);
    }
  });

  it('leaves small files, images and copies that would not be smaller as they are', async () => {
    const noise = randomBytes(4096);
    const at = await built({
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'assets/photo-AbCdEf12.jpg': Buffer.alloc(8192, 7),
      'assets/noise-AbCdEf12.txt': noise,
    });
    for (const name of ['favicon.svg', 'assets/photo-AbCdEf12.jpg', 'assets/noise-AbCdEf12.txt']) {
      expect(existsSync(at(`${name}.br`)), name).toBe(false);
      expect(existsSync(at(`${name}.gz`)), name).toBe(false);
    }
  });
});
