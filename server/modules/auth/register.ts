import { creditFields } from '../../../contract/analysis-kinds';
import { sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/auth';
import type { RegisterInput } from '../../../contract/auth-forms';
import { users } from '../../db/schema';
import { enqueueMail } from '../../lib/mail-jobs';
import { hashPassword } from '../../lib/password';
import { signUpAttemptMail } from './auth.mail';
import { issueVerification, normalizeEmail, type AuthDeps } from './auth.service';
import { toPublicUser } from './public-user';

/** What a new account looks like in the answer, for an address that already has one. */
function lookalike(id: number, email: string, input: RegisterInput): PublicUser {
  return {
    id,
    username: email,
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: 'user',
    ...(creditFields({}) as { credits: number; igaCredits: number }),
    stripeCustomerId: null,
    hasActiveSubscription: false,
    isEmailVerified: false,
    plan: null,
    subscription: null,
    loginCount: 0,
    firstLoginAt: null,
    lastLoginAt: null,
    createdAt: new Date().toISOString(),
    pendingEmail: null,
  };
}

/**
 * A taken address is answered exactly like a new one (decision 196), as the password reset already
 * is: the same status and body, after the same password hashing and with one mail queued, so the
 * form tells nobody who has an account. The holder's mail says someone tried. The id is drawn from
 * the same sequence a new account's would be, so it does not stand out either.
 */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<PublicUser> {
  const email = normalizeEmail(input.username);
  const password = await hashPassword(input.password);
  const holderOf = async () =>
    (
      await deps.db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(sql`lower(${users.username}) = ${email} or lower(${users.email}) = ${email}`)
    ).at(0);
  let holder = await holderOf();
  if (!holder) {
    const [user] = await deps.db
      .insert(users)
      .values({ username: email, email, password, firstName: input.firstName, lastName: input.lastName })
      .onConflictDoNothing()
      .returning();
    if (user) {
      await issueVerification(deps, user);
      return toPublicUser(deps.db, user);
    }
    // Another registration of the same address won the race: its account is the holder.
    holder = await holderOf();
  }
  if (holder) await enqueueMail(deps.db, signUpAttemptMail(deps.appUrl, holder.email, holder.firstName));
  const next = await deps.db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`,
  );
  return lookalike(Number(next.rows[0].id), email, input);
}
