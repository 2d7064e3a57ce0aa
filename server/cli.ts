import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '../contract/constants';
import { openDb } from './db/client';
import { runMigrations } from './db/migrate';
import { seedReference } from './db/seed';
import { users } from './db/schema';
import { EnvError, loadEnv } from './env';
import { hashPassword } from './lib/password';
import { cliCommands } from './cli-commands';

const usage = `Usage: npm run cli -- <command> [options]
  users:create --email E --password P --role user|analyst|admin [--first-name F --last-name L]
  users:credits --email E --credits N --iga N
  db:migrate
${cliCommands.map((c) => `  ${c.usage}`).join('\n')}`;

const silentLog = { info: () => {}, warn: console.warn, error: console.error } as any;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  const env = loadEnv();
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runMigrations(handle);
    const db = handle.db;
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' },
        'first-name': { type: 'string' }, 'last-name': { type: 'string' },
        credits: { type: 'string' }, iga: { type: 'string' },
      },
    });
    switch (command) {
      case 'db:migrate':
        await seedReference(db, { demo: false, log: silentLog });
        console.log('Migrations applied and reference data seeded.');
        return;
      case 'users:create': {
        const email = values.email?.trim().toLowerCase();
        const role = (values.role ?? 'user') as Role;
        if (!email || !values.password) throw new Error('--email and --password are required');
        if (values.password.length < 6) throw new Error('Password must be at least 6 characters');
        if (!ROLES.includes(role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
        const [created] = await db
          .insert(users)
          .values({
            username: email, email, role, password: await hashPassword(values.password), isEmailVerified: true,
            firstName: values['first-name'] ?? null, lastName: values['last-name'] ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!created) throw new Error(`A user with email ${email} already exists`);
        console.log(`Created ${role} ${email} (id ${created.id}), email verified.`);
        return;
      }
      case 'users:credits': {
        const email = values.email?.trim().toLowerCase();
        const credits = Number(values.credits ?? NaN);
        const iga = Number(values.iga ?? NaN);
        if (!email) throw new Error('--email is required');
        if (!Number.isInteger(credits) || credits < 0 || !Number.isInteger(iga) || iga < 0) {
          throw new Error('--credits and --iga must be whole numbers of 0 or more');
        }
        const [u] = await db.update(users).set({ credits, igaCredits: iga }).where(eq(users.email, email)).returning();
        if (!u) throw new Error(`No user with email ${email}`);
        console.log(`${email}: ${credits} Max Speed credits, ${iga} IGA credits.`);
        return;
      }
      default: {
        const extra = cliCommands.find((c) => c.name === command);
        if (!extra) throw new Error(`Unknown command "${command}"\n${usage}`);
        await extra.run(db, positionals, values);
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : `Error: ${err.message ?? err}`);
  process.exit(1);
});
