import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openDb, type DbHandle } from './client';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { serverBundle } from '../test/server-bundle';
import { describeInPgliteRun } from '../test/passes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const handles: DbHandle[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'va-lock-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Starts the real server as another process and collects how it ends. */
function startServer(dataDir: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [serverBundle().main], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

function deadPid() {
  return spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
}

// Embedded database only: it runs once, in npm test's PGlite pass.
describeInPgliteRun('the embedded database folder', () => {
  it('refuses a second process on the same folder with a clear message and leaves the first working', async () => {
    const dataDir = tempDir();
    const first = await openDb({ dataDir });
    handles.push(first);
    await first.db.execute(sql`create table kept (v int)`);
    await first.db.execute(sql`insert into kept values (1)`);

    const second = await startServer(dataDir);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is in use by another process (pid ${process.pid})`);
    expect(second.stderr).toContain('set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server');

    const rows = await first.db.execute(sql`select v from kept`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ v: 1 }]);
    expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
  }, 90_000);

  it('takes over a lock left behind by a process that died', async () => {
    const dataDir = tempDir();
    const lock = path.join(dataDir, 'pglite.lock');
    writeFileSync(lock, deadPid());
    const handle = await openDb({ dataDir });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(existsSync(lock)).toBe(false);
  }, 60_000);

  it('refuses in-process too, naming the owner, and frees the folder on close', () => {
    const dataDir = tempDir();
    mkdirSync(dataDir, { recursive: true });
    const lock = path.join(dataDir, 'pglite.lock');
    writeFileSync(lock, String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`pid ${process.ppid}`);
    rmSync(lock);
    const release = acquireDataDirLock(dataDir);
    release();
    expect(existsSync(lock)).toBe(false);
  });
});
