import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserCommand, setCreditsCommand } from '../cli-users';
import { users } from '../db/schema';
import { createTestApp, login, type TestApp, userRow, ledgerOf } from './helpers';
import { serverBundle } from './server-bundle';
import { inPgliteRun } from './passes';

const root = fileURLToPath(new URL('../..', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operator commands', () => {
  it('users:create makes a verified account that can log in at once', async () => {
    const out = await createUserCommand(t.db, {
      email: 'Coach@Example.com',
      password: 'coach-pass',
      role: 'analyst',
      'first-name': 'Cora',
      'last-name': 'Coach',
    });
    expect(out).toMatch(/^Created analyst coach@example\.com \(id \d+\), email verified\.$/);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'coach@example.com'));
    expect(row).toMatchObject({
      role: 'analyst',
      isEmailVerified: true,
      firstName: 'Cora',
      lastName: 'Coach',
    });
    expect(row.password).not.toContain('coach-pass');
    expect(await login(t, 'coach@example.com', 'coach-pass')).toMatch(/^va\.sid=/);
  });

  it('users:create refuses duplicates, weak passwords, bad roles and missing options', async () => {
    await createUserCommand(t.db, { email: 'dup@example.com', password: 'secret123' });
    await expect(
      createUserCommand(t.db, { email: 'DUP@example.com', password: 'secret123' }),
    ).rejects.toThrow('A user with email dup@example.com already exists');
    await expect(createUserCommand(t.db, { email: 'x@example.com', password: '123' })).rejects.toThrow(
      'Password must be at least 6 characters',
    );
    await expect(
      createUserCommand(t.db, { email: 'x@example.com', password: 'secret123', role: 'owner' }),
    ).rejects.toThrow('--role must be one of user, analyst, admin');
    await expect(createUserCommand(t.db, { password: 'secret123' })).rejects.toThrow(
      '--email and --password are required',
    );
    await expect(createUserCommand(t.db, { email: 'not-an-email', password: 'secret123' })).rejects.toThrow(
      '--email must be a valid email',
    );
  });

  it('users:credits sets both balances through the credit ledger', async () => {
    await createUserCommand(t.db, { email: 'family@example.com', password: 'secret123' });
    expect(await setCreditsCommand(t.db, { email: 'family@example.com', credits: '5', iga: '3' })).toBe(
      'family@example.com: 5 Max Speed credits, 3 IGA credits.',
    );
    await setCreditsCommand(t.db, { email: 'family@example.com', credits: '2', iga: '3' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'family@example.com'));
    const u = await userRow(t, row.id);
    expect(u).toMatchObject({ credits: 2, igaCredits: 3 });
    const ledger = await ledgerOf(t, u.id);
    expect(ledger.map((l) => [l.type, l.amount, l.igaAmount])).toEqual([
      ['admin_adjust', 5, 3],
      ['admin_adjust', -3, 0],
    ]);
    await expect(
      setCreditsCommand(t.db, { email: 'family@example.com', credits: '-1', iga: '0' }),
    ).rejects.toThrow('whole numbers');
    await expect(
      setCreditsCommand(t.db, { email: 'ghost@example.com', credits: '1', iga: '1' }),
    ).rejects.toThrow('No user with email ghost@example.com');
  });

  // Embedded database whatever the pass: it runs once, in npm test's PGlite pass.
  inPgliteRun(
    'the real command line creates a user in the embedded database and explains its errors',
    () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'va-cli-'));
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, [serverBundle().cli, ...args], {
          cwd: root,
          encoding: 'utf8',
          timeout: 240_000,
          env: {
            ...process.env,
            NODE_ENV: 'development',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            LOG_LEVEL: 'silent',
          },
        });
      try {
        // A mistyped command or option is answered before the database is opened: the folder stays empty.
        const unknown = cli('users:delete');
        expect(unknown.status).toBe(1);
        expect(unknown.stderr).toContain('Unknown command "users:delete"');
        const badOption = cli('users:create', '--emial', 'ops@example.com');
        expect(badOption.status).toBe(1);
        expect(badOption.stderr).toContain("Unknown option '--emial'");
        expect(readdirSync(dataDir)).toEqual([]);
        const help = cli('help');
        expect(help.status).toBe(0);
        expect(help.stdout).toContain('users:create --email E --password P --role user|analyst|admin');
        const created = cli(
          'users:create',
          '--email',
          'ops@example.com',
          '--password',
          'ops-pass-1',
          '--role',
          'admin',
        );
        expect(created.stderr).toBe('');
        expect(created.stdout).toMatch(/Created admin ops@example\.com/);
        const again = cli(
          'users:create',
          '--email',
          'ops@example.com',
          '--password',
          'ops-pass-1',
          '--role',
          'admin',
        );
        expect(again.status).toBe(1);
        expect(again.stderr).toContain('Error: A user with email ops@example.com already exists');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    600_000,
  );
});
