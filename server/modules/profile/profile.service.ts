import { and, eq, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ProfileUpdateInput } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { endOtherSessions } from '../../plugins/session';

export const USERNAME_NOT_EMAIL = 'Username must be a valid email';

/**
 * Username and email stay unique; a new password ends every other session of the user.
 * The username is the login email, so it is kept lower-case and must be an email (see docs/decisions).
 */
export async function updateProfile(db: Db, userId: number, input: ProfileUpdateInput, currentSid: string) {
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim().toLowerCase();
  if (!z.email().safeParse(username).success) throw badRequest(USERNAME_NOT_EMAIL, { username: USERNAME_NOT_EMAIL });
  // Sign-in and registration treat usernames and emails as one namespace; so does this check.
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(
      ne(users.id, userId),
      or(
        sql`lower(${users.username}) in (${username}, ${email})`,
        sql`lower(${users.email}) in (${username}, ${email})`,
      ),
    ));
  if (taken) {
    const owns = (v: string) => taken.username.toLowerCase() === v || taken.email.toLowerCase() === v;
    const which = owns(username) ? 'username' : 'email';
    throw new AppError('CONFLICT', `That ${which} is already in use by another account`, {
      [which]: `That ${which} is already in use`,
    });
  }
  const password = input.password ? await hashPassword(input.password) : undefined;
  try {
    const [updated] = await db
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, username, email, ...(password ? { password } : {}) })
      .where(eq(users.id, userId))
      .returning();
    if (password) await endOtherSessions(db, userId, currentSid);
    return updated!;
  } catch (err: any) {
    if (String(err?.code ?? err?.cause?.code) === '23505') {
      throw new AppError('CONFLICT', 'That username or email is already in use by another account');
    }
    throw err;
  }
}
