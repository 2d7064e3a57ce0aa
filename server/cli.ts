import { parseArgs } from 'node:util';
import { openDb } from './db/client';
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

const BUILT_IN = ['users:create', 'users:credits', 'db:migrate'];

const silentLog = { info: () => {}, warn: console.warn, error: console.error } as any;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  // A mistyped command or option is answered before the database is opened (or its lock taken).
  const extra = cliCommands.find((c) => c.name === command);
  if (!extra && !BUILT_IN.includes(command)) throw new Error(`Unknown command "${command}"\n${usage}`);
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
  const env = loadEnv();
  const handle = await openDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    pgliteTemplateDir: env.PGLITE_TEMPLATE_DIR,
    seededTemplateKey: seededDatabaseVersion,
  });
  try {
    await runMigrations(handle);
    const db = handle.db;
    if (extra) return await extra.run(db, positionals, values);
    switch (command) {
      case 'db:migrate':
        await seedReference(db, { demo: false, log: silentLog, onReferenceReady: handle.keepAsTemplate });
        console.log('Migrations applied and reference data seeded.');
        return;
      case 'users:create':
        console.log(await createUserCommand(db, values));
        return;
      case 'users:credits':
        console.log(await setCreditsCommand(db, values));
        return;
    }
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : `Error: ${err.message ?? err}`);
  process.exit(1);
});
