import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
const BIG = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `player-${i}`))};\n`;
const web = mkdtempSync(path.join(tmpdir(), 'va-web-assets-'));
beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body></body></html>',
  );
  writeFileSync(path.join(web, 'assets', 'home-BbDQQb3f.js'), 'export const x = 1;');
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A build's file with its brotli and gzip copies beside it (scripts/vite-precompress.ts, decision 233).
  writeFileSync(path.join(web, 'assets', 'big-Cq1x2y3z.js'), BIG);
  writeFileSync(path.join(web, 'assets', 'big-Cq1x2y3z.js.br'), brotliCompressSync(BIG));
  writeFileSync(path.join(web, 'assets', 'big-Cq1x2y3z.js.gz'), gzipSync(BIG));
  t = await createTestApp({ WEB_DIST_DIR: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('lets browsers keep hashed assets for a year, and always asks again for the page and other files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/home-BbDQQb3f.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/', '/players/7', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=0');
    }
  });

  it('names the first reads of the player card, a receipt and the video library in the page of a signed-in visit to them, and nowhere else (decisions 224, 231, 232)', async () => {
    const family = await createUser(t);
    const cookie = { cookie: family.cookie };
    const preloads = (html: string) =>
      [
        ...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials" \/>/g),
      ].map((m) => m[1]);

    const card = await t.app.inject({ method: 'GET', url: '/players/7?from=dashboard', headers: cookie });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toMatch(/^text\/html/);
    expect(preloads(card.body)).toEqual([
      '/api/players/7',
      '/api/videos/7',
      '/api/players/7/percentiles/results',
      '/api/players/7/kind-results',
      '/api/players/7/pending-requests',
      '/api/positions',
    ]);
    expect(card.body).toMatch(/<\/head><body><\/body><\/html>$/);
    // The page differs by the cookie: no cache may hand it to a signed-out visitor as it is.
    expect(card.headers['cache-control']).toBe('no-cache');
    expect(card.headers.vary).toMatch(/cookie/i);

    // A receipt of the latest revision: its answer, whose still is the screen's largest image (decision 231).
    for (const url of ['/receipts/12', '/receipts/12?revision=0', '/receipts/12?revision=x&a=b']) {
      const receipt = await t.app.inject({ method: 'GET', url, headers: cookie });
      expect(preloads(receipt.body), url).toEqual(['/api/analysis-requests/12/receipt']);
    }

    // The video library: its player, its first page (the screen's page size) and the positions (decision 232).
    const library = await t.app.inject({ method: 'GET', url: '/players/7/videos', headers: cookie });
    expect(preloads(library.body)).toEqual(['/api/players/7', '/api/videos/7?limit=12', '/api/positions']);

    // Signed out, another screen, a path that names no player, or a receipt's earlier revision (asked for
    // with its query): the page as it is.
    for (const [url, headers] of [
      ['/players/7', {}],
      ['/players/7/videos', {}],
      ['/receipts/12', {}],
      ['/receipts/12?revision=2', cookie],
      ['/receipts/abc', cookie],
      ['/forty-receipts/12', cookie],
      ['/players/7/edit', cookie],
      ['/players/abc', cookie],
      ['/players/abc/videos', cookie],
      ['/players/7/videos/1', cookie],
      ['/players/0', cookie],
      ['/', cookie],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([]);
      expect(res.headers['cache-control'], url).toBe('public, max-age=0');
    }
  });

  it("sends the build's brotli or gzip copy of a file to a browser that accepts it, the file itself otherwise (decision 233)", async () => {
    const url = '/assets/big-Cq1x2y3z.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await t.app.inject({ method: 'GET', url, headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG);
    }
    // A file the build left without copies (too small to gain) goes as it is, whatever the browser accepts.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/home-BbDQQb3f.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export const x = 1;');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-XXXXXXXX.js' });
    expect(res.statusCode).toBe(404);
  });
});
