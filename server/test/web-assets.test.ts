import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const web = mkdtempSync(path.join(tmpdir(), 'va-web-assets-'));
beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(web, 'assets', 'home-BbDQQb3f.js'), 'export const x = 1;');
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

  it('answers a missing asset with 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-XXXXXXXX.js' });
    expect(res.statusCode).toBe(404);
  });
});
