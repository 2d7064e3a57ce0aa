import { parseArgs } from 'node:util';
import { openAppDb } from './db/app-db';
import type { DbHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { seedReference, seededDatabaseVersion } from './seed';
import { EnvError, loadEnv } from './env';
import { createUserCommand, setCreditsCommand } from './cli-users';
import { cliCommands } from './cli-commands';

const usage = `Usage: npm run cli -- <command> [options]
  users:create --email E --password P --role user|analyst|admin [--first-name F --last-name L]
  users:credits --email E --credits N --iga N
  db:migrate
${cliCommands.map((c) => `  ${c.usage}`).join('\n')}`;

const silentLog = { info: () => {}, warn: console.warn, error: console.error } as any;

/** The commands of the CLI itself; each answers the line it prints. */
const BUILT_IN = new Map<string, (handle: DbHandle, options: Record<string, unknown>) => Promise<string>>([
  ['users:create', (h, o) => createUserCommand(h.db, o)],
  ['users:credits', (h, o) => setCreditsCommand(h.db, o)],
  [
    'db:migrate',
    async (h) => {
      await seedReference(h.db, { demo: false, log: silentLog, onReferenceReady: h.keepAsTemplate });
      return 'Migrations applied and reference data seeded.';
    },
  ],
]);

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  // A mistyped command or option is answered before the database is opened (or its lock taken).
  const builtIn = BUILT_IN.get(command);
  const extra = cliCommands.find((c) => c.name === command);
  if (!builtIn && !extra) throw new Error(`Unknown command "${command}"\n${usage}`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      credits: { type: 'string' },
      iga: { type: 'string' },
    },
  });
  const handle = await openAppDb(loadEnv(), seededDatabaseVersion);
  try {
    await runMigrations(handle);
    if (builtIn) console.log(await builtIn(handle, values));
    else if (extra) await extra.run(handle.db, positionals, values);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : `Error: ${err.message ?? err}`);
  process.exit(1);
});
