import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { ProfileUpdateInput } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { endOtherSessions } from '../../plugins/session';

/** Username and email stay unique; a new password ends every other session of the user. */
export async function updateProfile(db: Db, userId: number, input: ProfileUpdateInput, currentSid: string) {
  const username = input.username.trim();
  const email = input.email.trim().toLowerCase();
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(ne(users.id, userId), or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.email, email))));
  if (taken) {
    const which = taken.email === email ? 'email' : 'username';
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
