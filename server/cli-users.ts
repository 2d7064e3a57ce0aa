import { amountsFromFields, creditFields } from '../contract/analysis-kinds';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '../contract/access';
import { PASSWORD_MIN } from '../contract/constants';
import type { Db } from './db/client';
import { users } from './db/schema';
import { hashPassword } from './lib/password';
import { grantCredits } from './modules/credits';

type Options = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : undefined);

/** users:create: an operator-made account is verified, since the operator vouches for the address. */
export async function createUserCommand(db: Db, o: Options) {
  const email = str(o.email)?.toLowerCase();
  const password = typeof o.password === 'string' ? o.password : undefined;
  const role = (str(o.role) ?? 'user') as Role;
  if (!email || !password) throw new Error('--email and --password are required');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('--email must be a valid email');
  if (password.length < PASSWORD_MIN) throw new Error(`Password must be at least ${PASSWORD_MIN} characters`);
  if (!ROLES.includes(role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
  const [created] = await db
    .insert(users)
    .values({
      username: email,
      email,
      role,
      password: await hashPassword(password),
      isEmailVerified: true,
      firstName: str(o['first-name']) || null,
      lastName: str(o['last-name']) || null,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) throw new Error(`A user with email ${email} already exists`);
  return `Created ${role} ${email} (id ${created.id}), email verified.`;
}

/** users:credits sets both balances; the change goes through the credit ledger like every other. */
export async function setCreditsCommand(db: Db, o: Options) {
  const email = str(o.email)?.toLowerCase();
  const credits = Number(o.credits ?? NaN);
  const iga = Number(o.iga ?? NaN);
  if (!email) throw new Error('--email is required');
  if (!Number.isInteger(credits) || credits < 0 || !Number.isInteger(iga) || iga < 0) {
    throw new Error('--credits and --iga must be whole numbers of 0 or more');
  }
  await db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!u) throw new Error(`No user with email ${email}`);
    const had = creditFields(u.creditBalances);
    if (had.credits === credits && had.igaCredits === iga) return;
    await grantCredits(tx, {
      userId: u.id,
      amounts: amountsFromFields({ credits: credits - had.credits, igaCredits: iga - had.igaCredits }),
      type: 'admin_adjust',
      idempotencyKey: `cli:${randomUUID()}`,
      description: `Balance set from the command line to ${credits} Max Speed / ${iga} IGA`,
    });
  });
  const [row] = await db
    .select({ balances: users.creditBalances })
    .from(users)
    .where(sql`${users.email} = ${email}`);
  const after = creditFields(row.balances);
  return `${email}: ${after.credits} Max Speed credits, ${after.igaCredits} IGA credits.`;
}
