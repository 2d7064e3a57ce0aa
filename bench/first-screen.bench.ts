/**
 * First screen: the built app (`npm start`, which builds when stale) in Debian's Chromium with a cold
 * cache. JS and CSS of /auth-page (gzip, as each file would travel compressed) and the LCP of
 * /auth-page, the dashboard and a player card, against the LCP of a one-heading page served by bare
 * node in the same browser, same run.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { freePort } from './lib/proc';
import { fmt, ms, pct, printTable, type Row } from './lib/report';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const JS_BUDGET = 170 * 1024;
const CSS_BUDGET = 30 * 1024;
const LCP_BUDGET = 1000;

async function startApp(dataDir: string) {
  for (let attempt = 1; ; attempt++) {
    const proc = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL: base,
        LOG_LEVEL: 'warn',
        DISABLE_RATE_LIMIT: 'true',
      },
    });
    const stop = () => {
      try {
        process.kill(-proc.pid!, 'SIGTERM');
      } catch {
        // gone
      }
    };
    for (let i = 0; i < 3600 && proc.exitCode === null; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return stop;
      await new Promise((r) => setTimeout(r, 250));
    }
    stop();
    if (attempt === 3) throw new Error('the app did not start');
  }
}

const LCP = () =>
  new Promise<number>((resolve) => {
    new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
    setTimeout(() => resolve(-1), 10_000);
  });

async function lcp(browser: Browser, url: string, prepare?: (c: BrowserContext) => Promise<void>) {
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await prepare?.(context);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    xs.push(await page.evaluate(LCP));
    await context.close();
  }
  return pct(xs, 50);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'va-bench-fs-'));
  const stopApp = await startApp(dataDir);
  const bare = http.createServer((_q, s) =>
    s
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>x</title><h1>Verified Athlete</h1>'),
  );
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const barePort = (bare.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // Bytes of /auth-page: every script and stylesheet the page loads, gzip-compressed one by one.
    const context = await browser.newContext();
    const page = await context.newPage();
    const sizes = { js: 0, css: 0, files: [] as string[] };
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        res.body().then((b) => {
          const gz = gzipSync(b).length;
          if (type === 'script') sizes.js += gz;
          else sizes.css += gz;
          sizes.files.push(`${new URL(res.url()).pathname} ${fmt(gz / 1024, 1)} KB`);
        }),
      );
    });
    await page.goto(`${base}/auth-page`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await context.close();

    const login = async (c: BrowserContext) => {
      const res = await c.request.post(`${base}/api/login`, {
        data: { username: 'parent@demo.test', password: 'demo1234' },
      });
      if (!res.ok()) throw new Error(`demo login failed: ${res.status()}`);
    };
    const probe = await browser.newContext();
    await login(probe);
    const players = (await (await probe.request.get(`${base}/api/players`)).json()) as { id: number }[];
    await probe.close();

    const baseline = await lcp(browser, `http://127.0.0.1:${barePort}/`);
    const screens: [string, string, ((c: BrowserContext) => Promise<void>) | undefined][] = [
      ['/auth-page', `${base}/auth-page`, undefined],
      ['dashboard (/)', `${base}/`, login],
      [`player card (/players/${players[0]?.id})`, `${base}/players/${players[0]?.id}`, login],
    ];
    const rows: Row[] = [
      {
        what: '/auth-page JavaScript (gzip)',
        figure: `${fmt(sizes.js / 1024, 1)} KB`,
        baseline: '',
        ratio: '',
        budget: '< 170 KB',
        ok: sizes.js < JS_BUDGET,
      },
      {
        what: '/auth-page CSS (gzip)',
        figure: `${fmt(sizes.css / 1024, 1)} KB`,
        baseline: '',
        ratio: '',
        budget: '< 30 KB',
        ok: sizes.css < CSS_BUDGET,
      },
    ];
    for (const [name, url, prepare] of screens) {
      const v = await lcp(browser, url, prepare);
      rows.push({
        what: `LCP ${name}, cold cache`,
        figure: ms(v),
        baseline: `one-heading page on bare node ${ms(baseline)}`,
        ratio: `${fmt(v / baseline, 1)}x`,
        budget: '< 1.0 s',
        ok: v > 0 && v < LCP_BUDGET,
      });
    }
    printTable(
      'First screen (built app, Chromium, loopback, 1280x800)',
      rows,
      [`LCP: median of ${RUNS} loads, each in a fresh browser context (empty cache).`],
      sizes.files.sort().join('\n'),
    );
  } finally {
    await browser.close();
    bare.close();
    stopApp();
    await new Promise((r) => setTimeout(r, 2000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
