import { and, eq, gt, or, sql } from 'drizzle-orm';
import { VERIFY_TOKEN_HOURS } from '../../../contract/constants';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enqueueMail } from '../../lib/mail-jobs';
import type { Mail } from '../../lib/mailer';
import { hashToken, newToken } from '../../lib/tokens';
import { escapeHtml } from './auth.mail';

type UserRow = typeof users.$inferSelect;
const HOUR = 60 * 60 * 1000;

/**
 * A new email or username is only used to sign in once the link sent to the new address is followed;
 * the current address is told at once (decision 073). Until then sign-in keeps the current address.
 */
export async function requestEmailChange(
  db: DbOrTx,
  appUrl: string,
  user: UserRow,
  next: { email: string; username: string },
) {
  const token = newToken();
  const confirmTo = next.email !== user.email ? next.email : next.username;
  await db
    .update(users)
    .set({
      pendingEmail: next.email,
      pendingUsername: next.username,
      pendingEmailToken: hashToken(token),
      pendingEmailExpires: new Date(Date.now() + VERIFY_TOKEN_HOURS * HOUR),
    })
    .where(eq(users.id, user.id));
  const url = `${appUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(confirmTo)}`;
  await enqueueMail(db, confirmMail(confirmTo, url));
  await enqueueMail(db, noticeMail(user.email, confirmTo));
}

/** Applies the change whose link was followed; null when the token is not an email-change token. */
export async function confirmEmailChange(db: Db, token: string, email: string) {
  const address = email.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.pendingEmailToken, hashToken(token)),
        or(eq(users.pendingEmail, address), eq(users.pendingUsername, address)),
      ),
    );
  if (!user) return null;
  if (!user.pendingEmailExpires || user.pendingEmailExpires.getTime() < Date.now()) {
    throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired.');
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.id} <> ${user.id}`,
        or(
          sql`lower(${users.email}) in (${user.pendingEmail}, ${user.pendingUsername})`,
          sql`lower(${users.username}) in (${user.pendingEmail}, ${user.pendingUsername})`,
        ),
      ),
    );
  if (taken) throw new AppError('CONFLICT', 'That email is already in use by another account');
  const [done] = await db
    .update(users)
    .set({
      email: user.pendingEmail!,
      username: user.pendingUsername!,
      isEmailVerified: true,
      pendingEmail: null,
      pendingUsername: null,
      pendingEmailToken: null,
      pendingEmailExpires: null,
    })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.pendingEmailToken, hashToken(token)),
        gt(users.pendingEmailExpires, new Date()),
      ),
    )
    .returning({ id: users.id })
    .catch((err: any) => {
      if (String(err?.code ?? err?.cause?.code) === '23505')
        throw new AppError('CONFLICT', 'That email is already in use by another account');
      throw err;
    });
  if (!done) throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired.');
  return { message: 'Your new email address is confirmed. Use it to sign in.' };
}

function confirmMail(to: string, url: string): Mail {
  return {
    to,
    subject: 'Confirm your new email for Verified Athlete',
    text: `Confirm this address to use it for your Verified Athlete account:\n${url}\n\nThis link expires in 24 hours. Until then you sign in with your current address. If you did not ask for this, ignore this email.`,
    html: `<p>Confirm this address to use it for your Verified Athlete account:</p><p><a href="${url}">Confirm my new email</a></p><p>This link expires in 24 hours. Until then you sign in with your current address. If you did not ask for this, ignore this email.</p>`,
  };
}

function noticeMail(to: string, newAddress: string): Mail {
  const text = `Someone signed in to your Verified Athlete account asked to change its email to ${newAddress}. The change happens only when the link sent to that address is followed.\n\nIf this was not you, reset your password now; your current address keeps working until then.`;
  return {
    to,
    subject: 'Your Verified Athlete email is being changed',
    text,
    html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>')}</p>`,
  };
}
