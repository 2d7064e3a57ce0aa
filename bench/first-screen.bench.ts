/**
 * First screen: the built app (`npm start`, which builds when stale) in Debian's Chromium with a cold
 * cache. JS and CSS of /auth-page (gzip, as each file would travel compressed) and the LCP of
 * /auth-page and of every signed-in screen of issue 30 (dashboard, player card, video library,
 * leaderboard, analyst queue, a receipt) and the public profile page, against the LCP of a one-heading
 * page served by bare node in the same browser, same run. The demo's parent and analyst sign in; the
 * first demo player's profile is shared for the public page. BENCH_LCP_RUNS (default 9).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/chromium';
import { freePort } from './lib/proc';
import { fmt, ms, pct, printTable, type Row } from './lib/report';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 9);
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

/** The page's LCP time, and which element it was (tag, first class, text or image), for the details. */
const LCP = () =>
  new Promise<{ at: number; what: string }>((resolve) => {
    new PerformanceObserver((list) => {
      const e = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null; url?: string };
      const el = e.element;
      const cls = el && typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const what = el
        ? `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> ${e.url ? e.url : `"${text}"`}`
        : '?';
      resolve({ at: e.startTime, what });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve({ at: -1, what: 'none within 10 s' }), 10_000);
  });

const lcpElements: string[] = [];

/** Median LCP of RUNS cold loads; -1 when a load ended elsewhere (signed out, redirected). */
async function lcp(browser: Browser, url: string, prepare?: (c: BrowserContext) => Promise<void>) {
  const xs: number[] = [];
  const want = new URL(url).pathname;
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await prepare?.(context);
    const page = await context.newPage();
    // The page settled (no request for 500 ms), then a moment more: every part that paints has painted,
    // so the last LCP entry is the page's, not one read while its screen was still arriving.
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const at = new URL(page.url()).pathname;
    const got = at === want ? await page.evaluate(LCP) : { at: -1, what: '' };
    xs.push(got.at);
    if (i === RUNS - 1 && got.at >= 0) lcpElements.push(`${want}: ${got.what}`);
    if (at !== want) console.error(`${url} ended at ${at}`);
    await context.close();
  }
  return Math.min(...xs) < 0 ? -1 : pct(xs, 50);
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
    args: CHROMIUM_ARGS,
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

    const signIn = (username: string) => async (c: BrowserContext) => {
      const res = await c.request.post(`${base}/api/login`, { data: { username, password: 'demo1234' } });
      if (!res.ok()) throw new Error(`demo login ${username} failed: ${res.status()}`);
    };
    const login = signIn('parent@demo.test');
    const analyst = signIn('analyst@demo.test');
    const probe = await browser.newContext();
    await login(probe);
    const players = (await (await probe.request.get(`${base}/api/players`)).json()) as { id: number }[];
    const player = players[0]?.id;
    // A receipt: the first result page of the demo's requests.
    let receipt: string | undefined;
    for (const p of players) {
      const history = (await (await probe.request.get(`${base}/api/players/${p.id}/requests`)).json()) as {
        resultPath: string | null;
      }[];
      receipt = history.find((r) => r.resultPath?.startsWith('/receipts/'))?.resultPath ?? undefined;
      if (receipt) break;
    }
    if (!receipt) throw new Error('the demo has no receipt to open');
    // The public profile page: the first player's, shared.
    const share = await probe.request.put(`${base}/api/players/${player}/share`, { data: { enabled: true } });
    const shared = ((await share.json()) as { path?: string | null }).path;
    if (!share.ok() || !shared) throw new Error(`sharing the demo player failed: ${share.status()}`);
    await probe.close();

    const baseline = await lcp(browser, `http://127.0.0.1:${barePort}/`);
    const loads: string[] = [];
    const screens: [string, string, ((c: BrowserContext) => Promise<void>) | undefined][] = [
      ['/auth-page', `${base}/auth-page`, undefined],
      ['dashboard (/)', `${base}/`, login],
      [`player card (/players/${player})`, `${base}/players/${player}`, login],
      [`video library (/players/${player}/videos)`, `${base}/players/${player}/videos`, login],
      ['leaderboard (/leaderboard)', `${base}/leaderboard`, login],
      ['analyst queue (/analyst/queue, analyst)', `${base}/analyst/queue`, analyst],
      [`receipt (${receipt})`, `${base}${receipt}`, login],
      ['public profile page (/p/{slug}, signed out)', `${base}${shared}`, undefined],
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
      const load = loadavg()[0];
      const v = await lcp(browser, url, prepare);
      loads.push(`${name.split(' (')[0]} ${load.toFixed(1)}`);
      rows.push({
        what: `LCP ${name}, cold cache`,
        figure: v < 0 ? 'a load ended elsewhere (see the output)' : ms(v),
        baseline: `one-heading page on bare node ${ms(baseline)}`,
        ratio: `${fmt(v / baseline, 1)}x`,
        budget: '< 1.0 s',
        ok: v > 0 && v < LCP_BUDGET,
      });
    }
    printTable(
      'First screen (built app, Chromium, loopback, 1280x800)',
      rows,
      [
        `LCP: median of ${RUNS} loads, each in a fresh browser context (empty cache); a screen that ended elsewhere (signed out, redirected) counts as failed.`,
        `Load average at the start of each screen (2 cores, shared with other sessions): ${loads.join(', ')}.`,
      ],
      `${sizes.files.sort().join('\n')}\n\nLCP element of each screen's last load:\n${lcpElements.join('\n')}`,
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
