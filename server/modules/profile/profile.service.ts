import { and, eq, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '../../../contract/auth';
import type { ProfileUpdateInput } from '../../../contract/auth-forms';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { UserRow } from '../../db/schema';
import { endOtherSessions, requestEmailChange } from '../auth';

const USERNAME_NOT_EMAIL = 'Username must be a valid email';

/**
 * Username and email stay unique; a new password ends every other session of the user.
 * The username is the login email, so it is kept lower-case and must be an email (see docs/decisions).
 */
interface ProfileDeps {
  db: Db;
  appUrl: string;
}

/**
 * Username and email stay unique; a new password ends every other session of the user. Changing the
 * password, the email or the username needs the current password, and a new address is used only once
 * confirmed (decision 073). The username is the login email, so it is kept lower-case and must be an email.
 */
export async function updateProfile(
  deps: ProfileDeps,
  user: UserRow,
  input: ProfileUpdateInput,
  currentSid: string,
) {
  const { db } = deps;
  const userId = user.id;
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim().toLowerCase();
  if (!z.email().safeParse(username).success)
    throw badRequest(USERNAME_NOT_EMAIL, { username: USERNAME_NOT_EMAIL });
  const movesAddress = username !== user.username.toLowerCase() || email !== user.email.toLowerCase();
  if (movesAddress || input.password) {
    if (!input.currentPassword)
      throw badRequest(CURRENT_PASSWORD_REQUIRED, { currentPassword: CURRENT_PASSWORD_REQUIRED });
    if (!(await verifyPassword(input.currentPassword, user.password))) {
      throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    }
  }
  // Sign-in and registration treat usernames and emails as one namespace; so does this check.
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        or(
          sql`lower(${users.username}) in (${username}, ${email})`,
          sql`lower(${users.email}) in (${username}, ${email})`,
        ),
      ),
    );
  if (taken) {
    const owns = (v: string) => taken.username.toLowerCase() === v || taken.email.toLowerCase() === v;
    const which = owns(username) ? 'username' : 'email';
    throw new AppError('CONFLICT', `That ${which} is already in use by another account`, {
      [which]: `That ${which} is already in use`,
    });
  }
  const password = input.password ? await hashPassword(input.password) : undefined;
  const [updated] = await db.transaction(async (tx) => {
    if (movesAddress) await requestEmailChange(tx, deps.appUrl, user, { email, username });
    return tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, ...(password ? { password } : {}) })
      .where(eq(users.id, userId))
      .returning();
  });
  if (password) await endOtherSessions(db, userId, currentSid);
  return updated;
}
